package cmd

import (
	"strings"
	"testing"
)

func TestTokenWithAControlCharacterIsALocalError(t *testing.T) {
	for _, c := range []struct{ name, token, conf, stderr string }{
		{"newline in the environment", testToken + "\nX-Evil: 1", "",
			"promoctl: invalid token (from env PROMOCTL_TOKEN): the token contains spaces or control characters\n"},
		{"escape in the profile", "", "profiles:\n  default:\n    token: \"" + testToken + "\\e\"\n",
			"promoctl: invalid token (from profile default in CONFIG): the token contains spaces or control characters\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			delete(r.env, "PROMOCTL_TOKEN")
			if c.token != "" {
				r.env["PROMOCTL_TOKEN"] = c.token
			}
			stderr := c.stderr
			if c.conf != "" {
				stderr = strings.ReplaceAll(stderr, "CONFIG", r.writeConfig(c.conf))
			}
			r.run(listArgs...).expect(t, 2, "", stderr)
			r.expectNoRequests(t)
		})
	}
}

func TestCreateWithALostAnswerSaysTheOutcomeIsUnknown(t *testing.T) {
	r := newRunner(t)
	r.api.HandleFunc("POST /v1/promo", dropConnection)
	res := r.run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5")
	const prefix = "promoctl: create promo SUMMER25 on site 7: the outcome is unknown: the connection broke after the request was sent ("
	const suffix = "), so promo code SUMMER25 may have been created: check whether `promoctl promo list --site-id 7` shows it before creating it again\n"
	if res.code != 1 || res.stdout != "" || !strings.HasPrefix(res.stderr, prefix) || !strings.HasSuffix(res.stderr, suffix) ||
		strings.Count(res.stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, no output and one line %q…%q", res.code, res.stdout, res.stderr, prefix, suffix)
	}
	r.expectRoutes(t, "POST /v1/promo")
}
