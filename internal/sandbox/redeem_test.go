package sandbox

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestIsValid(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	day := func(s string) string { return s + "T00:00:00.000Z" }
	cases := []struct {
		name  string
		body  map[string]any
		uses  int
		now   string
		valid bool
	}{
		{"disabled", map[string]any{"is_enabled": false}, 0, "", false},
		{"enabled, no limits", map[string]any{}, 0, "", true},
		{"before d_on", map[string]any{"time_limit_is_enabled": true, "d_on": day("2026-04-01"), "d_off": day("2026-05-01")}, 0, "", false},
		{"at d_on", map[string]any{"time_limit_is_enabled": true, "d_on": day("2026-03-01"), "d_off": day("2026-05-01")}, 0, day("2026-03-01"), true},
		{"inside window", map[string]any{"time_limit_is_enabled": true, "d_on": day("2026-02-01"), "d_off": day("2026-05-01")}, 0, "", true},
		{"at d_off", map[string]any{"time_limit_is_enabled": true, "d_on": day("2026-02-01"), "d_off": day("2026-03-01")}, 0, day("2026-03-01"), true},
		{"after d_off", map[string]any{"time_limit_is_enabled": true, "d_on": day("2026-01-01"), "d_off": day("2026-02-01")}, 0, "", false},
		{"open start", map[string]any{"time_limit_is_enabled": true, "d_off": day("2026-05-01")}, 0, "", true},
		{"open end, started", map[string]any{"time_limit_is_enabled": true, "d_on": day("2026-01-01")}, 0, "", true},
		{"dates ignored without time limit", map[string]any{"time_limit_is_enabled": false, "d_on": day("2020-01-01"), "d_off": day("2020-02-01")}, 0, "", true},
		{"uses left", map[string]any{"quantity_limit_is_enabled": true, "quantity_limit": 3}, 2, "", true},
		{"used up", map[string]any{"quantity_limit_is_enabled": true, "quantity_limit": 2}, 2, "", false},
		{"zero uses permitted", map[string]any{"quantity_limit_is_enabled": true, "quantity_limit": 0}, 0, "", false},
		{"limit ignored when off", map[string]any{"quantity_limit_is_enabled": false, "quantity_limit": 1}, 2, "", true},
		{"disabled beats everything", map[string]any{"is_enabled": false, "time_limit_is_enabled": true, "d_on": day("2026-01-01")}, 0, "", false},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e.clock.Set(testNow)
			body := map[string]any{"site_id": 2, "code": fmt.Sprintf("VALID%d", i), "is_enabled": true, "bonus_amount": 10}
			for k, v := range c.body {
				body[k] = v
			}
			id := e.create(body)
			for i := 0; i < c.uses; i++ {
				if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 2, Code: body["code"].(string), OrderPrice: 100}); err != nil {
					t.Fatalf("redeem %d: %v", i, err)
				}
			}
			if c.now != "" {
				e.clock.Set(mustTime(c.now))
			}
			got := e.list(user1, 2)[id]
			if got.IsValid != c.valid || got.UsedCount != int64(c.uses) {
				t.Errorf("is_valid = %v, promo_used_count = %d; want %v, %d", got.IsValid, got.UsedCount, c.valid, c.uses)
			}
		})
	}
}

func TestRedeemDiscounts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, c := range []struct {
		name                             string
		req                              RedeemRequest
		discount, order, delivery, total float64
		currency                         string
	}{
		{"percent on goods", RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 3500, DeliveryPrice: 300}, 350, 3150, 300, 3450, "RUB"},
		{"code in any case", RedeemRequest{SiteID: 1, Code: "welcome10", OrderPrice: 99.99, DeliveryPrice: 0}, 10, 89.99, 0, 89.99, "RUB"},
		{"fixed on goods", RedeemRequest{SiteID: 1, Code: "MINUS500", OrderPrice: 1500, DeliveryPrice: 300}, 500, 1000, 300, 1300, "RUB"},
		{"fixed on goods capped at price", RedeemRequest{SiteID: 1, Code: "MINUS500", OrderPrice: 200, DeliveryPrice: 300}, 200, 0, 300, 300, "RUB"},
		{"percent on delivery", RedeemRequest{SiteID: 1, Code: "FREESHIP", OrderPrice: 1000, DeliveryPrice: 350}, 350, 1000, 0, 1000, "RUB"},
		{"fixed on delivery", RedeemRequest{SiteID: 1, Code: "DELIVERY200", OrderPrice: 1000, DeliveryPrice: 450}, 200, 1000, 250, 1250, "RUB"},
		{"fixed on delivery capped at price", RedeemRequest{SiteID: 1, Code: "DELIVERY200", OrderPrice: 1000, DeliveryPrice: 120, Currency: "USD"}, 120, 1000, 0, 1000, "USD"},
		{"site currency", RedeemRequest{SiteID: 3, Code: "COFFEE10", OrderPrice: 60.5, DeliveryPrice: 7.5}, 6.05, 54.45, 7.5, 61.95, "USD"},
	} {
		t.Run(c.name, func(t *testing.T) {
			user := int64(1)
			if c.req.SiteID == 3 {
				user = 2
			}
			res, err := e.store.Redeem(ctx, user, c.req)
			if err != nil {
				t.Fatalf("Redeem: %v", err)
			}
			if res.Discount != c.discount || res.OrderPrice != c.order || res.DeliveryPrice != c.delivery || res.Total != c.total || res.Currency != c.currency {
				t.Errorf("got discount %v order %v delivery %v total %v %s; want %v %v %v %v %s",
					res.Discount, res.OrderPrice, res.DeliveryPrice, res.Total, res.Currency, c.discount, c.order, c.delivery, c.total, c.currency)
			}
		})
	}
}

func TestRedeemRecordsUse(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.clock.Set(time.Date(2026, 3, 2, 9, 30, 15, 250_000_000, time.UTC))
	res, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 2000, DeliveryPrice: 300, OrderQuantity: 3, CustomerID: 42})
	if err != nil {
		t.Fatalf("Redeem: %v", err)
	}
	if res.PromoID != 1001 || res.LeadID != 700020 || res.StatID != 20 {
		t.Errorf("result ids: promo %d lead %d stat %d, want 1001 700020 20", res.PromoID, res.LeadID, res.StatID)
	}
	r := e.do(user1, "GET", "/v1/promo/1001/statistics", nil)
	wantStatus(t, r, http.StatusOK)
	var stats []map[string]any
	r.json(t, &stats)
	if len(stats) != 4 {
		t.Fatalf("got %d statistics records, want 4", len(stats))
	}
	last := stats[3]
	want := map[string]any{
		"id": float64(20), "promo_id": float64(1001), "lead_id": float64(700020), "bonus_type_id": float64(2),
		"bonus_amount": float64(10), "bonus_amount_is_in_percentages": float64(1), "order_price": float64(2000),
		"order_quantity": float64(3), "discount_amount": float64(200), "promo": map[string]any{"code": "WELCOME10"},
		"d_lead_created": "2026-03-02T09:30:15.250Z", "currency": "RUB",
	}
	if fmt.Sprint(last) != fmt.Sprint(want) {
		t.Errorf("recorded use = %v\nwant %v", last, want)
	}
	if got := e.list(user1, 1)[1001].UsedCount; got != 4 {
		t.Errorf("promo_used_count = %d, want 4", got)
	}
	// A given lead id is kept; the statistics keep the code used even after a rename.
	if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 10, LeadID: 123}); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, e.do(user1, "PUT", "/v1/promo/1001", map[string]any{"code": "HELLO10"}), http.StatusOK)
	r = e.do(user1, "GET", "/v1/promo/1001/statistics", nil)
	r.json(t, &stats)
	if len(stats) != 5 || stats[4]["lead_id"] != float64(123) || stats[4]["promo"].(map[string]any)["code"] != "WELCOME10" {
		t.Errorf("statistics after rename: %v", stats[len(stats)-1])
	}
}

func TestRedeemRefusals(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, c := range []struct {
		name string
		req  RedeemRequest
		want Refusal
	}{
		{"unknown code", RedeemRequest{SiteID: 1, Code: "NOSUCH", OrderPrice: 100}, RefusalUnknownCode},
		{"malformed code", RedeemRequest{SiteID: 1, Code: "ПРОМО", OrderPrice: 100}, RefusalUnknownCode},
		{"other site's code", RedeemRequest{SiteID: 1, Code: "COFFEE10", OrderPrice: 100}, RefusalUnknownCode},
		{"disabled", RedeemRequest{SiteID: 1, Code: "PAUSED50", OrderPrice: 100}, RefusalDisabled},
		{"not started", RedeemRequest{SiteID: 1, Code: "NEWYEAR2099", OrderPrice: 100}, RefusalNotStarted},
		{"expired", RedeemRequest{SiteID: 1, Code: "SUMMER2024", OrderPrice: 100}, RefusalExpired},
		{"used up", RedeemRequest{SiteID: 1, Code: "LIMITED3", OrderPrice: 100}, RefusalUsedUp},
		{"already used by customer", RedeemRequest{SiteID: 1, Code: "ONCEONLY", OrderPrice: 100, CustomerID: 9001}, RefusalAlreadyUsed},
		{"once per user without customer", RedeemRequest{SiteID: 1, Code: "ONCEONLY", OrderPrice: 100}, RefusalCustomerRequired},
		{"nothing to discount", RedeemRequest{SiteID: 1, Code: "FREESHIP", OrderPrice: 100, DeliveryPrice: 0}, RefusalNotApplicable},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := e.store.Redeem(ctx, 1, c.req)
			var refused *RefusedError
			if !errors.As(err, &refused) || refused.Reason != c.want {
				t.Fatalf("Redeem error = %v, want refusal %q", err, c.want)
			}
			if !strings.Contains(err.Error(), "refused") {
				t.Errorf("error text %q does not say refused", err)
			}
		})
	}
	// Another customer may use a once-per-user code, once.
	if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "ONCEONLY", OrderPrice: 100, CustomerID: 7}); err != nil {
		t.Fatalf("first use by customer 7: %v", err)
	}
	_, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "ONCEONLY", OrderPrice: 100, CustomerID: 7})
	var refused *RefusedError
	if !errors.As(err, &refused) || refused.Reason != RefusalAlreadyUsed {
		t.Errorf("second use by customer 7: %v", err)
	}
	// Access and input errors.
	if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 3, Code: "COFFEE10", OrderPrice: 10}); !errors.Is(err, ErrCantViewSite) {
		t.Errorf("redeem on site 3 as user 1: %v, want ErrCantViewSite", err)
	}
	if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: -1}); err == nil || !strings.Contains(err.Error(), "order price") {
		t.Errorf("negative price: %v", err)
	}
	// Refusals record nothing.
	if got := e.list(user1, 1)[1007].UsedCount; got != 3 {
		t.Errorf("LIMITED3 used %d times, want 3", got)
	}
	// Time makes a code start and expire.
	e.clock.Set(mustTime("2099-12-15T00:00:00.000Z"))
	if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "NEWYEAR2099", OrderPrice: 100}); err != nil {
		t.Errorf("NEWYEAR2099 inside its window: %v", err)
	}
	e.clock.Set(mustTime("2100-01-01T00:00:00.000Z"))
	if _, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "NEWYEAR2099", OrderPrice: 100}); !errors.As(err, &refused) || refused.Reason != RefusalExpired {
		t.Errorf("NEWYEAR2099 after its window: %v", err)
	}
}

func TestRedeemUsesUpQuantity(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := e.create(map[string]any{"site_id": 1, "code": "TWICE", "is_enabled": true, "bonus_amount": 50,
		"quantity_limit_is_enabled": true, "quantity_limit": 5})
	// Concurrent shoppers: exactly quantity_limit of them succeed.
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, usedUp := 0, 0
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := e.store.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "TWICE", OrderPrice: 100, CustomerID: int64(i + 1)})
			var refused *RefusedError
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.As(err, &refused) && refused.Reason == RefusalUsedUp:
				usedUp++
			default:
				t.Errorf("redeem: %v", err)
			}
		}(i)
	}
	wg.Wait()
	if ok != 5 || usedUp != 7 {
		t.Errorf("%d succeeded and %d were used up, want 5 and 7", ok, usedUp)
	}
	got := e.list(user1, 1)[id]
	if got.UsedCount != 5 || got.IsValid {
		t.Errorf("after use: %+v, want 5 uses and not valid", got)
	}
	// Raising the limit makes it valid again.
	wantStatus(t, e.do(user1, "PUT", fmt.Sprintf("/v1/promo/%d", id), map[string]any{"quantity_limit": 6}), http.StatusOK)
	if got := e.list(user1, 1)[id]; !got.IsValid {
		t.Errorf("after raising the limit: %+v, want valid", got)
	}
}
