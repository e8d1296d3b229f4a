// Package cmdtest is the test harness of promoctl's commands: a runner of
// a command tree in-process against a fake API, the environments of the
// run-function tests, and fixtures that more than one noun's tests read.
package cmdtest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/rootcmd"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/golden"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
)

// TestToken is the token every command test uses; TestTokenNeverPrinted
// style checks look for it in all output.
const TestToken = "tok-SECRET-123456"

// RunResult is what one promoctl run produced.
type RunResult struct {
	Code           int
	Stdout, Stderr string
}

// Runner runs promoctl in-process against a fake API with its own HOME and
// XDG folders and environment.
type Runner struct {
	T     *testing.T
	API   *apitest.Server
	Env   map[string]string
	Stdin string
	// StdinFrom, when set, is stdin instead of Stdin (a pipe that never
	// ends, for cancellation tests).
	StdinFrom io.Reader
	TTY       bool
	Prompter  cmdutil.Prompter
	// keychain, when set, is the keychain of the run; nil means none, so
	// that no test touches the real one.
	keychain cmdutil.Keychain
	Loc      *time.Location
	// ctx, when set, is the context the run gets (cancellation tests);
	// otherwise each run gets one that expires after 20 seconds.
	Ctx context.Context
	// transport, when set, carries the requests instead of the network.
	Transport http.RoundTripper
	// Width is the width of the terminal when tty (0: unknown).
	Width int
	// Progress tunes the spinner (its delay, so that a test need not wait
	// for the default one).
	Progress progress.Options
	// wait, when set, is how the client pauses between attempts
	// (api.RetryPolicy.Wait); nil means a timer.
	Wait func(ctx context.Context, d time.Duration) error
	// Retry, when set, is the run's retry policy (cmdutil.Options.Retry);
	// nil means 3 attempts of a request with millisecond back-off, the
	// rest the default's. Wait, when set, is put in it.
	Retry *api.RetryPolicy
	// completionTimeout, when set, bounds a shell completion instead of
	// the 2s of completionTimeout.
	CompletionTimeout time.Duration
	// Printers, when set, is the run's table of output formats (a test's
	// format added to output.Printers()).
	Printers []output.Printer
	// OnStderr, when set, is told each write of the run on stderr as it is
	// made: a test acts once a line is out (Ctrl-C once sandbox serve's
	// banner says it listens) rather than polling for it.
	OnStderr func(p []byte)
	// nouns puts the commands under test in the root command.
	nouns func(root *cobra.Command, f *cmdutil.Factory)
}

// NewRunnerOf returns a runner of the commands that nouns puts in the
// root, logged in to a fresh fake API as user 42.
func NewRunnerOf(t *testing.T, nouns func(root *cobra.Command, f *cmdutil.Factory)) *Runner {
	t.Helper()
	home := t.TempDir()
	r := &Runner{T: t, API: apitest.New(t), Loc: MustLoc(t, "Europe/Moscow"), nouns: nouns}
	r.Env = map[string]string{
		"HOME":              home,
		"XDG_CONFIG_HOME":   filepath.Join(home, ".config"),
		"XDG_STATE_HOME":    filepath.Join(home, ".local", "state"),
		"PROMOCTL_BASE_URL": r.API.URL,
		"PROMOCTL_TOKEN":    TestToken,
		"PROMOCTL_USER_ID":  "42",
		// Tables on a terminal (tty) are compared as plain text; colour
		// tests delete this.
		"NO_COLOR": "",
	}
	return r
}

func MustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("load location %s: %v", name, err)
	}
	return loc
}

// Run runs promoctl with args.
func (r *Runner) Run(args ...string) RunResult {
	r.T.Helper()
	ios, in, out, errOut := iostreams.Test()
	in.WriteString(r.Stdin)
	if r.StdinFrom != nil {
		ios.In = r.StdinFrom
	}
	ios.SetTTY(r.TTY, r.TTY, r.TTY)
	if r.OnStderr != nil {
		ios.ErrOut = io.MultiWriter(errOut, writerFunc(r.OnStderr))
	}
	ios.SetWidth(r.Width)
	env := func(k string) (string, bool) { v, ok := r.Env[k]; return v, ok }
	ctx := r.Ctx
	if ctx == nil {
		c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		ctx = c
	}
	retry := api.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond}
	if r.Retry != nil {
		retry = *r.Retry
	}
	if r.Wait != nil {
		retry.Wait = r.Wait
	}
	code := rootcmd.Execute(ctx, args, cmdutil.Options{
		Build: cmdutil.Build{Version: "1.2.3"}, IO: ios, Env: env, Location: r.Loc, Prompter: r.Prompter, Keychain: r.keychain,
		Transport: r.Transport, Progress: r.Progress, Now: func() time.Time { return verbClock },
		Retry:             retry,
		CompletionTimeout: r.CompletionTimeout, Printers: r.Printers,
	}, r.nouns)
	res := RunResult{Code: code, Stdout: out.String(), Stderr: errOut.String()}
	for _, s := range []string{res.Stdout, res.Stderr} {
		if strings.Contains(s, TestToken) {
			r.T.Errorf("promoctl %s printed the token:\n%s", strings.Join(args, " "), s)
		}
	}
	return res
}

// writerFunc is a function that is told each write, as an io.Writer.
type writerFunc func(p []byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }

// Expect checks the exit code and that stdout and stderr are as given.
func (res RunResult) Expect(t *testing.T, code int, stdout, stderr string) {
	t.Helper()
	if res.Code != code {
		t.Errorf("exit code = %d, want %d\nstdout: %s\nstderr: %s", res.Code, code, res.Stdout, res.Stderr)
	}
	if res.Stdout != stdout {
		t.Errorf("stdout:\n%s\nwant:\n%s", res.Stdout, stdout)
	}
	if res.Stderr != stderr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.Stderr, stderr)
	}
}

// ExpectGolden checks the exit code, that stderr is as given, and that
// stdout is the test's golden file (golden.Equal; -update rewrites it).
func (res RunResult) ExpectGolden(t *testing.T, code int, stderr string) {
	t.Helper()
	if res.Code != code {
		t.Errorf("exit code = %d, want %d\nstdout: %s\nstderr: %s", res.Code, code, res.Stdout, res.Stderr)
	}
	if res.Stderr != stderr {
		t.Errorf("stderr:\n%s\nwant:\n%s", res.Stderr, stderr)
	}
	golden.Equal(t, res.Stdout)
}

// Succeeded checks that the run exited 0 with nothing on stderr, and
// returns its stdout for the test to check in parts: a helper that runs
// one table at several widths, say, whose caller compares them.
func (res RunResult) Succeeded(t *testing.T) string {
	t.Helper()
	if res.Code != 0 || res.Stderr != "" {
		t.Errorf("exit code = %d, want 0\nstdout: %s\nstderr: %s\nwant no stderr", res.Code, res.Stdout, res.Stderr)
	}
	return res.Stdout
}

// WriteFile writes a file in the test's temp folder and returns its path.
func WriteFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// ExpectNoRequests fails t when the fake API received any request.
func (r *Runner) ExpectNoRequests(t *testing.T) {
	t.Helper()
	if got := r.API.Routes(); len(got) != 0 {
		t.Errorf("requests sent = %q, want none", got)
	}
}

// ExpectRoutes checks the "METHOD /path?query" of every request the fake API
// received, in order, and returns the requests.
func (r *Runner) ExpectRoutes(t *testing.T, want ...string) []apitest.Request {
	t.Helper()
	got := r.API.Routes()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("requests sent = %q, want %q", got, want)
	}
	return r.API.Requests()
}

// WriteConfig writes the config file where the runner's promoctl looks for
// it: $XDG_CONFIG_HOME/promoctl/config.yaml.
func (r *Runner) WriteConfig(content string) string {
	r.T.Helper()
	dir := filepath.Join(r.Env["XDG_CONFIG_HOME"], "promoctl")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		r.T.Fatal(err)
	}
	p := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		r.T.Fatal(err)
	}
	return p
}

// ExpectHeaders checks the headers the contract requires on every request;
// withBody says whether the request carries a JSON body.
func ExpectHeaders(t *testing.T, req apitest.Request, withBody bool) {
	t.Helper()
	want := map[string]string{
		"Authorization": "Bearer " + TestToken, "X-Api-User-Id": "42",
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

// ExpectJSONBody decodes the request's body and want the same way and
// compares them, so that types count: 3 is not "3", true is not 1, and a
// missing field is not null.
func ExpectJSONBody(t *testing.T, req apitest.Request, want string) {
	t.Helper()
	var got, w any
	if err := json.Unmarshal([]byte(req.Body), &got); err != nil {
		t.Fatalf("%s: body is not JSON: %v\n%s", req, err, req.Body)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON: %v", err)
	}
	if !reflect.DeepEqual(got, w) {
		t.Errorf("%s: body\n got %s\nwant %s", req, Canonical(got), Canonical(w))
	}
}

// ExpectJSON compares JSON text with want as decoded values.
func ExpectJSON(t *testing.T, what, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("%s is not JSON: %v\n%s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s\n got %s\nwant %s", what, Canonical(g), Canonical(w))
	}
}

// Canonical is v as compact JSON with sorted keys, for failure messages.
func Canonical(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
