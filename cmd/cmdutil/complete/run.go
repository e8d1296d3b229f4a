package complete

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// Run is what the completions need of the run they complete for, as
// functions the factory fills in (cmdutil.Factory.Completions); none of
// them changes the run.
type Run struct {
	Budget time.Duration // bounds one completion, waiting for the sandbox's data file too
	Env    config.Env
	// Sandbox reports whether --sandbox is given.
	Sandbox func() bool
	// OnSandbox reports whether cmd runs on the sandbox: --sandbox, or a
	// sandbox command (sandbox redeem --site-id).
	OnSandbox func(cmd *cobra.Command) bool
	// SandboxData is the data file cmd names ("": the default).
	SandboxData func(cmd *cobra.Command) (string, error)
	// Settings are cmd's settings: on the sandbox as --sandbox resolves
	// them, without switching the run to it.
	Settings func(cmd *cobra.Command) (*config.Settings, error)
	// Client is a quiet client (no --debug log) of settings s, over
	// transport (nil: the run's).
	Client func(s *config.Settings, transport http.RoundTripper) (*api.Client, error)
	// ConfigPath is the config file of the command line.
	ConfigPath func(cmd *cobra.Command) (string, error)
	// Msg is the run's language.
	Msg *i18n.Printer
}

// New is the completer of run. It fails instead of prompting, and never
// writes to stderr. On the sandbox it opens a sandbox of its own, as the
// command itself would.
func New(run Run) *Completer {
	return &Completer{Client: run.client, ConfigPath: run.ConfigPath, Sandbox: run.Sandbox, Msg: run.Msg}
}

// client is the completer's Client: the client of cmd's settings, and a
// context that ends after the budget.
func (run Run) client(cmd *cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
	ctx, cancel := context.WithTimeout(cmd.Context(), run.Budget)
	var (
		s         *config.Settings
		transport http.RoundTripper
		err       error
	)
	if run.OnSandbox(cmd) {
		var release func()
		s, transport, release, err = run.sandbox(ctx, cmd)
		if release != nil {
			stop := cancel
			cancel = func() {
				stop()
				release()
			}
		}
	} else {
		s, err = run.Settings(cmd)
	}
	if err != nil {
		return ctx, cancel, nil, nil, false
	}
	client, err := run.Client(s, transport)
	if err != nil {
		return ctx, cancel, nil, nil, false
	}
	return ctx, cancel, client, s, true
}

// sandbox opens a sandbox of the completion's own on the data file the
// command would use: silently, waiting for its lock (another process may
// hold it) no longer than the budget. It gives the settings, the
// transport to the sandbox and release, which closes it (nil when nothing
// was opened).
func (run Run) sandbox(ctx context.Context, cmd *cobra.Command) (*config.Settings, http.RoundTripper, func(), error) {
	data, err := run.SandboxData(cmd)
	if err != nil {
		return nil, nil, nil, err
	}
	local := inprocess.New(inprocess.DataPath(data, run.Env), run.Env, io.Discard, nil, run.Budget)
	s, err := run.Settings(cmd)
	if err != nil {
		return nil, nil, local.Close, err
	}
	transport, err := local.Connect(ctx, s)
	if err != nil {
		return nil, nil, local.Close, err
	}
	return s, transport, local.Close, nil
}
