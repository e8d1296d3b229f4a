package cmd

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

func TestTokenWithAControlCharacterIsALocalError(t *testing.T) {
	for _, c := range []struct{ name, token, conf, stderr string }{
		{"newline in the environment", cmdtest.TestToken + "\nX-Evil: 1", "",
			"promoctl: invalid token (from env PROMOCTL_TOKEN): the token contains spaces or control characters\n"},
		{"escape in the profile", "", "profiles:\n  default:\n    token: \"" + cmdtest.TestToken + "\\e\"\n",
			"promoctl: invalid token (from profile default in CONFIG): the token contains spaces or control characters\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			delete(r.Env, "PROMOCTL_TOKEN")
			if c.token != "" {
				r.Env["PROMOCTL_TOKEN"] = c.token
			}
			stderr := c.stderr
			if c.conf != "" {
				stderr = strings.ReplaceAll(stderr, "CONFIG", r.WriteConfig(c.conf))
			}
			r.Run(cmdtest.ListArgs...).Expect(t, 2, "", stderr)
			r.ExpectNoRequests(t)
		})
	}
}

func TestCreateWithALostAnswerSaysTheOutcomeIsUnknown(t *testing.T) {
	r := newRunner(t)
	r.API.HandleFunc("POST /v1/promo", dropConnection)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5")
	const prefix = "promoctl: create promo SUMMER25 on site 7: the outcome is unknown: the connection broke after the request was sent ("
	const suffix = "), so promo code SUMMER25 may have been created: check whether `promoctl promo list --site-id 7` shows it before creating it again\n"
	if res.Code != 1 || res.Stdout != "" || !strings.HasPrefix(res.Stderr, prefix) || !strings.HasSuffix(res.Stderr, suffix) ||
		strings.Count(res.Stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, no output and one line %q…%q", res.Code, res.Stdout, res.Stderr, prefix, suffix)
	}
	r.ExpectRoutes(t, "POST /v1/promo")
}

// A create that timed out, got a 5xx, or got a 2xx it could not read may
// have been carried out, as one whose connection broke: it says so, and
// how to check, rather than invite a second create. A 4xx (TestPromoCreateInvalidOnTheServer) or a
// connection never made (TestCreateThatNeverReachedTheServer) is a plain
// failure.
func TestCreateWhoseOutcomeIsUnknownSaysSo(t *testing.T) {
	const create = "create promo SUMMER25 on site 7: "
	const unknown = ", so promo code SUMMER25 may have been created: check whether `promoctl promo list --site-id 7` shows it before creating it again\n"
	for _, c := range []struct {
		name    string
		handler http.HandlerFunc
		stderr  string
	}{
		{"timeout", hang, "timed out after 200ms waiting for the server (raise it with --timeout)" + unknown},
		{"server error", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(500)
			io.WriteString(w, apitest.Error(500, 0, "unknown error"))
		}, "server error (API error 0: unknown error)" + unknown},
		{"created, with an answer that is not a record", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(201)
			io.WriteString(w, "<html><body>Created</body></html>")
		}, "unexpected response from the server (HTTP 201): the body is an HTML page, expected JSON" + unknown},
		{"bad gateway page", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(502)
			io.WriteString(w, "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>")
		}, "server error (HTTP 502 Bad Gateway)" + unknown},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.HandleFunc("POST /v1/promo", c.handler)
			r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5", "--timeout", "200ms").
				Expect(t, 1, "", "promoctl: "+create+c.stderr)
			r.ExpectRoutes(t, "POST /v1/promo")
		})
	}
}

func TestCreateThatNeverReachedTheServer(t *testing.T) {
	r := newRunner(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	r.Env["PROMOCTL_BASE_URL"] = "http://" + addr
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5")
	const prefix = "promoctl: create promo SUMMER25 on site 7: cannot reach the server: "
	if res.Code != 1 || res.Stdout != "" || !strings.HasPrefix(res.Stderr, prefix) || strings.Contains(res.Stderr, "may have been created") ||
		strings.Count(res.Stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, no output and one line %q… that does not say it may have been created",
			res.Code, res.Stdout, res.Stderr, prefix)
	}
}
