package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/view"
)

func newPromoCmd(f *factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "promo",
		Aliases: []string{"promos", "promo-code"},
		Short:   "Manage promo codes",
		Long:    "List, create, read, change and delete the promo codes of a site, and see how they were used.",
		Example: `  promoctl promo list --site-id 11111
  promoctl promo create --site-id 11111 --code SUMMER25 --amount 25 --percent --enabled
  promoctl promo stats 1001`,
		RunE: groupRun,
	}
	c.AddCommand(newPromoListCmd(f, nil), newPromoGetCmd(f, nil), newPromoCreateCmd(f, nil), newPromoUpdateCmd(f, nil),
		newPromoDeleteCmd(f, nil), newPromoEnableCmd(f, nil), newPromoDisableCmd(f, nil), newPromoStatsCmd(f, nil), newPromoGenerateCmd(f, nil), newPromoApplyCmd(f, nil))
	c.AddCommand(newPromoReportCmd(f, nil), newPromoJobsCmd(f, nil, nil))
	return c
}

// siteFlag adds --site-id, a row of the settings table: its value is
// resolved with the other settings (flag > PROMOCTL_SITE_ID > the
// profile's site_id) into session.Settings.SiteID.
func siteFlag(c *cobra.Command) {
	s, _ := config.Find(config.KeySiteID)
	c.Flags().StringP(s.Flag, s.Short, "", s.Usage)
}

// promoListOptions are the inputs of promo list.
type promoListOptions struct {
	*session
	SiteID int64 // --site-id or the configured site_id; 0 when neither
	// Filter is what to show and in which order: --status, --search,
	// --expiring-within, --sort, --limit.
	Filter promoFilter
}

func newPromoListCmd(f *factory, run func(context.Context, *promoListOptions) error) *cobra.Command {
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
		Args: noArgs,
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
				if filter.Prefix, err = parsePrefix(fl.prefix); err != nil {
					return err
				}
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.SiteID, opts.Filter = sess, sess.Settings.SiteID, filter
			return run(cmd.Context(), opts)
		},
	}
	siteFlag(c)
	fs := c.Flags()
	fs.StringVar(&fl.status, "status", "", "only codes with these statuses: "+strings.Join(statusNames(), ", ")+" (comma-separated)")
	fs.StringVar(&fl.search, "search", "", "only codes that contain this text, in any case")
	fs.StringVar(&fl.prefix, "prefix", "", "only codes that start with this text, in any case")
	fs.StringVar(&fl.within, "expiring-within", "", "only codes whose time limit ends between now and now+DURATION (7d, 36h, 90m)")
	fs.StringVar(&fl.sort, "sort", "", "order by an API field or status; -FIELD for descending")
	fs.IntVar(&fl.limit, "limit", 0, "show at most this many codes (after filters and sort)")
	return c
}

// statusNames are the statuses of promo codes, for help and completion.
func statusNames() []string {
	var out []string
	for _, s := range promo.Statuses() {
		out = append(out, string(s))
	}
	return out
}

// listFilter checks the filter flags of promo list.
func listFilter(fs *pflag.FlagSet, status, search, within, sort string, limit int) (promoFilter, error) {
	var f promoFilter
	if fs.Changed("status") {
		st, err := promo.ParseStatuses(status)
		if err != nil {
			return f, usagef("--status: %v", err)
		}
		f.Statuses = st
	}
	if fs.Changed("search") {
		if strings.TrimSpace(search) == "" {
			return f, usagef("--search needs a text to look for in the codes")
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
			return f, usagef("--limit must be at least 1, got %d", limit)
		}
		f.Limit = limit
	}
	return f, nil
}

// runPromoList lists the promo codes of the site (GET /v1/promo).
func runPromoList(ctx context.Context, opts *promoListOptions) error {
	site, err := opts.site(opts.SiteID)
	if err != nil {
		return err
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	// The list is shown as it arrives, in the memory of one promo code
	// (only a table holds its rows, compactly): a site may hold hundreds
	// of thousands.
	opts.withSiteCurrency(ctx, client, site)
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
		empty = fmt.Sprintf("No promo codes on site %d match: %s.", site, opts.Filter.describe(opts.Msg))
	}
	return opts.printStream(view.PromoListStream(codes, opts.Loc, now), empty)
}

// promoGetOptions are the inputs of promo get.
type promoGetOptions struct {
	*session
	ID     int64
	Code   string // the code text the promo code was named by, "" for an id
	SiteID int64  // where Code is looked up: --site-id or the configured site_id
}

func newPromoGetCmd(f *factory, run func(context.Context, *promoGetOptions) error) *cobra.Command {
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

` + codeOrIDHelp,
		Args: exactArgs(1, "a promo code id or code"),
		Example: `  promoctl promo get 1001
  promoctl promo get summer25 --site-id 11111
  promoctl promo get 1001 -o json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := parsePromoRef(args[0])
			if err != nil {
				return err
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.ID, opts.Code, opts.SiteID = sess, ref.ID, ref.Code, sess.Settings.SiteID
			return run(cmd.Context(), opts)
		},
	}
	siteFlag(c)
	return c
}

// codeOrIDHelp says how a CODE_OR_ID argument is read.
const codeOrIDHelp = `CODE_OR_ID is the promo code's id (digits only) or its code, looked up
whatever its case in the list of the site (--site-id or the configured
site_id). A code made of digits only is named by its id.`

// runPromoGet shows one promo code (GET /v1/promo/ID).
func runPromoGet(ctx context.Context, opts *promoGetOptions) error {
	client, err := opts.promoClient(ctx, &opts.ID, opts.Code, opts.SiteID)
	if err != nil {
		return err
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	raw, p, err := client.GetPromo(ctx, opts.ID)
	if err != nil {
		return err
	}
	opts.withSiteCurrency(ctx, client, opts.SiteID)
	return opts.print(view.PromoRecord(raw, p, opts.ID, opts.Loc, opts.Now()))
}

// promoStatsOptions are the inputs of promo stats.
type promoStatsOptions struct {
	*session
	ID     int64
	Code   string // the code text the promo code was named by, "" for an id
	SiteID int64  // where Code is looked up
}

func newPromoStatsCmd(f *factory, run func(context.Context, *promoStatsOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoStats
	}
	opts := &promoStatsOptions{}
	c := &cobra.Command{
		Use:     "stats CODE_OR_ID",
		Aliases: []string{"statistics", "usage"},
		Short:   "Show how a promo code was used",
		Long: `Show the orders a promo code was applied to, with totals of orders and discounts per currency.

` + codeOrIDHelp,
		Args: exactArgs(1, "a promo code id or code"),
		Example: `  promoctl promo stats 1001
  promoctl promo stats SUMMER25 --site-id 11111
  # the discount given, per currency (amounts may come as strings)
  promoctl promo stats 1001 --jq 'group_by(.currency) | map({currency: .[0].currency, discount: (map(.discount_amount | tonumber) | add)})'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := parsePromoRef(args[0])
			if err != nil {
				return err
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.ID, opts.Code, opts.SiteID = sess, ref.ID, ref.Code, sess.Settings.SiteID
			return run(cmd.Context(), opts)
		},
	}
	siteFlag(c)
	return c
}

// runPromoStats shows the uses of a promo code (GET /v1/promo/ID/stats).
func runPromoStats(ctx context.Context, opts *promoStatsOptions) error {
	client, err := opts.promoClient(ctx, &opts.ID, opts.Code, opts.SiteID)
	if err != nil {
		return err
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	raw, err := client.PromoStats(ctx, opts.ID)
	if err != nil {
		return err
	}
	return opts.printList(view.PromoStats(raw, opts.Loc), fmt.Sprintf("Promo code %d has not been used yet.", opts.ID))
}

// fieldFlags are the field flags of create and update.
type fieldFlags struct {
	code, bonusType, amount, starts, ends, maxUses string
	enabled, percent, noTimeLimit, noMaxUses, once bool
	file                                           string
	dryRun, interactive                            bool
}

func (ff *fieldFlags) register(fs *pflag.FlagSet, update bool) {
	fs.StringVar(&ff.code, "code", "", "the code: 2-15 Latin letters or digits")
	ff.registerFields(fs)
	fs.StringVarP(&ff.file, "file", "f", "", "read fields from a file holding one JSON or YAML object of API field names, at most 1 MiB (- for stdin); flags win")
	fs.BoolVar(&ff.dryRun, "dry-run", false, "print the request that would be sent (on a terminal, summed up first) and send nothing")
	fs.BoolVarP(&ff.interactive, "interactive", "i", false, "fill in the fields in a form (needs a terminal)")
	if update {
		fs.BoolVar(&ff.noTimeLimit, "no-time-limit", false, "remove the validity period")
		fs.BoolVar(&ff.noMaxUses, "no-max-uses", false, "remove the limit on the number of uses")
	}
}

// registerFields registers the flags of a promo code's fields other than
// its code: those promo create and promo generate share.
func (ff *fieldFlags) registerFields(fs *pflag.FlagSet) {
	fs.BoolVar(&ff.enabled, "enabled", false, "whether the code can be used (--enabled=false to disable)")
	fs.StringVar(&ff.bonusType, "bonus-type", "", "what is discounted: goods or delivery (also 2, 3)")
	fs.StringVar(&ff.amount, "amount", "", "discount: an amount of money, or a percentage with --percent; at most 2 decimals")
	fs.BoolVar(&ff.percent, "percent", false, "the amount is a percentage (--percent=false for money)")
	fs.StringVar(&ff.starts, "starts", "", "start of validity: 2026-12-01 (from 00:00), 2026-12-01T10:00 or RFC 3339")
	fs.StringVar(&ff.ends, "ends", "", "end of validity, in the same forms as --starts; a date alone includes that day (to 23:59:59)")
	fs.StringVar(&ff.maxUses, "max-uses", "", "limit the total number of uses")
	fs.BoolVar(&ff.once, "once-per-user", false, "each customer may use the code once")
}

// changes turns the flags the user gave into changes, validating each.
func (ff *fieldFlags) changes(fs *pflag.FlagSet, loc *time.Location) (promo.Changes, error) {
	var c promo.Changes
	set := fs.Changed
	if set("code") {
		c.Code = &ff.code
	}
	if set("enabled") {
		c.Enabled = &ff.enabled
	}
	if set("bonus-type") {
		b, err := promo.ParseBonusType(ff.bonusType)
		if err != nil {
			return c, usagef("--bonus-type: %v", err)
		}
		c.BonusType = &b
	}
	if set("amount") {
		v, err := promo.ParseAmount(ff.amount)
		if err != nil {
			return c, usagef("--amount: %v", err)
		}
		c.Amount = &v
	}
	if set("percent") {
		c.Percent = &ff.percent
	}
	for _, d := range []struct {
		name  string
		val   string
		parse func(string, *time.Location) (time.Time, error)
		dst   **time.Time
	}{{"starts", ff.starts, promo.ParseStart, &c.Starts}, {"ends", ff.ends, promo.ParseEnd, &c.Ends}} {
		if !set(d.name) {
			continue
		}
		t, err := d.parse(d.val, loc)
		if err != nil {
			return c, usagef("--%s: %v", d.name, err)
		}
		*d.dst = &t
	}
	if set("no-time-limit") && ff.noTimeLimit {
		if c.Starts != nil || c.Ends != nil {
			return c, usagef("--no-time-limit cannot be combined with --starts or --ends")
		}
		off := false
		c.TimeLimit = &off
	}
	if set("max-uses") {
		n, err := strconv.ParseInt(strings.TrimSpace(ff.maxUses), 10, 64)
		if err != nil {
			return c, usagef("--max-uses: %q is not a whole number", ff.maxUses)
		}
		c.MaxUses = &n
	}
	if set("no-max-uses") && ff.noMaxUses {
		if c.MaxUses != nil {
			return c, usagef("--no-max-uses cannot be combined with --max-uses")
		}
		off := false
		c.QuantityLimit = &off
	}
	if set("once-per-user") {
		c.OncePerUser = &ff.once
	}
	if err := c.Validate(promo.FlagNames()); err != nil {
		return c, usageErr(err)
	}
	return c, nil
}

// fileInput is stdin for -f -.
func fileInput(ctx context.Context, ios *iostreams.IOStreams) io.Reader {
	return stdinReader(ctx, ios, "Paste a JSON or YAML promo code object, then press Ctrl-D", false)
}

// input reads the -f file, if any, and lays the flags over it.
func (ff *fieldFlags) input(fs *pflag.FlagSet, stdin io.Reader, loc *time.Location) (promo.Changes, *int64, error) {
	flags, err := ff.changes(fs, loc)
	if err != nil {
		return flags, nil, err
	}
	if ff.file == "" {
		return flags, nil, nil
	}
	data, err := readFileArg(ff.file, stdin, promo.MaxFileSize, ": a promo code file holds one object")
	if err != nil {
		return flags, nil, err
	}
	pf, err := promo.ParseFile(data, loc)
	if err != nil {
		return flags, nil, usagef("--file %s: %v", ff.file, err)
	}
	if err := pf.Changes.Validate(promo.FileNames()); err != nil {
		return flags, nil, usagef("--file %s: %v", ff.file, err)
	}
	merged := pf.Changes.Overlay(flags)
	if err := merged.Validate(promo.FlagNames()); err != nil {
		return flags, nil, usageErr(err)
	}
	return merged, pf.SiteID, nil
}

// promoCreateOptions are the inputs of promo create.
type promoCreateOptions struct {
	*session
	Prompter promoWizard // the form, when Interactive
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

func newPromoCreateCmd(f *factory, run func(context.Context, *promoCreateOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoCreate
	}
	opts := &promoCreateOptions{}
	var ff fieldFlags
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
		Args: noArgs,
		Example: `  promoctl promo create --site-id 11111 --code SUMMER25 --amount 25 --percent --enabled
  promoctl promo create --code FREESHIP --bonus-type delivery --amount 100 --percent \
      --starts 2026-12-01 --ends 2026-12-31 --max-uses 500 --once-per-user --enabled
  promoctl promo create --site-id 11111 -f promo.yaml --dry-run
  promoctl promo create -i --amount 15`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			changes, fileSite, err := ff.input(cmd.Flags(), fileInput(cmd.Context(), f.io), f.location())
			if err != nil {
				return err
			}
			wizard, err := wantWizard(f.io, ff.interactive, changes.Code == nil, ff.file)
			if err != nil {
				return err
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			site := sess.Settings.SiteID
			if fileSite != nil && sess.Settings.Sources[config.KeySiteID].Kind != "flag" {
				site = *fileSite
			}
			opts.session, opts.Changes, opts.SiteID = sess, changes, site
			opts.FromFile, opts.Interactive, opts.DryRun = ff.file != "", wizard, ff.dryRun
			if wizard {
				opts.Prompter = promptAs[promoWizard](f)
			}
			return run(cmd.Context(), opts)
		},
	}
	siteFlag(c)
	ff.register(c.Flags(), false)
	return c
}

// runPromoCreate creates a promo code (POST /v1/promo), or with DryRun
// prints the request; with Interactive the form asks for the fields first.
func runPromoCreate(ctx context.Context, opts *promoCreateOptions) error {
	if opts.Interactive {
		return runPromoCreateWizard(ctx, opts)
	}
	site, err := opts.site(opts.SiteID)
	if err != nil {
		return err
	}
	if opts.Changes.Amount == nil {
		opts.warn(defaultAmountWarning(opts.FromFile, opts.Changes.Percent != nil && *opts.Changes.Percent))
	}
	if w := pastEndWarning(opts.Changes.Ends, opts.Now(), opts.Loc, "promo code"); w != "" {
		opts.warn(w)
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	return createPromo(ctx, opts.session, opts.Changes, site, opts.DryRun)
}

// defaultAmountWarning says that a create names no discount, so the API's
// default of 0.01 applies (in percent when --percent is given).
func defaultAmountWarning(file, percent bool) string {
	given := "no --amount"
	if file {
		given += " (or bonus_amount in the file)"
	}
	return fmt.Sprintf("%s given, so the API's default discount of %s applies", given, view.Amount(promo.DefaultAmount, percent))
}

// enableCommand is the command that enables a new promo code; without its
// id (the server did not name it), it says where to find the id.
func (s *session) enableCommand(id *api.Int, site int64) string {
	if id == nil {
		return fmt.Sprintf("%s (%s shows the ID)", s.hintLine("promo", "update", "ID", "--enabled"),
			s.hintLine("promo", "list", "--site-id", strconv.FormatInt(site, 10)))
	}
	return s.hintLine("promo", "update", strconv.FormatInt(int64(*id), 10), "--enabled")
}

// createPromo creates a promo code on site and shows it, or with dryRun
// prints the request instead. A code created disabled is said so, with
// the command that enables it.
func createPromo(ctx context.Context, sess *session, changes promo.Changes, site int64, dryRun bool) error {
	body := changes.CreateBody(site, sess.Settings.UserID)
	if dryRun {
		return sess.dryRun("POST", "/v1/promo", body, true)
	}
	client, err := sess.Client()
	if err != nil {
		return err
	}
	raw, p, err := client.CreatePromo(ctx, body)
	if err != nil {
		return err
	}
	sess.withSiteCurrency(ctx, client, site) // the card's discount in the site's currency, as promo get shows it
	if err := sess.print(view.PromoRecord(raw, p, 0, sess.Loc, sess.Now())); err != nil {
		return err
	}
	code := output.Text(string(p.Code))
	if code == "" {
		code = body.Code
	}
	if p.ID != nil {
		sess.notef("Created promo code %s (id %d) on site %d.", code, *p.ID, site)
	} else {
		sess.notef("Created promo code %s on site %d.", code, site)
	}
	if p.IsEnabled {
		return nil
	}
	enable := sess.enableCommand(p.ID, site)
	if changes.Enabled == nil {
		// Nobody chose this: say it wherever stderr goes.
		sess.warn(fmt.Sprintf("promo code %s was created disabled (the API's default); enable it with: %s", code, enable))
	} else {
		sess.notef("It is disabled: enable it with: %s", enable)
	}
	return nil
}

// promoUpdateOptions are the inputs of promo update.
type promoUpdateOptions struct {
	*session
	Prompter promoWizard // the form, when Interactive
	ID       int64
	Code     string // the code text the promo code was named by, "" for an id
	SiteID   int64  // where Code is looked up
	// Changes are the fields to change: those of the -f file with the
	// flags laid over them, each checked.
	Changes     promo.Changes
	Interactive bool // show the current fields in a form to edit
	DryRun      bool // print the request instead of sending it
}

func newPromoUpdateCmd(f *factory, run func(context.Context, *promoUpdateOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoUpdate
	}
	opts := &promoUpdateOptions{}
	var ff fieldFlags
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

` + codeOrIDHelp,
		Args: exactArgs(1, "a promo code id or code"),
		Example: `  promoctl promo update 1001 --enabled=false
  promoctl promo update SUMMER25 --site-id 11111 --max-uses 500
  promoctl promo update 1001 --amount 15 --ends 2026-12-31
  promoctl promo update 1001 --no-time-limit --no-max-uses
  promoctl promo get 1001 -o yaml > p.yaml && $EDITOR p.yaml && promoctl promo update 1001 -f p.yaml
  promoctl promo update 1001 -i`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := parsePromoRef(args[0])
			if err != nil {
				return err
			}
			changes, _, err := ff.input(cmd.Flags(), fileInput(cmd.Context(), f.io), f.location())
			if err != nil {
				return err
			}
			wizard, err := wantWizard(f.io, ff.interactive, false, ff.file)
			if err != nil {
				return err
			}
			if changes.Empty() && !wizard {
				return usagef("nothing to change: name at least one field flag (see --help) or -f FILE")
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.ID, opts.Code, opts.SiteID, opts.Changes = sess, ref.ID, ref.Code, sess.Settings.SiteID, changes
			opts.Interactive, opts.DryRun = wizard, ff.dryRun
			if wizard {
				opts.Prompter = promptAs[promoWizard](f)
			}
			return run(cmd.Context(), opts)
		},
	}
	ff.register(c.Flags(), true)
	siteFlag(c)
	return c
}

// runPromoUpdate reads a promo code (GET /v1/promo/ID) and sends it back
// with the changes applied (PUT), or with DryRun prints the request; with
// Interactive a form shows the current fields to edit first.
func runPromoUpdate(ctx context.Context, opts *promoUpdateOptions) error {
	client, err := opts.promoClient(ctx, &opts.ID, opts.Code, opts.SiteID)
	if err != nil {
		return err
	}
	if opts.Code == "" && opts.SiteID != 0 {
		// Given with a site, the id must be that site's: a write acts on
		// the site the user named, as promo delete does.
		if err := opts.checkOnSite(ctx, opts.ID, opts.SiteID); err != nil {
			return err
		}
	}
	rctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	raw, current, err := client.GetPromo(rctx, opts.ID)
	if err != nil {
		return err
	}
	if opts.Interactive {
		cancel() // the time limit is for the requests, not for the user's answers
		return runPromoUpdateWizard(ctx, opts, client, raw, current.Fields())
	}
	return updatePromo(rctx, opts.session, client, opts.ID, current.Fields(), opts.Changes, opts.DryRun)
}

// updatePromo sends the current fields with changes applied and shows the
// result, or with dryRun prints the request instead.
func updatePromo(ctx context.Context, sess *session, client *api.Client, id int64, current promo.Fields, changes promo.Changes, dryRun bool) error {
	fields := changes.Apply(current)
	if err := fields.Validate(promo.FlagNames()); err != nil {
		return usagef("promo code %d would be invalid: %v", id, err)
	}
	if dryRun {
		return sess.dryRun("PUT", fmt.Sprintf("/v1/promo/%d", id), fields, false)
	}
	raw, p, err := client.UpdatePromo(ctx, id, fields)
	if err != nil {
		return err
	}
	if err := sess.print(view.PromoRecord(raw, p, id, sess.Loc, sess.Now())); err != nil {
		return err
	}
	sess.notef("Updated promo code %d.", id)
	return nil
}

// promoDeleteOptions are the inputs of promo delete.
type promoDeleteOptions struct {
	*session
	Prompter Prompter // asks before deleting, unless Yes
	ID       int64
	Code     string // the code text the promo code was named by, "" for an id
	SiteID   int64  // where Code is looked up
	Yes      bool   // delete without asking
}

func newPromoDeleteCmd(f *factory, run func(context.Context, *promoDeleteOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoDelete
	}
	opts := &promoDeleteOptions{}
	var sf selectionFlags
	c := &cobra.Command{
		Use:     "delete CODE_OR_ID... | --status S[,S...]",
		Aliases: []string{"rm"},
		Short:   "Delete promo codes",
		Long: `Delete a promo code, several named by id or code, or every code of the
site with the given statuses (--status). On a terminal promoctl names
what it is about to delete and asks first; without one (scripts, CI) it
refuses unless --yes is given.

Codes are looked up in one read of the site's list (--site-id or the
configured site_id). Ids alone need no site; given with one, each must
be on its list, or nothing is sent (exit 4). Several codes, or
--status, are deleted on the bulk engine, and on a terminal the list is
read again after the confirmation: a code that no longer matches
(deleted, renamed, or no longer of the --status) is skipped and named.
The bulk engine keeps at most --concurrency requests in flight, waits
for Retry-After on a 429 and writes every step to a journal under
$XDG_STATE_HOME/promoctl/jobs. Exit 1 when any could not be deleted:
stderr names each and why.

` + codeOrIDHelp,
		Example: `  promoctl promo delete 1001
  promoctl promo delete 1001 --yes
  promoctl promo delete SUMMER25 --site-id 11111 --yes
  promoctl promo delete SUMMER25 WINTER25 1003 --site-id 11111
  promoctl promo delete --status expired,used-up --site-id 11111 --yes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || cmd.Flags().Changed("status") {
				sopts, err := sf.options(f, cmd, args, verbDelete)
				if err != nil {
					return err
				}
				sess, err := f.start(cmd)
				if err != nil {
					return err
				}
				sopts.session, sopts.SiteID, sopts.Prompter = sess, sess.Settings.SiteID, promptAs[Prompter](f)
				return runPromoSelect(cmd.Context(), sopts)
			}
			ref, err := parsePromoRef(args[0])
			if err != nil {
				return err
			}
			opts.Yes = sf.yes
			if !opts.Yes && !f.io.CanPrompt() {
				return usagef("refusing to delete promo code %s without confirmation: pass --yes when not running interactively", ref)
			}
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.ID, opts.Code, opts.SiteID, opts.Prompter = sess, ref.ID, ref.Code, sess.Settings.SiteID, promptAs[Prompter](f)
			return run(cmd.Context(), opts)
		},
	}
	sf.register(c, verbDelete)
	return c
}

// runPromoDelete deletes a promo code (DELETE /v1/promo/ID), unless Yes
// after asking, with the promo code read first to name it.
func runPromoDelete(ctx context.Context, opts *promoDeleteOptions) error {
	client, err := opts.promoClient(ctx, &opts.ID, opts.Code, opts.SiteID)
	if err != nil {
		return err
	}
	if opts.Code == "" && opts.SiteID != 0 {
		// Given with a site, the id must be that site's.
		if err := opts.checkOnSite(ctx, opts.ID, opts.SiteID); err != nil {
			return err
		}
	}
	name := opts.Code // the code, when known: what the last line names
	if !opts.Yes {
		// Name what is about to go: read it first. An answer without a
		// code only leaves it named by its id: the read is for the
		// question, and --yes deletes without it.
		rctx, cancel := opts.withTimeout(ctx)
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
		ok, err := opts.Prompter.Confirm(ctx, opts.deleteQuestion(opts.ID, raw, p), "This cannot be undone.", false)
		if err != nil {
			return err
		}
		if !ok {
			return prompt.ErrCancelled
		}
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	if err := client.DeletePromo(ctx, opts.ID); err != nil {
		return err
	}
	if name != "" {
		opts.notef("Deleted promo code %s (id %d).", output.Text(name), opts.ID)
		return nil
	}
	opts.notef("Deleted promo code %d.", opts.ID)
	return nil
}

// dryRun prints the request that would be sent: as JSON (piped, -o json,
// --jq), or on a terminal in the default format, a summary of the promo
// code request in local units and then the JSON. defaults says the body
// is a create's, which the API completes with its defaults.
func (sess *session) dryRun(method, path string, body any, defaults bool) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	d, err := view.Request(method, sess.Settings.BaseURL+path, b)
	if err != nil {
		return err
	}
	if !sess.IO.IsStdoutTTY() || !sess.Out.Format.IsTable() || sess.Out.JQ != nil {
		return sess.print(d)
	}
	sum, err := view.PromoRequest(method, path, b, defaults, sess.Loc)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := output.Write(&buf, sum, sess.Out); err != nil {
		return err
	}
	buf.WriteByte('\n')
	asJSON := sess.Out
	asJSON.Format = format.JSON
	if err := output.Write(&buf, d, asJSON); err != nil {
		return err
	}
	_, err = sess.IO.Out.Write(buf.Bytes())
	return err
}
