package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// globalFlags are the root command's persistent flags that are not
// settings; the settings' flags are read through factory.resolver.
type globalFlags struct {
	jq, sandboxData                                                   string
	noHeaders, debug, noColor, sandbox, accessible, allowInsecureHTTP bool
}

// Prompter asks the user questions on a terminal.
type Prompter interface {
	Confirm(ctx context.Context, title, description string, def bool) (bool, error)
}

// factory builds a command's dependencies on first use.
type factory struct {
	opts   Options
	io     *iostreams.IOStreams
	env    config.Env
	build  Build
	global globalFlags

	flags    *pflag.FlagSet   // the root's persistent flags, the global ones of every command
	resolved *config.Resolver // the settings' one viper instance, built once per run
	settings *config.Settings
	doc      *config.Doc    // the config file, read once per run
	secrets  []string       // tokens read during the run, redacted from errors
	sandbox  *sandbox.Store // the in-process sandbox, opened on first use
	cleanups []func()       // run when the command ends
	warnings *warnings      // warnings already shown, so a file read twice warns once
}

// cleanup releases what the command opened.
func (f *factory) cleanup() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
	f.cleanups = nil
}

func newFactory(o Options) *factory {
	if o.Env == nil {
		o.Env = func(string) (string, bool) { return "", false }
	}
	if o.Build.Version == "" {
		o.Build.Version = "dev"
	}
	f := &factory{opts: o, io: o.IO, env: o.Env, build: o.Build}
	f.warnings = &warnings{redact: f.redact}
	if o.IO != nil {
		f.warnings.out = o.IO.ErrOut
	}
	return f
}

// location is the time zone dates are shown and read in.
func (f *factory) location() *time.Location {
	if f.opts.Location != nil {
		return f.opts.Location
	}
	return time.Local
}

// resolver returns the run's settings resolver, building its viper
// instance on first use, after cmd's flags are parsed: every setting of the
// run is read through it.
func (f *factory) resolver(cmd *cobra.Command) *config.Resolver {
	if f.resolved == nil {
		f.resolved = config.NewResolver(config.Lookup{
			Flags: cmd.Flags(), Env: f.env, Keychain: f.keychainToken(cmd.Context()), Sandbox: f.global.sandbox,
		})
	}
	return f.resolved
}

// Settings resolves the settings once per run.
func (f *factory) Settings(cmd *cobra.Command) (*config.Settings, error) {
	if f.settings != nil {
		return f.settings, nil
	}
	if f.global.sandbox {
		if err := f.sandboxFlagConflict(cmd); err != nil {
			return nil, err
		}
	} else if f.global.sandboxData != "" && !isSandboxCmd(cmd) {
		return nil, usagef("--sandbox-data names the data file of --sandbox: add --sandbox")
	}
	doc, err := f.configDoc(cmd)
	if err != nil {
		return nil, err
	}
	s, err := f.resolver(cmd).Settings(doc.Path, doc.File)
	if err != nil {
		return nil, err
	}
	f.settings = s
	return s, nil
}

// sandboxFlagConflict refuses --base-url and --token beside --sandbox,
// which would otherwise be ignored: the sandbox has its own. Their
// variables are ambient, not typed for this command, and are ignored
// without a word.
func (f *factory) sandboxFlagConflict(cmd *cobra.Command) error {
	if _, ok := f.resolver(cmd).FlagValue(config.KeyToken); ok {
		return usagef("--token cannot be used with --sandbox, which has its own tokens: for the other sandbox user, give --user-id 2")
	}
	if _, ok := f.resolver(cmd).FlagValue(config.KeyBaseURL); ok {
		return usagef("--base-url cannot be used with --sandbox, which runs in-process: to use a running 'promoctl sandbox serve', drop --sandbox and give --base-url, --token and --user-id")
	}
	return nil
}

// isSandboxCmd reports whether cmd is a sandbox command (serve, redeem,
// reset), which uses the sandbox's data file without --sandbox.
func isSandboxCmd(cmd *cobra.Command) bool {
	return strings.HasPrefix(cmd.CommandPath(), cmd.Root().Name()+" sandbox ")
}

// configDoc reads the config file once per run and warns, on stderr, of
// what is wrong with it but does not stop the command.
func (f *factory) configDoc(cmd *cobra.Command) (*config.Doc, error) {
	if f.doc != nil {
		return f.doc, nil
	}
	path, _, err := f.resolver(cmd).Path()
	if err != nil {
		return nil, err
	}
	doc, err := config.LoadDoc(path)
	if err != nil {
		return nil, err
	}
	f.warn(doc.Warnings...)
	f.doc = doc
	return doc, nil
}

// keychain is the keychain API keys are kept in, or nil when there is none
// or PROMOCTL_NO_KEYRING forbids it.
func (f *factory) keychain() Keychain {
	if f.opts.Keychain == nil {
		return nil
	}
	if v := f.env.Getenv("PROMOCTL_NO_KEYRING"); v != "" && v != "0" && v != "false" {
		return nil
	}
	return f.opts.Keychain
}

// keychainToken reads a profile's API key from the keychain for
// config.Lookup; a keychain that has none, or fails, is no key. It is asked
// only once the config file is read (its path names the account).
func (f *factory) keychainToken(ctx context.Context) func(profile string) string {
	kc := f.keychain()
	if kc == nil || f.global.sandbox {
		return nil
	}
	return func(profile string) string {
		if f.doc == nil {
			return ""
		}
		t, err := kc.Get(ctx, keychain.Account(profile, f.doc.Path))
		if err != nil {
			return ""
		}
		f.secrets = append(f.secrets, t)
		return t
	}
}

// keychainTokens reads the API keys the keychain keeps for the profiles of
// the config file, one call per profile, within ctx. A keychain that fails
// is not asked again: it holds no key promoctl could use, as for every
// command.
func (f *factory) keychainTokens(ctx context.Context, doc *config.Doc) map[string]string {
	kc := f.keychain()
	if kc == nil {
		return nil
	}
	keys := map[string]string{}
	for _, name := range doc.File.ProfileNames() {
		t, err := kc.Get(ctx, keychain.Account(name, doc.Path))
		if errors.Is(err, keychain.ErrNotFound) {
			continue
		}
		if err != nil {
			break
		}
		if t = strings.TrimSpace(t); t != "" {
			f.secrets = append(f.secrets, t)
			keys[name] = t
		}
	}
	return keys
}

// storeToken keeps the API key of a profile, within an edit of the config
// file: in the keychain when there is one (and then not in the file), else
// in the file, saying why on stderr. It reports whether the keychain took
// it.
func (f *factory) storeToken(ctx context.Context, doc *config.Doc, profile, token string) (bool, error) {
	if kc := f.keychain(); kc != nil {
		account := keychain.Account(profile, doc.Path)
		err := kc.Set(ctx, account, token)
		if err == nil {
			_, err := doc.Unset(profile, config.KeyToken)
			return true, err
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		f.warn(fmt.Sprintf("no system keychain to keep the API key in (%v): it is saved in the config file %s, which only you can read", err, doc.Path))
		// An older key in the keychain would win over the file's. A
		// keychain that cannot take a key seldom has one; if it does and
		// will not let go, auth status shows it.
		_ = kc.Delete(ctx, account)
	}
	return false, doc.Set(profile, config.KeyToken, token)
}

// editConfig changes the config file under its lock: it reads the file
// afresh, lets edit change it and writes it back, so that concurrent runs
// keep each other's changes. The wait for the lock ends with ctx.
func (f *factory) editConfig(ctx context.Context, cmd *cobra.Command, edit func(doc *config.Doc) (save bool, err error)) (*config.Doc, error) {
	path, _, err := f.resolver(cmd).Path()
	if err != nil {
		return nil, err
	}
	doc, warnings, err := config.Edit(ctx, path, edit)
	f.warn(warnings...)
	if err != nil {
		return nil, err
	}
	f.doc = doc
	return doc, nil
}

// lockContext bounds the wait for the config file's lock by --timeout (or
// PROMOCTL_TIMEOUT, else the default), for commands that resolve no
// settings.
func (f *factory) lockContext(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	d := config.DefaultTimeout
	if v, src := f.resolver(cmd).Given(config.KeyTimeout); src.Kind != "" {
		if t, err := config.ParseTimeout(v); err == nil {
			d = t
		}
	}
	return context.WithTimeout(cmd.Context(), d)
}

// warn writes warnings to stderr, terminal or not, each once per run.
func (f *factory) warn(msgs ...string) { f.warnings.warn(msgs...) }

// newClient builds the API client of settings s; spinner, when not nil,
// runs while a request is slow.
func (f *factory) newClient(ctx context.Context, s *config.Settings, spinner *progress.Spinner) (*api.Client, error) {
	transport := f.opts.Transport
	if f.global.sandbox {
		t, err := f.sandboxSettings(ctx, s)
		if err != nil {
			return nil, err
		}
		transport = t
	}
	if spinner != nil {
		if transport == nil {
			transport = http.DefaultTransport.(*http.Transport).Clone()
		}
		transport = progress.Transport(transport, spinner)
	}
	allowPlain, err := f.allowPlainHTTP(s.BaseURL)
	if err != nil {
		return nil, err
	}
	if s.Token == "" {
		return nil, &authError{"no API token: run `promoctl auth login`, or set PROMOCTL_TOKEN (try `promoctl --sandbox …` to explore without an account)"}
	}
	if _, err := config.CheckValue(config.KeyToken, s.Token); err != nil {
		// A line break cannot go in a header: say so before any request,
		// naming where the token came from, never the token.
		return nil, &config.ValueError{Key: config.KeyToken, Source: s.Sources[config.KeyToken], Err: err}
	}
	if s.UserID == 0 {
		return nil, &authError{"no user id: run `promoctl auth login`, or set PROMOCTL_USER_ID (it is \"Your ID\" in the account menu of the site admin)"}
	}
	maxResponse, err := f.maxResponse()
	if err != nil {
		return nil, err
	}
	o := api.Options{
		BaseURL: s.BaseURL, Token: s.Token, PublicToken: isSandboxToken(s.Token), UserID: s.UserID,
		UserAgent: "promoctl/" + f.build.Version,
		Transport: transport, Retry: f.opts.Retry, Timeout: s.Timeout,
		AllowInsecureHTTP: allowPlain, MaxResponseBytes: maxResponse,
		BaseURLOrigin: baseURLOrigin(s),
	}
	if f.global.debug {
		o.Debug = f.io.ErrOut
	}
	return api.New(o)
}

// maxResponse reads PROMOCTL_MAX_RESPONSE, a cap on every response body
// (decoded) such as 64MiB, 1GiB or a number of bytes; 0 when it is unset,
// which means the client's defaults (512 MiB for lists, 8 MiB for records).
func (f *factory) maxResponse() (int64, error) {
	v := strings.TrimSpace(f.env.Getenv("PROMOCTL_MAX_RESPONSE"))
	if v == "" {
		return 0, nil
	}
	n, err := parseByteSize(v)
	if err != nil {
		return 0, usagef("invalid PROMOCTL_MAX_RESPONSE %q: want a size such as 64MiB, 1GiB or a number of bytes", termsafe.String(v))
	}
	return n, nil
}

// parseByteSize reads a positive size: a number of bytes, optionally with
// a unit B, KiB, MiB or GiB (K, M, G and KB, MB, GB mean the same).
func parseByteSize(s string) (int64, error) {
	num := strings.TrimRightFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	unit := strings.ToLower(strings.TrimSpace(s[len(num):]))
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a positive size", s)
	}
	shift := map[string]uint{"": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20, "g": 30, "gb": 30, "gib": 30}
	sh, ok := shift[unit]
	if !ok || n > (1<<62)>>sh {
		return 0, fmt.Errorf("%q is not a size such as 64MiB", s)
	}
	return n << sh, nil
}

// insecureOptIn reports whether the user allowed plain HTTP to a host that
// is not loopback, and how: --allow-insecure-http or
// PROMOCTL_ALLOW_INSECURE_HTTP. It is deliberately not a config setting, so
// that it is a choice made on each command, never forgotten in a file.
func (f *factory) insecureOptIn() (allowed bool, how string, err error) {
	if f.global.allowInsecureHTTP {
		return true, "--allow-insecure-http", nil
	}
	v, ok := f.env("PROMOCTL_ALLOW_INSECURE_HTTP")
	if !ok || strings.TrimSpace(v) == "" {
		return false, "", nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, "", usagef("invalid PROMOCTL_ALLOW_INSECURE_HTTP %q: set it to 1 to allow plain HTTP, or unset it", termsafe.String(v))
	}
	return b, "PROMOCTL_ALLOW_INSECURE_HTTP", nil
}

// allowPlainHTTP checks, before anything is sent, that a base URL would not
// carry the token in clear text: plain HTTP is refused (exit 2) except to
// loopback or when the user opted in, and then it warns, every time.
func (f *factory) allowPlainHTTP(baseURL string) (bool, error) {
	u, err := api.ParseBaseURL(baseURL)
	if err != nil || !api.IsPlainHTTP(u) {
		return false, nil // api.New reports a bad URL
	}
	allowed, how, err := f.insecureOptIn()
	if err != nil {
		return false, err
	}
	if !allowed {
		return false, usageErr(&api.PlainHTTPError{Host: u.Host})
	}
	f.warn(fmt.Sprintf("sending the API token over plain HTTP to %s (%s): anyone on the network can read it", u.Host, how))
	return true, nil
}

// outputOptions checks --output, --jq and --no-headers together.
func (f *factory) outputOptions(s *config.Settings) (output.Options, error) {
	o := output.Options{Format: s.Output, NoHeaders: f.global.noHeaders, Color: f.colorEnabled(), Terminal: f.io.IsStdoutTTY()}
	if f.global.jq == "" {
		return o, nil
	}
	if src := s.Sources[config.KeyOutput]; src.Kind == "flag" && o.Format != output.JSON {
		return o, usagef("--jq works with --output json, not %s", o.Format)
	}
	code, err := output.CompileJQ(f.global.jq)
	if err != nil {
		return o, usageErr(err)
	}
	each, err := output.CompileJQEach(f.global.jq)
	if err != nil {
		return o, usageErr(err)
	}
	o.Format, o.JQ, o.JQEach = output.JSON, code, each
	return o, nil
}

// colorEnabled tells the streams of NO_COLOR (set to any value, even
// empty) and --no-color, and lets them decide.
func (f *factory) colorEnabled() bool {
	if _, set := f.env("NO_COLOR"); set || f.global.noColor {
		f.io.DisableColor()
	}
	return f.io.ColorEnabled()
}

// showProgress reports whether a spinner may run while requests are slow:
// a person is watching on terminals, and nothing else writes to stderr
// meanwhile (--debug logs there) or reads it (-o json, --jq: scripts,
// which get errors as JSON on stderr). A screen reader would read every
// frame aloud, so accessible mode has none.
func (f *factory) showProgress(out output.Options) bool {
	return f.io.CanShowProgress() && out.Format != output.JSON && out.JQ == nil &&
		!f.global.debug && !f.accessible()
}

// prompter returns the interactive prompter.
func (f *factory) prompter() Prompter {
	if f.opts.Prompter != nil {
		return f.opts.Prompter
	}
	return &prompt.Huh{In: f.io.In, Out: f.io.ErrOut, Accessible: f.accessible()}
}

func (f *factory) accessible() bool {
	if f.global.accessible {
		return true
	}
	v := f.env.Getenv("PROMOCTL_ACCESSIBLE")
	return v != "" && v != "0" && v != "false"
}

// notef writes a success message to stderr when a person is watching.
func (f *factory) notef(format string, args ...any) {
	if f.io.IsStderrTTY() {
		fmt.Fprintf(f.io.ErrOut, format+"\n", args...)
	}
}

// reportError writes err to stderr, one line of text or, with -o json, one
// JSON object, and returns the exit code.
func (f *factory) reportError(cmd *cobra.Command, err error) int {
	code := exitCode(err)
	msg := f.redact(oneLine(err.Error()))
	if code == exitCancelled {
		msg = "cancelled"
	}
	if f.errorsAsJSON(cmd) {
		e := struct {
			Message  string `json:"message"`
			Status   int    `json:"status,omitempty"`
			Kind     *int   `json:"kind,omitempty"`
			Title    string `json:"title,omitempty"`
			ExitCode int    `json:"exit_code"`
		}{Message: msg, ExitCode: code}
		var ae *api.Error
		if errors.As(err, &ae) {
			e.Status, e.Kind, e.Title = ae.Status, ae.Kind, f.redact(ae.Title)
		}
		b, _ := json.Marshal(map[string]any{"error": e})
		fmt.Fprintf(f.io.ErrOut, "%s\n", b)
		return code
	}
	fmt.Fprintf(f.io.ErrOut, "promoctl: %s\n", msg)
	return code
}

// errorsAsJSON reports whether the user asked for JSON output: -o json
// (flag, environment or config), or --jq, which implies it, with stdout
// not a terminal (a script reads it; a person at a terminal reads text).
func (f *factory) errorsAsJSON(cmd *cobra.Command) bool {
	var v string
	var src config.Source
	switch {
	case f.settings != nil:
		v, src = string(f.settings.Output), f.settings.Sources[config.KeyOutput]
	case cmd != nil:
		// Settings that failed, or were never needed: what the command
		// line and the environment say.
		v, src = f.resolver(cmd).Given(config.KeyOutput)
	}
	if src.Kind == "flag" && v != "" {
		return isJSONFormat(v)
	}
	if f.global.jq != "" && !f.io.IsStdoutTTY() {
		return true
	}
	return isJSONFormat(v)
}

// isJSONFormat reports whether an --output value is json or jsonl, whose
// readers get errors as JSON too.
func isJSONFormat(v string) bool {
	return strings.EqualFold(v, "json") || strings.EqualFold(v, "jsonl")
}

// redact removes every token promoctl knows of from s: a last line of
// defence, since no error is built with one. A short token goes only where
// it stands as a whole value (api.Redact). The sandbox's tokens are public
// and are words such as "sandbox", which a message may well contain.
func (f *factory) redact(s string) string {
	tokens := append(config.Lookup{Flags: f.flags, Env: f.env}.Secrets(config.KeyToken), f.secrets...)
	if f.settings != nil {
		tokens = append(tokens, f.settings.Token)
	}
	for _, t := range tokens {
		if len(t) >= 4 && !isSandboxToken(t) {
			s = api.Redact(s, t)
		}
	}
	return s
}

// oneLine folds a multi-line message (cobra's suggestions) into one line
// and makes it terminal-safe.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
	return termsafe.String(s)
}
