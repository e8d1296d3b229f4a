package promocmd

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/cmd/promocmd/wizard"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
)

// runPromoUpdateWizard runs the form filled in with the promo code's current
// fields (and any given as flags), and sends only what the user changed;
// nothing when nothing was. Like the create wizard, it refuses a code in
// use on the promo code's site and offers to edit a refused change.
func runPromoUpdateWizard(ctx context.Context, opts *promoUpdateOptions, client *api.Client, raw json.RawMessage, current promo.Record) error {
	sess, id, given, dryRun := opts.Session, opts.ID, opts.Changes, opts.DryRun
	site, codes := wizard.SiteCodesOf(ctx, sess, id, raw)
	before := promoform.Of(current, sess.Loc)
	values := before.With(given, sess.Loc)
	w := opts.Prompter
	currencies := &wizard.Currencies{Sess: sess}
	for {
		a, err := w.Promo(ctx, prompt.PromoForm{
			Title:    sess.Msg.T("wizard.update.title", "ID", id),
			Values:   values,
			Site:     site,
			Loc:      sess.Loc,
			Existing: true,
			Currency: currencies.Of(ctx),
			Taken:    codes.TakenFunc(ctx),
		})
		if err != nil {
			return err
		}
		values = a.Values
		changes, changed, err := confirmUpdate(ctx, w, sess, id, before, a.Values, dryRun)
		if !changed {
			return err
		}
		if err == nil {
			uctx, cancel := sess.WithTimeout(ctx)
			err = updatePromo(uctx, sess, client, id, current, changes, dryRun)
			cancel()
		}
		if !wizard.IsRefusal(err) {
			return err
		}
		if err := wizard.OfferEdit(ctx, w, sess, err); err != nil {
			return err
		}
		codes.Reload(ctx, site)
	}
}

// confirmUpdate works out what the update form changed, prints the
// changes and the command line, and asks for the go-ahead. changed is
// false when nothing was changed: the wizard has nothing to send.
func confirmUpdate(ctx context.Context, w wizard.Form, sess *cmdutil.Session, id int64, before, after promoform.Values, dryRun bool) (c promo.Changes, changed bool, err error) {
	changes, err := after.ChangesFrom(before, sess.Loc)
	if err != nil {
		return changes, true, cmdutil.UsageErr(err)
	}
	e := sess.IO.ErrOut
	if changes.Empty() {
		fmt.Fprintln(e, sess.Msg.T("wizard.update.nothing", "ID", id))
		return changes, false, nil
	}
	fmt.Fprintln(e, "\n"+sess.Msg.T("wizard.update.changes", "ID", id))
	wizard.WriteSummary(e, wizard.ChangeSummary(sess.Msg, before, after, sess.Loc, sess.Now()))
	if !changes.ClearStarts && !changes.ClearEnds { // no flag removes just one date
		args := append([]string{"promo", "update", strconv.FormatInt(id, 10)}, promoform.Flags(changes, sess.Loc)...)
		if dryRun {
			args = append(args, "--dry-run")
		}
		fmt.Fprintf(e, "\n%s\n  %s\n\n", sess.Msg.T("wizard.same_without_form"), shared.CommandLine(sess, args...))
	} else {
		fmt.Fprintln(e)
	}
	if dryRun {
		return changes, true, nil
	}
	return changes, true, w.Proceed(ctx, sess.Msg.T("wizard.update.proceed", "ID", id), true)
}
