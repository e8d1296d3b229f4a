package promocmd

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/cmd/promocmd/wizard"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
)

// Table-driven tests of the promo verbs' run functions; see verb_test.go.

const (
	runListJSON   = `[{"id":1001,"code":"SUMMER25","is_enabled":true}]`
	runStatsJSON  = `[{"id":1,"promo_id":5,"order_price":1500,"discount_amount":150,"currency":"RUB"}]`
	runRecordJSON = `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25}`
	notFoundBody  = `{"title":"Not found","error":0,"code":404}`
)

func TestRunPromoList(t *testing.T) {
	for _, c := range []struct {
		name           string
		tty, sandbox   bool
		format         format.Format
		site           int64
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		routes         []string
		exit           int
	}{
		{name: "a list, piped as JSON", format: format.JSON, site: 7,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: runListJSON}},
			stdout:  runListJSON + "\n", routes: []string{"GET /v1/promo?site_id=7"}},
		{name: "an empty table on a terminal is a sentence on stderr", tty: true, format: format.Table, site: 7,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[]`}},
			stderr:  "No promo codes on site 7.\n", routes: []string{"GET /v1/promo?site_id=7"}},
		{name: "no site", format: format.Table, exit: cmdutil.ExitUsage,
			err: "--site-id is required (or set a default: promoctl config set site_id N)"},
		{name: "no site in the sandbox", format: format.Table, sandbox: true, exit: cmdutil.ExitUsage,
			err: "--site-id is required with --sandbox, which has no default site (user 1 can view sites 1 and 2, user 2 site 3)"},
		{name: "the server refuses the token", format: format.JSON, site: 7, exit: cmdutil.ExitAuth,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusUnauthorized, Body: apitest.Error(401, 0, "Unauthorized")}},
			err:     "list promo codes of site 7: authentication failed: check the token and user id (promoctl auth status) (API error 0: Unauthorized)", routes: []string{"GET /v1/promo?site_id=7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, c.format, c.answers...)
			e.Sess.Settings.Sandbox = c.sandbox
			err := runPromoList(context.Background(), &promoListOptions{Session: e.Sess, SiteID: c.site})
			e.Expect(t, err, c.err, c.stdout, c.stderr, c.routes...)
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
		})
	}
}

func TestRunPromoGet(t *testing.T) {
	for _, c := range []struct {
		name           string
		format         format.Format
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		exit           int
	}{
		{name: "JSON gets the id first", format: format.JSON,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/1001", Status: http.StatusOK, Body: runRecordJSON}},
			stdout:  `{"id":1001,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25}` + "\n"},
		{name: "YAML", format: format.YAML,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/1001", Status: http.StatusOK, Body: runRecordJSON}},
			stdout:  "id: 1001\ncode: SUMMER25\nis_enabled: true\nbonus_type: 2\nbonus_amount: 25\n"},
		{name: "not found", format: format.Table, exit: cmdutil.ExitNotFound,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/1001", Status: http.StatusNotFound, Body: notFoundBody}},
			err:     "promo code 1001 does not exist or is not visible to you (API error 0: Not found)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, false, c.format, c.answers...)
			err := runPromoGet(context.Background(), &promoGetOptions{OneCode: shared.OneCode{Session: e.Sess, ID: 1001}})
			e.Expect(t, err, c.err, c.stdout, c.stderr, "GET /v1/promo/1001")
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
		})
	}
}

func TestRunPromoStats(t *testing.T) {
	for _, c := range []struct {
		name           string
		tty            bool
		format         format.Format
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		exit           int
	}{
		{name: "JSON as the server sent it", format: format.JSON,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5/statistics", Status: http.StatusOK, Body: runStatsJSON}},
			stdout:  runStatsJSON + "\n"},
		{name: "not used yet, on a terminal", tty: true, format: format.Table,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5/statistics", Status: http.StatusOK, Body: `[]`}},
			stderr:  "Promo code 5 has not been used yet.\n"},
		{name: "not used yet, piped as JSON", format: format.JSON,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5/statistics", Status: http.StatusOK, Body: `[]`}},
			stdout:  "[]\n"},
		{name: "not found", format: format.JSON, exit: cmdutil.ExitNotFound,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5/statistics", Status: http.StatusNotFound, Body: notFoundBody}},
			err:     "statistics of promo 5: promo code 5 does not exist or is not visible to you (API error 0: Not found)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, c.format, c.answers...)
			err := runPromoStats(context.Background(), &promoStatsOptions{OneCode: shared.OneCode{Session: e.Sess, ID: 5}})
			e.Expect(t, err, c.err, c.stdout, c.stderr, "GET /v1/promo/5/statistics")
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
		})
	}
}

func TestRunPromoUpdate(t *testing.T) {
	const updatedJSON = `{"code":"SUMMER25","is_enabled":false}`
	// current is currentJSON as sent back: every writable field.
	current := `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,` +
		`"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z",` +
		`"quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}`
	disabled := `{"code":"SUMMER25","is_enabled":false,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,` +
		`"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z",` +
		`"quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}`
	for _, c := range []struct {
		name           string
		tty            bool
		opts           promoUpdateOptions
		prompter       wizard.Form
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		routes         []string
		body           string // of the last request
		exit           int
	}{
		{name: "a change sends the whole record",
			opts:    promoUpdateOptions{Changes: promo.Changes{Enabled: cmdtest.Ptr(false)}},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON}, {Route: "PUT /v1/promo/5", Status: http.StatusOK, Body: updatedJSON}},
			stdout:  `{"id":5,"code":"SUMMER25","is_enabled":false}` + "\n",
			routes:  []string{"GET /v1/promo/5", "PUT /v1/promo/5"}, body: disabled},
		{name: "said on a terminal", tty: true,
			opts:    promoUpdateOptions{Changes: promo.Changes{Enabled: cmdtest.Ptr(false)}},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON}, {Route: "PUT /v1/promo/5", Status: http.StatusOK, Body: updatedJSON}},
			stdout:  "{\n  \"id\": 5,\n  \"code\": \"SUMMER25\",\n  \"is_enabled\": false\n}\n", stderr: "Updated promo code SUMMER25 (id 5).\n",
			routes: []string{"GET /v1/promo/5", "PUT /v1/promo/5"}, body: disabled},
		{name: "dry run reads but does not write",
			opts:    promoUpdateOptions{DryRun: true, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25")}},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON}},
			stdout:  `{"method":"PUT","url":"BASE/v1/promo/5","body":` + current + `}` + "\n",
			routes:  []string{"GET /v1/promo/5"}},
		{name: "a change that makes the promo code invalid", exit: cmdutil.ExitUsage,
			opts:    promoUpdateOptions{Changes: promo.Changes{Ends: cmdtest.Ptr(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))}},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON}},
			err:     "promo code 5 would be invalid: --ends: the end 2026-01-01T00:00:00.000Z is before the start 2026-06-01T00:00:00.123Z", routes: []string{"GET /v1/promo/5"}},
		{name: "not found", exit: cmdutil.ExitNotFound,
			opts:    promoUpdateOptions{Changes: promo.Changes{Enabled: cmdtest.Ptr(false)}},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusNotFound, Body: notFoundBody}},
			err:     "promo code 5 does not exist or is not visible to you (API error 0: Not found)", routes: []string{"GET /v1/promo/5"}},
		{name: "the form sends what was changed", tty: true,
			opts:     promoUpdateOptions{Interactive: true},
			prompter: &cmdtest.FormEdit{Edit: func(v *promoform.Values) { v.Enabled = false }},
			answers:  []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON}, {Route: "PUT /v1/promo/5", Status: http.StatusOK, Body: updatedJSON}},
			stdout:   "{\n  \"id\": 5,\n  \"code\": \"SUMMER25\",\n  \"is_enabled\": false\n}\n",
			stderr: "\nChanges to promo code 5:\n  Enabled:  yes → no\n" +
				"\nThe same without the form:\n  promoctl promo update 5 --enabled=false\n\nUpdated promo code SUMMER25 (id 5).\n",
			routes: []string{"GET /v1/promo/5", "PUT /v1/promo/5"}, body: disabled},
		{name: "the form changed nothing", tty: true,
			opts:     promoUpdateOptions{Interactive: true},
			prompter: &cmdtest.FormEdit{Edit: func(*promoform.Values) {}},
			answers:  []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON}},
			stderr:   "Nothing changed: promo code 5 is left as it is.\n",
			routes:   []string{"GET /v1/promo/5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, format.JSON, c.answers...)
			opts := c.opts
			opts.Session, opts.ID, opts.Prompter = e.Sess, 5, c.prompter
			err := runPromoUpdate(context.Background(), &opts)
			reqs := e.Expect(t, err, c.err, cmdtest.ReplaceBase(c.stdout, e.API.URL), c.stderr, c.routes...)
			if c.body != "" {
				cmdtest.ExpectJSONBody(t, reqs[len(reqs)-1], c.body)
			}
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
		})
	}
}

// TestPromoVerbsParseIntoOptions checks that the commands turn flags,
// arguments and settings into the options their run functions get.
func TestPromoVerbsParseIntoOptions(t *testing.T) {
	r := newRunner(t)
	var update *promoUpdateOptions
	keepUpdate := func(_ context.Context, o *promoUpdateOptions) error { update = o; return nil }
	if code := cmdtest.CaptureVerb(t, r, "promo", func(f *cmdutil.Factory) *cobra.Command { return newPromoUpdateCmd(f, keepUpdate) }, "promo", "update", "1001", "--no-max-uses", "--timeout", "5s"); code != 0 {
		t.Fatalf("update exit code = %d", code)
	}
	if update.ID != 1001 || update.Changes.QuantityLimit == nil || *update.Changes.QuantityLimit || update.DryRun || update.Settings.Timeout != 5*time.Second {
		t.Errorf("update options = %+v, want 1001 without a limit on uses, within 5s", *update)
	}

	// A refusal of the flags comes before the options are used.
	called := false
	keepList := func(context.Context, *promoListOptions) error { called = true; return nil }
	if code := cmdtest.CaptureVerb(t, r, "promo", func(f *cmdutil.Factory) *cobra.Command { return newPromoListCmd(f, keepList) }, "promo", "list", "--used", "--unused"); code != cmdutil.ExitUsage || called {
		t.Errorf("list --used --unused: exit code %d, run called %v; want %d, not called", code, called, cmdutil.ExitUsage)
	}
	r.ExpectNoRequests(t)
}
