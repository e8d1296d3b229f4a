package selection

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/spf13/cobra"
)

func TestRunPromoDelete(t *testing.T) {
	for _, c := range []struct {
		name      string
		tty, yes  bool
		sandbox   bool
		confirm   *cmdtest.ConfirmStub
		answers   []cmdtest.Answer
		err       string
		stderr    string
		routes    []string
		questions []string
		exit      int
	}{
		{name: "--yes, piped: said too", yes: true,
			answers: []cmdtest.Answer{{Route: "DELETE /v1/promo/5", Status: http.StatusNoContent, Body: ""}},
			stderr:  "Deleted promo code 5.\n", routes: []string{"DELETE /v1/promo/5"}},
		{name: "--yes on a terminal", tty: true, yes: true,
			answers: []cmdtest.Answer{{Route: "DELETE /v1/promo/5", Status: http.StatusNoContent, Body: ""}},
			stderr:  "Deleted promo code 5.\n", routes: []string{"DELETE /v1/promo/5"}},
		{name: "asks first, naming the code", tty: true, confirm: &cmdtest.ConfirmStub{Answer: true},
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: runRecordJSON}, {Route: "DELETE /v1/promo/5", Status: http.StatusNoContent, Body: ""}},
			stderr:  "Deleted promo code SUMMER25 (id 5).\n", routes: []string{"GET /v1/promo/5", "DELETE /v1/promo/5"},
			questions: []string{"Delete promo code SUMMER25 (id 5) from the sandbox?"}, sandbox: true},
		{name: "a record without a code is named by its id", tty: true, confirm: &cmdtest.ConfirmStub{Answer: true}, sandbox: true,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: `{}`}, {Route: "DELETE /v1/promo/5", Status: http.StatusNoContent, Body: ""}},
			stderr:  "Deleted promo code 5.\n", routes: []string{"GET /v1/promo/5", "DELETE /v1/promo/5"},
			questions: []string{"Delete promo code 5 from the sandbox?"}},
		{name: "declined", tty: true, confirm: &cmdtest.ConfirmStub{Answer: false}, sandbox: true, exit: cmdutil.ExitCancelled,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: runRecordJSON}},
			err:     "cancelled", routes: []string{"GET /v1/promo/5"},
			questions: []string{"Delete promo code SUMMER25 (id 5) from the sandbox?"}},
		{name: "not found: nothing asked", tty: true, confirm: &cmdtest.ConfirmStub{Answer: true}, exit: cmdutil.ExitNotFound,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusNotFound, Body: notFoundBody}},
			err:     "promo code 5 does not exist or is not visible to you (API error 0: Not found)", routes: []string{"GET /v1/promo/5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, format.Table, c.answers...)
			e.Sess.Settings.Sandbox = c.sandbox
			opts := &promoDeleteOptions{OneCode: shared.OneCode{Session: e.Sess, ID: 5}, Yes: c.yes}
			if c.confirm != nil {
				opts.Prompter = c.confirm
			}
			err := runPromoDelete(context.Background(), opts)
			e.Expect(t, err, c.err, "", c.stderr, c.routes...)
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
			if c.confirm != nil && !slices.Equal(c.confirm.Asked, c.questions) {
				t.Errorf("questions asked = %q, want %q", c.confirm.Asked, c.questions)
			}
		})
	}
}

// TestPromoDeleteParsesIntoOptions checks that promo delete turns flags,
// arguments and settings into the options its run function gets.
func TestPromoDeleteParsesIntoOptions(t *testing.T) {
	r := newRunner(t)
	var del *promoDeleteOptions
	keepDelete := func(_ context.Context, o *promoDeleteOptions) error { del = o; return nil }
	if code := cmdtest.CaptureVerb(t, r, "promo", func(f *cmdutil.Factory) *cobra.Command { return NewDeleteCmd(f, keepDelete) }, "promo", "delete", "5", "-y"); code != 0 {
		t.Fatalf("delete exit code = %d", code)
	}
	if del.ID != 5 || !del.Yes || del.Settings.BaseURL != r.API.URL {
		t.Errorf("delete options = %+v, want 5 with --yes at the fake API", *del)
	}
	r.ExpectNoRequests(t)
}
