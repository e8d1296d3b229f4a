package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// The verbs that take CODE_OR_ID: digits only is an id, sent as it is;
// anything else is a code text, looked up (whatever its case) in the list
// of --site-id or the configured site, then acted on by its id.

const freeshipRecordJSON = `{"code":"FREESHIP","is_enabled":false,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,` +
	`"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`

func TestPromoVerbsTakeACode(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		routes []string
	}{
		{"get", []string{"promo", "get", "freeship", "--site-id", "7"}, []string{"GET /v1/promo?site_id=7", "GET /v1/promo/1002"}},
		{"update", []string{"promo", "update", "FreeShip", "--site-id", "7", "--enabled"},
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo/1002", "PUT /v1/promo/1002"}},
		{"delete", []string{"promo", "delete", "FREESHIP", "--site-id", "7", "--yes"}, []string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/1002"}},
		{"stats", []string{"promo", "stats", "freeship", "--site-id", "7"}, []string{"GET /v1/promo?site_id=7", "GET /v1/promo/1002/statistics"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
			r.API.Handle("GET /v1/promo/1002", http.StatusOK, freeshipRecordJSON)
			r.API.Handle("PUT /v1/promo/1002", http.StatusOK, freeshipRecordJSON)
			r.API.Handle("DELETE /v1/promo/1002", http.StatusNoContent, "")
			r.API.Handle("GET /v1/promo/1002/statistics", http.StatusOK, "[]")
			res := r.Run(append(c.args, "-o", "json")...)
			if wantErr := map[bool]string{true: "Deleted promo code FREESHIP (id 1002).\n"}[c.name == "delete"]; res.Code != 0 || res.Stderr != wantErr {
				t.Fatalf("exit %d, stderr %q", res.Code, res.Stderr)
			}
			reqs := r.ExpectRoutes(t, c.routes...)
			if c.name == "update" {
				cmdtest.ExpectJSONBody(t, reqs[2], `{"code":"FREESHIP","is_enabled":true,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,`+
					`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`)
			}
			if c.name == "get" && !strings.HasPrefix(res.Stdout, `{"id":1002,"code":"FREESHIP"`) {
				t.Errorf("stdout = %s, want the record of 1002 with its id", res.Stdout)
			}
		})
	}
}

func TestPromoCodeFromTheConfiguredSite(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "8"
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	r.API.Handle("GET /v1/promo/1001", http.StatusOK, freeshipRecordJSON)
	if res := r.Run("promo", "get", "summer25", "-o", "json"); res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=8", "GET /v1/promo/1001")
}

// TestPromoCodeNotOnTheSite: a code the site's list does not have is a
// not-found error (exit 4) that names the site searched, and nothing else
// is sent.
func TestPromoCodeNotOnTheSite(t *testing.T) {
	for _, verb := range [][]string{{"get"}, {"update", "--enabled"}, {"delete", "--yes"}, {"stats"}} {
		t.Run(verb[0], func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
			args := append([]string{"promo", verb[0], "NOPE25", "--site-id", "7"}, verb[1:]...)
			r.Run(args...).Expect(t, 4, "", `promoctl: promo code "NOPE25" not found on site 7 `+
				"(a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)\n")
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
	// With -o json the error is one JSON object, exit code 4.
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.Run("promo", "get", "NOPE25", "--site-id", "7", "-o", "json")
	if res.Code != 4 || !strings.Contains(res.Stderr, `"exit_code":4`) || !strings.Contains(res.Stderr, "site 7") {
		t.Errorf("exit %d, stderr %s; want exit 4 and a JSON error naming site 7", res.Code, res.Stderr)
	}
}

// TestPromoNumericArgumentIsAnID: digits only are an id, even with
// leading zeros and even when a code of those digits exists: no list is
// read.
func TestPromoNumericArgumentIsAnID(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1002", http.StatusOK, freeshipRecordJSON)
	r.API.Handle("GET /v1/promo/42", http.StatusOK, freeshipRecordJSON)
	for _, arg := range []string{"1002", "0042"} {
		if res := r.Run("promo", "get", arg, "--site-id", "7", "-o", "json"); res.Code != 0 {
			t.Fatalf("promo get %s: exit %d: %s", arg, res.Code, res.Stderr)
		}
	}
	r.ExpectRoutes(t, "GET /v1/promo/1002", "GET /v1/promo/42")
}

// TestPromoCodeExactCaseWins: when the list has codes that differ only
// in case, the one written as given is taken.
func TestPromoCodeExactCaseWins(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"code":"ABC"},{"id":2,"code":"abc"}]`)
	r.API.Handle("GET /v1/promo/2", http.StatusOK, `{"code":"abc"}`)
	if res := r.Run("promo", "get", "abc", "--site-id", "7", "-o", "json"); res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo/2")
}
