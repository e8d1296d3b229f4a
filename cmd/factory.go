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
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// globalFlags are the root command's persistent flags that are not
// settings, as given: nothing changes them once they are parsed (a run is
// switched to the in-process sandbox by factory.inProcessSandbox). The
// settings' flags are read through factory.resolver.
type globalFlags struct {
	jq, sandboxData                                                   string
	noHeaders, debug, noColor, sandbox, accessible, allowInsecureHTTP bool
}

// Prompter asks the user questions on a terminal.
type Prompter interface {
	Confirm(ctx context.Context, title, description string, def bool) (bool, error)
}

// factory is one run's state and the constructors of what its commands
// are given, each built on first use, once the flags are parsed: the
// settings (resolver, Settings, configDoc: the config file read once),
// the keychain and where API keys are kept (keychain, apiKeys), API
// clients (newClient, clientOptions, plainHTTP), the in-process sandbox
// (inProcessSandbox), output options, the prompter (huh, promptAs), and
// the reporting of the run's error (reportError, errorsAsJSON, redact).
// start and startConfig (session.go) are the ways a verb gets them;
// building the command tree uses none of them, so --help reads no config
// and builds no client.
type factory struct {
	opts   Options
	io     *iostreams.IOStreams
	env    config.Env
	build  Build
	global globalFlags

	flags    *pflag.FlagSet   // the root's persistent flags, the global ones of every command
	resolved *config.Resolver // the settings' one viper instance, built once per run
	settings *config.Settings
	doc      *config.Doc   // the config file, read once per run
	secrets  secretList    // tokens read during the run, redacted from errors
	local    *localSandbox // the in-process sandbox, once the run is switched to it
	cleanups []func()      // run when the command ends
	warnings *warnings     // warnings already shown, so a file read twice warns once
	// argsOutput is the --output of the command line when its flags could
	// not all be parsed: how to report that error.
	argsOutput string
	msg        *i18n.Printer // the run's language (decideLanguage); nil is English
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
//
// The keychain is asked for a profile's API key only once the config file
// is read (its path names the account); a keychain that has none, or
// fails, is no key.
func (f *factory) resolver(cmd *cobra.Command) *config.Resolver {
	if f.resolved != nil {
		return f.resolved
	}
	sandboxed := f.global.sandbox || f.local != nil
	var fromKeychain func(profile string) string
	if kc := f.keychain(); kc != nil && !sandboxed {
		ctx := cmd.Context()
		fromKeychain = func(profile string) string {
			if f.doc == nil {
				return ""
			}
			t, err := kc.Get(ctx, keychain.Account(profile, f.doc.Path))
			if err != nil {
				return ""
			}
			f.secrets.add(t)
			return t
		}
	}
	f.resolved = config.NewResolver(config.Lookup{Flags: cmd.Flags(), Env: f.env, Keychain: fromKeychain, Sandbox: sandboxed})
	return f.resolved
}

// Settings resolves the settings once per run: for the in-process sandbox
// once the run is switched to it (--sandbox, inProcessSandbox).
func (f *factory) Settings(cmd *cobra.Command) (*config.Settings, error) {
	if f.settings != nil {
		return f.settings, nil
	}
	doc := func() (*config.Doc, error) { return f.configDoc(cmd) }
	s, err := resolveSettings(cmd, f.resolver(cmd), f.global.sandbox || f.local != nil, f.global.sandboxData, doc)
	if err != nil {
		return nil, err
	}
	f.settings = s
	return s, nil
}

// resolveSettings resolves cmd's settings through r, reading the config
// file with doc. For the in-process sandbox (sandboxed, r resolving for
// it) the flags it would ignore are refused; otherwise a --sandbox-data
// (sandboxData) that would be ignored is.
func resolveSettings(cmd *cobra.Command, r *config.Resolver, sandboxed bool, sandboxData string, doc func() (*config.Doc, error)) (*config.Settings, error) {
	if sandboxed {
		if err := sandboxFlagConflict(r); err != nil {
			return nil, err
		}
	} else if sandboxData != "" && !isSandboxCmd(cmd) {
		return nil, usagef("--sandbox-data names the data file of --sandbox: add --sandbox")
	}
	d, err := doc()
	if err != nil {
		return nil, err
	}
	return r.Settings(d.Path, d.File)
}

// sandboxFlagConflict refuses --base-url and --token beside --sandbox,
// which would otherwise be ignored: the sandbox has its own. Their
// variables are ambient, not typed for this command, and are ignored
// without a word.
func sandboxFlagConflict(r *config.Resolver) error {
	if _, ok := r.FlagValue(config.KeyToken); ok {
		return usagef("--token cannot be used with --sandbox, which has its own tokens: for the other sandbox user, give --user-id 2")
	}
	if _, ok := r.FlagValue(config.KeyBaseURL); ok {
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
	f.warnings.warn(doc.Warnings...)
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

// apiKeys is where the run keeps and finds the API keys of profiles.
func (f *factory) apiKeys() *apiKeys {
	return &apiKeys{kc: f.keychain(), secret: f.secrets.add, warn: f.warnings.warn}
}

// conn is how a client reaches the API, beyond what every client of the
// run shares: over transport (nil: the run's, the network unless a test
// gives one), with spinner running while a request is slow (nil: none),
// and, for a completion, quiet: no --debug log. A bulk command's client
// also has wrap, the bulk engine's throttle around the transport (it sees
// every answer, 429 and its Retry-After, and paces every request), and
// oneAttempt: each request is sent once, since the engine retries.
type conn struct {
	transport  http.RoundTripper
	spinner    *progress.Spinner
	quiet      bool
	wrap       func(http.RoundTripper) http.RoundTripper
	oneAttempt bool
}

// newClient builds the API client of settings s, reaching the API as c
// says.
func (f *factory) newClient(s *config.Settings, c conn) (*api.Client, error) {
	transport := f.opts.Transport
	if c.transport != nil {
		transport = c.transport
	}
	if c.wrap != nil {
		if transport == nil {
			// Many requests in flight: keep a connection for each.
			t := http.DefaultTransport.(*http.Transport).Clone()
			t.MaxIdleConnsPerHost = maxConcurrency
			transport = t
		}
		transport = c.wrap(transport)
	}
	if c.spinner != nil {
		if transport == nil {
			transport = http.DefaultTransport.(*http.Transport).Clone()
		}
		transport = progress.Transport(transport, c.spinner)
	}
	allowPlain, err := f.plainHTTP().allow(s.BaseURL)
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
	o, err := f.clientOptions()
	if err != nil {
		return nil, err
	}
	if c.oneAttempt {
		o.Retry = api.RetryPolicy{Attempts: 1}
	}
	if c.quiet {
		o.Debug = nil
	}
	o.BaseURL, o.Token, o.PublicToken, o.UserID = s.BaseURL, s.Token, isSandboxToken(s.Token), s.UserID
	o.Transport, o.Timeout, o.AllowInsecureHTTP, o.BaseURLOrigin = transport, s.Timeout, allowPlain, baseURLOrigin(s)
	return api.New(o)
}

// clientOptions are the options every API client of the run shares,
// whatever its credentials: the user agent, the transport, the retry
// policy, the cap on responses and the --debug log.
func (f *factory) clientOptions() (api.Options, error) {
	maxResponse, err := maxResponse(f.env)
	if err != nil {
		return api.Options{}, err
	}
	o := api.Options{
		UserAgent: "promoctl/" + f.build.Version,
		Transport: f.opts.Transport, Retry: f.opts.Retry, MaxResponseBytes: maxResponse,
	}
	if f.global.debug {
		o.Debug = f.io.ErrOut
	}
	return o, nil
}

// plainHTTP is the run's say on plain HTTP.
func (f *factory) plainHTTP() plainHTTP {
	return plainHTTP{flag: f.global.allowInsecureHTTP, env: f.env, warn: f.warnings.warn}
}

// inProcessSandbox switches the run to the in-process sandbox, for
// --sandbox and for sandbox redeem without a served sandbox, and returns
// it. From then on the run's settings are resolved as --sandbox resolves
// them (any resolved for the account are dropped), and its clients talk to
// the sandbox's data file (--data, --sandbox-data, PROMOCTL_SANDBOX_DATA,
// else the default), opened on first use and closed when the command ends,
// through one handler for the run (one rate limit).
func (f *factory) inProcessSandbox(cmd *cobra.Command) (*localSandbox, error) {
	if f.local != nil {
		return f.local, nil
	}
	data, err := sandboxData(cmd, f.global.sandboxData)
	if err != nil {
		return nil, err
	}
	if !f.global.sandbox {
		f.settings, f.resolved = nil, nil
	}
	f.local = newLocalSandbox(sandboxDataPath(data, f.env), f.env, f.io.ErrOut)
	f.local.msg = f.msg
	f.cleanups = append(f.cleanups, f.local.close)
	return f.local, nil
}

// maxResponse reads PROMOCTL_MAX_RESPONSE, a cap on every response body
// (decoded) such as 64MiB, 1GiB or a number of bytes; 0 when it is unset,
// which means the client's defaults (512 MiB for lists, 8 MiB for records).
func maxResponse(env config.Env) (int64, error) {
	v := strings.TrimSpace(env.Getenv("PROMOCTL_MAX_RESPONSE"))
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

// outputOptions checks --output, --jq and --no-headers together. The
// streams are told of NO_COLOR (set to any value, even empty) and
// --no-color, and decide on colour.
func (f *factory) outputOptions(s *config.Settings) (output.Options, error) {
	if _, set := f.env("NO_COLOR"); set || f.global.noColor {
		f.io.DisableColor()
	}
	o := output.Options{Format: s.Output, NoHeaders: f.global.noHeaders, Color: f.io.ColorEnabled(), Terminal: f.io.IsStdoutTTY(),
		Width: f.io.TerminalWidth(), Loc: f.location(), Locale: newTableLocale(f.msg)}
	if f.global.jq == "" {
		if o.Format == format.XLSX && o.Terminal {
			return o, usagef("-o xlsx writes a workbook, not text: redirect it to a file, such as > codes.xlsx")
		}
		return o, nil
	}
	if src := s.Sources[config.KeyOutput]; src.Kind == "flag" && o.Format != format.JSON {
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
	o.Format, o.JQ, o.JQEach = format.JSON, code, each
	return o, nil
}

// showProgress reports whether a spinner may run while requests are slow:
// a person is watching on terminals, and nothing else writes to stderr
// meanwhile (--debug logs there) or reads it (-o json, --jq: scripts,
// which get errors as JSON on stderr). A screen reader would read every
// frame aloud, so accessible mode has none.
func showProgress(ios *iostreams.IOStreams, out output.Options, debug, accessible bool) bool {
	return ios.CanShowProgress() && out.Format != format.JSON && out.JQ == nil && !debug && !accessible
}

// promptAs is the run's prompter as the interface T a verb needs: the one
// of the options when it has T's methods (tests), else the huh prompter.
func promptAs[T any](f *factory) T {
	if p, ok := f.opts.Prompter.(T); ok {
		return p
	}
	return any(f.huh()).(T)
}

// huh is the prompter of a person at a terminal. Its login form checks
// the answers as config set would.
func (f *factory) huh() *prompt.Huh {
	h := &prompt.Huh{In: f.io.In, Out: f.io.ErrOut, Accessible: accessible(f.global.accessible, f.env), LoginRules: loginRules(), Msg: f.msg}
	if f.msg.Russian() {
		h.Say = f.warnings.say // the checks' refusals, written in English
	}
	return h
}

// accessible reports whether prompts are plain lines for screen readers:
// --accessible (flag) or PROMOCTL_ACCESSIBLE.
func accessible(flag bool, env config.Env) bool {
	if flag {
		return true
	}
	v := env.Getenv("PROMOCTL_ACCESSIBLE")
	return v != "" && v != "0" && v != "false"
}

// reportError writes err to stderr, one line of text or, with -o json, one
// JSON object, and returns the exit code.
func (f *factory) reportError(cmd *cobra.Command, err error) int {
	code := exitCode(err)
	msg := f.redact(oneLine(errorText(f.msg, err)))
	if code == exitCancelled {
		msg = f.msg.T("error.cancelled")
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
	case f.argsOutput != "":
		return isJSONFormat(f.argsOutput)
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

// secretList are tokens read during a run, which redact removes from what
// it prints.
type secretList []string

func (l *secretList) add(token string) { *l = append(*l, token) }

// oneLine folds a multi-line message (cobra's suggestions) into one line
// and makes it terminal-safe.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
	return termsafe.String(s)
}
