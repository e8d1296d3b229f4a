package page

import (
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/internal/apitest"
)

func TestCompletePageIDs(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	r.API.Handle("GET /v3/public/site/11111/page", http.StatusOK,
		`[{"id":5001,"title":"Home","path":"/"},{"id":5002,"path":"/catalog"}]`)
	if got, want := r.Complete(t, "page", "get", ""), apitest.Lines("5001\tHome", "5002\t/catalog", ":4"); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
	r.ExpectRoutes(t, "GET /v3/public/site/11111/page")
}
