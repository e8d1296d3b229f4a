package sandbox

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestListDemoPromosInPosOrder(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "GET", "/v1/promo?site_id=1", nil)
	wantStatus(t, r, http.StatusOK)
	var items []listItem
	r.json(t, &items)
	if len(items) != 12 {
		t.Fatalf("got %d promo codes on site 1, want 12", len(items))
	}
	for i, it := range items {
		if it.Pos != int64(i+1) || it.ID != int64(1001+i) {
			t.Errorf("item %d: id %d pos %d, want id %d pos %d", i, it.ID, it.Pos, 1001+i, i+1)
		}
	}
	var raw []map[string]any
	r.json(t, &raw)
	for _, it := range raw {
		var keys []string
		for k := range it {
			keys = append(keys, k)
		}
		if got := sorted(keys...); !reflect.DeepEqual(got, listItemFields) {
			t.Fatalf("list item fields = %v, want %v", got, listItemFields)
		}
	}
	if ct := r.header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
}

func TestDemoPromosComputedFields(t *testing.T) {
	e := newEnv(t)
	items := e.list(user1, 1)
	for id, want := range map[int64]struct {
		code  string
		used  int64
		valid bool
	}{
		1001: {"WELCOME10", 3, true},
		1002: {"FREESHIP", 1, true},
		1003: {"MINUS500", 2, true},
		1004: {"DELIVERY200", 1, true},
		1005: {"SUMMER2024", 2, false},  // expired
		1006: {"NEWYEAR2099", 0, false}, // not started
		1007: {"LIMITED3", 3, false},    // used up
		1008: {"ONCEONLY", 1, true},
		1009: {"PAUSED50", 0, false}, // disabled
		1010: {"SHIPOFF", 0, false},  // disabled, active window
		1011: {"VIP25", 1, true},
		1012: {"LASTSHIP", 1, false}, // used up
	} {
		got := items[id]
		if got.Code != want.code || got.UsedCount != want.used || got.IsValid != want.valid {
			t.Errorf("promo %d: got code %s used %d valid %v, want %s %d %v", id, got.Code, got.UsedCount, got.IsValid, want.code, want.used, want.valid)
		}
	}
	site3 := e.list(user2, 3)
	if len(site3) != 4 || !site3[3001].IsValid || site3[3003].IsValid || site3[3004].IsValid {
		t.Errorf("site 3 promo codes: %+v", site3)
	}
	if got := items[1005]; got.DOn == nil || *got.DOn != "2024-06-01T00:00:00.000Z" || *got.DOff != "2024-08-31T23:59:59.999Z" {
		t.Errorf("SUMMER2024 dates: %v %v", got.DOn, got.DOff)
	}
	if got := items[1001]; got.DOn != nil || got.DOff != nil {
		t.Errorf("WELCOME10 dates should be null: %v %v", got.DOn, got.DOff)
	}
}

func TestListEmptySiteAndAccess(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "GET", "/v1/promo?site_id=2", nil)
	wantStatus(t, r, http.StatusOK)
	if strings.TrimSpace(string(r.body)) != "[]" {
		t.Errorf("site 2 list = %s, want []", r.body)
	}
	for _, path := range []string{"/v1/promo?site_id=3", "/v1/promo?site_id=999"} {
		wantError(t, e.do(user1, "GET", path, nil), 403, KindCantViewSite, "user cant view site")
	}
	wantError(t, e.do(user2, "GET", "/v1/promo?site_id=1", nil), 403, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user1, "GET", "/v1/promo", nil), 400, KindInvalid, "site_id")
	wantError(t, e.do(user1, "GET", "/v1/promo?site_id=abc", nil), 400, KindInvalid, "site_id")
}

func TestCreateDefaultsAndPos(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 1, "code": "NEW10", "user_id": 1})
	wantStatus(t, r, http.StatusCreated)
	if got := keysOf(t, r.body); !reflect.DeepEqual(got, recordFields) {
		t.Errorf("create response fields = %v, want %v", got, recordFields)
	}
	var got record
	r.json(t, &got)
	want := record{Code: "NEW10", BonusType: 2, BonusAmount: 0.01}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("created record = %+v, want defaults %+v", got, want)
	}
	if loc := r.header.Get("Location"); loc != "/v1/promo/5001" {
		t.Errorf("Location = %q, want /v1/promo/5001", loc)
	}
	item := e.list(user1, 1)[5001]
	if item.Code != "NEW10" || item.Pos != 13 || item.UsedCount != 0 || item.IsValid {
		t.Errorf("new list item = %+v, want pos 13, unused, not valid (disabled)", item)
	}
	// The next one takes the next id and pos; site 2 starts at pos 1.
	if id := e.create(map[string]any{"site_id": 1, "code": "NEW11"}); id != 5002 || e.list(user1, 1)[id].Pos != 14 {
		t.Errorf("second create: id %d pos %d, want 5002 pos 14", id, e.list(user1, 1)[id].Pos)
	}
	id := e.create(map[string]any{"site_id": 2, "code": "DRAFT1"})
	if p := e.list(user1, 2)[id].Pos; p != 1 {
		t.Errorf("first promo on site 2 has pos %d, want 1", p)
	}
	g := e.do(user1, "GET", "/v1/promo/5001", nil)
	wantStatus(t, g, http.StatusOK)
	var read record
	g.json(t, &read)
	if !reflect.DeepEqual(read, want) {
		t.Errorf("get after create = %+v, want %+v", read, want)
	}
}

func TestCreateAllFields(t *testing.T) {
	e := newEnv(t)
	body := map[string]any{
		"site_id": 1, "code": "Full2026", "is_enabled": true, "bonus_type": 3, "bonus_amount": 12.5,
		"bonus_amount_is_in_percentages": true, "time_limit_is_enabled": true,
		"d_on": "2026-02-01T03:00:00+03:00", "d_off": "2026-12-31T23:59:59.5Z",
		"quantity_limit_is_enabled": true, "quantity_limit": 7, "personal_limit_is_enabled": true,
	}
	r := e.do(user1, "POST", "/v1/promo", body)
	wantStatus(t, r, http.StatusCreated)
	var got record
	r.json(t, &got)
	want := record{Code: "Full2026", IsEnabled: true, BonusType: 3, BonusAmount: 12.5, IsPercent: true, TimeLimit: true,
		DOn: strp("2026-02-01T00:00:00.000Z"), DOff: strp("2026-12-31T23:59:59.500Z"), QuantityOn: true, QuantityLimit: 7, PersonalLimit: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("created = %+v, want %+v", got, want)
	}
	item := e.list(user1, 1)[locationID(t, r)]
	if !item.IsValid || item.QuantityLimit != 7 {
		t.Errorf("list item = %+v, want valid", item)
	}
}

func TestCreateSiteAccess(t *testing.T) {
	e := newEnv(t)
	wantError(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 3, "code": "NOPE1"}), 403, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 404, "code": "NOPE1"}), 403, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user2, "POST", "/v1/promo", map[string]any{"site_id": 1, "code": "NOPE1"}), 403, KindCantViewSite, "user cant view site")
	wantStatus(t, e.do(user2, "POST", "/v1/promo", map[string]any{"site_id": 3, "code": "MINE1"}), http.StatusCreated)
	wantError(t, e.do(user1, "POST", "/v1/promo", map[string]any{"code": "NOSITE"}), 400, KindInvalid, "site_id")
	wantError(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 1}), 400, KindInvalid, "code")
}

func TestUpdateKeepsOmittedFields(t *testing.T) {
	e := newEnv(t)
	before := e.do(user1, "GET", "/v1/promo/1011", nil)
	wantStatus(t, before, http.StatusOK)
	var want record
	before.json(t, &want)

	r := e.do(user1, "PUT", "/v1/promo/1011", map[string]any{"code": "VIP30", "site_id": 3, "user_id": 1})
	wantStatus(t, r, http.StatusOK)
	if got := keysOf(t, r.body); !reflect.DeepEqual(got, recordFields) {
		t.Errorf("update response fields = %v", got)
	}
	var got record
	r.json(t, &got)
	want.Code = "VIP30"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after update = %+v, want %+v", got, want)
	}
	// site_id is ignored: the promo code stays on site 1, with its pos and uses.
	item, ok := e.list(user1, 1)[1011]
	if !ok || item.Code != "VIP30" || item.Pos != 11 || item.UsedCount != 1 {
		t.Errorf("after update list item = %+v (found %v)", item, ok)
	}
	if _, ok := e.list(user2, 3)[1011]; ok {
		t.Errorf("promo 1011 moved to site 3")
	}

	// Change several fields, including clearing a date.
	r = e.do(user1, "PUT", "/v1/promo/1011", map[string]any{"is_enabled": false, "d_off": nil, "bonus_amount": 30})
	wantStatus(t, r, http.StatusOK)
	r.json(t, &got)
	want.IsEnabled, want.DOff, want.BonusAmount = false, nil, 30
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after second update = %+v, want %+v", got, want)
	}
	// The old code is free again and the new one taken.
	wantStatus(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 1, "code": "VIP25"}), http.StatusCreated)
	wantError(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 1, "code": "vip30"}), 409, KindInvalid, "already exists")
	// Keeping one's own code, in another case, is fine.
	wantStatus(t, e.do(user1, "PUT", "/v1/promo/1011", map[string]any{"code": "Vip30"}), http.StatusOK)
	// An empty body changes nothing.
	wantStatus(t, e.do(user1, "PUT", "/v1/promo/1011", map[string]any{}), http.StatusOK)
}

func TestPromoAccessAndNotFound(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/v1/promo/3001"}, {"PUT", "/v1/promo/3001"}, {"DELETE", "/v1/promo/3001"},
	} {
		var body any
		if c.method == "PUT" {
			body = map[string]any{"code": "HIJACK"}
		}
		wantError(t, e.do(user1, c.method, c.path, body), 403, KindCantViewPromo, "user cant view promo")
		wantError(t, e.do(user2, c.method, "/v1/promo/1001", body), 403, KindCantViewPromo, "user cant view promo")
		wantError(t, e.do(user1, c.method, "/v1/promo/999999", body), 404, KindPromoNotFound, "promo 999999 not found")
		wantError(t, e.do(user1, c.method, "/v1/promo/abc", body), 400, KindInvalid, "promo_id")
	}
	wantError(t, e.do(user1, "GET", "/v1/promo/3001/statistics", nil), 403, KindCantViewSite, "user cant view site")
	wantError(t, e.do(user1, "GET", "/v1/promo/999999/statistics", nil), 404, KindPromoNotFound, "not found")
	// Nothing changed on site 3.
	if got := e.list(user2, 3)[3001]; got.Code != "COFFEE10" {
		t.Errorf("promo 3001 = %+v", got)
	}
}

func TestDelete(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "DELETE", "/v1/promo/1001", nil)
	wantStatus(t, r, http.StatusNoContent)
	if len(r.body) != 0 || r.header.Get("Content-Type") != "" {
		t.Errorf("delete answered body %q Content-Type %q, want neither", r.body, r.header.Get("Content-Type"))
	}
	wantError(t, e.do(user1, "GET", "/v1/promo/1001", nil), 404, KindPromoNotFound, "not found")
	wantError(t, e.do(user1, "GET", "/v1/promo/1001/statistics", nil), 404, KindPromoNotFound, "not found")
	wantError(t, e.do(user1, "DELETE", "/v1/promo/1001", nil), 404, KindPromoNotFound, "not found")
	if _, ok := e.list(user1, 1)[1001]; ok {
		t.Error("deleted promo still listed")
	}
	// Its code is free again; the new promo code has no uses.
	id := e.create(map[string]any{"site_id": 1, "code": "WELCOME10"})
	if got := e.list(user1, 1)[id]; got.UsedCount != 0 || got.Pos != 13 {
		t.Errorf("recreated WELCOME10 = %+v", got)
	}
}

func TestStatistics(t *testing.T) {
	e := newEnv(t)
	r := e.do(user1, "GET", "/v1/promo/1001/statistics", nil)
	wantStatus(t, r, http.StatusOK)
	var raw []map[string]any
	r.json(t, &raw)
	if len(raw) != 3 {
		t.Fatalf("got %d statistics records, want 3", len(raw))
	}
	for _, rec := range raw {
		var keys []string
		for k := range rec {
			keys = append(keys, k)
		}
		if got := sorted(keys...); !reflect.DeepEqual(got, statFields) {
			t.Fatalf("statistics fields = %v, want %v", got, statFields)
		}
	}
	type stat struct {
		ID, PromoID, LeadID int64
		BonusTypeID         int64   `json:"bonus_type_id"`
		Percent             any     `json:"bonus_amount_is_in_percentages"`
		OrderPrice          float64 `json:"order_price"`
		Discount            float64 `json:"discount_amount"`
		Currency            string
		Created             string `json:"d_lead_created"`
		Promo               struct{ Code string }
	}
	var stats []stat
	r.json(t, &stats)
	first := stats[0]
	if first.Percent != float64(1) || first.BonusTypeID != 2 || first.OrderPrice != 3500 || first.Discount != 350 ||
		first.Currency != "RUB" || first.Created != "2025-03-02T10:15:00.000Z" || first.Promo.Code != "WELCOME10" {
		t.Errorf("first statistics record = %+v", first)
	}
	currencies := map[string]bool{}
	for _, s := range stats {
		currencies[s.Currency] = true
	}
	if !currencies["RUB"] || !currencies["USD"] {
		t.Errorf("currencies = %v, want RUB and USD", currencies)
	}
	// A fixed-amount promo code reports 0, and the cap at the price shows.
	r = e.do(user1, "GET", "/v1/promo/1003/statistics", nil)
	wantStatus(t, r, http.StatusOK)
	r.json(t, &stats)
	if len(stats) != 2 || stats[0].Percent != float64(0) || stats[1].OrderPrice != 320 || stats[1].Discount != 320 {
		t.Errorf("MINUS500 statistics = %+v", stats)
	}
	// Unused: an empty array.
	r = e.do(user1, "GET", "/v1/promo/1006/statistics", nil)
	wantStatus(t, r, http.StatusOK)
	if strings.TrimSpace(string(r.body)) != "[]" {
		t.Errorf("unused promo statistics = %s, want []", r.body)
	}
	// Site 3's owner sees its statistics.
	r = e.do(user2, "GET", "/v1/promo/3001/statistics", nil)
	wantStatus(t, r, http.StatusOK)
	r.json(t, &stats)
	if len(stats) != 2 || stats[0].Currency != "USD" {
		t.Errorf("COFFEE10 statistics = %+v", stats)
	}
}

func TestUnknownRouteAndMethod(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/", "/v2/promo", "/v1/promo/1001/stats", "/v1/promo/", "/v3/public/site/1/page/11"} {
		wantError(t, e.do(user1, "GET", path, nil), 404, KindUnknown, "no such endpoint")
	}
	for _, c := range []struct{ method, path, allow string }{
		{"PATCH", "/v1/promo/1001", "DELETE, GET, PUT"},
		{"DELETE", "/v1/promo", "GET, POST"},
		{"POST", "/v1/site/1/page", "GET"},
		{"PUT", "/v3/public/site", "GET"},
		{"POST", "/v1/shop/product/101", "GET"},
	} {
		r := e.do(user1, c.method, c.path, nil)
		wantError(t, r, 405, KindUnknown, "not allowed")
		if got := r.header.Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow = %q, want %q", c.method, c.path, got, c.allow)
		}
	}
	// Routing comes before authentication.
	wantError(t, e.do(noAuth, "GET", "/nope", nil), 404, KindUnknown, "")
}

func TestRequestLog(t *testing.T) {
	e := newEnv(t)
	e.do(user1, "GET", "/v1/promo?site_id=1", nil)
	e.do(user1, "GET", "/v1/promo/3001", nil)
	log := e.log.String()
	lines := strings.Split(strings.TrimSpace(log), "\n")
	if len(lines) != 2 {
		t.Fatalf("log has %d lines, want 2:\n%s", len(lines), log)
	}
	for i, want := range []string{"GET /v1/promo?site_id=1 200 ", "GET /v1/promo/3001 403 "} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("log line %q does not contain %q", lines[i], want)
		}
	}
}

func TestInternalError(t *testing.T) {
	e := newEnv(t)
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "closed.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	log := &syncBuffer{}
	srv := httptest.NewServer(NewHandler(s, HandlerOptions{Log: log}))
	defer srv.Close()
	e.srv = srv
	r := e.do(user1, "GET", "/v1/promo?site_id=1", nil)
	wantError(t, r, 500, KindUnknown, "unknown error")
	if !strings.Contains(log.String(), "error serving GET /v1/promo") || !strings.Contains(log.String(), " 500 ") {
		t.Errorf("internal error not logged: %q", log.String())
	}
}
