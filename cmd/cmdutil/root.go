package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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
	// Printers is the table of output formats; nil means
	// output.Printers(). Tests add a format with a row of their own.
	Printers []output.Printer
}

// Keychain is the operating system's keychain, where auth login keeps the
// API key of a profile. Accounts are named by keychain.Account.
type Keychain interface {
	Get(ctx context.Context, account string) (string, error)
	Set(ctx context.Context, account, secret string) error
	Delete(ctx context.Context, account string) error
}

// usageError is a mistake in how promoctl was called: exit 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }

func (e *usageError) Unwrap() error { return e.err }

func UsageErr(err error) error { return &usageError{err} }

// FlagError explains a flag that could not be parsed. A negative number
// such as -1 reads as a flag; say how to give it as a value.
func FlagError(cmd *cobra.Command, err error) error {
	if ne := (*pflag.NotExistError)(nil); errors.As(err, &ne) && ne.GetSpecifiedShortnames() != "" {
		word := "-" + ne.GetSpecifiedShortnames()
		if _, numErr := strconv.ParseFloat(word, 64); numErr == nil {
			return Usagef("%s is read as a flag: to give %s an argument that starts with \"-\", put \"--\" before it", word, CommandName(cmd))
		}
	}
	return FlagParseError{UsageErr(err)}
}

// FlagParseError is an error of cobra's flag parsing, which stops at the
// bad flag.
type FlagParseError struct{ error }

func (e FlagParseError) Unwrap() error { return e.error }

func Usagef(format string, args ...any) error { return &usageError{fmt.Errorf(format, args...)} }

// errNotLoggedIn is a command that needs credentials and finds none.
var errNotLoggedIn = errors.New("not logged in")

// AuthError explains missing credentials: exit 3.
type AuthError struct{ Msg string }

func (e *AuthError) Error() string { return e.Msg }

func (e *AuthError) Unwrap() error { return errNotLoggedIn }

func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return Usagef("%s takes no arguments, got %q (usage: %s)", CommandName(cmd), args[0], UsageLine(cmd))
	}
	return nil
}

func ExactArgs(n int, names string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < n:
			return Usagef("%s needs %s (usage: %s)", CommandName(cmd), names, UsageLine(cmd))
		case len(args) > n:
			return Usagef("%s needs %s, got %d arguments (usage: %s)", CommandName(cmd), names, len(args), UsageLine(cmd))
		}
		return nil
	}
}

// CommandName is the command's path without the program's name, as the
// messages that already start with "promoctl: " name it: "promo get".
func CommandName(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
}

// UsageLine is how the command is called, without cobra's "[flags]".
func UsageLine(cmd *cobra.Command) string {
	return strings.TrimSuffix(cmd.UseLine(), " [flags]")
}

// ParseID reads an id argument or flag.
func ParseID(what, s string) (int64, error) {
	id, err := config.ParseID(s)
	if err != nil {
		return 0, Usagef("invalid %s %q: must be a positive integer", what, s)
	}
	return id, nil
}

// Exit codes of the contract.
const (
	ExitOK        = 0
	ExitFailure   = 1
	ExitUsage     = 2
	ExitAuth      = 3
	ExitNotFound  = 4
	ExitCancelled = 130
)

// ExitCode maps an error to the contract's exit code.
func ExitCode(err error) int {
	var (
		ue *usageError
		ae *api.Error
		ve *config.ValueError
		fe *promo.FieldError
		ce *config.FileError
		pe *api.PlainHTTPError
		nf *PromoNotFoundError
	)
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, prompt.ErrCancelled), errors.Is(err, context.Canceled):
		return ExitCancelled
	case namedExit(err) != 0:
		return namedExit(err)
	case errors.As(err, &ue), errors.As(err, &ve), errors.As(err, &fe), errors.As(err, &ce), errors.As(err, &pe):
		return ExitUsage
	case errors.Is(err, errNotLoggedIn):
		return ExitAuth
	case errors.As(err, &nf):
		return ExitNotFound
	case errors.As(err, &ae):
		switch {
		case ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden:
			return ExitAuth
		case ae.Status == http.StatusNotFound:
			return ExitNotFound
		}
	}
	return ExitFailure
}

// namedExit is the first exit code that an error of err's tree names
// (i18n.Error's ExitCode, outermost first), or 0 when none does.
func namedExit(err error) int {
	if c, ok := err.(interface{ ExitCode() int }); ok && c.ExitCode() != 0 {
		return c.ExitCode()
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if inner := u.Unwrap(); inner != nil {
			return namedExit(inner)
		}
	case interface{ Unwrap() []error }:
		for _, inner := range u.Unwrap() {
			if code := namedExit(inner); code != 0 {
				return code
			}
		}
	}
	return 0
}

// baseURLOrigin says how the base URL was chosen, for the message of a 404
// from a server that has no such endpoint: "from profile default", "from
// PROMOCTL_BASE_URL", "the default".
func baseURLOrigin(s *config.Settings) i18n.Message {
	switch src := s.Sources[config.KeyBaseURL]; src.Kind {
	case "", config.FromDefault:
		return i18n.M("api.base_url.default")
	case config.FromProfile:
		return i18n.M("api.base_url.from_profile", "Profile", strings.TrimSuffix(strings.TrimPrefix(src.Name, "profile "), " in "+s.Path))
	default:
		return i18n.M("api.base_url.from", "Source", src.Name)
	}
}

// usageArgs makes the argument check of every command of root a usage
// error (exit 2), whatever its words: cobra's own checks (cobra.NoArgs)
// return plain errors. With the flag errors (FlagError, the root's flag
// error function), every mistake cobra finds in a command line is typed,
// in any language. promoctl uses neither cobra's required flags nor its
// flag groups, whose errors cobra returns plain
// (TestNoCobraRequiredFlagsOrGroups).
func usageArgs(root *cobra.Command) {
	WalkCommands(root, func(c *cobra.Command) {
		check := c.Args
		if check == nil {
			return
		}
		c.Args = func(cmd *cobra.Command, args []string) error {
			err := check(cmd, args)
			if ue := (*usageError)(nil); err == nil || errors.As(err, &ue) {
				return err
			}
			return UsageErr(err)
		}
	})
}

// GroupRun makes a command that only groups others fail on an unknown
// subcommand, instead of printing help and exiting 0.
// The root command uses it too, so that an unknown top-level command gets
// the same one-line message as an unknown subcommand.
func GroupRun(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		if cmd.SuggestionsMinimumDistance <= 0 {
			cmd.SuggestionsMinimumDistance = 2 // cobra sets it only on the root
		}
		if s := nearest(args[0], cmd.SuggestionsFor(args[0])); s != "" {
			return Usagef("unknown command %q for %q; did you mean %q?", args[0], cmd.CommandPath(), s)
		}
		return Usagef("unknown command %q for %q", args[0], cmd.CommandPath())
	}
	return cmd.Help()
}

// nearest is the suggestion closest to typed (the fewest letters to
// change), the first of equals; "" for none. cobra lists its suggestions
// in the order of the commands, which walking the tree sorts.
func nearest(typed string, suggestions []string) string {
	best, bestD := "", -1
	for _, s := range suggestions {
		if d := distance(strings.ToLower(typed), strings.ToLower(s)); bestD < 0 || d < bestD {
			best, bestD = s, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// Execute runs the command tree of the root and the nouns that add puts
// in it with args, and returns the exit code.
func Execute(ctx context.Context, args []string, o Options, add func(root *cobra.Command, f *Factory)) int {
	f := NewFactory(o)
	f.Completing = complete.IsRequest(args)
	f.Msg = i18n.New(DecideLanguage(args, f.Env))
	f.Warnings.Msg = f.Msg
	f.localeCharset()
	root := NewRootCmd(f)
	add(root, f)
	if f.Completing {
		complete.Register(root)
	}
	usageArgs(root)
	TranslateHelp(root, f.Msg, f.Formats())
	root.SetArgs(args)
	root.SetIn(o.IO.In)
	root.SetOut(o.IO.Out)
	root.SetErr(o.IO.ErrOut)
	cmd, err := root.ExecuteContextC(ctx)
	f.Cleanup()
	if err == nil {
		return 0
	}
	if errors.As(err, new(FlagParseError)) {
		// The flags after the bad one were not parsed: an --output among
		// them still says how to report the error.
		f.ArgsOutput = parseArgFlags(args, root.PersistentFlags()).Value("output")
	}
	if cmd == nil {
		cmd = root
	}
	return f.ReportError(cmd, err)
}

// NewRootCmd is the root command with the global flags and the groups of
// the nouns, but no noun.
func NewRootCmd(f *Factory) *cobra.Command {
	g := &f.Global
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
		Version:       f.Build.Version,
		Args:          cobra.ArbitraryArgs,
		RunE:          GroupRun,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate(VersionLine(f.Build) + "\n")
	// --version without cobra's -v shorthand: kubectl users read -v as
	// verbosity.
	root.Flags().Bool("version", false, "print the version of promoctl")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return FlagError(cmd, err) })

	pf := root.PersistentFlags()
	f.Flags = pf
	// The settings' flags come from the settings table, which also says how
	// each is resolved; each command reads them through f.resolver.
	for _, s := range config.GlobalFlags() {
		pf.StringP(s.Flag, s.Short, "", s.FlagUsage(f.Formats()))
	}
	pf.StringVar(&g.JQ, "jq", "", "filter the JSON output with a jq expression")
	pf.BoolVar(&g.NoHeaders, "no-headers", false, "omit the header row of tables and CSV")
	pf.BoolVar(&g.Debug, "debug", false, "log each HTTP exchange to stderr (the token is redacted)")
	pf.BoolVar(&g.NoColor, "no-color", false, "disable colours")
	pf.BoolVar(&g.Sandbox, "sandbox", false, "run against the built-in sandbox (no account needed)")
	pf.StringVar(&g.SandboxData, "sandbox-data", "", "the data file of --sandbox (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
	pf.BoolVar(&g.Accessible, "accessible", false, "plain line prompts for screen readers")
	pf.BoolVar(&g.AllowInsecureHTTP, "allow-insecure-http", false, "allow sending the token over plain HTTP to a host that is not loopback (trusted networks only; warns each time)")

	comp := f.Completions()
	f.CompleteFlag(root, "profile", comp.Profiles)
	f.CompleteFlag(root, "user-id", comp.UserIDs)
	f.CompleteFlag(root, "output", complete.Fixed(complete.OutputChoices(f.Formats())))
	f.CompleteFlag(root, "base-url", complete.Fixed([]cobra.Completion{cobra.CompletionWithDesc(baseurl.Default, "the Mottor API")}))
	_ = root.MarkPersistentFlagFilename("config")       // the flag exists: no error
	_ = root.MarkPersistentFlagFilename("sandbox-data") // likewise

	root.AddGroup(&cobra.Group{ID: "shop", Title: "Shop commands:"}, &cobra.Group{ID: "setup", Title: "Setup commands:"})
	// The completion command is a noun of its own (cmd/completion), not
	// cobra's default.
	root.CompletionOptions.DisableDefaultCmd = true
	return root
}
