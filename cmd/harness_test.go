package cmd

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/progress"
)

// testToken is the token every command test uses; TestTokenNeverPrinted
// style checks look for it in all output.
const testToken = "tok-SECRET-123456"

// runResult is what one promoctl run produced.
type runResult struct {
	code           int
	stdout, stderr string
}

// runner runs promoctl in-process against a fake API with its own HOME and
// XDG folders and environment.
type runner struct {
	t        *testing.T
	api      *apitest.Server
	env      map[string]string
	stdin    string
	tty      bool
	prompter core.Prompter
	// keychain, when set, is the keychain of the run; nil means none, so
	// that no test touches the real one.
	keychain core.Keychain
	loc      *time.Location
	// ctx, when set, is the context the run gets (cancellation tests);
	// otherwise each run gets one that expires after 20 seconds.
	ctx context.Context
	// transport, when set, carries the requests instead of the network.
	transport http.RoundTripper
	// width is the width of the terminal when tty (0: unknown).
	width int
	// progress tunes the spinner (its delay, so that a test need not wait
	// for the default one).
	progress progress.Options
	// wait, when set, is how the client pauses between attempts
	// (api.RetryPolicy.Wait); nil means a timer.
	wait func(ctx context.Context, d time.Duration) error
	// completionTimeout, when set, bounds a shell completion instead of
	// the 2s of completionTimeout.
	completionTimeout time.Duration
	// nouns puts the commands under test in the root command.
	nouns func(root *cobra.Command, f *core.Factory)
}

// newRunnerOf returns a runner of the commands that nouns puts in the
// root, logged in to a fresh fake API as user 42.
func newRunnerOf(t *testing.T, nouns func(root *cobra.Command, f *core.Factory)) *runner {
	t.Helper()
	home := t.TempDir()
	r := &runner{t: t, api: apitest.New(t), loc: mustLoc(t, "Europe/Moscow"), nouns: nouns}
	r.env = map[string]string{
		"HOME":              home,
		"XDG_CONFIG_HOME":   filepath.Join(home, ".config"),
		"XDG_STATE_HOME":    filepath.Join(home, ".local", "state"),
		"PROMOCTL_BASE_URL": r.api.URL,
		"PROMOCTL_TOKEN":    testToken,
		"PROMOCTL_USER_ID":  "42",
		// Tables on a terminal (tty) are compared as plain text; colour
		// tests delete this.
		"NO_COLOR": "",
	}
	return r
}

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("load location %s: %v", name, err)
	}
	return loc
}

// run runs promoctl with args.
func (r *runner) run(args ...string) runResult {
	r.t.Helper()
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(r.stdin)
	ios.SetTTY(r.tty, r.tty, r.tty)
	ios.SetWidth(r.width)
	env := func(k string) (string, bool) { v, ok := r.env[k]; return v, ok }
	ctx := r.ctx
	if ctx == nil {
		c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ctx = c
	}
	code := core.Execute(ctx, args, core.Options{
		Build: core.Build{Version: "1.2.3"}, IO: ios, Env: env, Location: r.loc, Prompter: r.prompter, Keychain: r.keychain,
		Transport: r.transport, Progress: r.progress, Now: func() time.Time { return verbClock },
		Retry:             api.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond, Wait: r.wait},
		CompletionTimeout: r.completionTimeout,
	}, r.nouns)
	res := runResult{code: code, stdout: out.String(), stderr: errOut.String()}
	for _, s := range []string{res.stdout, res.stderr} {
		if strings.Contains(s, testToken) {
			r.t.Errorf("promoctl %s printed the token:\n%s", strings.Join(args, " "), s)
		}
	}
	return res
}

// expect checks the exit code and that stdout and stderr are as given.
func (res runResult) expect(t *testing.T, code int, stdout, stderr string) {
	t.Helper()
	if res.code != code {
		t.Errorf("exit code = %d, want %d\nstdout: %s\nstderr: %s", res.code, code, res.stdout, res.stderr)
	}
	if res.stdout != stdout {
		t.Errorf("stdout:\n%s\nwant:\n%s", res.stdout, stdout)
	}
	if res.stderr != stderr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.stderr, stderr)
	}
}

// writeFile writes a file in the test's temp folder and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// expectNoRequests fails t when the fake API received any request.
func (r *runner) expectNoRequests(t *testing.T) {
	t.Helper()
	if got := r.api.Routes(); len(got) != 0 {
		t.Errorf("requests sent = %q, want none", got)
	}
}

// expectRoutes checks the "METHOD /path?query" of every request the fake API
// received, in order, and returns the requests.
func (r *runner) expectRoutes(t *testing.T, want ...string) []apitest.Request {
	t.Helper()
	got := r.api.Routes()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("requests sent = %q, want %q", got, want)
	}
	return r.api.Requests()
}

// writeConfig writes the config file where the runner's promoctl looks for
// it: $XDG_CONFIG_HOME/promoctl/config.yaml.
func (r *runner) writeConfig(content string) string {
	r.t.Helper()
	dir := filepath.Join(r.env["XDG_CONFIG_HOME"], "promoctl")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		r.t.Fatal(err)
	}
	p := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		r.t.Fatal(err)
	}
	return p
}

// expectHeaders checks the headers the contract requires on every request;
// withBody says whether the request carries a JSON body.
func expectHeaders(t *testing.T, req apitest.Request, withBody bool) {
	t.Helper()
	want := map[string]string{
		"Authorization": "Bearer " + testToken, "X-Api-User-Id": "42",
		"Accept": "application/json", "User-Agent": "promoctl/1.2.3", "Content-Type": "",
	}
	if withBody {
		want["Content-Type"] = "application/json"
	}
	for k, w := range want {
		if got := req.Header.Get(k); got != w {
			t.Errorf("%s: header %s = %q, want %q", req, k, got, w)
		}
	}
}

// expectJSONBody decodes the request's body and want the same way and
// compares them, so that types count: 3 is not "3", true is not 1, and a
// missing field is not null.
func expectJSONBody(t *testing.T, req apitest.Request, want string) {
	t.Helper()
	var got, w any
	if err := json.Unmarshal([]byte(req.Body), &got); err != nil {
		t.Fatalf("%s: body is not JSON: %v\n%s", req, err, req.Body)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON: %v", err)
	}
	if !reflect.DeepEqual(got, w) {
		t.Errorf("%s: body\n got %s\nwant %s", req, canonical(got), canonical(w))
	}
}

// expectJSON compares JSON text with want as decoded values.
func expectJSON(t *testing.T, what, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%s is not JSON: %v\n%s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s\n got %s\nwant %s", what, canonical(g), canonical(w))
	}
}

// canonical is v as compact JSON with sorted keys, for failure messages.
func canonical(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
