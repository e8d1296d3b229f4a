// Package cmd wires promoctl's commands: flags become an options struct,
// and a run function does the work with dependencies built only when a
// command needs them, so `promoctl --version` reads no config and builds no
// HTTP client.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
)

// Build describes the binary; main fills it in at link time.
type Build struct {
	Version string
	Commit  string
	Date    string
}

// Options are everything Execute needs from the outside world. main passes
// the process's; tests pass buffers, a fake environment and a transport.
type Options struct {
	Build Build
	IO    *iostreams.IOStreams
	Env   config.Env
	// Transport, when set, carries every API request (tests, in-process
	// sandbox); nil means the network.
	Transport http.RoundTripper
	// Retry overrides the retry policy (tests use short delays).
	Retry api.RetryPolicy
	// Location is the local time zone for dates; nil means time.Local.
	Location *time.Location
	// Prompter overrides the interactive prompts (tests).
	Prompter Prompter
	// Keychain keeps API keys outside the config file; nil means there is
	// none (tests), and the config file keeps them.
	Keychain Keychain
	// Progress tunes the spinner of slow requests; the zero value means
	// its defaults (tests shorten the delay).
	Progress progress.Options
	// Now is the clock of the run (a promo code's status depends on it);
	// nil means time.Now.
	Now func() time.Time
	// CompletionTimeout bounds one shell completion; 0 means
	// completionTimeout (tests shorten it).
	CompletionTimeout time.Duration
}

// Keychain is the operating system's keychain, where auth login keeps the
// API key of a profile. Accounts are named by keychain.Account.
type Keychain interface {
	Get(ctx context.Context, account string) (string, error)
	Set(ctx context.Context, account, secret string) error
	Delete(ctx context.Context, account string) error
}

// Main runs promoctl as a process: real streams, environment and signals.
func Main(b Build) int {
	b = b.withBuildInfo(debug.ReadBuildInfo)
	// stderr belongs to promoctl's messages: one line of text or one JSON
	// object. net/http writes through the standard logger on its own, e.g.
	// "Unsolicited response received on idle HTTP channel" when a server
	// sends a body with a 204; promoctl does not log through it, so what
	// arrives there is dropped. (The sandbox server has its own ErrorLog.)
	log.SetOutput(io.Discard)
	if isVersionOnly(os.Args[1:]) {
		// The cheapest path: no command tree, no signal handler.
		fmt.Fprintln(os.Stdout, versionLine(b))
		return exitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first Ctrl-C cancels the command; from then on signals have their
	// default effect, so a second one ends a process that does not stop.
	go func() {
		<-ctx.Done()
		stop()
	}()
	return Execute(ctx, os.Args[1:], Options{Build: b, IO: iostreams.System(), Env: os.LookupEnv, Keychain: keychain.System{}})
}

// Execute runs promoctl with args and returns the exit code.
func Execute(ctx context.Context, args []string, o Options) int {
	f := newFactory(o)
	f.msg = i18n.New(decideLanguage(args, f.env))
	f.warnings.msg = f.msg
	root := newRootCmd(f)
	if isCompletionRequest(args) {
		registerCompletions(root, f)
	}
	translateHelp(root, f.msg)
	root.SetArgs(args)
	root.SetIn(o.IO.In)
	root.SetOut(o.IO.Out)
	root.SetErr(o.IO.ErrOut)
	cmd, err := root.ExecuteContextC(ctx)
	f.cleanup()
	if err == nil {
		return 0
	}
	if errors.As(err, new(flagParseError)) {
		// The flags after the bad one were not parsed: an --output among
		// them still says how to report the error.
		f.argsOutput = outputInArgs(args)
	}
	if cmd == nil {
		cmd = root
	}
	return f.reportError(cmd, err)
}

func newRootCmd(f *factory) *cobra.Command {
	g := &f.global
	root := &cobra.Command{
		Use:   "promoctl",
		Short: "Manage the promo codes of a Mottor (LPmotor) shop",
		Long: `promoctl manages the promo codes of a Mottor (formerly LPmotor) shop, reads
products, and lists sites and pages, over the platform's API.

Try it without an account on the built-in sandbox:
  promoctl --sandbox promo list --site-id 1`,
		Example: `  promoctl promo list --site-id 11111
  promoctl promo create --site-id 11111 --code SUMMER25 --amount 25 --percent --enabled
  promoctl promo list -o json --jq '.[] | select(.is_valid) | .code'`,
		Version:       f.build.Version,
		Args:          cobra.ArbitraryArgs,
		RunE:          groupRun,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate(versionLine(f.build) + "\n")
	// --version without cobra's -v shorthand: kubectl users read -v as
	// verbosity.
	root.Flags().Bool("version", false, "print the version of promoctl")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return flagError(cmd, err) })

	pf := root.PersistentFlags()
	f.flags = pf
	// The settings' flags come from the settings table, which also says how
	// each is resolved; each command reads them through f.resolver.
	for _, s := range config.GlobalFlags() {
		pf.StringP(s.Flag, s.Short, "", s.Usage)
	}
	pf.StringVar(&g.jq, "jq", "", "filter the JSON output with a jq expression")
	pf.BoolVar(&g.noHeaders, "no-headers", false, "omit the header row of tables and CSV")
	pf.BoolVar(&g.debug, "debug", false, "log each HTTP exchange to stderr (the token is redacted)")
	pf.BoolVar(&g.noColor, "no-color", false, "disable colours")
	pf.BoolVar(&g.sandbox, "sandbox", false, "run against the built-in sandbox (no account needed)")
	pf.StringVar(&g.sandboxData, "sandbox-data", "", "the data file of --sandbox (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
	pf.BoolVar(&g.accessible, "accessible", false, "plain line prompts for screen readers")
	pf.BoolVar(&g.allowInsecureHTTP, "allow-insecure-http", false, "allow sending the token over plain HTTP to a host that is not loopback (trusted networks only; warns each time)")

	root.AddGroup(&cobra.Group{ID: "shop", Title: "Shop commands:"}, &cobra.Group{ID: "setup", Title: "Setup commands:"})
	root.SetCompletionCommandGroupID("setup")
	for _, c := range []*cobra.Command{newPromoCmd(f), newProductCmd(f), newSiteCmd(f), newPageCmd(f), newAPICmd(f, nil)} {
		c.GroupID = "shop"
		root.AddCommand(c)
	}
	sb := newSandboxCmd(f)
	sb.GroupID = "setup"
	root.AddCommand(sb, newVersionCmd(f, nil))
	root.AddCommand(newAuthCmd(f), newConfigCmd(f))
	return root
}

// usageError is a mistake in how promoctl was called: exit 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usageErr(err error) error { return &usageError{err} }

// flagError explains a flag that could not be parsed. A negative number
// such as -1 reads as a flag; say how to give it as a value.
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	if i := strings.LastIndex(msg, " in -"); strings.HasPrefix(msg, "unknown shorthand flag") && i >= 0 {
		word := msg[i+len(" in "):]
		if _, numErr := strconv.ParseFloat(word, 64); numErr == nil {
			return usagef("%s is read as a flag: to give %s an argument that starts with \"-\", put \"--\" before it", word, commandName(cmd))
		}
	}
	return flagParseError{usageErr(err)}
}

// flagParseError is an error of cobra's flag parsing, which stops at the
// bad flag.
type flagParseError struct{ error }

func (e flagParseError) Unwrap() error { return e.error }

// outputInArgs is the last --output (-o) given on a command line, "" when
// none: -o json, -ojson, -o=json, --output json, --output=json. Words
// after "--" are arguments.
func outputInArgs(args []string) string {
	v := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return v
		case a == "-o" || a == "--output":
			if i+1 < len(args) {
				v = args[i+1]
				i++
			}
		case strings.HasPrefix(a, "--output="):
			v = strings.TrimPrefix(a, "--output=")
		case strings.HasPrefix(a, "-o") && !strings.HasPrefix(a, "--"):
			v = strings.TrimPrefix(strings.TrimPrefix(a, "-o"), "=")
		}
	}
	return v
}

func usagef(format string, args ...any) error { return &usageError{fmt.Errorf(format, args...)} }

// errNotLoggedIn is a command that needs credentials and finds none.
var errNotLoggedIn = errors.New("not logged in")

// authError explains missing credentials: exit 3.
type authError struct{ msg string }

func (e *authError) Error() string { return e.msg }
func (e *authError) Unwrap() error { return errNotLoggedIn }

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q (usage: %s)", commandName(cmd), args[0], usageLine(cmd))
	}
	return nil
}

func exactArgs(n int, names string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < n:
			return usagef("%s needs %s (usage: %s)", commandName(cmd), names, usageLine(cmd))
		case len(args) > n:
			return usagef("%s needs %s, got %d arguments (usage: %s)", commandName(cmd), names, len(args), usageLine(cmd))
		}
		return nil
	}
}

// commandName is the command's path without the program's name, as the
// messages that already start with "promoctl: " name it: "promo get".
func commandName(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

// usageLine is how the command is called, without cobra's "[flags]".
func usageLine(cmd *cobra.Command) string {
	return strings.TrimSuffix(cmd.UseLine(), " [flags]")
}

// parseID reads an id argument or flag.
func parseID(what, s string) (int64, error) {
	id, err := config.ParseID(s)
	if err != nil {
		return 0, usagef("invalid %s %q: must be a positive integer", what, s)
	}
	return id, nil
}

// Exit codes of the contract.
const (
	exitOK        = 0
	exitFailure   = 1
	exitUsage     = 2
	exitAuth      = 3
	exitNotFound  = 4
	exitCancelled = 130
)

// exitCode maps an error to the contract's exit code.
func exitCode(err error) int {
	var (
		ue *usageError
		ae *api.Error
		ve *config.ValueError
		fe *promo.FieldError
		ce *config.FileError
		pe *api.PlainHTTPError
		nf *promoNotFoundError
	)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, prompt.ErrCancelled), errors.Is(err, context.Canceled):
		return exitCancelled
	case errors.As(err, &ue), errors.As(err, &ve), errors.As(err, &fe), errors.As(err, &ce), errors.As(err, &pe):
		return exitUsage
	case errors.Is(err, errNotLoggedIn):
		return exitAuth
	case errors.As(err, &nf):
		return exitNotFound
	case errors.As(err, &ae):
		switch {
		case ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden:
			return exitAuth
		case ae.Status == http.StatusNotFound:
			return exitNotFound
		}
	case isCobraUsage(err):
		return exitUsage
	}
	return exitFailure
}

// baseURLOrigin says how the base URL was chosen, for the message of a 404
// from a server that has no such endpoint: "from profile default", "from
// PROMOCTL_BASE_URL", "the default".
func baseURLOrigin(s *config.Settings) string {
	switch src := s.Sources[config.KeyBaseURL]; src.Kind {
	case "", "default":
		return "the default"
	case "flag", "env":
		return "from " + src.Name
	default:
		return "from " + sourceText(s, src)
	}
}

// isCobraUsage recognises cobra's own usage errors, which are plain errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand", "required flag", "if any flags in the group", "invalid argument", "accepts ", "flag needs an argument"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// groupRun makes a command that only groups others fail on an unknown
// subcommand, instead of printing help and exiting 0.
// The root command uses it too, so that an unknown top-level command gets
// the same one-line message as an unknown subcommand.
func groupRun(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if cmd.SuggestionsMinimumDistance <= 0 {
			cmd.SuggestionsMinimumDistance = 2 // cobra sets it only on the root
		}
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			return usagef("unknown command %q for %q; did you mean %q?", args[0], cmd.CommandPath(), s[0])
		}
		return usagef("unknown command %q for %q", args[0], cmd.CommandPath())
	}
	return cmd.Help()
}
