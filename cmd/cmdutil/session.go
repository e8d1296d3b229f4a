package cmdutil

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil/warnings"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/view"
)

// Session is what a verb that talks to the API is given: the streams, the
// run's settings and output options, the clock, and a client built on
// first use. Factory.Start fills one in once the flags are parsed; a
// verb's test builds one around a fake API (cmdtest.NewVerbEnv).
type Session struct {
	IO       *iostreams.IOStreams
	Settings *config.Settings
	Out      output.Options
	Loc      *time.Location // the time zone dates are shown and read in
	Now      func() time.Time
	Client   func() (*api.Client, error)
	// ClientOptions are the options of a new client of the session: its
	// settings, the run's transport (the in-process sandbox's with
	// --sandbox; nil: the network), no spinner. A verb that builds
	// clients of its own starts from them (promo's bulk jobs: through
	// the engine's throttle, each write sent once).
	ClientOptions func() (api.Options, error)
	Warnings      *warnings.Writer
	// Flags are the run's global flags as the command line gives them
	// (the root's persistent flags): a command line a verb suggests
	// repeats those that say where the run goes.
	Flags *pflag.FlagSet
	// Msg is the run's language: its messages (Msg.T, Msg.N).
	Msg *i18n.Printer
}

// Start is the one way a command that talks to the API starts, once its
// flags are parsed: it resolves the settings and the output options,
// checking everything the user typed before any request is sent, and
// returns the session. The client is built on first use: --dry-run needs
// none.
func (f *Factory) Start(cmd *cobra.Command) (*Session, error) {
	s, err := f.Settings(cmd)
	if err != nil {
		return nil, err
	}
	return f.StartWith(cmd, s, true)
}

// NoAPI is the annotation of a command that starts a session but sends
// no request (config explain): with --sandbox its settings are the
// sandbox's, and its data file is not opened.
const NoAPI = "promoctl/no-api"

// StartWith is start on settings already resolved: sandbox redeem chooses
// its world, and checks its site, first. spin says whether a spinner may
// run while requests are slow.
func (f *Factory) StartWith(cmd *cobra.Command, s *config.Settings, spin bool) (*Session, error) {
	out, err := f.outputOptions(s)
	if err != nil {
		return nil, err
	}
	c := conn{}
	if f.Global.Sandbox || f.local != nil {
		// Point the settings at the sandbox now, so that even --dry-run
		// shows where the request would go.
		local, err := f.InProcessSandbox(cmd)
		if err != nil {
			return nil, err
		}
		if cmd.Annotations[NoAPI] != "" {
			// It sends nothing: its data file stays closed (another
			// promoctl, such as sandbox serve, may hold it).
			err = local.Point(s)
		} else {
			c.transport, err = local.Connect(cmd.Context(), s)
		}
		if err != nil {
			return nil, err
		}
	}
	out.Context = cmd.Context()
	if spin && showProgress(f.IO, out, f.Global.Debug, Accessible(f.Global.Accessible, f.Env)) {
		c.spinner = progress.New(f.IO.ErrOut, f.opts.Progress)
	}
	sess := &Session{IO: f.IO, Settings: s, Out: out, Loc: f.Location(), Now: f.now(), Warnings: f.Warnings, Msg: f.Msg, Flags: f.Flags}
	sess.ClientOptions = func() (api.Options, error) {
		// The run's transport (the in-process sandbox's, with --sandbox),
		// no spinner: a verb that builds its own clients says its own
		// progress.
		return f.clientOptions(s, conn{transport: c.transport})
	}
	var client *api.Client
	sess.Client = func() (*api.Client, error) {
		if client != nil {
			return client, nil
		}
		cl, err := f.newClient(s, c)
		client = cl
		return cl, err
	}
	return sess, nil
}

// StartConfig is the one way a command that changes the config file
// starts, once its flags are parsed. It reads nothing yet: the file is
// read under its lock when the verb edits it.
func (f *Factory) StartConfig(cmd *cobra.Command) *ConfigSession {
	r := f.Resolver(cmd)
	return &ConfigSession{
		IO: f.IO, Warnings: f.Warnings, Env: f.Env, Keys: f.APIKeys(), Secret: f.secrets.add, LockWait: lockWait(r),
		File: &configFile{path: func() (string, error) {
			p, _, err := r.Path()
			return p, err
		}, warn: f.Warnings.WarnMsg},
		Profile: func(doc *config.Doc) (string, config.Source) { return r.Profile(doc.File, doc.Path) },
	}
}

// now is the run's clock: Options.Now, or time.Now.
func (f *Factory) now() func() time.Time {
	if f.opts.Now != nil {
		return f.opts.Now
	}
	return time.Now
}

// WithTimeout bounds the rest of the command by --timeout.
func (s *Session) WithTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, s.Settings.Timeout)
}

// Print writes data to stdout in the session's format.
func (s *Session) Print(d output.Data) error {
	return output.Write(s.IO.Out, d, s.Out)
}

// PrintList prints a list. An empty one shown as a table on a terminal is
// the sentence empty on stderr instead of a bare header (as gh does);
// piped, or in a data format, it is printed as any list: the header alone
// (none with --no-headers), [] in JSON and YAML.
func (s *Session) PrintList(d output.Data, empty string) error {
	if s.Out.Format.IsTable() && s.Out.JQ == nil && s.IO.IsStdoutTTY() && view.EmptyList(d.JSON) {
		fmt.Fprintln(s.IO.ErrOut, empty)
		return nil
	}
	return s.Print(d)
}

// PrintStream prints a list as it is read. An empty one shown as a table
// on a terminal is the sentence empty on stderr, as with printList.
func (s *Session) PrintStream(l output.List, empty string) error {
	if s.Out.Format.IsTable() && s.Out.JQ == nil && s.IO.IsStdoutTTY() {
		l.EmptyTable = func() { fmt.Fprintln(s.IO.ErrOut, empty) }
	}
	return output.WriteList(s.IO.Out, l, s.Out)
}

// NoteMsg writes the success message m to stderr, in the run's language,
// when a person is watching.
func (s *Session) NoteMsg(m i18n.Message) {
	if s.IO.IsStderrTTY() {
		fmt.Fprintln(s.IO.ErrOut, s.Msg.Say(m))
	}
}

// Site refuses a missing site (0) with the way to give one. The sandbox
// has no default: the configured site_id is the real service's.
func (s *Session) Site(site int64) (int64, error) {
	if site == 0 && s.Settings.Sandbox {
		return 0, i18n.NewError(ExitUsage, "base.site.required_sandbox")
	}
	if site == 0 {
		return 0, i18n.NewError(ExitUsage, "base.site.required")
	}
	return site, nil
}
