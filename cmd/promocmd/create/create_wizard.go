package create

import (
	"context"
	"fmt"
	"strconv"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/cmd/promocmd/wizard"
	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
)

// runPromoCreateWizard runs the create form, starting from the fields given
// as flags or in a file, offers a choice of the user's sites when none is
// given or configured, prints a summary and the equivalent command line on
// stderr, asks for a go-ahead (Yes by default; --dry-run asks none) and
// creates the promo code. The form refuses a code the site has already;
// when the server refuses the promo code, the wizard offers to edit the
// answers and try again.
func runPromoCreateWizard(ctx context.Context, opts *promoCreateOptions) error {
	sess, given, site, dryRun := opts.Session, opts.Changes, opts.SiteID, opts.DryRun
	var sites []prompt.Site
	chosen := site
	if site == 0 {
		var err error
		if sites, err = wizard.SiteChoice(ctx, sess); err != nil {
			return err
		}
		chosen = sites[0].ID
	}
	codes, err := wizard.CodesOf(ctx, sess, chosen, dryRun)
	if err != nil {
		return err
	}
	w := opts.Prompter
	currencies := &wizard.Currencies{Sess: sess}
	values := promoform.Default().With(given, sess.Loc)
	for {
		a, err := w.Promo(ctx, prompt.PromoForm{
			Title:  sess.Msg.T("wizard.create.title"),
			Values: values,
			Sites:  sites, Site: chosen, Loc: sess.Loc,
			Currency: currencies.Of(ctx),
			Taken:    codes.TakenFunc(ctx),
		})
		if err != nil {
			return err
		}
		values = a.Values
		if len(sites) > 0 {
			chosen = a.Site
		}
		err = confirmCreate(ctx, w, sess, a.Values, chosen, sites, codes, dryRun)
		if err == nil {
			cctx, cancel := sess.WithTimeout(ctx)
			err = createPromo(cctx, sess, wizard.MustChanges(a.Values, sess.Loc), chosen, dryRun)
			cancel()
		}
		if !wizard.IsRefusal(err) {
			return err
		}
		if err := wizard.OfferEdit(ctx, w, sess, err); err != nil {
			return err
		}
		codes.Reload(ctx, chosen)
	}
}

// confirmCreate checks the create form's answers against the chosen
// site's codes (the site may have been chosen after the code was typed),
// prints the summary and the command line, and asks for the go-ahead.
func confirmCreate(ctx context.Context, w wizard.Form, sess *cmdutil.Session, v promoform.Values, site int64, sites []prompt.Site, codes *wizard.Codes, dryRun bool) error {
	changes, err := v.Changes(sess.Loc)
	if err != nil {
		return cmdutil.UsageErr(err)
	}
	if codes.Taken(ctx, site, v.Code) {
		return wizard.CodeInUse(v.Code, site)
	}
	siteName := ""
	for _, s := range sites {
		if s.ID == site {
			siteName = s.Name
		}
	}
	e := sess.IO.ErrOut
	fmt.Fprintln(e, "\n"+sess.Msg.T("wizard.create.about"))
	wizard.WriteSummary(e, wizard.CreateSummary(sess.Msg, v, site, siteName, sess.Loc, sess.Now()))
	args := append([]string{"promo", "create", "--site-id", strconv.FormatInt(site, 10)}, promoform.Flags(changes, sess.Loc)...)
	if dryRun {
		args = append(args, "--dry-run")
	}
	fmt.Fprintf(e, "\n%s\n  %s\n\n", sess.Msg.T("wizard.same_without_form"), shared.CommandLine(sess, args...))
	if dryRun {
		return nil
	}
	return w.Proceed(ctx, sess.Msg.T("wizard.create.proceed", "Code", v.Code, "Site", site), true)
}
