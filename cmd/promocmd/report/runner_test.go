package report

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/spf13/cobra"
)

// newRunner returns a runner of promo report, logged in to a fresh fake
// API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner {
	return cmdtest.NewRunnerOf(t, cmdtest.Under("promo", func(f *cmdutil.Factory) *cobra.Command { return NewCmd(f, nil) }))
}
