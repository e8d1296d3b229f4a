package promocmd

import (
	"context"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/view"
)

// promoListOptions are the inputs of promo list.
type promoListOptions struct {
	*cmdutil.Session
	SiteID int64 // --site-id or the configured site_id; 0 when neither
	// Sel is the codes to show (the selection); Filter their order and
	// how many: --sort, --limit.
	Sel    shared.Selection
	Filter shared.PromoFilter
}

func newPromoListCmd(f *cmdutil.Factory, run func(context.Context, *promoListOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoList
	}
	opts := &promoListOptions{}
	var sf shared.SelectionFlags
	var fl struct {
		sort  string
		limit int
	}
	c := &cobra.Command{
		Use:     "list [CODE_OR_ID...]",
		Aliases: []string{"ls"},
		Short:   "List the promo codes of a site",
		Long: `List the promo codes of a site. The table has each code's STATUS now,
by the first rule that applies: disabled (not enabled), expired (time
limit on and its end passed), used-up (use limit on and reached),
scheduled (time limit on and its start to come), else active.

The list can be filtered, ordered and cut locally, in every output
format: JSON, YAML and CSV keep the API's fields, just fewer or
reordered. Filters and --limit work as the list streams in; --sort reads
the whole list first.

` + shared.SelectionHelp + `

  --sort FIELD           by an API field (id, code, d_off, promo_used_count,
                         ...) or status (in the order of the rules above);
                         -FIELD for descending; codes without a value last
  --limit N              the first N codes (after filters and sort)

-o xlsx writes an Excel workbook of the CSV's columns with typed cells
(codes as text, dates in the local time zone) to a file or pipe, never a
terminal; promo apply -f reads it back.`,
		Example: `  promoctl promo list --site-id 11111
  promoctl promo list -o csv > promo-codes.csv
  promoctl promo list -o xlsx > promo-codes.xlsx
  promoctl promo list -o json --jq '.[] | select(.is_valid | not) | .id'

  # what stops working soon, soonest first
  promoctl promo list --status active --expiring-within 7d --sort d_off

  # the ten most used codes
  promoctl promo list --sort -promo_used_count --limit 10

  # expired and used-up codes whose code contains "summer", as JSON
  promoctl promo list --status expired,used-up --search summer -o json

  # the codes of one campaign that nobody used
  promoctl promo list --prefix XMAS --unused -o csv`,
		RunE: func(cmd *cobra.Command, args []string) error {
			sel, err := sf.Parse(cmd, args)
			if err != nil {
				return err
			}
			filter, err := listOrder(cmd.Flags(), fl.sort, fl.limit)
			if err != nil {
				return err
			}
			sess, err := sel.Start(f, cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.SiteID, opts.Sel, opts.Filter = sess, sess.Settings.SiteID, sel, filter
			if opts.SiteID, err = opts.Sel.Site(sess, opts.SiteID); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.SiteFlag(f, c)
	sf.AddFlags(f, c)
	fs := c.Flags()
	fs.StringVar(&fl.sort, "sort", "", "order by an API field or status; -FIELD for descending")
	fs.IntVar(&fl.limit, "limit", 0, "show at most this many codes (after filters and sort)")
	f.CompleteFlag(c, "sort", complete.Fixed(shared.SortChoices()))
	return c
}

// listOrder checks --sort and --limit of promo list.
func listOrder(fs *pflag.FlagSet, sort string, limit int) (shared.PromoFilter, error) {
	var f shared.PromoFilter
	if fs.Changed("sort") {
		field, desc, err := shared.ParseSort(sort)
		if err != nil {
			return f, err
		}
		f.Sort, f.Desc = field, desc
	}
	if fs.Changed("limit") {
		if limit < 1 {
			return f, i18n.NewError(cmdutil.ExitUsage, "promocmd.limit", "N", limit)
		}
		f.Limit = limit
	}
	return f, nil
}

// runPromoList lists the promo codes of the site (GET /v1/promo).
func runPromoList(ctx context.Context, opts *promoListOptions) error {
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	// The list is shown as it arrives, in the memory of one promo code
	// (only a table holds its rows, compactly): a site may hold hundreds
	// of thousands.
	sitecurrency.Use(ctx, opts.Session, client, site)
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return err
	}
	defer stream.Close()
	// Filters, the order and the limit wrap the stream: whatever they let
	// through is what every format shows.
	now := opts.Now()
	// Without a selection every element passes as it is, undecoded: JSON
	// shows even a list a table could not read.
	var codes output.Elements = stream
	var selected *shared.SelectedPromos
	if !opts.Sel.Empty() {
		selected = opts.Sel.Pick(stream, now)
		codes = selected
	}
	codes = opts.Filter.Apply(codes, now)
	empty := i18n.M("promocmd.list.empty", "Site", site)
	if opts.Sel.Filters() {
		empty = i18n.M("promocmd.list.none_match", "Site", site, "Filter", opts.Sel.Describe(opts.Msg))
	}
	if err := opts.PrintStream(view.PromoListStream(codes, opts.Loc, now), opts.Msg.Say(empty)); err != nil {
		return err
	}
	if selected == nil || !selected.Done {
		return nil // --limit stopped reading: what was not read is not missing
	}
	return selected.Missing(site)
}
