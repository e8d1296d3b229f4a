package promocmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/view"
)

// promoGetOptions are the inputs of promo get.
type promoGetOptions struct {
	shared.OneCode
}

func newPromoGetCmd(f *cmdutil.Factory, run func(context.Context, *promoGetOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoGet
	}
	opts := &promoGetOptions{}
	c := &cobra.Command{
		Use:     "get CODE_OR_ID",
		Aliases: []string{"show", "view"},
		Short:   "Show one promo code",
		Long: `Show one promo code, with its status now (active, scheduled, expired,
used-up or disabled) in the table.

` + shared.CodeOrIDHelp,
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.promo_ref")),
		Example: `  promoctl promo get 1001
  promoctl promo get summer25 --site-id 11111
  promoctl promo get 1001 -o json`,
		RunE: shared.RunOnOne(f, &opts.OneCode, func(ctx context.Context) error { return run(ctx, opts) }),
	}
	cmdutil.SiteFlag(f, c)
	c.ValidArgsFunction = complete.FirstArg(shared.CompletePromoIDs(f.Completions()))
	return c
}

// runPromoGet shows one promo code (GET /v1/promo/ID).
func runPromoGet(ctx context.Context, opts *promoGetOptions) error {
	client, err := opts.Resolve(ctx)
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, p, err := client.GetPromo(ctx, opts.ID)
	if err != nil {
		return err
	}
	sitecurrency.Use(ctx, opts.Session, client, opts.SiteID)
	return opts.Print(view.PromoRecord(raw, p, opts.ID, opts.Loc, opts.Now()))
}
