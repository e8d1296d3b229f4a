package selection

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestPromoDeleteConfirmation answers the real question (accessible mode):
// it names the promo code, and Enter keeps it.
func TestPromoDeleteConfirmation(t *testing.T) {
	const withSite = `{"id":5,"site_id":11,"code":"SUMMER25","is_enabled":true}`
	for _, c := range []struct {
		name, record, stdin string
		args                []string
		config              string
		question            string
		code                int
	}{
		{"enter keeps it", currentJSON, "\n", nil, "", "Delete promo code SUMMER25 (id 5) at {URL}? [y/N] ", 130},
		{"input ends", currentJSON, "", nil, "", "Delete promo code SUMMER25 (id 5) at {URL}? [y/N] ", 130},
		{"y deletes", currentJSON, "y\n", nil, "", "Delete promo code SUMMER25 (id 5) at {URL}? [y/N] ", 0},
		{"the site when the record has it", withSite, "y\n", nil, "", "Delete promo code SUMMER25 (id 5, site 11) at {URL}? [y/N] ", 0},
		{"a code the server did not send", `{}`, "y\n", nil, "", "Delete promo code 5 at {URL}? [y/N] ", 0},
		{"another profile", currentJSON, "y\n", []string{"--profile", "shop"},
			"current_profile: default\nprofiles:\n  default: {}\n  shop:\n    base_url: {URL}\n",
			"Delete promo code SUMMER25 (id 5) in profile shop at {URL}? [y/N] ", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = true
			r.Env["PROMOCTL_ACCESSIBLE"] = "1"
			if c.config != "" {
				delete(r.Env, "PROMOCTL_BASE_URL")
				r.WriteConfig(strings.ReplaceAll(c.config, "{URL}", r.API.URL))
			}
			r.Stdin = c.stdin
			r.API.Handle("GET /v1/promo/5", http.StatusOK, c.record)
			r.API.Handle("DELETE /v1/promo/5", http.StatusNoContent, "")
			res := r.Run(append([]string{"promo", "delete", "5"}, c.args...)...)
			// The question's description first, on a line of its own.
			question := "This cannot be undone.\n" + strings.ReplaceAll(c.question, "{URL}", r.API.URL)
			want := question + "\npromoctl: cancelled\n"
			if c.stdin == "" {
				// huh ends the line it asked on when the input ends.
				want = question + "\n\npromoctl: cancelled\n"
			}
			if c.code == 0 {
				// The last line names the code, as the question did.
				named := "SUMMER25 (id 5)"
				if c.record == `{}` {
					named = "5"
				}
				want = question + "\nDeleted promo code " + named + ".\n"
			}
			res.Expect(t, c.code, "", want)
			if c.code == 0 {
				r.ExpectRoutes(t, "GET /v1/promo/5", "DELETE /v1/promo/5")
			} else {
				r.ExpectRoutes(t, "GET /v1/promo/5")
			}
		})
	}
}

func TestPromoDeleteQuestion(t *testing.T) {
	var p api.Promo
	if err := json.Unmarshal([]byte(currentJSON), &p); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name             string
		sandbox          bool
		profile, baseURL string
		want             string
	}{
		// The public service in the default profile goes without saying.
		{"defaults", false, "default", baseurl.Default, "Delete promo code SUMMER25 (id 5)?"},
		{"trailing slash", false, "default", baseurl.Default + "/", "Delete promo code SUMMER25 (id 5)?"},
		{"another profile", false, "shop", baseurl.Default, "Delete promo code SUMMER25 (id 5) in profile shop?"},
		{"the sandbox", true, "default", "http://sandbox.localhost", "Delete promo code SUMMER25 (id 5) from the sandbox?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sess := &cmdutil.Session{Settings: &config.Settings{Profile: c.profile, BaseURL: c.baseURL, Sandbox: c.sandbox}}
			if got := i18n.New(i18n.English).Say(shared.DeleteQuestion(sess, 5, json.RawMessage(currentJSON), p)); got != c.want {
				t.Errorf("question = %q, want %q", got, c.want)
			}
		})
	}
}
