package selection

import (
	"context"
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
)

// TestBulkJobsUseTheirEnvironmentsThrottle: a bulk job of a selection (as every bulk job:
// generate, apply) builds its one throttle from its job environment, so that a test's
// clock (and the factory's) paces the clients and the engine alike.
func TestBulkJobsUseTheirEnvironmentsThrottle(t *testing.T) {
	counting := func(env *jobrun.Env) *int {
		n := 0
		env.Throttle = func() *bulk.Throttle { n++; return bulk.NewThrottle(0) }
		return &n
	}

	t.Run("selection", func(t *testing.T) {
		e := cmdtest.NewVerbEnv(t, false, format.Table,
			cmdtest.Answer{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`},
			cmdtest.Answer{Route: "GET /v1/promo/1001", Status: http.StatusOK, Body: `{"code":"A1","is_enabled":true}`},
			cmdtest.Answer{Route: "GET /v1/promo/1002", Status: http.StatusOK, Body: `{"code":"A2","is_enabled":true}`},
			cmdtest.Answer{Route: "DELETE /v1/promo/1001", Status: http.StatusNoContent},
			cmdtest.Answer{Route: "DELETE /v1/promo/1002", Status: http.StatusNoContent})
		env := map[string]string{"HOME": t.TempDir(), "XDG_STATE_HOME": t.TempDir()}
		opts := &promoSelectOptions{Session: e.Sess, Verb: verbDelete, Sel: shared.Selection{Refs: []shared.PromoRef{{ID: 1001}, {ID: 1002}}}, Yes: true, Concurrency: 1,
			Getenv: func(k string) string { return env[k] }}
		n := counting(&opts.Env)
		err := runPromoSelect(context.Background(), opts)
		e.Expect(t, err, "", "", "Deleted 2 promo codes.\n", "GET /v3/public/site", "GET /v1/promo/1001", "GET /v1/promo/1002", "DELETE /v1/promo/1001", "DELETE /v1/promo/1002")
		if *n != 1 {
			t.Errorf("the session's throttle was built %d times, want 1", *n)
		}
	})
}
