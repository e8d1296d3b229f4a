package promocmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/view"
)

// promoStatsOptions are the inputs of promo stats.
type promoStatsOptions struct {
	shared.OneCode
}

func newPromoStatsCmd(f *cmdutil.Factory, run func(context.Context, *promoStatsOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoStats
	}
	opts := &promoStatsOptions{}
	c := &cobra.Command{
		Use:     "stats CODE_OR_ID",
		Aliases: []string{"statistics", "usage"},
		Short:   "Show how a promo code was used",
		Long: `Show the orders a promo code was applied to, with totals of orders and discounts per currency.

` + shared.CodeOrIDHelp,
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.promo_ref")),
		Example: `  promoctl promo stats 1001
  promoctl promo stats SUMMER25 --site-id 11111
  # the discount given, per currency (amounts may come as strings)
  promoctl promo stats 1001 --jq 'group_by(.currency) | map({currency: .[0].currency, discount: (map(.discount_amount | tonumber) | add)})'`,
		RunE: shared.RunOnOne(f, &opts.OneCode, func(ctx context.Context) error { return run(ctx, opts) }),
	}
	cmdutil.SiteFlag(f, c)
	c.ValidArgsFunction = complete.FirstArg(shared.CompletePromoIDs(f.Completions()))
	return c
}

// runPromoStats shows the uses of a promo code (GET /v1/promo/ID/stats).
func runPromoStats(ctx context.Context, opts *promoStatsOptions) error {
	client, err := opts.Resolve(ctx)
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, err := client.PromoStats(ctx, opts.ID)
	if err != nil {
		return err
	}
	return opts.PrintList(view.PromoStats(raw, opts.Loc), opts.Msg.Say(i18n.M("promocmd.stats.unused", "ID", opts.ID)))
}
