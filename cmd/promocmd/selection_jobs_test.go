package promocmd

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// TestPromoSelectionByIDsNeedsNoSite: ids alone are found on the user's
// site that has them all, which the summary and the job name; when no
// site has them all, each is read (for its code and state), then acted
// on.
func TestPromoSelectionByIDsNeedsNoSite(t *testing.T) {
	r := newSelectRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":7}]`)
	r.Run("promo", "delete", "2004", "2005", "--yes").Expect(t, 0, "", "Deleted 2 promo codes of site 7.\n")
	if got, want := sortedRoutes(r), []string{"GET /v3/public/site", "DELETE /v1/promo/2004", "DELETE /v1/promo/2005", "GET /v1/promo?site_id=7"}; !slices.Equal(got, want) {
		t.Errorf("requests = %q, want %q", got, want)
	}
	r.Run("promo", "jobs", "-o", "json", "--jq", ".[] | [.site_id, .command]").Expect(t, 0, "[7,\"delete\"]\n", "")

	r = newSelectRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Run("promo", "delete", "2004", "2005", "--yes").Expect(t, 0, "", "Deleted 2 promo codes.\n")
	got := r.API.Routes()
	slices.Sort(got)
	if want := []string{"DELETE /v1/promo/2004", "DELETE /v1/promo/2005", "GET /v1/promo/2004", "GET /v1/promo/2005", "GET /v3/public/site"}; !slices.Equal(got, want) {
		t.Errorf("requests = %q, want %q", got, want)
	}
	// no site known: the job's is "-", not 0
	res := r.Run("promo", "jobs")
	if lines := strings.Split(res.Stdout, "\n"); res.Code != 0 || len(lines) < 2 || strings.Fields(lines[1])[1] != "-" {
		t.Errorf("promo jobs: exit %d, stdout:\n%s\nwant the job's site as -", res.Code, res.Stdout)
	}
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
