package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/prompt"
)

// Table-driven tests of the auth verbs' run functions; see verb_test.go.

func TestRunAuthStatus(t *testing.T) {
	const validJSON = `{"profile":"default","config_file":"","base_url":"BASE","user_id":42,"token":"tok…56","token_source":"not set","credentials":"valid"}` + "\n"
	refusedTable := keyValueTable(
		"Profile:", "default",
		"Config file:", "",
		"Base URL:", "BASE  (not set)",
		"User ID:", "42  (not set)",
		"API key:", "tok…56  (not set)",
		"Credentials:", "refused by the server (HTTP 401)",
	)
	for _, c := range []struct {
		name           string
		noToken        bool
		errorsAsJSON   bool
		answers        []cmdtest.Answer
		err            string
		stdout, stderr string
		routes         []string
		exit           int
	}{
		{name: "the credentials work: the report on stdout",
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stdout:  validJSON, routes: []string{"GET /v3/public/site"}},
		{name: "refused: the report goes with the error to stderr", exit: cmdutil.ExitAuth,
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusUnauthorized, Body: apitest.Error(401, 0, "Unauthorized")}},
			err:     `the server refused the credentials of profile "default": authentication failed: check the token and user id (promoctl auth status) (API error 0: Unauthorized)`,
			stderr:  refusedTable, routes: []string{"GET /v3/public/site"}},
		{name: "refused, with errors as JSON: no report", errorsAsJSON: true, exit: cmdutil.ExitAuth,
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusUnauthorized, Body: apitest.Error(401, 0, "Unauthorized")}},
			err:     `the server refused the credentials of profile "default": authentication failed: check the token and user id (promoctl auth status) (API error 0: Unauthorized)`,
			routes:  []string{"GET /v3/public/site"}},
		{name: "no key: not logged in, and no request", noToken: true, exit: cmdutil.ExitAuth,
			err: "not logged in: profile \"default\" has no API key: run `promoctl auth login`"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, false, format.JSON, c.answers...)
			if c.noToken {
				e.Sess.Settings.Token = ""
			}
			err := runAuthStatus(context.Background(), &authStatusOptions{Session: e.Sess, ErrorsAsJSON: c.errorsAsJSON})
			e.Expect(t, err, cmdtest.ReplaceBase(c.err, e.API.URL), cmdtest.ReplaceBase(c.stdout, e.API.URL), cmdtest.ReplaceBase(c.stderr, e.API.URL), c.routes...)
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
		})
	}
}

// loginAnswers is a prompter whose login form answers a.
type loginAnswers prompt.LoginAnswers

func (a loginAnswers) Login(context.Context, prompt.LoginDefaults) (prompt.LoginAnswers, error) {
	return prompt.LoginAnswers(a), nil
}

func TestRunAuthLogin(t *testing.T) {
	const account = "default"
	saved := func(extra ...string) string {
		return apitest.Lines(append([]string{"current_profile: default", "profiles:", "  default:", "    base_url: BASE"}, extra...)...)
	}
	for _, c := range []struct {
		name      string
		tty       bool
		keychain  *cmdtest.MapKeychain
		env       map[string]string
		config    string
		opts      authLoginOptions
		answers   []cmdtest.Answer
		err       string
		stderr    string
		file      string
		inKeychn  string // the key the keychain holds for the profile after the run
		noRequest bool
		exit      int
	}{
		{name: "a key the server refuses is not saved", exit: cmdutil.ExitAuth,
			config:  "profiles:\n  default:\n    token: old-token-0123456789\n    user_id: 7\n",
			opts:    authLoginOptions{WithToken: true},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusUnauthorized, Body: apitest.Error(401, 0, "Unauthorized")}},
			err:     "the server refused the credentials, so nothing was saved: authentication failed: check the token and user id (promoctl auth status) (API error 0: Unauthorized)",
			file:    "profiles:\n  default:\n    token: old-token-0123456789\n    user_id: 7\n"},
		{name: "a key that works goes to the keychain, the rest to the file", tty: true, keychain: &cmdtest.MapKeychain{},
			opts:     authLoginOptions{WithToken: true},
			answers:  []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stderr:   `Logged in to BASE as user 42: the credentials work. Saved as profile "default" (the current profile) in PATH, with the API key in the system keychain.` + "\n",
			file:     saved("    user_id: 42"),
			inKeychn: cmdtest.TestToken},
		{name: "without a keychain the key goes to the file, and a script is told",
			opts:    authLoginOptions{WithToken: true},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stderr:  cmdtest.KeyInFile(42, "PATH"),
			file:    saved("    token: "+cmdtest.TestToken, "    user_id: 42")},
		{name: "a keychain that fails: the file, and why", keychain: &cmdtest.MapKeychain{Err: errors.New("no dbus")},
			opts:    authLoginOptions{WithToken: true},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stderr:  "promoctl: warning: no system keychain to keep the API key in (no dbus): it is saved in the config file PATH, which only you can read\n",
			file:    saved("    token: "+cmdtest.TestToken, "    user_id: 42")},
		{name: "a key that could not be checked is saved, with an error", exit: cmdutil.ExitFailure,
			opts:    authLoginOptions{WithToken: true},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusInternalServerError, Body: apitest.Error(500, 0, "boom")}},
			err:     `saved profile "default" in PATH, but could not check the key: server error (API error 0: boom)`,
			file:    saved("    token: "+cmdtest.TestToken, "    user_id: 42")},
		{name: "the environment overrides what was saved", env: map[string]string{"PROMOCTL_USER_ID": "7"},
			opts:    authLoginOptions{WithToken: true},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stderr:  "promoctl: warning: PROMOCTL_USER_ID is set and overrides the saved user id until you unset it\n" + cmdtest.KeyInFile(42, "PATH"),
			file:    saved("    token: "+cmdtest.TestToken, "    user_id: 42")},
		{name: "the form on a terminal", tty: true,
			opts:    authLoginOptions{Prompter: loginAnswers{Profile: "shop", BaseURL: "BASE", UserID: 5, Token: cmdtest.TestToken}},
			answers: []cmdtest.Answer{{Route: "GET /v3/public/site", Status: http.StatusOK, Body: `[]`}},
			stderr:  `Logged in to BASE as user 5: the credentials work. Saved as profile "shop" (the current profile) in PATH.` + "\n",
			file:    apitest.Lines("current_profile: shop", "profiles:", "  shop:", "    base_url: BASE", "    token: "+cmdtest.TestToken, "    user_id: 5")},
		{name: "--with-token and --token", exit: cmdutil.ExitUsage, noRequest: true,
			opts: authLoginOptions{WithToken: true, TokenFlag: true, Token: cmdtest.TestToken},
			err:  "--with-token and --token cannot be used together: pipe the key to --with-token"},
		{name: "no key and no terminal", exit: cmdutil.ExitUsage, noRequest: true,
			err: `--with-token is required when not running interactively: printf '%s' "$KEY" | promoctl auth login --with-token --user-id N`},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := apitest.New(t)
			for _, a := range c.answers {
				srv.Handle(a.Route, a.Status, a.Body)
			}
			base := func(s string) string { return cmdtest.ReplaceBase(s, srv.URL) }
			e := cmdtest.NewConfigEnv(t, c.tty, c.config, c.keychain, c.env)
			doc, err := config.LoadDoc(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			opts := c.opts
			if p, ok := opts.Prompter.(loginAnswers); ok {
				p.BaseURL = base(p.BaseURL)
				opts.Prompter = p
			}
			opts.ConfigSession, opts.Doc = e.Sess, doc
			opts.Settings = &config.Settings{Profile: account, BaseURL: srv.URL, UserID: 42, Timeout: 10 * time.Second}
			opts.Stdin = strings.NewReader(cmdtest.TestToken + "\n")
			opts.PlainHTTP = e.PlainHTTP()
			opts.NewClient = func(cr credentials, timeout time.Duration, allowPlain bool) (*api.Client, error) {
				return api.New(api.Options{
					BaseURL: cr.baseURL, Token: cr.token, UserID: cr.userID, UserAgent: "promoctl/1.2.3", Timeout: timeout,
					AllowInsecureHTTP: allowPlain, Retry: api.RetryPolicy{Attempts: 1},
				})
			}
			err = runAuthLogin(context.Background(), &opts)
			path := func(s string) string { return strings.ReplaceAll(base(s), "PATH", e.Path) }
			e.Expect(t, err, path(c.err), "", path(c.stderr), base(c.file))
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
			if c.keychain != nil && c.keychain.Err == nil {
				if got := c.keychain.Keys[keychain.Account(account, e.Path)]; got != c.inKeychn {
					t.Errorf("keychain holds %q, want %q", got, c.inKeychn)
				}
			}
			if got := len(srv.Routes()); c.noRequest && got != 0 {
				t.Errorf("sent %d requests, want none", got)
			}
			if c.err == "" && !e.Redacts(cmdtest.TestToken) {
				t.Errorf("the run did not learn the key as a secret")
			}
		})
	}
}
