package promocmd

import (
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/internal/rootcmd"
)

// nouns puts the commands of this package in the root command.
func nouns(root *cobra.Command, f *cmdutil.Factory) { root.AddCommand(NewCmd(f)) }

// newRunner returns a runner of the commands of this package, logged in
// to a fresh fake API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner { return cmdtest.NewRunnerOf(t, nouns) }

// runBadInputs runs each case with a runner of this package's commands.
func runBadInputs(t *testing.T, cases []cmdtest.BadInput) {
	t.Helper()
	cmdtest.RunBadInputsWith(t, newRunner, cases)
}

// newTree is a command tree of the commands of this package.
func newTree(f *cmdutil.Factory) *cobra.Command {
	root := rootcmd.New(f)
	nouns(root, f)
	return root
}
