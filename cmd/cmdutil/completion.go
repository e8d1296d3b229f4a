package cmdutil

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// The completions of a run: the completer's functions, which need the
// factory (package complete holds the rest).

// completionTimeout bounds the requests of one completion, including
// waiting for the sandbox's data file.
const completionTimeout = 2 * time.Second

// newCompleter builds the completions of a run on its factory, leaving
// the factory as it was. It fails instead of prompting, and never writes
// to stderr. Under `sandbox` (sandbox redeem --site-id) the sandbox is
// used, as the command itself does.
func newCompleter(f *Factory) *complete.Completer {
	budget := f.opts.CompletionTimeout
	if budget <= 0 {
		budget = completionTimeout
	}
	client := func(cmd *cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
		return completionClient(f, budget, cmd)
	}
	return &complete.Completer{
		Client: client,
		ConfigPath: func(cmd *cobra.Command) (string, error) {
			path, _, err := f.Resolver(cmd).Path()
			return path, err
		},
		Sandbox: func() bool { return f.Global.Sandbox },
	}
}

// completionClient is the completer's Client on f: the client of cmd's
// settings, and a context that ends after budget.
func completionClient(f *Factory, budget time.Duration, cmd *cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
	ctx, cancel := context.WithTimeout(cmd.Context(), budget)
	var (
		s   *config.Settings
		c   = conn{quiet: true}
		err error
	)
	if f.Global.Sandbox || isSandboxCmd(cmd) {
		var release func()
		s, c.transport, release, err = completionSandbox(ctx, f, budget, cmd)
		if release != nil {
			stop := cancel
			cancel = func() {
				stop()
				release()
			}
		}
		if err != nil {
			return ctx, cancel, nil, nil, false
		}
	} else if s, err = f.Settings(cmd); err != nil {
		return ctx, cancel, nil, nil, false
	}
	client, err := f.newClient(s, c)
	if err != nil {
		return ctx, cancel, nil, nil, false
	}
	return ctx, cancel, client, s, true
}

// completionSandbox opens a sandbox of the completion's own on the data
// file the command would use: silently, waiting for its lock (another
// process may hold it) no longer than budget. It gives the settings, the
// transport to the sandbox and release, which closes it (nil when nothing
// was opened).
func completionSandbox(ctx context.Context, f *Factory, budget time.Duration, cmd *cobra.Command) (*config.Settings, http.RoundTripper, func(), error) {
	data, err := SandboxData(cmd, f.Global.SandboxData)
	if err != nil {
		return nil, nil, nil, err
	}
	local := inprocess.New(inprocess.DataPath(data, f.Env), f.Env, io.Discard, nil, budget)
	var s *config.Settings
	if f.Global.Sandbox {
		s, err = f.Settings(cmd)
	} else {
		// Resolved as --sandbox would, without switching the run.
		r := config.NewResolver(config.Lookup{Flags: cmd.Flags(), Env: f.Env, Sandbox: true, Formats: f.Formats()})
		s, err = resolveSettings(cmd, r, true, f.Global.SandboxData, func() (*config.Doc, error) { return f.ConfigDoc(cmd) })
	}
	if err != nil {
		return nil, nil, local.Close, err
	}
	transport, err := local.Connect(ctx, s)
	if err != nil {
		return nil, nil, local.Close, err
	}
	return s, transport, local.Close, nil
}

// Completions are the completion functions of the run, built on first
// use; a verb names the ones it wants (ValidArgsFunction, CompleteFlag).
func (f *Factory) Completions() *complete.Completer {
	if f.completer == nil {
		f.completer = newCompleter(f)
	}
	return f.completer
}

// CompleteFlag declares how c's flag name completes. It registers the
// function only for a completion request: cobra keeps flag completion
// functions in a process-wide table, which other runs have no use for.
func (f *Factory) CompleteFlag(c *cobra.Command, name string, fn cobra.CompletionFunc) {
	if f.Completing {
		_ = c.RegisterFlagCompletionFunc(name, fn) // the flag exists: no error
	}
}
