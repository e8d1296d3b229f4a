package cmd

import (
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// sandboxWorld runs the checks of TestSandboxIgnoresTheRealSettings on r.
func sandboxWorld(t *testing.T, r *cmdtest.Runner) {
	t.Helper()
	r.Run("--sandbox", "promo", "list").Expect(t, 2, "",
		"promoctl: --site-id is required with --sandbox, which has no default site (user 1 can view sites 1 and 2, user 2 site 3)\n")
	res := r.Run("--sandbox", "promo", "list", "--site-id", "1", "--jq", ".[0].code")
	if res.Code != 0 || res.Stdout == "" {
		t.Errorf("--sandbox promo list --site-id 1: exit %d\nstdout: %s\nstderr: %s\nwant the demo codes of site 1", res.Code, res.Stdout, res.Stderr)
	}
	// User 1, not the profile's user 7: site 3 is user 2's.
	res = r.Run("--sandbox", "promo", "list", "--site-id", "3")
	if res.Code != 3 || !strings.Contains(res.Stderr, "you cannot view site 3") {
		t.Errorf("--sandbox promo list --site-id 3: exit %d, stderr %q; want 3 and permission denied", res.Code, res.Stderr)
	}
	res = r.Run("--sandbox", "--user-id", "2", "promo", "list", "--site-id", "3")
	if res.Code != 0 {
		t.Errorf("--sandbox --user-id 2 promo list --site-id 3: exit %d, stderr %q; want 0", res.Code, res.Stderr)
	}
	rows := cmdtest.ExplainRows(t, r, "--sandbox", "-o", "json")
	for key, want := range map[string]cmdtest.ExplainRow{
		"base_url": {Setting: "base_url", Value: "http://sandbox.localhost", Source: "flag", From: "--sandbox"},
		"user_id":  {Setting: "user_id", Value: "1", Source: "flag", From: "--sandbox"},
		"site_id":  {Setting: "site_id", Value: "", Source: "unset", From: ""},
	} {
		if got := rows[key]; got != want {
			t.Errorf("--sandbox config explain: %s = %+v, want %+v", key, got, want)
		}
	}
	r.ExpectNoRequests(t)
}

func TestSandboxIgnoresTheRealSettings(t *testing.T) {
	t.Run("profile", func(t *testing.T) {
		r := newBareRunner(t)
		r.WriteConfig(cmdtest.RealProfileConfig)
		sandboxWorld(t, r)
	})
	t.Run("environment", func(t *testing.T) {
		// newRunner sets PROMOCTL_BASE_URL, PROMOCTL_TOKEN and
		// PROMOCTL_USER_ID: ambient, so ignored without a word.
		r := newRunner(t)
		r.Env["PROMOCTL_SITE_ID"] = "11111"
		r.Env["PROMOCTL_USER_ID"] = "7"
		sandboxWorld(t, r)
	})
}

func TestSandboxRefusesRealCredentialFlags(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(cmdtest.RealProfileConfig)
	r.Run("--sandbox", "--token", "x", "promo", "list", "--site-id", "1").Expect(t, 2, "",
		"promoctl: --token cannot be used with --sandbox, which has its own tokens: for the other sandbox user, give --user-id 2\n")
	r.Run("--sandbox", "--base-url", "http://127.0.0.1:8787", "promo", "list", "--site-id", "1").Expect(t, 2, "",
		"promoctl: --base-url cannot be used with --sandbox, which runs in-process: to use a running 'promoctl sandbox serve', drop --sandbox and give --base-url, --token and --user-id\n")
	r.ExpectNoRequests(t)
}
