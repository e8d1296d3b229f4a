package cmdutil

import (
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
)

// The completions of a run: the completer's functions, which need the
// factory (package complete holds the rest).

// completionTimeout bounds the requests of one completion, including
// waiting for the sandbox's data file.
const completionTimeout = 2 * time.Second

// newCompleter builds the completions of a run on its factory, leaving
// the factory as it was. Under `sandbox` (sandbox redeem --site-id) the
// sandbox is used, as the command itself does.
func newCompleter(f *Factory) *complete.Completer {
	budget := f.opts.CompletionTimeout
	if budget <= 0 {
		budget = completionTimeout
	}
	return complete.New(complete.Run{
		Budget: budget, Env: f.Env, Msg: f.Msg,
		Sandbox:     func() bool { return f.Global.Sandbox },
		OnSandbox:   func(cmd *cobra.Command) bool { return f.Global.Sandbox || isSandboxCmd(cmd) },
		SandboxData: func(cmd *cobra.Command) (string, error) { return SandboxData(cmd, f.Global.SandboxData) },
		Settings: func(cmd *cobra.Command) (*config.Settings, error) {
			if f.Global.Sandbox || !isSandboxCmd(cmd) {
				return f.Settings(cmd)
			}
			// Resolved as --sandbox would, without switching the run.
			r := config.NewResolver(config.Lookup{Flags: cmd.Flags(), Env: f.Env, Sandbox: true, Formats: f.Formats()})
			return resolveSettings(cmd, r, true, f.Global.SandboxData, func() (*config.Doc, error) { return f.ConfigDoc(cmd) })
		},
		Client: func(s *config.Settings, transport http.RoundTripper) (*api.Client, error) {
			return f.newClient(s, conn{transport: transport, quiet: true})
		},
		ConfigPath: func(cmd *cobra.Command) (string, error) {
			path, _, err := f.Resolver(cmd).Path()
			return path, err
		},
	})
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
