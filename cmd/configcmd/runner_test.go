package configcmd

import (
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// nouns puts the commands of this package in the root command.
func nouns(root *cobra.Command, f *cmdutil.Factory) { root.AddCommand(NewCmd(f)) }

// newRunner returns a runner of the commands of this package, logged in
// to a fresh fake API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner { return cmdtest.NewRunnerOf(t, nouns) }

// newBareRunner is newRunner without credentials in the environment.
func newBareRunner(t *testing.T) *cmdtest.Runner {
	t.Helper()
	return cmdtest.WithoutCredentials(cmdtest.NewRunnerOf(t, nouns))
}
