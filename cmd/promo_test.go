package cmd

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"github.com/promoctl/promoctl/internal/apitest"
)

const promoListJSON = `[
 {"id":1001,"code":"SUMMER25","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"promo_used_count":3,"is_valid":true,"x_future":{"a":1}},
 {"id":"1002","code":"FREESHIP","pos":2,"is_enabled":0,"bonus_type":3,"bonus_amount":"300","bonus_amount_is_in_percentages":0,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}
]`

func TestPromoListTable(t *testing.T) {
	r := newRunner(t)
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.run("promo", "list", "--site-id", "7")
	res.expect(t, 0, apitest.Lines(
		"ID    CODE      ENABLED  TYPE      AMOUNT  STARTS            ENDS              USES   VALID  ",
		"1001  SUMMER25  yes      goods     25%     2026-06-01 03:00  2026-08-31 23:59  3/100  yes    ",
		"1002  FREESHIP  no       delivery  300.00  -                 -                 0      no     ",
	), "")
	reqs := r.api.Requests()
	if len(reqs) != 1 || reqs[0].String() != "GET /v1/promo?site_id=7" {
		t.Fatalf("requests = %v, want [GET /v1/promo?site_id=7]", r.api.Routes())
	}
	h := reqs[0].Header
	for k, want := range map[string]string{
		"Authorization": "Bearer " + testToken, "X-Api-User-Id": "42", "Accept": "application/json", "User-Agent": "promoctl/1.2.3",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	if got := h.Get("Content-Type"); got != "" {
		t.Errorf("Content-Type on a GET without body = %q, want none", got)
	}
}

func TestPromoListJSONPassesServerDataThrough(t *testing.T) {
	r := newRunner(t)
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.run("promo", "list", "--site-id", "7", "-o", "json")
	if res.code != 0 || res.stderr != "" {
		t.Fatalf("exit %d, stderr %q", res.code, res.stderr)
	}
	var got, want any
	if err := json.Unmarshal([]byte(res.stdout), &got); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, res.stdout)
	}
	json.Unmarshal([]byte(promoListJSON), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("JSON output = %v, want the server's data %v", got, want)
	}
}
