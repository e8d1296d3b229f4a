// Package cmd is promoctl's root: Main and Execute, and the command tree
// put together from the nouns (one package each: cmd/promocmd, cmd/site, …)
// on the base they share (cmd/cmdutil). In each verb flags become an
// options struct, and a run function does the work with dependencies built
// only when a command needs them, so `promoctl --version` reads no config
// and builds no HTTP client.
package cmd

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/apicmd"
	"github.com/promoctl/promoctl/cmd/auth"
	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/completion"
	"github.com/promoctl/promoctl/cmd/configcmd"
	"github.com/promoctl/promoctl/cmd/internal/rootcmd"
	"github.com/promoctl/promoctl/cmd/page"
	"github.com/promoctl/promoctl/cmd/product"
	"github.com/promoctl/promoctl/cmd/promocmd"
	"github.com/promoctl/promoctl/cmd/sandboxcmd"
	"github.com/promoctl/promoctl/cmd/site"
	"github.com/promoctl/promoctl/cmd/version"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/keychain"
)

// Main runs promoctl as a process: real streams, environment and signals.
func Main(b cmdutil.Build) int {
	b = version.WithBuildInfo(b, debug.ReadBuildInfo)
	// stderr belongs to promoctl's messages: one line of text or one JSON
	// object. net/http writes through the standard logger on its own, e.g.
	// "Unsolicited response received on idle HTTP channel" when a server
	// sends a body with a 204; promoctl does not log through it, so what
	// arrives there is dropped. (The sandbox server has its own ErrorLog.)
	log.SetOutput(io.Discard)
	if version.IsVersionOnly(os.Args[1:]) {
		// The cheapest path: no command tree, no signal handler.
		fmt.Fprintln(os.Stdout, cmdutil.VersionLine(b))
		return cmdutil.ExitOK
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first Ctrl-C cancels the command; from then on signals have their
	// default effect, so a second one ends a process that does not stop.
	go func() {
		<-ctx.Done()
		stop()
	}()
	return Execute(ctx, os.Args[1:], cmdutil.Options{Build: b, IO: iostreams.System(), Env: os.LookupEnv, Keychain: keychain.System{}})
}

// Execute runs promoctl with args and returns the exit code.
func Execute(ctx context.Context, args []string, o cmdutil.Options) int {
	return rootcmd.Execute(ctx, args, o, addNouns)
}

// newTree is promoctl's whole command tree.
func newTree(f *cmdutil.Factory) *cobra.Command {
	root := rootcmd.New(f)
	addNouns(root, f)
	return root
}

// addNouns puts promoctl's nouns in the root command.
func addNouns(root *cobra.Command, f *cmdutil.Factory) {
	for _, c := range []*cobra.Command{promocmd.NewCmd(f), product.NewCmd(f), site.NewCmd(f), page.NewCmd(f), apicmd.NewCmd(f, nil)} {
		c.GroupID = "shop"
		root.AddCommand(c)
	}
	for _, c := range []*cobra.Command{sandboxcmd.NewCmd(f), completion.NewCmd(f, nil)} {
		c.GroupID = "setup"
		root.AddCommand(c)
	}
	root.AddCommand(version.NewCmd(f, nil))
	root.AddCommand(auth.NewCmd(f), configcmd.NewCmd(f))
}
