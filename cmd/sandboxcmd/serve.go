package sandboxcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/sandbox/inprocess"
)

// sandboxServeOptions are the inputs of sandbox serve: what to serve, and
// where it tells what it does.
type sandboxServeOptions struct {
	IO    *iostreams.IOStreams
	Env   config.Env // says which data file is the default, for the recovery hint
	Serve sandbox.ServeOptions
	Msg   *i18n.Printer // the run's language
}

func newSandboxServeCmd(f *cmdutil.Factory, run func(context.Context, *sandboxServeOptions) error) *cobra.Command {
	if run == nil {
		run = runSandboxServe
	}
	opts := &sandboxServeOptions{}
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve the sandbox API over HTTP",
		Long: `Serve the sandbox API over HTTP until interrupted (Ctrl-C or SIGTERM).
It listens on loopback unless --addr names another address (port 0 picks a
free port, printed at start). Each request is logged to stderr.

To rehearse bulk work under bad conditions before running it on the live
shop, put on faults (the banner names them):
  --rate-limit N/s|N/m    beyond the rate, 429 with Retry-After (seconds)
  --latency DURATION      added to every request
  --create-latency DURATION
                          added to every create, which is stored even if
                          its client has left meanwhile (it lands late)
  --list-lag DURATION     the list shows a new promo code only this long
                          after it is created
  --drop-after-create P   that fraction of creates is stored, then the
                          connection is closed without an answer
PROMOCTL_SANDBOX_RATE_LIMIT, PROMOCTL_SANDBOX_LATENCY,
PROMOCTL_SANDBOX_CREATE_LATENCY, PROMOCTL_SANDBOX_LIST_LAG and
PROMOCTL_SANDBOX_DROP_AFTER_CREATE set them when the flags are not given,
and put the same faults on --sandbox.`,
		Args: cmdutil.NoArgs,
		Example: `  promoctl sandbox serve
  promoctl sandbox serve --addr 127.0.0.1:9000 --data ./demo.db --reset
  promoctl sandbox serve --rate-limit 50/s --latency 20ms --drop-after-create 0.05
  # then, in another terminal:
  promoctl --base-url http://127.0.0.1:8787 --token sandbox --user-id 1 promo list --site-id 1`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			data, err := cmdutil.SandboxData(cmd, f.Global.SandboxData)
			if err != nil {
				return err
			}
			if opts.Serve.Faults, err = inprocess.Faults(cmd.Flags(), f.Env); err != nil {
				return err
			}
			opts.IO, opts.Env, opts.Serve.DataPath, opts.Msg = f.IO, f.Env, inprocess.DataPath(data, f.Env), f.Msg
			return run(cmd.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Serve.Addr, "addr", sandbox.DefaultAddr, "address to listen on")
	dataFlag(c)
	c.Flags().BoolVar(&opts.Serve.Reset, "reset", false, "discard the data and start again from the demo data")
	faultFlags(c)
	return c
}

// runSandboxServe serves the sandbox until ctx ends, logging to stderr.
func runSandboxServe(ctx context.Context, opts *sandboxServeOptions) error {
	o := opts.Serve
	o.Started, o.Log = banner(opts.IO.ErrOut, opts.Msg), opts.IO.ErrOut
	o.Waiting = inprocess.Waiting(opts.IO.ErrOut, opts.Msg, o.DataPath)
	err := sandbox.Serve(ctx, o)
	if errors.Is(err, syscall.EADDRINUSE) {
		var op *net.OpError
		if errors.As(err, &op) && op.Addr != nil {
			return i18n.NewError(0, "sandbox.port_busy", "Addr", op.Addr.String(), "Err", op)
		}
		return i18n.NewError(0, "sandbox.port_busy", "Addr", o.Addr, "Err", err)
	}
	if err != nil {
		return inprocess.WithRecoveryHint(inprocess.OpenError(err), o.DataPath, opts.Env)
	}
	// Serve returns nil once interrupted and shut down.
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.Say(i18n.M("sandbox.stopped")))
	return nil
}

// banner writes on w, in msg's language, where the sandbox listens, its
// data file, how to log in, the faults put on and how to stop it.
func banner(w io.Writer, msg *i18n.Printer) func(sandbox.Started) {
	return func(s sandbox.Started) {
		say := func(id string, args ...any) { fmt.Fprintln(w, msg.Say(i18n.M(id, args...))) }
		say("sandbox.banner.listening", "URL", s.URL)
		if s.Exposed {
			say("sandbox.banner.exposed", "Addr", s.Addr)
		}
		if s.Reset {
			say("sandbox.banner.data_reset", "Path", s.DataPath)
		} else {
			say("sandbox.banner.data", "Path", s.DataPath)
		}
		say("sandbox.banner.credentials")
		for _, c := range sandbox.Credentials() {
			say("sandbox.banner.user", "User", c.UserID, "Token", c.Token, "Sites", c.SitesMessage())
		}
		if s.Faults.Active() {
			say("sandbox.banner.faults")
			for _, f := range inprocess.FaultMessages(s.Faults) {
				say("sandbox.banner.fault", "Fault", f)
			}
		}
		say("sandbox.banner.try", "Command", sandbox.TryCommand(s.URL))
		say("sandbox.banner.stop")
	}
}

// faultFlags adds the fault flags of sandbox serve.
func faultFlags(c *cobra.Command) {
	c.Flags().String("rate-limit", "", "answer 429 with Retry-After beyond this rate: N/s or N/m, such as 50/s (default $"+inprocess.EnvRateLimit+")")
	c.Flags().Duration("latency", 0, "add this delay to every request, such as 20ms (default $"+inprocess.EnvLatency+")")
	c.Flags().Float64("drop-after-create", 0, "fraction of creates to store and then leave unanswered, closing the connection, such as 0.05 (default $"+inprocess.EnvDropAfterCreate+")")
	c.Flags().Duration("create-latency", 0, "make every create this much slower, storing it even if the client has left, such as 300ms (default $"+inprocess.EnvCreateLatency+")")
	c.Flags().Duration("list-lag", 0, "show a new promo code on the list only this long after it is created, such as 1s (default $"+inprocess.EnvListLag+")")
}
