// Package promocmd is the promo command: promo codes listed, read,
// created, changed, deleted, applied from files, generated, reported and
// their jobs. Named promocmd: it imports internal/promo.
package promocmd

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/apply"
	"github.com/promoctl/promoctl/cmd/promocmd/create"
	"github.com/promoctl/promoctl/cmd/promocmd/generate"
	"github.com/promoctl/promoctl/cmd/promocmd/printcmd"
	"github.com/promoctl/promoctl/cmd/promocmd/report"
	"github.com/promoctl/promoctl/cmd/promocmd/selection"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "promo",
		Aliases: []string{"promos", "promo-code"},
		Short:   "Manage promo codes",
		Long:    "List, create, read, change and delete the promo codes of a site, and see how they were used.",
		Example: `  promoctl promo list --site-id 11111
  promoctl promo create --site-id 11111 --code SUMMER25 --amount 25 --percent --enabled
  promoctl promo stats 1001`,
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newPromoListCmd(f, nil), newPromoGetCmd(f, nil), create.NewCmd(f, nil), newPromoUpdateCmd(f, nil),
		selection.NewDeleteCmd(f, nil), selection.NewEnableCmd(f, nil), selection.NewDisableCmd(f, nil), newPromoStatsCmd(f, nil), generate.NewCmd(f, nil), apply.NewCmd(f, nil))
	c.AddCommand(report.NewCmd(f, nil), newPromoJobsCmd(f, nil, nil), newPromoBrowseCmd(f, nil), printcmd.NewCmd(f, nil))
	return c
}
