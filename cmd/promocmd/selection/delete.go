package selection

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// promoDeleteOptions are the inputs of promo delete.
type promoDeleteOptions struct {
	shared.OneCode
	Prompter cmdutil.Prompter // asks before deleting, unless Yes
	Yes      bool             // delete without asking
}

// NewDeleteCmd is promo delete; run, when set, is called in place of the
// run (tests).
func NewDeleteCmd(f *cmdutil.Factory, run func(context.Context, *promoDeleteOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoDelete
	}
	opts := &promoDeleteOptions{}
	var af actFlags
	c := &cobra.Command{
		Use:     "delete [CODE_OR_ID...]",
		Aliases: []string{"rm"},
		Short:   "Delete promo codes",
		Long: `Delete a promo code, or a selection (below) of the codes of a site. On
a terminal promoctl names what it is about to delete and asks first;
without one (scripts, CI) it refuses unless --yes is given.

Codes are looked up in one read of the site's list (--site-id or the
configured site_id; the job's with --job). Ids alone need no site; given
with one, each must be on its list, or nothing is sent (exit 4). Filters
that select no code are an error (exit 2). Several codes, or a filter,
are deleted on the bulk engine, and on a terminal the list is
read again after the confirmation: a code that no longer matches
(deleted, renamed, or no longer of the --status) is skipped and named.
The bulk engine keeps at most --concurrency requests in flight, waits
for Retry-After on a 429 and writes every step to a journal under
$XDG_STATE_HOME/promoctl/jobs. Exit 1 when any could not be deleted:
stderr names each and why. With -o json, jsonl, yaml or csv, stdout
lists each code of such a job as id, code and outcome (deleted, failed,
unknown or not sent); the table form prints nothing on stdout.

` + shared.SelectionHelp,
		Example: `  promoctl promo delete 1001
  promoctl promo delete 1001 --yes
  promoctl promo delete SUMMER25 --site-id 11111 --yes
  promoctl promo delete SUMMER25 WINTER25 1003 --site-id 11111
  promoctl promo delete --status expired,used-up --site-id 11111 --yes
  promoctl promo delete --prefix TEST --unused --site-id 11111 --yes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			sopts, err := af.options(f, cmd, args, verbDelete)
			if err != nil {
				return err
			}
			if len(args) != 1 || sopts.Sel.Filters() {
				if err := sopts.start(f, cmd); err != nil {
					return err
				}
				return runPromoSelect(cmd.Context(), sopts)
			}
			ref, err := shared.ParsePromoRef(args[0])
			if err != nil {
				return err
			}
			opts.Yes = af.yes
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Name(sess, ref)
			opts.Prompter = cmdutil.PromptAs[cmdutil.Prompter](f)
			return shared.IDHint(sess, ref, run(cmd.Context(), opts))
		},
	}
	af.register(f, c, verbDelete)
	return c
}

// runPromoDelete deletes a promo code (DELETE /v1/promo/ID), unless Yes
// after asking, with the promo code read first to name it.
func runPromoDelete(ctx context.Context, opts *promoDeleteOptions) error {
	client, err := opts.Resolve(ctx)
	if err != nil {
		return err
	}
	if opts.Code == "" && opts.SiteID != 0 {
		// Given with a site, the id must be that site's.
		if err := shared.CheckOnSite(ctx, opts.Session, opts.ID, opts.SiteID); err != nil {
			return err
		}
	}
	name := opts.Code // the code, when known: what the last line names
	if !opts.Yes {
		// Name what is about to go: read it first. An answer without a
		// code only leaves it named by its id: the read is for the
		// question, and --yes deletes without it.
		rctx, cancel := opts.WithTimeout(ctx)
		raw, p, err := client.GetPromo(rctx, opts.ID)
		cancel()
		if re := (*api.ResponseError)(nil); errors.As(err, &re) && re.Reason == api.NotAPromoRecord {
			raw, p, err = nil, api.Promo{}, nil
		}
		if err != nil {
			return err
		}
		if p.Code != "" {
			name = string(p.Code)
		}
		ok, err := opts.Prompter.Confirm(ctx, opts.Msg.Say(shared.DeleteQuestion(opts.Session, opts.ID, raw, p)), opts.Msg.T("rest.confirm.note.delete"), false)
		if err != nil {
			return err
		}
		if !ok {
			return prompt.ErrCancelled
		}
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	if err := client.DeletePromo(ctx, opts.ID); err != nil {
		return err
	}
	// The outcome is said whoever watches: a script's log shows it too.
	if name != "" {
		fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("confirm.deleted_named", "Code", termsafe.String(name), "ID", opts.ID))
		return nil
	}
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("confirm.deleted", "ID", opts.ID))
	return nil
}
