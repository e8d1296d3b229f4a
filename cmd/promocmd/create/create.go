// Package create is promo create: one promo code from flags, a -f file
// (JSON or YAML, or stdin) or the form (create_wizard.go, on the
// wizard package's shared parts), checked before it is sent, and shown
// as the API answered it.
package create

import (
	"context"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/cmd/promocmd/wizard"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/promoctl/promoctl/internal/view"
)

// promoCreateOptions are the inputs of promo create.
type promoCreateOptions struct {
	*cmdutil.Session
	Prompter wizard.Form // the form, when Interactive
	// Changes are the fields to send: those of the -f file with the flags
	// laid over them, each checked.
	Changes promo.Changes
	// SiteID is --site-id, else the file's site_id, else the configured
	// site_id; 0 when none names one.
	SiteID      int64
	FromFile    bool // some fields came from a -f file
	Interactive bool // ask for the fields in a form
	DryRun      bool // print the request instead of sending it
}

// NewCmd is promo create; run, when set, is called in place of the run
// (tests).
func NewCmd(f *cmdutil.Factory, run func(context.Context, *promoCreateOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoCreate
	}
	opts := &promoCreateOptions{}
	var ff shared.FieldFlags
	c := &cobra.Command{
		Use:   "create",
		Short: "Create a promo code",
		Long: `Create a promo code on a site. Only the fields you name are sent; the
service fills in the rest with its defaults (disabled, a discount on
goods, 0.01, no limits). Without --amount, a warning on stderr says the
discount is 0.01; a code created disabled without --enabled=false gets a
warning with the command that enables it. Name the values to silence
them.

Dates without a zone are in your local time zone (TZ). A date without a
time is the start of that day for --starts and the end of it (23:59:59)
for --ends, so the last day named is included.

On a terminal, without --code (or with -i), a form asks for the fields,
starting from any given as flags, offers a choice of your sites when no
site is given or configured, and shows the equivalent command line
before it asks to create. It refuses a code the site has already
(whatever its case), and when the server refuses the promo code it
offers to edit the answers and try again. PROMOCTL_ACCESSIBLE=1 or
--accessible asks the same as plain lines, for screen readers.`,
		Args: cmdutil.NoArgs,
		Example: `  promoctl promo create --site-id 11111 --code SUMMER25 --amount 25 --percent --enabled
  promoctl promo create --code FREESHIP --bonus-type delivery --amount 100 --percent \
      --starts 2026-12-01 --ends 2026-12-31 --max-uses 500 --once-per-user --enabled
  promoctl promo create --site-id 11111 -f promo.yaml --dry-run
  promoctl promo create -i --amount 15`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			changes, fileSite, err := ff.Input(cmd.Flags(), shared.FileInput(cmd.Context(), f.IO, f.Msg), f.Location())
			if err != nil {
				return err
			}
			asks, err := wizard.Wanted(f.IO, ff.Interactive, changes.Code == nil, ff.File)
			if err != nil {
				return err
			}
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			site, _ := shared.SiteOver(sess, fileSite)
			opts.Session, opts.Changes, opts.SiteID = sess, changes, site
			opts.FromFile, opts.Interactive, opts.DryRun = ff.File != "", asks, ff.DryRun
			if asks {
				opts.Prompter = cmdutil.PromptAs[wizard.Form](f)
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.SiteFlag(f, c)
	ff.Register(c.Flags(), false)
	f.CompleteFlag(c, "bonus-type", complete.Fixed(shared.BonusTypeChoices(f.Msg)))
	_ = c.MarkFlagFilename("file") // the flag exists: no error
	return c
}

// runPromoCreate creates a promo code (POST /v1/promo), or with DryRun
// prints the request; with Interactive the form asks for the fields first.
func runPromoCreate(ctx context.Context, opts *promoCreateOptions) error {
	if opts.Interactive {
		return runPromoCreateWizard(ctx, opts)
	}
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	if opts.Changes.Amount == nil {
		opts.Warnings.WarnMsg(shared.DefaultAmountWarning(opts.FromFile, opts.Changes.Percent != nil && *opts.Changes.Percent))
	}
	if w, ok := shared.PastEndWarning(opts.Changes.Ends, opts.Now(), opts.Loc, false); ok {
		opts.Warnings.WarnMsg(w)
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	return createPromo(ctx, opts.Session, opts.Changes, site, opts.DryRun)
}

// createPromo creates a promo code on site and shows it, or with dryRun
// prints the request instead. A code created disabled is said so, with
// the command that enables it.
func createPromo(ctx context.Context, sess *cmdutil.Session, changes promo.Changes, site int64, dryRun bool) error {
	body := changes.CreateBody(site, sess.Settings.UserID)
	if dryRun {
		return shared.PrintDryRun(sess, "POST", "/v1/promo", body, true)
	}
	client, err := sess.Client()
	if err != nil {
		return err
	}
	raw, p, err := client.CreatePromo(ctx, body)
	if err != nil {
		return err
	}
	sitecurrency.Use(ctx, sess, client, site) // the card's discount in the site's currency, as promo get shows it
	if err := sess.Print(view.PromoRecord(raw, p, 0, sess.Loc, sess.Now())); err != nil {
		return err
	}
	code := termsafe.String(string(p.Code))
	if code == "" {
		code = body.Code
	}
	if p.ID != nil {
		sess.NoteMsg(i18n.M("promo.create.created_id", "Code", code, "ID", int64(*p.ID), "Site", site))
	} else {
		sess.NoteMsg(i18n.M("promo.create.created", "Code", code, "Site", site))
	}
	if p.IsEnabled {
		return nil
	}
	enable := enableCommand(sess, p.ID, site)
	if changes.Enabled == nil {
		// Nobody chose this: say it wherever stderr goes.
		sess.Warnings.WarnMsg(i18n.M("promo.create.created_disabled", "Code", code, "Command", enable))
	} else {
		sess.NoteMsg(i18n.M("promo.create.disabled", "Command", enable))
	}
	return nil
}

// enableCommand is the command that enables a new promo code; without its
// id (the server did not name it), it says where to find the id.
func enableCommand(s *cmdutil.Session, id *api.Int, site int64) any {
	if id == nil {
		return i18n.M("promo.create.enable_find_id", "Command", shared.HintLine(s, "promo", "update", "ID", "--enabled"),
			"List", shared.HintLine(s, "promo", "list", "--site-id", strconv.FormatInt(site, 10)))
	}
	return shared.HintLine(s, "promo", "update", strconv.FormatInt(int64(*id), 10), "--enabled")
}
