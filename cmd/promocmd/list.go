package promocmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/view"
)

// promoListOptions are the inputs of promo list.
type promoListOptions struct {
	*core.Session
	SiteID int64 // --site-id or the configured site_id; 0 when neither
	// Filter is what to show and in which order: --status, --search,
	// --expiring-within, --sort, --limit.
	Filter PromoFilter
}

func newPromoListCmd(f *core.Factory, run func(context.Context, *promoListOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoList
	}
	opts := &promoListOptions{}
	var fl struct {
		status, search, within, sort string
		limit                        int
		prefix                       string
	}
	c := &cobra.Command{
		Use:     "list",
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

  --status S[,S...]      codes with any of these statuses
  --search TEXT          codes that contain TEXT, in any case
  --prefix P             codes that start with P, in any case (a campaign)
  --expiring-within D    codes with the time limit on whose end (d_off) is
                         between now and now+D; expired ones are left out.
                         D is days, hours or minutes: 7d, 36h, 90m, 1d12h
  --sort FIELD           by an API field (id, code, d_off, promo_used_count,
                         ...) or status (in the order of the rules above);
                         -FIELD for descending; codes without a value last
  --limit N              the first N codes (after filters and sort)

-o xlsx writes an Excel workbook of the CSV's columns with typed cells
(codes as text, dates in the local time zone) to a file or pipe, never a
terminal; promo apply -f reads it back.`,
		Args: core.NoArgs,
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

  # the codes of one campaign: they start with XMAS
  promoctl promo list --prefix XMAS -o csv`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			filter, err := listFilter(cmd.Flags(), fl.status, fl.search, fl.within, fl.sort, fl.limit)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("prefix") {
				if filter.Prefix, err = ParsePrefix(fl.prefix); err != nil {
					return err
				}
			}
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.SiteID, opts.Filter = sess, sess.Settings.SiteID, filter
			return run(cmd.Context(), opts)
		},
	}
	core.SiteFlag(f, c)
	fs := c.Flags()
	fs.StringVar(&fl.status, "status", "", "only codes with these statuses: "+strings.Join(statusNames(), ", ")+" (comma-separated)")
	fs.StringVar(&fl.search, "search", "", "only codes that contain this text, in any case")
	fs.StringVar(&fl.prefix, "prefix", "", "only codes that start with this text, in any case")
	fs.StringVar(&fl.within, "expiring-within", "", "only codes whose time limit ends between now and now+DURATION (7d, 36h, 90m)")
	fs.StringVar(&fl.sort, "sort", "", "order by an API field or status; -FIELD for descending")
	fs.IntVar(&fl.limit, "limit", 0, "show at most this many codes (after filters and sort)")
	f.CompleteFlag(c, "status", completeStatuses)
	f.CompleteFlag(c, "sort", core.FixedCompletions(sortChoices()))
	return c
}

// listFilter checks the filter flags of promo list.
func listFilter(fs *pflag.FlagSet, status, search, within, sort string, limit int) (PromoFilter, error) {
	var f PromoFilter
	if fs.Changed("status") {
		st, err := promo.ParseStatuses(status)
		if err != nil {
			return f, core.Usagef("--status: %v", err)
		}
		f.Statuses = st
	}
	if fs.Changed("search") {
		if strings.TrimSpace(search) == "" {
			return f, core.Usagef("--search needs a text to look for in the codes")
		}
		f.Search = strings.TrimSpace(search)
	}
	if fs.Changed("expiring-within") {
		d, err := parseWithin(within)
		if err != nil {
			return f, err
		}
		f.Within, f.WithinText = d, strings.TrimSpace(within)
	}
	if fs.Changed("sort") {
		field, desc, err := parseSort(sort)
		if err != nil {
			return f, err
		}
		f.Sort, f.Desc = field, desc
	}
	if fs.Changed("limit") {
		if limit < 1 {
			return f, core.Usagef("--limit must be at least 1, got %d", limit)
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
	opts.WithSiteCurrency(ctx, client, site)
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return err
	}
	defer stream.Close()
	// Filters, the order and the limit wrap the stream: whatever they let
	// through is what every format shows.
	now := opts.Now()
	codes := opts.Filter.apply(stream, now)
	empty := fmt.Sprintf("No promo codes on site %d.", site)
	if opts.Filter.filters() {
		empty = fmt.Sprintf("No promo codes on site %d match: %s.", site, opts.Filter.Describe(opts.Msg))
	}
	return opts.PrintStream(view.PromoListStream(codes, opts.Loc, now), empty)
}
