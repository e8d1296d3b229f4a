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
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
)

// Main runs promoctl as a process: real streams, environment and signals.
func Main(b core.Build) int {
	b = b.WithBuildInfo(debug.ReadBuildInfo)
	// stderr belongs to promoctl's messages: one line of text or one JSON
	// object. net/http writes through the standard logger on its own, e.g.
	// "Unsolicited response received on idle HTTP channel" when a server
	// sends a body with a 204; promoctl does not log through it, so what
	// arrives there is dropped. (The sandbox server has its own ErrorLog.)
	log.SetOutput(io.Discard)
	if isVersionOnly(os.Args[1:]) {
		// The cheapest path: no command tree, no signal handler.
		fmt.Fprintln(os.Stdout, versionLine(b))
		return core.ExitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first Ctrl-C cancels the command; from then on signals have their
	// default effect, so a second one ends a process that does not stop.
	go func() {
		<-ctx.Done()
		stop()
	}()
	return Execute(ctx, os.Args[1:], core.Options{Build: b, IO: iostreams.System(), Env: os.LookupEnv, Keychain: keychain.System{}})
}

// Execute runs promoctl with args and returns the exit code.
func Execute(ctx context.Context, args []string, o core.Options) int {
	f := core.NewFactory(o)
	f.Msg = i18n.New(core.DecideLanguage(args, f.Env))
	f.Warnings.Msg = f.Msg
	root := newRootCmd(f)
	if core.IsCompletionRequest(args) {
		core.RegisterCompletions(root, f)
	}
	core.TranslateHelp(root, f.Msg)
	root.SetArgs(args)
	root.SetIn(o.IO.In)
	root.SetOut(o.IO.Out)
	root.SetErr(o.IO.ErrOut)
	cmd, err := root.ExecuteContextC(ctx)
	f.Cleanup()
	if err == nil {
		return 0
	}
	if errors.As(err, new(core.FlagParseError)) {
		// The flags after the bad one were not parsed: an --output among
		// them still says how to report the error.
		f.ArgsOutput = core.OutputInArgs(args)
	}
	if cmd == nil {
		cmd = root
	}
	return f.ReportError(cmd, err)
}

func newRootCmd(f *core.Factory) *cobra.Command {
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
		RunE:          core.GroupRun,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate(versionLine(f.Build) + "\n")
	// --version without cobra's -v shorthand: kubectl users read -v as
	// verbosity.
	root.Flags().Bool("version", false, "print the version of promoctl")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return core.FlagError(cmd, err) })

	pf := root.PersistentFlags()
	f.Flags = pf
	// The settings' flags come from the settings table, which also says how
	// each is resolved; each command reads them through f.resolver.
	for _, s := range config.GlobalFlags() {
		pf.StringP(s.Flag, s.Short, "", s.Usage)
	}
	pf.StringVar(&g.JQ, "jq", "", "filter the JSON output with a jq expression")
	pf.BoolVar(&g.NoHeaders, "no-headers", false, "omit the header row of tables and CSV")
	pf.BoolVar(&g.Debug, "debug", false, "log each HTTP exchange to stderr (the token is redacted)")
	pf.BoolVar(&g.NoColor, "no-color", false, "disable colours")
	pf.BoolVar(&g.Sandbox, "sandbox", false, "run against the built-in sandbox (no account needed)")
	pf.StringVar(&g.SandboxData, "sandbox-data", "", "the data file of --sandbox (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
	pf.BoolVar(&g.Accessible, "accessible", false, "plain line prompts for screen readers")
	pf.BoolVar(&g.AllowInsecureHTTP, "allow-insecure-http", false, "allow sending the token over plain HTTP to a host that is not loopback (trusted networks only; warns each time)")

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
