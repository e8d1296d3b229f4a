package sandbox

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRedeemEndpoint applies codes over HTTP (POST /sandbox/redeem), every
// exchange checked against docs/openapi.yaml: the answer is the order
// after the discount, and the use shows in the statistics.
func TestRedeemEndpoint(t *testing.T) {
	e := newEnv(t)
	e.clock.Set(time.Date(2026, 3, 2, 9, 30, 15, 250_000_000, time.UTC))
	r := e.do(user1, "POST", RedeemPath, map[string]any{
		"site_id": 1, "code": "welcome10", "order_price": 2000, "delivery_price": 300,
		"order_quantity": 3, "customer_id": 42,
	})
	wantStatus(t, r, http.StatusOK)
	want := `{"promo_id":1001,"code":"WELCOME10","site_id":1,"statistics_id":20,"lead_id":700020,"bonus_type":2,` +
		`"order_price":2000,"delivery_price":300,"discount_amount":200,"total":2100,"currency":"RUB","used_at":"2026-03-02T09:30:15.250Z"}` + "\n"
	if string(r.body) != want {
		t.Errorf("body:\n%s\nwant:\n%s", r.body, want)
	}
	r = e.do(user1, "GET", "/v1/promo/1001/statistics", nil)
	var stats []map[string]any
	r.json(t, &stats)
	if last := stats[len(stats)-1]; last["id"] != float64(20) || last["order_quantity"] != float64(3) || last["discount_amount"] != float64(200) {
		t.Errorf("recorded use = %v", last)
	}

	// A delivery code, with the optional fields as strings, a lead id and a currency.
	r = e.doLenient(user1, "POST", RedeemPath, map[string]any{
		"site_id": "1", "code": "DELIVERY200", "order_price": "1000", "delivery_price": 120, "currency": "USD", "lead_id": 5,
	})
	wantStatus(t, r, http.StatusOK)
	var got Redemption
	r.json(t, &got)
	if got.BonusType != BonusDelivery || got.Discount != 120 || got.Total != 1000 || got.Currency != "USD" || got.LeadID != 5 {
		t.Errorf("delivery redemption = %+v", got)
	}
}

func TestRedeemEndpointRefusals(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		body  map[string]any
		kind  int
		title string
	}{
		{map[string]any{"site_id": 1, "code": "NOSUCH", "order_price": 100}, KindRefusedUnknownCode, "promo code NOSUCH refused: no such promo code on this site"},
		{map[string]any{"site_id": 1, "code": "PAUSED50", "order_price": 100}, KindRefusedDisabled, "promo code PAUSED50 refused: the promo code is disabled"},
		{map[string]any{"site_id": 1, "code": "NEWYEAR2099", "order_price": 100}, KindRefusedNotStarted, "promo code NEWYEAR2099 refused: the promo code is not valid yet"},
		{map[string]any{"site_id": 1, "code": "SUMMER2024", "order_price": 100}, KindRefusedExpired, "promo code SUMMER2024 refused: the promo code has expired"},
		{map[string]any{"site_id": 1, "code": "LIMITED3", "order_price": 100}, KindRefusedUsedUp, "promo code LIMITED3 refused: the promo code has been used the permitted number of times"},
		{map[string]any{"site_id": 1, "code": "ONCEONLY", "order_price": 100}, KindRefusedCustomerRequired, "promo code ONCEONLY refused: the promo code is once per customer and no customer was given"},
		{map[string]any{"site_id": 1, "code": "ONCEONLY", "order_price": 100, "customer_id": 9001}, KindRefusedAlreadyUsed, "promo code ONCEONLY refused: this customer has already used the promo code"},
		{map[string]any{"site_id": 1, "code": "FREESHIP", "order_price": 100}, KindRefusedNotApplicable, "promo code FREESHIP refused: the order has nothing the promo code discounts"},
	} {
		r := e.do(user1, "POST", RedeemPath, c.body)
		wantError(t, r, http.StatusUnprocessableEntity, c.kind, "")
		if got := r.apiErr(t).Title; got != c.title {
			t.Errorf("%v: title %q, want %q", c.body, got, c.title)
		}
		if reason, ok := RefusalOfKind(c.kind); !ok || KindOfRefusal(reason) != c.kind {
			t.Errorf("kind %d: refusal %q, %v", c.kind, reason, ok)
		}
	}
	if got := e.list(user1, 1)[1007].UsedCount; got != 3 {
		t.Errorf("LIMITED3 used %d times after refusals, want 3", got)
	}
}

func TestRedeemEndpointErrors(t *testing.T) {
	e := newEnv(t)
	ok := map[string]any{"site_id": 3, "code": "COFFEE10", "order_price": 10}
	wantError(t, e.do(user1, "POST", RedeemPath, ok), http.StatusForbidden, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user1, "POST", RedeemPath, map[string]any{"site_id": 99, "code": "COFFEE10", "order_price": 10}), http.StatusForbidden, KindCantViewSite, "")
	wantStatus(t, e.do(user2, "POST", RedeemPath, ok), http.StatusOK)
	wantError(t, e.do(noAuth, "POST", RedeemPath, ok), http.StatusUnauthorized, KindUnauthorized, "")
	wantError(t, e.do(auth{userID: "9", token: "x"}, "POST", RedeemPath, ok), http.StatusNotFound, KindUserNotFound, "user not found")
	wantError(t, e.do(user1, "GET", RedeemPath, nil), http.StatusMethodNotAllowed, KindUnknown, "allowed: POST")
	for _, c := range []struct {
		body  any
		title string
	}{
		{map[string]any{"code": "WELCOME10", "order_price": 10}, "data is invalid: site_id is required"},
		{map[string]any{"site_id": 1, "order_price": 10}, "data is invalid: code is required"},
		{map[string]any{"site_id": 1, "code": "WELCOME10"}, "data is invalid: order_price is required"},
		{map[string]any{"site_id": 0, "code": "WELCOME10", "order_price": 10}, "data is invalid: site_id must be a positive integer"},
		{map[string]any{"site_id": 1, "code": "WELCOME10", "order_price": -1}, "data is invalid: order_price must be a non-negative number"},
		{map[string]any{"site_id": 1, "code": "WELCOME10", "order_price": 1, "delivery_price": "x"}, "data is invalid: delivery_price must be a number"},
		{map[string]any{"site_id": 1, "code": "WELCOME10", "order_price": 1, "customer_id": -3}, "data is invalid: customer_id must be a positive integer"},
		{map[string]any{"site_id": 1, "code": "WELCOME10", "order_price": 1, "price": 5}, "data is invalid: unknown field price"},
		{`[]`, "data is invalid: request body must be a JSON object, got array"},
	} {
		r := e.doLenient(user1, "POST", RedeemPath, c.body)
		wantError(t, r, http.StatusBadRequest, KindInvalid, "")
		if got := r.apiErr(t).Title; !strings.HasPrefix(got, c.title) {
			t.Errorf("%v: title %q, want %q", c.body, got, c.title)
		}
	}
	if got := e.list(user1, 1)[1001].UsedCount; got != 3 {
		t.Errorf("WELCOME10 used %d times after errors, want 3", got)
	}
}

// TestSiteAccess tells who may view a site, for the hints of the CLI.
func TestSiteAccess(t *testing.T) {
	e := newEnv(t)
	for site, want := range map[int64]SiteAccess{
		1:  {Exists: true, OwnerID: 1},
		2:  {Exists: true, OwnerID: 3, ViewerIDs: []int64{1}},
		3:  {Exists: true, OwnerID: 2},
		99: {},
	} {
		got, err := e.store.SiteAccess(t.Context(), site)
		if err != nil {
			t.Fatalf("SiteAccess(%d): %v", site, err)
		}
		if got.Exists != want.Exists || got.OwnerID != want.OwnerID || len(got.ViewerIDs) != len(want.ViewerIDs) {
			t.Errorf("SiteAccess(%d) = %+v, want %+v", site, got, want)
		}
	}
}
