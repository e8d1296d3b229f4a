package cmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/iostreams"
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
	prompter Prompter
	loc      *time.Location
}

// newRunner returns a runner logged in to a fresh fake API as user 42.
func newRunner(t *testing.T) *runner {
	t.Helper()
	home := t.TempDir()
	r := &runner{t: t, api: apitest.New(t), loc: mustLoc(t, "Europe/Moscow")}
	r.env = map[string]string{
		"HOME":              home,
		"XDG_CONFIG_HOME":   filepath.Join(home, ".config"),
		"XDG_STATE_HOME":    filepath.Join(home, ".local", "state"),
		"PROMOCTL_BASE_URL": r.api.URL,
		"PROMOCTL_TOKEN":    testToken,
		"PROMOCTL_USER_ID":  "42",
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
	env := func(k string) (string, bool) { v, ok := r.env[k]; return v, ok }
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	code := Execute(ctx, args, Options{
		Build: Build{Version: "1.2.3"}, IO: ios, Env: env, Location: r.loc, Prompter: r.prompter,
		Retry: api.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond},
	})
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
