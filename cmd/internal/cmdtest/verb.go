package cmdtest

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/warnings"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/output"
)

// The tests of a verb's run function build its options directly: a
// session whose real client talks to a fake API, buffers for the streams
// and a fixed clock, without the command tree, the config file or the
// environment. The whole-CLI tests (runner) check the wiring; these check
// what each verb does.

// verbClock is the fixed time of the run tests.
var verbClock = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

// Answer is a canned answer of the fake API.
type Answer struct {
	Route  string // "METHOD /path"
	Status int
	Body   string
}

// VerbEnv is the world a verb's run test runs in.
type VerbEnv struct {
	API            *apitest.Server
	Sess           *cmdutil.Session
	Stdout, Stderr *bytes.Buffer
}

// NewVerbEnv starts a fake API that gives answers, and a session logged in
// to it as user 42 in Europe/Moscow: piped streams, or terminals with tty,
// and output in format.
func NewVerbEnv(t *testing.T, tty bool, format format.Format, answers ...Answer) *VerbEnv {
	t.Helper()
	srv := apitest.New(t)
	for _, a := range answers {
		srv.Handle(a.Route, a.Status, a.Body)
	}
	ios, _, out, errOut := iostreams.Test()
	ios.SetTTY(tty, tty, tty)
	s := &config.Settings{
		BaseURL: srv.URL, Token: TestToken, UserID: 42, Output: format, Timeout: 10 * time.Second,
		Profile: config.DefaultProfile, Sources: map[string]config.Source{},
	}
	// As the factory builds them: a new client's options, from which
	// the session's client and a bulk job's own are built.
	clientOptions := func() (api.Options, error) {
		return api.Options{
			BaseURL: s.BaseURL, Token: s.Token, UserID: s.UserID, UserAgent: "promoctl/1.2.3", Timeout: s.Timeout,
			Retry: api.RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond},
		}, nil
	}
	var client *api.Client
	sess := &cmdutil.Session{
		IO: ios, Settings: s, Loc: MustLoc(t, "Europe/Moscow"),
		Out:           output.Options{Format: format, Terminal: tty, Context: context.Background()},
		Now:           func() time.Time { return verbClock },
		Warnings:      &warnings.Writer{Out: errOut},
		ClientOptions: clientOptions,
		Client: func() (*api.Client, error) {
			if client != nil {
				return client, nil
			}
			o, _ := clientOptions()
			var err error
			client, err = api.New(o)
			return client, err
		},
	}
	return &VerbEnv{API: srv, Sess: sess, Stdout: out, Stderr: errOut}
}

// Expect checks a run's error (by its message, "" for none), what it
// wrote, and the "METHOD /path?query" of the requests it sent, which it
// returns.
func (e *VerbEnv) Expect(t *testing.T, err error, wantErr, stdout, stderr string, routes ...string) []apitest.Request {
	t.Helper()
	switch {
	case err == nil && wantErr != "":
		t.Errorf("run returned no error, want %q", wantErr)
	case err != nil && err.Error() != wantErr:
		t.Errorf("run returned %q, want %q", err, wantErr)
	}
	if got := e.Stdout.String(); got != stdout {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, stdout)
	}
	if got := e.Stderr.String(); got != stderr {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, stderr)
	}
	got := e.API.Routes()
	if !slices.Equal(got, routes) {
		t.Errorf("requests sent = %q, want %q", got, routes)
	}
	return e.API.Requests()
}

// ReplaceBase puts the fake API's URL for BASE in want.
func ReplaceBase(want, url string) string { return strings.ReplaceAll(want, "BASE", url) }

// configEnv is the world a config-file verb's run test runs in: a config
// file in a temporary folder, written only by the run, a keychain in
// memory, an environment and a command line of global flags. Its session
// is the one a run's factory starts (Factory.StartConfig).
type configEnv struct {
	Sess           *cmdutil.ConfigSession
	Path           string
	f              *cmdutil.Factory
	stdout, stderr *bytes.Buffer
}

// NewConfigEnv returns a session on a config file that holds content
// ("" for none) where stderr is a terminal with tty; kc is the keychain, nil
// for none. The active profile and the lock's wait are resolved from args
// (global flags such as --profile staging) and env as for a real run.
func NewConfigEnv(t *testing.T, tty bool, content string, kc *MapKeychain, env map[string]string, args ...string) *configEnv {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil { // a folder others can read is warned of
		t.Fatal(err)
	}
	path := filepath.Join(dir, "config.yaml")
	if content != "" {
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// The command of the run: the global flags as the root defines them,
	// parsed from args after --config naming the file.
	cmd := &cobra.Command{Use: "promoctl"}
	formats := output.Formats(nil)
	for _, s := range config.GlobalFlags() {
		cmd.Flags().StringP(s.Flag, s.Short, "", s.FlagUsage(formats))
	}
	if err := cmd.Flags().Parse(append([]string{"--config", path}, args...)); err != nil {
		t.Fatal(err)
	}
	cmd.SetContext(context.Background())
	ios, _, out, errOut := iostreams.Test()
	ios.SetTTY(tty, tty, tty)
	o := cmdutil.Options{IO: ios, Env: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
	if kc != nil {
		o.Keychain = kc
	}
	f := cmdutil.NewFactory(o)
	f.Flags = cmd.Flags()
	return &configEnv{Sess: f.StartConfig(cmd), Path: path, f: f, stdout: out, stderr: errOut}
}

// Redacts reports whether the run learnt token as a secret, which its
// errors and warnings never show.
func (e *configEnv) Redacts(token string) bool {
	return !strings.Contains(e.f.Warnings.Redact("<"+token+">"), token)
}

// PlainHTTP is the run's say on plain HTTP (Factory.PlainHTTP): no
// --allow-insecure-http, the environment's variable, warnings on the
// session's stderr.
func (e *configEnv) PlainHTTP() cmdutil.PlainHTTP { return e.f.PlainHTTP() }

// Expect checks a run's error (by its message, "" for none), what it
// wrote, and the config file it left ("" for none).
func (e *configEnv) Expect(t *testing.T, err error, wantErr, stdout, stderr, file string) {
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
	data, rerr := os.ReadFile(e.Path)
	if rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
		t.Fatal(rerr)
	}
	if got := string(data); got != file {
		t.Errorf("config file:\n%s\nwant:\n%s", got, file)
	}
}

// MapKeychain is a keychain in memory, by account; err, when set, fails
// every call.
type MapKeychain struct {
	Keys map[string]string
	Err  error
}

func (k *MapKeychain) Get(_ context.Context, account string) (string, error) {
	if k.Err != nil {
		return "", k.Err
	}
	v, ok := k.Keys[account]
	if !ok {
		return "", keychain.ErrNotFound
	}
	return v, nil
}

func (k *MapKeychain) Set(_ context.Context, account, secret string) error {
	if k.Err != nil {
		return k.Err
	}
	if k.Keys == nil {
		k.Keys = map[string]string{}
	}
	k.Keys[account] = secret
	return nil
}

func (k *MapKeychain) Delete(_ context.Context, account string) error {
	if k.Err != nil {
		return k.Err
	}
	if _, ok := k.Keys[account]; !ok {
		return keychain.ErrNotFound
	}
	delete(k.Keys, account)
	return nil
}
