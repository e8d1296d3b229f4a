// Package cmdutil is the base the nouns build on: the factory of a run and
// the session a verb runs in (or the config session of a verb that edits
// the config file), errors and exit codes, usage errors and the shared
// flags and arguments, API keys and plain HTTP, and the run the completer
// is given. It imports no noun; what one noun alone uses lives in that
// noun (internal/archtest, TestBaseServesMoreThanOneNoun). A mechanism of
// its own is a package of the base's: shell completion (complete), the
// error line in the run's language (errtext), warnings (warnings), the
// files -f names and stdin (input), the site's currency (sitecurrency),
// help in the run's language (helplang). The run of the command tree (the
// root command, the language's choice, the report of the run's error) is
// the root's: cmd/internal/rootcmd.
package cmdutil

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/warnings"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// globalFlags are the root command's persistent flags that are not
// settings, as given: nothing changes them once they are parsed (a run is
// switched to the in-process sandbox by Factory.InProcessSandbox). The
// settings' flags are read through Factory.Resolver.
type globalFlags struct {
	JQ, SandboxData                                                   string
	NoHeaders, Debug, NoColor, Sandbox, Accessible, AllowInsecureHTTP bool
}

// Prompter asks the user questions on a terminal.
type Prompter interface {
	Confirm(ctx context.Context, title, description string, def bool) (bool, error)
}

// Factory is one run's state and the constructors of what its commands
// are given, each built on first use, once the flags are parsed: the
// settings (Resolver, Settings, ConfigDoc: the config file read once per
// run, by the language's choice when it reads it), the keychain and where
// API keys are kept (keychain, APIKeys), API clients (newClient,
// clientOptions, ClientOptions, PlainHTTP), the in-process sandbox
// (InProcessSandbox), output options (outputOptions), the prompter (huh,
// PromptAs), the completer's functions (Completions, CompleteFlag) and
// what the root's report of the run's error asks (ErrorsAsJSON, redact).
// Start, StartWith and StartConfig (session.go) are the ways a verb gets
// them; building the command tree uses none of them, so --help reads no
// config and builds no client.
type Factory struct {
	opts   Options
	IO     *iostreams.IOStreams
	Env    config.Env
	Build  Build
	Global globalFlags

	Flags    *pflag.FlagSet     // the root's persistent flags, the global ones of every command
	resolved *config.Resolver   // the settings' one viper instance, built once per run
	settings *config.Settings   // the run's settings, resolved once
	doc      *config.Doc        // the config file, read once per run
	early    *config.Doc        // the config file as the language's choice read it, before the flags were parsed
	secrets  secretList         // tokens read during the run, redacted from errors
	local    *inprocess.Sandbox // the in-process sandbox, once the run is switched to it
	cleanups []func()           // run when the command ends
	Warnings *warnings.Writer   // warnings already shown, so a file read twice warns once
	Msg      *i18n.Printer      // the run's language (Begin); nil is English
	// Completing is set for a completion request: only then do verbs
	// register their flags' completions (CompleteFlag).
	Completing bool
	completer  *complete.Completer // the run's completions, built on first use
}

func NewFactory(o Options) *Factory {
	if o.Env == nil {
		o.Env = func(string) (string, bool) { return "", false }
	}
	if o.Build.Version == "" {
		o.Build.Version = "dev"
	}
	f := &Factory{opts: o, IO: o.IO, Env: o.Env, Build: o.Build}
	f.Warnings = &warnings.Writer{Redact: f.redact}
	if o.IO != nil {
		f.Warnings.Out = o.IO.ErrOut
	}
	return f
}

// Printers is the run's table of output formats (Options.Printers).
func (f *Factory) Printers() []output.Printer {
	if f.opts.Printers == nil {
		return output.Printers()
	}
	return f.opts.Printers
}

// Formats are the run's output formats, as its table of printers names
// them.
func (f *Factory) Formats() format.Set { return output.Formats(f.Printers()) }

// Location is the time zone dates are shown and read in.
func (f *Factory) Location() *time.Location {
	if f.opts.Location != nil {
		return f.opts.Location
	}
	return time.Local
}

// Resolver returns the run's settings resolver, building its viper
// instance on first use, after cmd's flags are parsed: every setting of the
// run is read through it.
//
// The keychain is asked for a profile's API key only once the config file
// is read (its path names the account); a keychain that has none, or
// fails, is no key.
func (f *Factory) Resolver(cmd *cobra.Command) *config.Resolver {
	if f.resolved != nil {
		return f.resolved
	}
	sandboxed := f.Global.Sandbox || f.local != nil
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
	f.resolved = config.NewResolver(config.Lookup{Flags: cmd.Flags(), Env: f.Env, Keychain: fromKeychain, Sandbox: sandboxed, Formats: f.Formats()})
	return f.resolved
}

// Settings resolves the settings once per run: for the in-process sandbox
// once the run is switched to it (--sandbox, InProcessSandbox).
func (f *Factory) Settings(cmd *cobra.Command) (*config.Settings, error) {
	if f.settings != nil {
		return f.settings, nil
	}
	doc := func() (*config.Doc, error) { return f.ConfigDoc(cmd) }
	s, err := resolveSettings(cmd, f.Resolver(cmd), f.Global.Sandbox || f.local != nil, f.Global.SandboxData, doc)
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
		return nil, i18n.NewError(ExitUsage, "base.sandbox.data")
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
		return i18n.NewError(ExitUsage, "base.sandbox.token")
	}
	if _, ok := r.FlagValue(config.KeyBaseURL); ok {
		return i18n.NewError(ExitUsage, "base.sandbox.base_url")
	}
	return nil
}

// isSandboxCmd reports whether cmd is a sandbox command (serve, redeem,
// reset), which uses the sandbox's data file without --sandbox.
func isSandboxCmd(cmd *cobra.Command) bool {
	return strings.HasPrefix(cmd.CommandPath(), cmd.Root().Name()+" sandbox ")
}

// ConfigDoc reads the config file once per run and warns, on stderr, of
// what is wrong with it but does not stop the command.
func (f *Factory) ConfigDoc(cmd *cobra.Command) (*config.Doc, error) {
	if f.doc != nil {
		return f.doc, nil
	}
	path, _, err := f.Resolver(cmd).Path()
	if err != nil {
		return nil, err
	}
	doc := f.early
	if doc == nil || doc.Path != path {
		// Not read yet, or the language's choice read another file than
		// the parsed flags name.
		if doc, err = config.LoadDoc(path); err != nil {
			return nil, err
		}
	}
	for _, w := range doc.Warnings {
		f.Warnings.WarnMsg(w)
	}
	f.doc = doc
	return doc, nil
}

// keychain is the keychain API keys are kept in, or nil when there is none
// or PROMOCTL_NO_KEYRING forbids it.
func (f *Factory) keychain() Keychain {
	if f.opts.Keychain == nil {
		return nil
	}
	if v := f.Env.Getenv("PROMOCTL_NO_KEYRING"); v != "" && v != "0" && v != "false" {
		return nil
	}
	return f.opts.Keychain
}

// APIKeys is where the run keeps and finds the API keys of profiles.
func (f *Factory) APIKeys() *APIKeys {
	return &APIKeys{KC: f.keychain(), Secret: f.secrets.add, warn: f.Warnings.WarnMsg}
}

// conn is how a client reaches the API, beyond what every client of the
// run shares: over transport (nil: the run's, the network unless a test
// gives one), with spinner running while a request is slow (nil: none),
// and, for a completion, quiet: no --debug log.
type conn struct {
	transport http.RoundTripper
	spinner   *progress.Spinner
	quiet     bool
}

// newClient builds the API client of settings s, reaching the API as c
// says.
func (f *Factory) newClient(s *config.Settings, c conn) (*api.Client, error) {
	o, err := f.clientOptions(s, c)
	if err != nil {
		return nil, err
	}
	return api.New(o)
}

// clientOptions are the options of a client of settings s reaching the
// API as c says, once the settings are checked: a token and a user id,
// plain HTTP only where allowed.
func (f *Factory) clientOptions(s *config.Settings, c conn) (api.Options, error) {
	transport := f.opts.Transport
	if c.transport != nil {
		transport = c.transport
	}
	if c.spinner != nil {
		if transport == nil {
			transport = http.DefaultTransport.(*http.Transport).Clone()
		}
		transport = progress.Transport(transport, c.spinner)
	}
	allowPlain, err := f.PlainHTTP().Allow(s.BaseURL)
	if err != nil {
		return api.Options{}, err
	}
	if s.Token == "" {
		return api.Options{}, i18n.NewError(ExitAuth, "base.auth.no_token")
	}
	if _, err := config.CheckValue(config.KeyToken, s.Token, nil); err != nil {
		// A line break cannot go in a header: say so before any request,
		// naming where the token came from, never the token.
		return api.Options{}, &config.ValueError{Key: config.KeyToken, Source: s.Sources[config.KeyToken], Err: err}
	}
	if s.UserID == 0 {
		return api.Options{}, i18n.NewError(ExitAuth, "base.auth.no_user_id")
	}
	o, err := f.ClientOptions()
	if err != nil {
		return api.Options{}, err
	}
	if c.quiet {
		o.Debug = nil
	}
	o.BaseURL, o.Token, o.PublicToken, o.UserID = s.BaseURL, s.Token, inprocess.IsToken(s.Token), s.UserID
	o.Transport, o.Timeout, o.AllowInsecureHTTP, o.BaseURLOrigin = transport, s.Timeout, allowPlain, baseURLOrigin(s)
	return o, nil
}

// ClientOptions are the options every API client of the run shares,
// whatever its credentials: the user agent, the transport, the retry
// policy, the cap on responses and the --debug log.
func (f *Factory) ClientOptions() (api.Options, error) {
	maxResponse, err := maxResponse(f.Env)
	if err != nil {
		return api.Options{}, err
	}
	o := api.Options{
		UserAgent: "promoctl/" + f.Build.Version,
		Transport: f.opts.Transport, Retry: f.opts.Retry, MaxResponseBytes: maxResponse,
	}
	if f.Global.Debug {
		o.Debug = f.IO.ErrOut
	}
	return o, nil
}

// PlainHTTP is the run's say on plain HTTP.
func (f *Factory) PlainHTTP() PlainHTTP {
	return PlainHTTP{flag: f.Global.AllowInsecureHTTP, env: f.Env, warn: f.Warnings.WarnMsg}
}

// InProcessSandbox switches the run to the in-process sandbox, for
// --sandbox and for sandbox redeem without a served sandbox, and returns
// it. From then on the run's settings are resolved as --sandbox resolves
// them (any resolved for the account are dropped), and its clients talk to
// the sandbox's data file (--data, --sandbox-data, PROMOCTL_SANDBOX_DATA,
// else the default), opened on first use and closed when the command ends,
// through one handler for the run (one rate limit).
func (f *Factory) InProcessSandbox(cmd *cobra.Command) (*inprocess.Sandbox, error) {
	if f.local != nil {
		return f.local, nil
	}
	data, err := SandboxData(cmd, f.Global.SandboxData)
	if err != nil {
		return nil, err
	}
	if !f.Global.Sandbox {
		f.settings, f.resolved = nil, nil
	}
	f.local = inprocess.New(inprocess.DataPath(data, f.Env), f.Env, f.IO.ErrOut, f.Msg, 0)
	f.cleanups = append(f.cleanups, f.local.Close)
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
		return 0, i18n.NewError(ExitUsage, "base.max_response", "Value", termsafe.String(v))
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
		return 0, i18n.NewError(0, "base.size.positive", "Value", s)
	}
	shift := map[string]uint{"": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20, "g": 30, "gb": 30, "gib": 30}
	sh, ok := shift[unit]
	if !ok || n > (1<<62)>>sh {
		return 0, i18n.NewError(0, "base.size.form", "Value", s)
	}
	return n << sh, nil
}

// outputOptions checks --output, --jq and --no-headers together. The
// streams are told of NO_COLOR (set to any value, even empty) and
// --no-color, and decide on colour.
func (f *Factory) outputOptions(s *config.Settings) (output.Options, error) {
	if _, set := f.Env("NO_COLOR"); set || f.Global.NoColor {
		f.IO.DisableColor()
	}
	o := output.Options{Format: s.Output, NoHeaders: f.Global.NoHeaders, Color: f.IO.ColorEnabled(), Terminal: f.IO.IsStdoutTTY(),
		Width: f.IO.TerminalWidth(), Loc: f.Location(), Say: f.Msg, Printers: f.Printers()}
	if !o.Format.IsTable() || f.Global.JQ != "" {
		f.IO.Machine() // JSON, YAML, CSV, a workbook: UTF-8 whatever the locale
	}
	if f.Global.JQ == "" {
		if o.Format == format.XLSX && o.Terminal {
			return o, i18n.NewError(ExitUsage, "base.output.xlsx_terminal")
		}
		return o, nil
	}
	if src := s.Sources[config.KeyOutput]; src.Kind == config.FromFlag && o.Format != format.JSON {
		return o, i18n.NewError(ExitUsage, "base.output.jq_json", "Format", string(o.Format))
	}
	code, err := output.CompileJQ(f.Global.JQ)
	if err != nil {
		return o, UsageErr(err)
	}
	each, err := output.CompileJQEach(f.Global.JQ)
	if err != nil {
		return o, UsageErr(err)
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

// PromptAs is the run's prompter as the interface T a verb needs: the one
// of the options when it has T's methods (tests), else the huh prompter.
func PromptAs[T any](f *Factory) T {
	if p, ok := f.opts.Prompter.(T); ok {
		return p
	}
	return any(f.huh()).(T)
}

// huh is the prompter of a person at a terminal. Its login form checks
// the answers as config set would.
func (f *Factory) huh() *prompt.Huh {
	return &prompt.Huh{In: f.IO.In, Out: f.IO.ErrOut, Accessible: Accessible(f.Global.Accessible, f.Env), LoginRules: loginRules(), Msg: f.Msg}
}

// Accessible reports whether prompts are plain lines for screen readers:
// --accessible (flag) or PROMOCTL_ACCESSIBLE.
func Accessible(flag bool, env config.Env) bool {
	if flag {
		return true
	}
	v := env.Getenv("PROMOCTL_ACCESSIBLE")
	return v != "" && v != "0" && v != "false"
}

// ErrorsAsJSON reports whether the user asked for JSON output: -o json
// (flag, environment or config), or --jq, which implies it, with stdout
// not a terminal (a script reads it; a person at a terminal reads text).
func (f *Factory) ErrorsAsJSON(cmd *cobra.Command) bool {
	var v string
	var src config.Source
	switch {
	case f.settings != nil:
		v, src = string(f.settings.Output), f.settings.Sources[config.KeyOutput]
	case cmd != nil:
		// Settings that failed, or were never needed: what the command
		// line and the environment say.
		v, src = f.Resolver(cmd).Given(config.KeyOutput)
	}
	if src.Kind == config.FromFlag && v != "" {
		return f.isJSONFormat(v)
	}
	if f.Global.JQ != "" && !f.IO.IsStdoutTTY() {
		return true
	}
	return f.isJSONFormat(v)
}

// isJSONFormat reports whether an --output value names a format whose
// readers get errors as JSON too (json, jsonl: format.Spec.ErrorsAsJSON).
func (f *Factory) isJSONFormat(v string) bool {
	spec, ok := f.Formats().Lookup(v)
	return ok && spec.ErrorsAsJSON
}

// redact removes every token promoctl knows of from s: a last line of
// defence, since no error is built with one. A short token goes only where
// it stands as a whole value (api.Redact). The sandbox's tokens are public
// and are words such as "sandbox", which a message may well contain.
func (f *Factory) redact(s string) string {
	tokens := append(config.Lookup{Flags: f.Flags, Env: f.Env}.Secrets(config.KeyToken), f.secrets...)
	if f.settings != nil {
		tokens = append(tokens, f.settings.Token)
	}
	for _, t := range tokens {
		if len(t) >= 4 && !inprocess.IsToken(t) {
			s = api.Redact(s, t)
		}
	}
	return s
}

// secretList are tokens read during a run, which redact removes from what
// it prints.
type secretList []string

func (l *secretList) add(token string) { *l = append(*l, token) }
