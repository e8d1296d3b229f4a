package promocmd

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
)

// TestCompletePromoIDsOnACompleter calls the completion of promo code ids
// with its client given directly: a client of a fake API, a configured
// site.
func TestCompletePromoIDsOnACompleter(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, false, format.JSON,
		cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1001,"code":"SUMMER25"},{"id":2002,"code":"WINTER"}]`})
	e.Sess.Settings.SiteID = 7
	c := &complete.Completer{
		Client: func(*cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
			ctx, cancel := context.WithCancel(context.Background())
			client, err := e.Sess.Client()
			return ctx, cancel, client, e.Sess.Settings, err == nil
		},
	}
	got, dir := shared.CompletePromoIDs(c)(&cobra.Command{}, nil, "1")
	if want := []cobra.Completion{"1001\tSUMMER25"}; !slices.Equal(got, want) || dir != cobra.ShellCompDirectiveNoFileComp {
		t.Errorf("promo ids of the configured site: got %q (%d), want %q", got, dir, want)
	}
	e.Expect(t, nil, "", "", "", "GET /v1/promo?site_id=7")
}

// Completion runs through cobra's hidden __complete command, as the shell
// scripts in completions/ call it: candidates one a line on stdout, then
// ":DIRECTIVE".

const completionPromosJSON = `[
	{"id":1001,"code":"WELCOME10","is_enabled":true,"bonus_type":2,"bonus_amount":10},
	{"id":"1002","code":"FREESHIP","is_enabled":true,"bonus_type":3,"bonus_amount":100},
	{"id":2001,"code":"BAD\u001b[31mCODE\tX"}
]`

func TestCompletePromoIDs(t *testing.T) {
	for _, verb := range []string{"get", "update", "delete", "stats"} {
		t.Run(verb, func(t *testing.T) {
			r := newRunner(t)
			r.Env["PROMOCTL_SITE_ID"] = "11111"
			r.API.Handle("GET /v1/promo", http.StatusOK, completionPromosJSON)
			got := r.Complete(t, "promo", verb, "")
			// Ids described by their codes, then the codes (CODE_OR_ID)
			// described by their ids; a code no shell word can hold is
			// offered by its id only.
			want := apitest.Lines("1001\tWELCOME10", "1002\tFREESHIP", "2001\tBADCODE X", "WELCOME10\tid 1001", "FREESHIP\tid 1002", ":4")
			if got != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
			}
			reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=11111")
			cmdtest.ExpectHeaders(t, reqs[0], false)
		})
	}
}

func TestCompletePromoIDsFiltersByPrefix(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	r.API.Handle("GET /v1/promo", http.StatusOK, completionPromosJSON)
	if got, want := r.Complete(t, "promo", "get", "10"), apitest.Lines("1001\tWELCOME10", "1002\tFREESHIP", ":4"); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
}

func TestCompletePromoCodesByPrefix(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	r.API.Handle("GET /v1/promo", http.StatusOK, completionPromosJSON)
	// A code is matched whatever its case, as the lookup matches it.
	if got, want := r.Complete(t, "promo", "get", "free"), apitest.Lines("FREESHIP\tid 1002", ":4"); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
}

func TestCompletePromoIDsUsesTheProfilesSite(t *testing.T) {
	r := newRunner(t)
	r.WriteConfig("current_profile: shop\nprofiles:\n  shop:\n    site_id: 222\n")
	r.API.Handle("GET /v1/promo", http.StatusOK, completionPromosJSON)
	if got := r.Complete(t, "promo", "stats", ""); !strings.HasPrefix(got, "1001\tWELCOME10\n") {
		t.Errorf("stdout:\n%s\nwant the promo codes of site 222", got)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=222")
}

func TestCompletePromoIDsOnlyTheFirstArgument(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	if got := r.Complete(t, "promo", "get", "1001", ""); got != ":4\n" {
		t.Errorf("stdout = %q, want no candidates", got)
	}
	r.ExpectNoRequests(t)
}

func TestCompletePromoIDsWithoutASite(t *testing.T) {
	r := newRunner(t) // no site_id anywhere: nothing to list, nothing asked
	if got := r.Complete(t, "promo", "delete", ""); got != ":4\n" {
		t.Errorf("stdout = %q, want no candidates", got)
	}
	r.ExpectNoRequests(t)
}

func TestCompleteStatusesAndSelections(t *testing.T) {
	r := newRunner(t)
	if got, want := r.Complete(t, "promo", "list", "--status", "expired,u"), apitest.Lines("expired,used-up\tits uses are used up", ":4"); got != want {
		t.Errorf("--status: stdout:\n%s\nwant:\n%s", got, want)
	}
	if got, want := r.Complete(t, "promo", "disable", "--status", "d"), apitest.Lines("disabled\tswitched off", ":4"); got != want {
		t.Errorf("disable --status: stdout:\n%s\nwant:\n%s", got, want)
	}
	// promo delete, enable and disable take several codes: every argument
	// completes.
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	r.API.Handle("GET /v1/promo", http.StatusOK, completionPromosJSON)
	if got, want := r.Complete(t, "promo", "delete", "1001", "free"), apitest.Lines("FREESHIP\tid 1002", ":4"); got != want {
		t.Errorf("second argument of delete: stdout:\n%s\nwant:\n%s", got, want)
	}
}
