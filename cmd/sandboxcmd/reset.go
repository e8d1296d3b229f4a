package sandboxcmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// sandboxResetOptions are the inputs of sandbox reset.
type sandboxResetOptions struct {
	IO       *iostreams.IOStreams
	Data     string        // the data file
	LockWait time.Duration // how long to wait for another process to release it: --timeout
	Msg      *i18n.Printer // the run's language
}

func newSandboxResetCmd(f *cmdutil.Factory, run func(context.Context, *sandboxResetOptions) error) *cobra.Command {
	if run == nil {
		run = runSandboxReset
	}
	opts := &sandboxResetOptions{}
	c := &cobra.Command{
		Use:   "reset",
		Short: "Restore the sandbox's demo data",
		Args:  cmdutil.NoArgs,
		Example: `  promoctl sandbox reset
  promoctl sandbox reset --data ./demo.db`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			data, err := cmdutil.SandboxData(cmd, f.Global.SandboxData)
			if err != nil {
				return err
			}
			opts.IO, opts.Data, opts.Msg = f.IO, inprocess.DataPath(data, f.Env), f.Msg
			s, err := f.Settings(cmd)
			if err != nil {
				return err
			}
			opts.LockWait = s.Timeout
			return run(cmd.Context(), opts)
		},
	}
	dataFlag(c)
	return c
}

// runSandboxReset replaces the data file's contents with the demo data.
func runSandboxReset(ctx context.Context, opts *sandboxResetOptions) error {
	// A damaged file is replaced, not read: this is the way out of one.
	store, err := sandbox.Open(ctx, opts.Data, sandbox.Options{Reset: true, Timeout: opts.LockWait, Waiting: inprocess.Waiting(opts.IO.ErrOut, opts.Msg, opts.Data)})
	var (
		inUse   *sandbox.InUseError
		foreign *sandbox.ForeignFileError
	)
	switch {
	case errors.As(err, &inUse):
		return i18n.NewError(0, "sandbox.reset_in_use", "Path", inUse.Path, "Waited", inUse.Waited, "Err", err)
	case errors.As(err, &foreign):
		return i18n.NewError(0, "sandbox.reset_foreign", "Path", foreign.Path, "Err", err)
	}
	if err != nil {
		return i18n.NewError(0, "sandbox.reset_failed", "Err", err)
	}
	if err := store.Close(); err != nil {
		return i18n.NewError(0, "sandbox.reset_failed", "Err", err)
	}
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.Say(i18n.M("sandbox.restored", "Path", opts.Data)))
	return nil
}
