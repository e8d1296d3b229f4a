package create

import (
	"context"
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/wizard"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/spf13/cobra"
)

func TestRunPromoCreate(t *testing.T) {
	const enabledJSON = `{"id":1001,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true}`
	for _, c := range []struct {
		name           string
		tty, sandbox   bool
		format         format.Format
		opts           promoCreateOptions
		prompter       wizard.Form
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		routes         []string
		body           string // of the last request
		exit           int
	}{
		{name: "the fields named, piped as JSON", format: format.JSON,
			opts:    promoCreateOptions{SiteID: 7, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25"), Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(25.0), Percent: cmdtest.Ptr(true)}},
			answers: []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: enabledJSON}},
			stdout:  enabledJSON + "\n", routes: []string{"POST /v1/promo"},
			body: `{"site_id":7,"user_id":42,"code":"SUMMER25","is_enabled":true,"bonus_amount":25,"bonus_amount_is_in_percentages":true}`},
		{name: "the API's defaults are warned of", format: format.JSON,
			opts:    promoCreateOptions{SiteID: 7, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25")}},
			answers: []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: cmdtest.CreatedJSON}},
			stdout:  cmdtest.CreatedJSON + "\n", stderr: defaultsStderr("7"), routes: []string{"POST /v1/promo"},
			body: `{"site_id":7,"user_id":42,"code":"SUMMER25"}`},
		{name: "the command that enables it says where it goes", format: format.JSON, sandbox: true,
			opts:    promoCreateOptions{SiteID: 1, FromFile: true, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25")}},
			answers: []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: cmdtest.CreatedJSON}},
			stdout:  cmdtest.CreatedJSON + "\n",
			stderr: "promoctl: warning: no --amount (or bonus_amount in the file) given, so the API's default discount of 0.01 applies\n" +
				"promoctl: warning: promo code SUMMER25 was created disabled (the API's default); enable it with: " +
				"promoctl --sandbox promo update ID --enabled (promoctl --sandbox promo list --site-id 1 shows the ID)\n",
			routes: []string{"POST /v1/promo"}},
		{name: "created disabled on purpose, on a terminal", tty: true, format: format.JSON,
			opts:    promoCreateOptions{SiteID: 7, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25"), Enabled: cmdtest.Ptr(false), Amount: cmdtest.Ptr(25.0)}},
			answers: []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: `{"id":1001,"code":"SUMMER25","is_enabled":false}`}},
			stdout:  "{\n  \"id\": 1001,\n  \"code\": \"SUMMER25\",\n  \"is_enabled\": false\n}\n",
			stderr:  "Created promo code SUMMER25 (id 1001) on site 7.\nIt is disabled: enable it with: promoctl promo update 1001 --enabled\n",
			routes:  []string{"POST /v1/promo"}},
		{name: "dry run sends nothing", format: format.JSON,
			opts:   promoCreateOptions{SiteID: 7, DryRun: true, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25"), Amount: cmdtest.Ptr(25.0)}},
			stdout: `{"method":"POST","url":"BASE/v1/promo","body":{"site_id":7,"user_id":42,"code":"SUMMER25","bonus_amount":25}}` + "\n"},
		{name: "no site", format: format.JSON, exit: cmdutil.ExitUsage,
			opts: promoCreateOptions{Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25")}},
			err:  "--site-id is required (or set a default: promoctl config set site_id N)"},
		{name: "the server refuses the code", format: format.JSON, exit: cmdutil.ExitFailure,
			opts:    promoCreateOptions{SiteID: 7, Changes: promo.Changes{Code: cmdtest.Ptr("SUMMER25"), Amount: cmdtest.Ptr(25.0), Enabled: cmdtest.Ptr(true)}},
			answers: []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusUnprocessableEntity, Body: apitest.Error(422, 0, "Code is taken")}},
			err:     "create promo SUMMER25 on site 7: invalid request (API error 0: Code is taken)", routes: []string{"POST /v1/promo"}},
		{name: "the form, then the request", tty: true, format: format.JSON,
			opts: promoCreateOptions{SiteID: 7, Interactive: true, Changes: promo.Changes{Amount: cmdtest.Ptr(15.0)}},
			prompter: &cmdtest.FormEdit{Edit: func(v *promoform.Values) {
				v.Code, v.Enabled, v.Ends = "SUMMER25", true, "2026-12-31"
			}},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[]`}, {Route: "POST /v1/promo", Status: http.StatusCreated, Body: enabledJSON}},
			stdout:  "{\n  \"id\": 1001,\n  \"code\": \"SUMMER25\",\n  \"is_enabled\": true,\n  \"bonus_type\": 2,\n  \"bonus_amount\": 25,\n  \"bonus_amount_is_in_percentages\": true\n}\n",
			stderr: "\nAbout to create:\n" +
				"  Code:               SUMMER25\n" +
				"  Site:               7\n" +
				"  Discount:           15% off the goods\n" +
				"  Enabled:            yes\n" +
				"  Valid:              until 2026-12-31 23:59:59 (MSK)\n" +
				"  Maximum uses:       unlimited\n" +
				"  Once per customer:  no\n" +
				"\nThe same without the form:\n  promoctl promo create --site-id 7 --code SUMMER25 --bonus-type goods --amount 15 --percent --enabled --ends 2026-12-31T23:59:59+03:00 --once-per-user=false\n\n" +
				"Created promo code SUMMER25 (id 1001) on site 7.\n",
			routes: []string{"GET /v1/promo?site_id=7", "POST /v1/promo"}},
		{name: "the form refuses a code the site has", tty: true, format: format.JSON, exit: cmdutil.ExitCancelled,
			opts:     promoCreateOptions{SiteID: 7, Interactive: true},
			prompter: &cmdtest.WizardStub{Answers: summer25(), ProceedErr: prompt.ErrCancelled},
			answers:  []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: runListJSON}},
			stderr:   "promoctl: SUMMER25 is already a promo code of site 7: choose another code or site\n",
			err:      "cancelled", routes: []string{"GET /v1/promo?site_id=7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, c.format, c.answers...)
			e.Sess.Settings.Sandbox = c.sandbox
			opts := c.opts
			opts.Session, opts.Prompter = e.Sess, c.prompter
			err := runPromoCreate(context.Background(), &opts)
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

// TestPromoCreateParsesIntoOptions checks that promo create turns flags,
// arguments, a file and settings into the options its run function gets.
func TestPromoCreateParsesIntoOptions(t *testing.T) {
	r := newRunner(t)
	file := cmdtest.WriteFile(t, "p.yaml", "site_id: 9\nbonus_amount: 5\n")
	var create *promoCreateOptions
	keepCreate := func(_ context.Context, o *promoCreateOptions) error { create = o; return nil }
	if code := cmdtest.CaptureVerb(t, r, "promo", func(f *cmdutil.Factory) *cobra.Command { return NewCmd(f, keepCreate) }, "promo", "create", "--code", "SUMMER25", "-f", file, "--dry-run"); code != 0 {
		t.Fatalf("create exit code = %d", code)
	}
	if create.SiteID != 9 || !create.FromFile || !create.DryRun || create.Interactive ||
		*create.Changes.Code != "SUMMER25" || *create.Changes.Amount != 5 || create.Settings.UserID != 42 {
		t.Errorf("create options = %+v, want site 9 from the file, SUMMER25, 5, a dry run for user 42", *create)
	}
	r.ExpectNoRequests(t)
}
