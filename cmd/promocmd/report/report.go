// Package report is promo report: the orders of a selection of promo
// codes summed up (internal/report) from each code's statistics, read with
// the bulk runner's clients and throttle (jobrun), by code or by day.
package report

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
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
	*cmdutil.Session
	jobrun.Env        // the throttle and the bar of its bulk work
	SiteID      int64 // --site-id or the configured site_id; 0 when neither
	Period      report.Period
	ByDay       bool // --by day; else --by code
	Concurrency int
	Accessible  bool // the chart as lines of text, for screen readers
	// Sel is the codes reported on (the selection); with --job, on the
	// job's site.
	Sel shared.Selection
	// AllCodes is --all-codes: read the statistics of every selected code,
	// not only of those the list shows as used.
	AllCodes bool
}

// NewCmd is promo report; run, when set, is called in place of the run
// (tests).
func NewCmd(f *cmdutil.Factory, run func(context.Context, *promoReportOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoReport
	}
	opts := &promoReportOptions{}
	rf := &reportFlags{}
	sf := &rf.sel
	c := &cobra.Command{
		Use:     "report [CODE_OR_ID...]",
		Aliases: []string{"summary"},
		Short:   "Sum up the orders of the promo codes of a site or a campaign",
		Long: `Read the usage statistics of the promo codes of a site, several at once
(--concurrency, default 4), and count the orders by the date they were
placed (d_lead_created), within --since and --until when given.

The report is on every code of the site, or on a selection (a campaign);
the totals are for the selection. With --job, on the job's site.

` + shared.SelectionHelp + `

Statistics are read only for the codes that the list shows as used
(promo_used_count above 0, or not given): a code never used has no
orders, so its row (0 orders) needs no request. --all-codes reads every
selected code, for a site whose counts cannot be trusted.

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
read, and the table is followed by a chart of orders per day (per week,
or per month, when the days do not fit the width; its title says so): as
lines of text in accessible mode (--accessible) or when the terminal is
too narrow, without colour with NO_COLOR or --no-color. -o json, yaml and csv
give the rows alone. A 429 makes every reader wait for its Retry-After;
a code whose statistics cannot be read is named on stderr, the others
are reported, and the exit code is 1.`,
		Example: `  promoctl promo report --site-id 11111
  # one campaign: the codes that start with XMAS, or that a job created
  promoctl promo report --prefix XMAS --since 2026-12-01
  promoctl promo report --job 20261201T100000Z-1a2b3c4d
  promoctl promo report SUMMER25 WINTER25 --status active
  # read every code's statistics, used or not
  promoctl promo report --all-codes
  promoctl promo report --since 2026-07-01 --until 2026-07-31 --by day
  promoctl promo report -o csv > report.csv
  # the discount given in July, per currency
  promoctl promo report --since 2026-07-01 --until 2026-07-31 --by day -o json \
      --jq 'group_by(.currency) | map({currency: .[0].currency, discount: (map(.discount_total) | add)})'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := rf.complete(cmd, args, f, opts); err != nil {
				return err
			}
			if err := rf.validate(cmd, opts); err != nil {
				return err
			}
			if err := rf.start(cmd, f, opts); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.SiteFlag(f, c)
	fs := c.Flags()
	fs.StringVar(&rf.since, "since", "", "count orders placed from this date: 2026-07-01 (from 00:00), 2026-07-01T10:00 or RFC 3339")
	fs.StringVar(&rf.until, "until", "", "count orders placed up to this date, in the same forms; a date alone includes that day (to 23:59:59)")
	fs.StringVar(&rf.by, "by", "code", "one row per code and currency (code) or per day and currency (day)")
	fs.IntVar(&opts.Concurrency, "concurrency", bulk.DefaultConcurrency, "how many statistics to read at once")
	sf.AddFlags(f, c)
	fs.BoolVar(&opts.AllCodes, "all-codes", false, "read the statistics of every selected code, not only of those the list shows as used")
	f.CompleteFlag(c, "by", complete.Fixed(shared.ReportByChoices(f.Msg)))
	return c
}

// reportFlags are the flags of promo report kept as given, before
// complete turns them into options.
type reportFlags struct {
	since, until, by string
	sel              shared.SelectionFlags
	period           report.Period
}

// complete parses the arguments and flags into opts: the codes named, the
// period and the filter.
func (rf *reportFlags) complete(cmd *cobra.Command, args []string, f *cmdutil.Factory, opts *promoReportOptions) error {
	var err error
	if rf.period, err = reportPeriod(cmd, rf.since, rf.until, f.Location()); err != nil {
		return err
	}
	opts.Sel, err = rf.sel.Parse(cmd, args)
	return err
}

// validate makes the checks of the flags that parsing does not, once.
func (rf *reportFlags) validate(cmd *cobra.Command, opts *promoReportOptions) error {
	switch rf.by {
	case "code", "day":
	default:
		return i18n.NewError(cmdutil.ExitUsage, "report.error.by", "Value", promo.Quoted(rf.by))
	}
	if opts.Concurrency < 1 || opts.Concurrency > maxReportConcurrency {
		return i18n.NewError(cmdutil.ExitUsage, "report.error.concurrency", "Max", i18n.Number(maxReportConcurrency), "N", i18n.Number(opts.Concurrency))
	}
	return nil
}

// start starts the session and fills the options that depend on it.
func (rf *reportFlags) start(cmd *cobra.Command, f *cmdutil.Factory, opts *promoReportOptions) error {
	sess, err := opts.Sel.Start(f, cmd)
	if err != nil {
		return err
	}
	opts.Session, opts.Env, opts.Period, opts.ByDay = sess, jobrun.NewEnv(f), rf.period, rf.by == "day"
	if opts.SiteID, err = opts.Sel.Site(sess, sess.Settings.SiteID); err != nil {
		return err
	}
	opts.Accessible = cmdutil.Accessible(f.Global.Accessible, f.Env)
	return nil
}

// reportPeriod reads --since and --until in loc.
func reportPeriod(cmd *cobra.Command, since, until string, loc *time.Location) (report.Period, error) {
	var p report.Period
	var err error
	if cmd.Flags().Changed("since") {
		if p.Since, err = promo.ParseStart(since, loc); err != nil {
			return p, i18n.NewError(cmdutil.ExitUsage, "report.error.flag", "Flag", "--since", "Err", err)
		}
	}
	if cmd.Flags().Changed("until") {
		if p.Until, err = promo.ParseEnd(until, loc); err != nil {
			return p, i18n.NewError(cmdutil.ExitUsage, "report.error.flag", "Flag", "--until", "Err", err)
		}
	}
	if !p.Since.IsZero() && !p.Until.IsZero() && p.Until.Before(p.Since) {
		return p, i18n.NewError(cmdutil.ExitUsage, "report.error.until_before_since",
			"Until", i18n.DateTime{Time: p.Until, Loc: loc}, "Since", i18n.DateTime{Time: p.Since, Loc: loc})
	}
	return p, nil
}

// runPromoReport reads the list of the site once (GET /v1/promo), then the
// statistics of the selected codes that were used on the bulk engine (GET
// /v1/promo/ID/statistics; every selected code with AllCodes), and prints
// them aggregated.
func runPromoReport(ctx context.Context, opts *promoReportOptions) error {
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	retry, err := jobrun.Retry(opts.Session)
	if err != nil {
		return err
	}
	th := opts.NewThrottle(retry)
	// A bulk client: its requests go through the throttle, which must
	// see every response to honour Retry-After.
	client, err := jobrun.Client(opts.Session, th, false)
	if err != nil {
		return err
	}
	// The table's money in the site's currency where a row has none (a
	// code without orders).
	sitecurrency.Use(ctx, opts.Session, client, site)
	codes, toRead, err := reportCodes(ctx, opts, client, site)
	if err != nil {
		return err
	}

	read, failed, err := opts.readStats(ctx, client, th, retry, codes, toRead)
	if err != nil {
		return err
	}
	r := report.Build(read, opts.Period, opts.Loc)
	if r.Undated > 0 {
		opts.Warnings.WarnMsg(i18n.C("report.warn.undated", r.Undated, "Count", i18n.Number(r.Undated)))
	}
	if err := opts.printReport(r, site); err != nil {
		return err
	}
	for _, f := range failed {
		line := opts.Msg.SayWith(f, func(err error) string { return errtext.Say(opts.Msg, err) })
		fmt.Fprintf(opts.IO.ErrOut, "promoctl: %s\n", opts.Warnings.Clean(line))
	}
	if len(failed) > 0 {
		return i18n.NewError(0, "report.error.unread", "Failed", i18n.Number(len(failed)), "Total", i18n.Number(len(toRead)))
	}
	return nil
}

// readStats reads the statistics of codes[i] for each i of toRead on the
// bulk engine (tried again by the run's retry policy), drawing the bar,
// and gives the codes read (a code not read had no uses: its row has 0
// orders, as a read of its empty statistics would give) and a line for
// each that failed.
func (opts *promoReportOptions) readStats(ctx context.Context, client *api.Client, th *bulk.Throttle, retry api.RetryPolicy, codes []report.CodeStats, toRead []int) ([]report.CodeStats, []i18n.Message, error) {
	var bar *progress.Bar
	o := bulk.Options{Concurrency: opts.Concurrency, Throttle: th, Retry: retry, Classify: bulk.ClassifyRead, OpTimeout: opts.Settings.Timeout}
	if opts.Bar && len(toRead) > 0 {
		bar = jobrun.NewBar(opts.Session)
		bar.Label = opts.Msg.T("promo.report.reading")
		o.Progress = func(p bulk.Progress) { bar.Update(p.Finished, p.Total, p.Rate, p.ETA()) }
	}
	results, err := bulk.Run(ctx, toRead, func(ctx context.Context, i int) ([]api.Stat, error) {
		id := codes[i].ID
		raw, err := client.PromoStats(ctx, id)
		if err != nil {
			return nil, err
		}
		ss, err := api.DecodeStats(raw)
		if err != nil {
			return nil, i18n.NewError(0, "report.error.stats", "ID", id, "Err", err)
		}
		return ss, nil
	}, o)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		return nil, nil, err
	}
	// A code not read had no uses: its row has 0 orders, as a read of
	// its empty statistics would give.
	failedAt := map[int]bool{}
	var failed []i18n.Message
	for k, res := range results {
		i := toRead[k]
		if res.Outcome != bulk.Done {
			failedAt[i] = true
			failed = append(failed, i18n.M("report.failed", "Code", codes[i].Code, "Err", res.Err))
			continue
		}
		codes[i].Stats = res.Value
	}
	read := make([]report.CodeStats, 0, len(codes))
	for i, c := range codes {
		if !failedAt[i] {
			read = append(read, c)
		}
	}
	return read, failed, nil
}

// reportCodes reads the list of the site: the selected codes, in the
// list's order, and the indexes of those whose statistics to read (used
// ones; all with AllCodes).
func reportCodes(ctx context.Context, opts *promoReportOptions, client *api.Client, site int64) ([]report.CodeStats, []int, error) {
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return nil, nil, err
	}
	defer stream.Close()
	var codes []report.CodeStats
	var toRead []int
	sel := opts.Sel.Pick(stream, opts.Now())
	for {
		if _, err := sel.Next(); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, i18n.NewError(0, "report.error.list", "Site", site, "Err", err)
		}
		p := &sel.Current
		if opts.AllCodes || p.PromoUsedCount == nil || *p.PromoUsedCount > 0 {
			toRead = append(toRead, len(codes))
		}
		codes = append(codes, report.CodeStats{ID: int64(*p.ID), Code: string(p.Code)})
	}
	if sel.NoID > 0 {
		opts.Warnings.WarnMsg(i18n.C("report.warn.no_id", sel.NoID, "Count", i18n.Number(sel.NoID)))
	}
	// A code named by the user that the site does not have is an error,
	// as in every verb that takes codes.
	if err := sel.Missing(site); err != nil {
		return nil, nil, err
	}
	if job := opts.Sel.Campaign; job != nil && len(opts.Sel.Refs) == 0 && !opts.Sel.Filter.Filters() {
		if gone := len(job.Codes) - sel.JobFound; gone > 0 {
			opts.Warnings.WarnMsg(i18n.C("report.warn.job_codes_gone", len(job.Codes),
				"Gone", i18n.Number(gone), "Count", i18n.Number(len(job.Codes)), "Job", job.Info.ID, "Site", site))
		}
	}
	return codes, toRead, nil
}

// printReport prints the rows of r and, on a terminal, the chart of orders
// per day under the table.
func (opts *promoReportOptions) printReport(r report.Report, site int64) error {
	var d output.Data
	var err error
	empty := i18n.M("report.empty.promos", "Site", site)
	if opts.Sel.Filters() {
		empty = i18n.M("report.empty.promos_match", "Site", site, "Filter", opts.Sel.Describe(opts.Msg))
	}
	if opts.ByDay {
		d, err = view.ReportByDay(r)
		empty = i18n.M("report.empty.orders")
	} else {
		d, err = view.ReportByCode(r, opts.Loc)
	}
	if err != nil {
		return err
	}
	if err := opts.PrintList(d, opts.Msg.Say(empty)); err != nil {
		return err
	}
	if !opts.Out.Format.IsTable() || opts.Out.JQ != nil || opts.Out.NoHeaders || !opts.IO.IsStdoutTTY() || len(r.Days) == 0 {
		return nil
	}
	if _, err := io.WriteString(opts.IO.Out, "\n"); err != nil {
		return err
	}
	return output.WriteCharts(opts.IO.Out, view.OrdersCharts(r),
		output.ChartOptions{Width: opts.IO.TerminalWidth(), Color: opts.Out.Color, Plain: opts.Accessible, Say: opts.Out.Say})
}
