package selection

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/spf13/cobra"
)

// newRunner returns a runner of promo delete, enable and disable, logged
// in to a fresh fake API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner {
	return cmdtest.NewRunnerOf(t, cmdtest.Under("promo",
		func(f *cmdutil.Factory) *cobra.Command { return NewDeleteCmd(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return NewEnableCmd(f, nil) },
		func(f *cmdutil.Factory) *cobra.Command { return NewDisableCmd(f, nil) }))
}

// runBadInputs runs each case with a runner of these verbs.
func runBadInputs(t *testing.T, cases []cmdtest.BadInput) {
	t.Helper()
	cmdtest.RunBadInputsWith(t, newRunner, cases)
}
