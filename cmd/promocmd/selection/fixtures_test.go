package selection

import (
	"net/http"
	"slices"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

func newSelectRunner(t *testing.T) *cmdtest.Runner {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	for _, id := range []string{"2001", "2002", "2003", "2004", "2005", "2006", "2007"} {
		rec := `{"code":"C` + id + `","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,` +
			`"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`
		r.API.Handle("GET /v1/promo/"+id, http.StatusOK, rec)
		r.API.Handle("PUT /v1/promo/"+id, http.StatusOK, rec)
		r.API.Handle("DELETE /v1/promo/"+id, http.StatusNoContent, "")
	}
	return r
}

// sortedRoutes are the requests the fake API received after the first
// (the list read), sorted.
func sortedRoutes(r *cmdtest.Runner) []string {
	got := r.API.Routes()
	if len(got) == 0 {
		return nil
	}
	rest := slices.Clone(got[1:])
	slices.Sort(rest)
	return append(got[:1:1], rest...)
}

const currentJSON = `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}`

const runRecordJSON = `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25}`

const notFoundBody = `{"title":"Not found","error":0,"code":404}`
