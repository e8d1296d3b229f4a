package cmdutil

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
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
	// Retry is the run's retry policy (api.RetryPolicy), which every
	// client's options carry (ClientOptions): the client's retries, and a
	// bulk run's (promo's jobs, jobrun.Retry). A knob left unset is
	// api.DefaultRetryPolicy's; tests set short delays.
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

// ExitCode is 2: a usage error.
func (e *usageError) ExitCode() int { return ExitUsage }

// UsageErr makes err a usage error: exit 2.
func UsageErr(err error) error { return &usageError{err} }

// NoArgs refuses arguments to a command that takes none.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return i18n.NewError(ExitUsage, "base.args.none", "Command", CommandName(cmd), "Arg", args[0], "Usage", UsageLine(cmd))
	}
	return nil
}

// ExactArgs wants n arguments, which names says (i18n.M("base.arg.site")).
func ExactArgs(n int, names i18n.Message) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < n:
			return i18n.NewError(ExitUsage, "base.args.needs", "Command", CommandName(cmd), "Names", names, "Usage", UsageLine(cmd))
		case len(args) > n:
			return i18n.NewError(ExitUsage, "base.args.too_many", "Command", CommandName(cmd), "Names", names, "N", len(args), "Usage", UsageLine(cmd))
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

// ParseID reads an id argument or flag, what says (i18n.M("base.id.site")).
func ParseID(what i18n.Message, s string) (int64, error) {
	id, err := config.ParseID(s)
	if err != nil {
		return 0, i18n.NewError(ExitUsage, "base.args.invalid_id", "What", what, "Value", s)
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

// ExitCode maps an error to the contract's exit code, by the types in its
// tree, never its text: the first error that names its exit code
// (ExitCode() int: a usage error, missing credentials, an *i18n.Error, a
// promo field's or not-found error), else the client's and the settings'
// typed errors.
func ExitCode(err error) int {
	var (
		ae *api.Error
		ve *config.ValueError
		ce *config.FileError
		pe *api.PlainHTTPError
	)
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, prompt.ErrCancelled), errors.Is(err, context.Canceled):
		return ExitCancelled
	case namedExit(err) != 0:
		return namedExit(err)
	case errors.As(err, &ve), errors.As(err, &ce), errors.As(err, &pe):
		return ExitUsage
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
// (its ExitCode method), outermost first as errors.As looks, or 0 when
// none does: an error that names 0 lets what it wraps decide.
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
			return i18n.NewError(ExitUsage, "base.command.unknown_suggest", "Command", args[0], "Parent", cmd.CommandPath(), "Suggestion", s)
		}
		return i18n.NewError(ExitUsage, "base.command.unknown", "Command", args[0], "Parent", cmd.CommandPath())
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
