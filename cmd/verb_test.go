package cmd

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
)

// The tests of a verb's run function build its options directly: a
// session whose real client talks to a fake API, buffers for the streams
// and a fixed clock, without the command tree, the config file or the
// environment. The whole-CLI tests (runner) check the wiring; these check
// what each verb does.

// verbClock is the fixed time of the run tests.
var verbClock = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

// answer is a canned answer of the fake API.
type answer struct {
	route  string // "METHOD /path"
	status int
	body   string
}

// verbEnv is the world a verb's run test runs in.
type verbEnv struct {
	api            *apitest.Server
	sess           *session
	stdout, stderr *bytes.Buffer
}

// newVerbEnv starts a fake API that gives answers, and a session logged in
// to it as user 42 in Europe/Moscow: piped streams, or terminals with tty,
// and output in format.
func newVerbEnv(t *testing.T, tty bool, format output.Format, answers ...answer) *verbEnv {
	t.Helper()
	srv := apitest.New(t)
	for _, a := range answers {
		srv.Handle(a.route, a.status, a.body)
	}
	ios, _, out, errOut := iostreams.Test()
	ios.SetTTY(tty, tty, tty)
	s := &config.Settings{
		BaseURL: srv.URL, Token: testToken, UserID: 42, Output: format, Timeout: 10 * time.Second,
		Profile: config.DefaultProfile, Sources: map[string]config.Source{},
	}
	var client *api.Client
	sess := &session{
		IO: ios, Settings: s, Loc: mustLoc(t, "Europe/Moscow"),
		Out:      output.Options{Format: format, Terminal: tty, Context: context.Background()},
		Now:      func() time.Time { return verbClock },
		Warnings: &warnings{out: errOut},
		Client: func() (*api.Client, error) {
			if client != nil {
				return client, nil
			}
			var err error
			client, err = api.New(api.Options{
				BaseURL: s.BaseURL, Token: s.Token, UserID: s.UserID, UserAgent: "promoctl/1.2.3", Timeout: s.Timeout,
				Retry: api.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond},
			})
			return client, err
		},
	}
	return &verbEnv{api: srv, sess: sess, stdout: out, stderr: errOut}
}

// expect checks a run's error (by its message, "" for none), what it
// wrote, and the "METHOD /path?query" of the requests it sent, which it
// returns.
func (e *verbEnv) expect(t *testing.T, err error, wantErr, stdout, stderr string, routes ...string) []apitest.Request {
	t.Helper()
	switch {
	case err == nil && wantErr != "":
		t.Errorf("run returned no error, want %q", wantErr)
	case err != nil && err.Error() != wantErr:
		t.Errorf("run returned %q, want %q", err, wantErr)
	}
	if got := e.stdout.String(); got != stdout {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, stdout)
	}
	if got := e.stderr.String(); got != stderr {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, stderr)
	}
	got := e.api.Routes()
	if !slices.Equal(got, routes) {
		t.Errorf("requests sent = %q, want %q", got, routes)
	}
	return e.api.Requests()
}

// replaceBase puts the fake API's URL for BASE in want.
func replaceBase(want, url string) string { return strings.ReplaceAll(want, "BASE", url) }
