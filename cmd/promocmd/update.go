package promocmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/cmd/promocmd/wizard"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/promoctl/promoctl/internal/view"
)

// promoUpdateOptions are the inputs of promo update.
type promoUpdateOptions struct {
	shared.OneCode
	Prompter wizard.Form // the form, when Interactive
	// Changes are the fields to change: those of the -f file with the
	// flags laid over them, each checked.
	Changes     promo.Changes
	Interactive bool // show the current fields in a form to edit
	DryRun      bool // print the request instead of sending it
}

func newPromoUpdateCmd(f *cmdutil.Factory, run func(context.Context, *promoUpdateOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoUpdate
	}
	opts := &promoUpdateOptions{}
	var ff shared.FieldFlags
	c := &cobra.Command{
		Use:   "update CODE_OR_ID",
		Short: "Change a promo code",
		Long: `Change the fields you name and keep the others: promoctl reads the promo
code, applies your changes and sends the whole record back, so nothing
you leave out is reset.

Dates are read as for create: --ends 2026-12-31 keeps the code valid
until the end of 31 December in your time zone.

With --dry-run the promo code is read, and the update that would be
sent is printed instead of sent.

With -i (on a terminal) a form shows the current fields to edit; only
the fields you change are changed. When the server refuses the change,
the form offers to edit the answers and try again.

` + shared.CodeOrIDHelp,
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.promo_ref")),
		Example: `  promoctl promo update 1001 --enabled=false
  promoctl promo update SUMMER25 --site-id 11111 --max-uses 500
  promoctl promo update 1001 --amount 15 --ends 2026-12-31
  promoctl promo update 1001 --no-time-limit --no-max-uses
  promoctl promo get 1001 -o yaml > p.yaml && $EDITOR p.yaml && promoctl promo update 1001 -f p.yaml
  promoctl promo update 1001 -i`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := shared.ParsePromoRef(args[0])
			if err != nil {
				return err
			}
			changes, _, err := ff.Input(cmd.Flags(), shared.FileInput(cmd.Context(), f.IO, f.Msg), f.Location())
			if err != nil {
				return err
			}
			asks, err := wizard.Wanted(f.IO, ff.Interactive, false, ff.File)
			if err != nil {
				return err
			}
			if changes.Empty() && !asks {
				return i18n.NewError(cmdutil.ExitUsage, "promo.update.nothing_to_change")
			}
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Name(sess, ref)
			opts.Changes = changes
			opts.Interactive, opts.DryRun = asks, ff.DryRun
			if asks {
				opts.Prompter = cmdutil.PromptAs[wizard.Form](f)
			}
			return shared.IDHint(sess, ref, run(cmd.Context(), opts))
		},
	}
	ff.Register(c.Flags(), true)
	cmdutil.SiteFlag(f, c)
	c.ValidArgsFunction = complete.FirstArg(shared.CompletePromoIDs(f.Completions()))
	f.CompleteFlag(c, "bonus-type", complete.Fixed(shared.BonusTypeChoices(f.Msg)))
	_ = c.MarkFlagFilename("file") // the flag exists: no error
	return c
}

// runPromoUpdate reads a promo code (GET /v1/promo/ID) and sends it back
// with the changes applied (PUT), or with DryRun prints the request; with
// Interactive a form shows the current fields to edit first.
func runPromoUpdate(ctx context.Context, opts *promoUpdateOptions) error {
	client, err := opts.Resolve(ctx)
	if err != nil {
		return err
	}
	if opts.Code == "" && opts.SiteID != 0 {
		// Given with a site, the id must be that site's: a write acts on
		// the site the user named, as promo delete does.
		if err := shared.CheckOnSite(ctx, opts.Session, opts.ID, opts.SiteID); err != nil {
			return err
		}
	}
	rctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, current, err := client.GetPromo(rctx, opts.ID)
	if err != nil {
		return err
	}
	if opts.Interactive {
		cancel() // the time limit is for the requests, not for the user's answers
		return runPromoUpdateWizard(ctx, opts, client, raw, current.Record())
	}
	return updatePromo(rctx, opts.Session, client, opts.ID, current.Record(), opts.Changes, opts.DryRun)
}

// updatePromo sends the current fields with changes applied and shows the
// result, or with dryRun prints the request instead.
func updatePromo(ctx context.Context, sess *cmdutil.Session, client *api.Client, id int64, current promo.Record, changes promo.Changes, dryRun bool) error {
	fields := changes.Apply(current)
	if err := fields.Validate(promo.FlagNames()); err != nil {
		return i18n.NewError(cmdutil.ExitUsage, "promo.update.would_be_invalid", "ID", id, "Err", err)
	}
	if dryRun {
		return shared.PrintDryRun(sess, "PUT", fmt.Sprintf("/v1/promo/%d", id), fields, false)
	}
	raw, p, err := client.UpdatePromo(ctx, id, fields)
	if err != nil {
		return err
	}
	if err := sess.Print(view.PromoRecord(raw, p, id, sess.Loc, sess.Now())); err != nil {
		return err
	}
	if code := termsafe.String(string(p.Code)); code != "" {
		sess.NoteMsg(i18n.M("promo.update.updated_code", "Code", code, "ID", id))
	} else {
		sess.NoteMsg(i18n.M("promo.update.updated", "ID", id))
	}
	return nil
}
