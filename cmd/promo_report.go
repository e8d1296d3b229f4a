package cmd

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/progress"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/report"
	"github.com/promoctl/promoctl/internal/view"
)

// maxReportConcurrency bounds --concurrency: the API documents no limit,
// and more readers than this only earn 429s.
const maxReportConcurrency = 32

// promoReportOptions are the inputs of promo report.
type promoReportOptions struct {
	*session
	SiteID      int64 // --site-id or the configured site_id; 0 when neither
	Period      report.Period
	ByDay       bool // --by day; else --by code
	Concurrency int
	Accessible  bool // the chart as lines of text, for screen readers
}

func newPromoReportCmd(f *factory, run func(context.Context, *promoReportOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoReport
	}
	opts := &promoReportOptions{}
	var since, until, by string
	c := &cobra.Command{
		Use:     "report",
		Aliases: []string{"summary"},
		Short:   "Sum up the orders of every promo code of a site",
		Long: `Read the usage statistics of every promo code of a site, several at once
(--concurrency, default 4), and count the orders by the date they were
placed (d_lead_created), within --since and --until when given.

--by code (the default) gives one row per code and currency: its orders,
order and discount totals, and first and last order; a code without
orders in the period has one row with 0 orders and no currency. --by day
gives one row per day and currency, days in your local time zone (TZ).
The totals are per currency: amounts in different currencies are never
added up. Amounts are added exactly, whether the server sends them as
numbers or as strings.

--since and --until take the dates of promo create: 2026-07-01 (from
00:00 for --since, to 23:59:59 for --until, so the days named are
included), 2026-07-01T10:00, or RFC 3339.

On a terminal a progress bar is drawn on stderr while the statistics are
read, and the table is followed by a chart of orders per day: as lines
of text in accessible mode (--accessible) or when the terminal is too
narrow, without colour with NO_COLOR or --no-color. -o json, yaml and csv
give the rows alone. A 429 makes every reader wait for its Retry-After;
a code whose statistics cannot be read is named on stderr, the others
are reported, and the exit code is 1.`,
		Args: noArgs,
		Example: `  promoctl promo report --site-id 11111
  promoctl promo report --since 2026-07-01 --until 2026-07-31 --by day
  promoctl promo report -o csv > report.csv
  # the discount given in July, per currency
  promoctl promo report --since 2026-07-01 --until 2026-07-31 --by day -o json \
      --jq 'group_by(.currency) | map({currency: .[0].currency, discount: (map(.discount_total) | add)})'`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			period, err := reportPeriod(cmd, since, until, f.location())
			if err != nil {
				return err
			}
			switch by {
			case "code", "day":
			default:
				return usagef("--by: want code or day, got %q", by)
			}
			if opts.Concurrency < 1 || opts.Concurrency > maxReportConcurrency {
				return usagef("--concurrency: want 1 to %d, got %d", maxReportConcurrency, opts.Concurrency)
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.SiteID, opts.Period, opts.ByDay = sess, sess.Settings.SiteID, period, by == "day"
			opts.Accessible = accessible(f.global.accessible, f.env)
			return run(cmd.Context(), opts)
		},
	}
	siteFlag(c)
	fs := c.Flags()
	fs.StringVar(&since, "since", "", "count orders placed from this date: 2026-07-01 (from 00:00), 2026-07-01T10:00 or RFC 3339")
	fs.StringVar(&until, "until", "", "count orders placed up to this date, in the same forms; a date alone includes that day (to 23:59:59)")
	fs.StringVar(&by, "by", "code", "one row per code and currency (code) or per day and currency (day)")
	fs.IntVar(&opts.Concurrency, "concurrency", bulk.DefaultConcurrency, "how many statistics to read at once")
	return c
}

// reportPeriod reads --since and --until in loc.
func reportPeriod(cmd *cobra.Command, since, until string, loc *time.Location) (report.Period, error) {
	var p report.Period
	var err error
	if cmd.Flags().Changed("since") {
		if p.Since, err = promo.ParseStart(since, loc); err != nil {
			return p, usagef("--since: %v", err)
		}
	}
	if cmd.Flags().Changed("until") {
		if p.Until, err = promo.ParseEnd(until, loc); err != nil {
			return p, usagef("--until: %v", err)
		}
	}
	if !p.Since.IsZero() && !p.Until.IsZero() && p.Until.Before(p.Since) {
		return p, usagef("--until %s is before --since %s", promo.FormatLocal(p.Until, loc), promo.FormatLocal(p.Since, loc))
	}
	return p, nil
}

// runPromoReport reads the list of the site once (GET /v1/promo), then the
// statistics of every code on the bulk engine (GET /v1/promo/ID/statistics),
// and prints them aggregated.
func runPromoReport(ctx context.Context, opts *promoReportOptions) error {
	site, err := opts.site(opts.SiteID)
	if err != nil {
		return err
	}
	th := bulk.NewThrottle(0)
	// The session's bulk client: its requests go through the throttle,
	// which must see every response to honour Retry-After.
	client, err := opts.BulkClient(th.Transport, false)
	if err != nil {
		return err
	}
	codes, err := reportCodes(ctx, opts, client, site)
	if err != nil {
		return err
	}

	var bar *progress.Bar
	o := bulk.Options{Concurrency: opts.Concurrency, Throttle: th, Classify: bulk.ClassifyRead, OpTimeout: opts.Settings.Timeout}
	if opts.Bar && len(codes) > 0 {
		bar = opts.newBar()
		bar.Label = opts.Msg.T("promo.report.reading")
		o.Progress = func(p bulk.Progress) { bar.Update(p.Finished, p.Total, p.Rate, p.ETA()) }
	}
	results, err := bulk.Run(ctx, codes, func(ctx context.Context, c report.CodeStats) ([]api.Stat, error) {
		raw, err := client.PromoStats(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		ss, err := api.DecodeStats(raw)
		if err != nil {
			return nil, fmt.Errorf("statistics of promo %d: %w", c.ID, err)
		}
		return ss, nil
	}, o)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		return err
	}
	read := make([]report.CodeStats, 0, len(codes))
	var failed []string
	for i, res := range results {
		if res.Outcome != bulk.Done {
			failed = append(failed, fmt.Sprintf("%s: %v", codes[i].Code, res.Err))
			continue
		}
		codes[i].Stats = res.Value
		read = append(read, codes[i])
	}

	r := report.Build(read, opts.Period, opts.Loc)
	if r.Undated > 0 {
		opts.warn(fmt.Sprintf("%d statistics records without d_lead_created were not counted", r.Undated))
	}
	if err := opts.printReport(r, site); err != nil {
		return err
	}
	for _, f := range failed {
		fmt.Fprintf(opts.IO.ErrOut, "promoctl: %s\n", opts.Warnings.clean(f))
	}
	if len(failed) > 0 {
		return fmt.Errorf("could not read the statistics of %d of %d promo codes", len(failed), len(codes))
	}
	return nil
}

// reportCodes reads the list of the site: the codes whose statistics to
// read.
func reportCodes(ctx context.Context, opts *promoReportOptions, client *api.Client, site int64) ([]report.CodeStats, error) {
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	raw, err := client.ListPromos(ctx, site)
	if err != nil {
		return nil, err
	}
	ps, err := api.DecodePromos(raw)
	if err != nil {
		return nil, fmt.Errorf("list promo codes of site %d: %w", site, err)
	}
	codes := make([]report.CodeStats, 0, len(ps))
	noID := 0
	for _, p := range ps {
		if p.ID == nil {
			noID++
			continue
		}
		codes = append(codes, report.CodeStats{ID: int64(*p.ID), Code: string(p.Code)})
	}
	if noID > 0 {
		opts.warn(fmt.Sprintf("%d promo codes of the list have no id: their statistics cannot be read", noID))
	}
	return codes, nil
}

// printReport prints the rows of r and, on a terminal, the chart of orders
// per day under the table.
func (opts *promoReportOptions) printReport(r report.Report, site int64) error {
	var d output.Data
	var err error
	empty := fmt.Sprintf("No promo codes on site %d.", site)
	if opts.ByDay {
		d, err = view.ReportByDay(r)
		empty = "No orders in the period."
	} else {
		d, err = view.ReportByCode(r, opts.Loc)
	}
	if err != nil {
		return err
	}
	if err := opts.printList(d, empty); err != nil {
		return err
	}
	if !opts.Out.Format.IsTable() || opts.Out.JQ != nil || opts.Out.NoHeaders || !opts.IO.IsStdoutTTY() || len(r.Days) == 0 {
		return nil
	}
	if _, err := io.WriteString(opts.IO.Out, "\n"); err != nil {
		return err
	}
	return output.WriteChart(opts.IO.Out, view.OrdersPerDay(r),
		output.ChartOptions{Width: opts.IO.TerminalWidth(), Color: opts.Out.Color, Plain: opts.Accessible, Locale: opts.Out.Locale})
}
