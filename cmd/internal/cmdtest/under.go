package cmdtest

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// Under is the nouns of a runner of some verbs of a noun, under a bare
// command named noun: the runner of a verb's own package, which its noun
// imports (promo apply's tests run "promo apply" without the rest of
// promo).
func Under(noun string, verbs ...func(*cmdutil.Factory) *cobra.Command) func(*cobra.Command, *cmdutil.Factory) {
	return func(root *cobra.Command, f *cmdutil.Factory) {
		n := &cobra.Command{Use: noun, RunE: cmdutil.GroupRun}
		for _, v := range verbs {
			n.AddCommand(v(f))
		}
		root.AddCommand(n)
	}
}
