package version

import (
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// nouns puts the commands of this package in the root command.
func nouns(root *cobra.Command, f *cmdutil.Factory) { root.AddCommand(NewCmd(f, nil)) }

// newRunner returns a runner of the commands of this package, logged in
// to a fresh fake API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner { return cmdtest.NewRunnerOf(t, nouns) }
