// Package generate is promo generate: many promo codes made at random
// from a prefix, a length and a suffix, created on a site as one bulk job
// (jobrun) whose journal a later run resumes (--resume), and the codes it
// created printed as promo list prints them.
package generate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/promoctl/promoctl/internal/view"
)

// promoGenerateOptions are the inputs of promo generate.
type promoGenerateOptions struct {
	*cmdutil.Session
	jobrun.Env // the throttle and the bar of its bulk work
	// SiteID is --site-id, else the -f file's site_id, else the configured
	// site_id; 0 when none names one. Not used with Resume.
	SiteID int64
	Count  int
	Format codegen.Format
	// Changes are the fields of every code: those of the -f file with the
	// flags laid over them, each checked; never a code.
	Changes  promo.Changes
	FromFile bool
	// Journal is --journal; "" means the default place (bulk.DefaultPath).
	Journal string
	DryRun  bool
	// Resume is --resume FILE: continue the job of that journal with its
	// parameters; the fields above are then unused.
	Resume string
	// Concurrency is --concurrency; 0 means the default, or on resume the
	// journal's.
	Concurrency int
	// Getenv reads the environment, for the journal's default place
	// (XDG_STATE_HOME, HOME).
	Getenv func(string) string
	// Grace is how long creates in flight may run after Ctrl-C before they
	// are cancelled too; 0 means bulk.DefaultGrace.
	Grace time.Duration
	// NoWait is --no-wait: refuse, rather than wait, while another job
	// writes to the site as the same user on this machine.
	NoWait bool
}

// NewCmd is promo generate; run, when set, is called in place of the run
// (tests).
func NewCmd(f *cmdutil.Factory, run func(context.Context, *promoGenerateOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoGenerate
	}
	opts := &promoGenerateOptions{}
	g := &generateFlags{}
	ff := &g.fields
	c := &cobra.Command{
		Use:   "generate --count N | --resume FILE",
		Short: "Create many unique random promo codes",
		Long: `Create --count promo codes with random, unique codes on a site, for a
mailing or a campaign: each is --prefix, then --length characters drawn
from --charset with crypto/rand, then --suffix (2-15 Latin letters or
digits in all). Every code gets the fields of the field flags (or of a -f
file), as promo create gives them.

The site's codes are read once first: the new codes differ from them and
from each other. A format too small for --count free codes is refused
before anything is sent, saying how many it can yield.

At most --concurrency creates are in flight; a 429 waits for Retry-After.
Every step is written to a journal (JSON Lines, on disk before the next
step), by default $XDG_STATE_HOME/promoctl/jobs/<job id>.jsonl; its path
is printed on stderr at the start. A create whose answer was lost is
settled by one read of the site's list, never sent blindly again. After
Ctrl-C (exit 130, once the requests in flight have finished), a failure
(exit 1) or even kill -9, --resume FILE finishes the job with the
parameters of its journal: codes already created are not sent again.

stdout lists every created code of the job, with the columns and formats
of promo list: -o csv is ready for a mail merge. stderr has the journal's
path, a progress bar on a terminal, and a summary at the end. --dry-run
reads the site's list and prints the codes it would create.

See docs/bulk.md for how a job is kept exactly once.`,
		Args: cmdutil.NoArgs,
		Example: `  # 500 codes of 10% for a mailing, enabled, valid through December
  promoctl promo generate --site-id 11111 --count 500 --prefix XMAS --length 6 \
      --amount 10 --percent --enabled --ends 2026-12-31 --once-per-user

  # the same as CSV for a mail merge
  promoctl promo generate --site-id 11111 --count 500 --prefix XMAS --amount 10 \
      --percent --enabled -o csv > codes.csv

  # see the codes first; nothing is created
  promoctl promo generate --site-id 11111 --count 20 --charset digits --length 6 --dry-run

  # finish a job that was interrupted, with the journal printed at its start
  promoctl promo generate --resume ~/.local/state/promoctl/jobs/20261201T100000Z-1a2b3c4d.jsonl -o csv > codes.csv`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := g.validate(cmd); err != nil {
				return err
			}
			if err := g.complete(cmd, f, opts); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	fs := c.Flags()
	cmdutil.SiteFlag(f, c)
	fs.IntVar(&g.count, "count", 0, "how many promo codes to create (1-100000)")
	fs.StringVar(&g.prefix, "prefix", "", "text before the random part of every code")
	fs.StringVar(&g.suffix, "suffix", "", "text after the random part of every code")
	fs.IntVar(&g.length, "length", codegen.DefaultLength, "characters of the random part")
	fs.StringVar(&g.charset, "charset", codegen.DefaultCharset, "characters of the random part: "+strings.Join(codegen.CharsetNames(), ", ")+
		" (unambiguous leaves out 0, O, 1, I and L)")
	ff.RegisterFields(fs, func(f promo.FieldSpec) bool { return !f.Required && !f.Negated() })
	fs.StringVarP(&ff.File, "file", "f", "", "read the fields of every code from a file holding one JSON or YAML object of API field names, without a code (- for stdin); flags win")
	fs.IntVar(&g.concurrency, "concurrency", bulk.DefaultConcurrency, "most creates in flight at once")
	fs.StringVar(&g.journal, "journal", "", "write the job's journal to this new file (default $XDG_STATE_HOME/promoctl/jobs/<job id>.jsonl)")
	fs.StringVar(&g.resume, "resume", "", "finish the job of this journal, with its parameters")
	fs.BoolVar(&g.dryRun, "dry-run", false, "read the site's list and print the codes that would be created; create nothing")
	fs.BoolVar(&g.noWait, "no-wait", false, "while another job writes to the site as the same user on this machine, fail (exit 1) instead of waiting for it")
	f.CompleteFlag(c, "bonus-type", complete.Fixed(shared.BonusTypeChoices(f.Msg)))
	_ = c.MarkFlagFilename("file")    // the flag exists: no error
	_ = c.MarkFlagFilename("journal") // likewise
	return c
}

// generateFlags are the flags of promo generate as given, before
// complete turns them into options.
type generateFlags struct {
	fields                                   shared.FieldFlags
	prefix, suffix, charset, journal, resume string
	length, count, concurrency               int
	dryRun, noWait                           bool
}

// validate makes every check of the flags alone, once, before anything is
// read or sent.
func (g *generateFlags) validate(cmd *cobra.Command) error {
	fs := cmd.Flags()
	if fs.Changed("concurrency") && (g.concurrency < 1 || g.concurrency > jobrun.MaxConcurrency) {
		return jobrun.ConcurrencyError(g.concurrency)
	}
	if fs.Changed("resume") {
		if err := resumeOnly(cmd.LocalNonPersistentFlags()); err != nil {
			return err
		}
		if g.resume == "" {
			return i18n.NewError(cmdutil.ExitUsage, "generate.resume_needs")
		}
		return nil
	}
	if !fs.Changed("count") {
		return i18n.NewError(cmdutil.ExitUsage, "generate.count_required", "Min", codegen.MinCount, "Max", i18n.Number(codegen.MaxCount))
	}
	if err := checkCount(g.count); err != nil {
		return err
	}
	if g.length < 1 { // 0 would mean codegen's default
		return i18n.NewError(cmdutil.ExitUsage, "generate.length", "N", g.length)
	}
	if err := g.format().Validate(); err != nil {
		return cmdutil.UsageErr(err)
	}
	return nil
}

// format is the code format the flags describe.
func (g *generateFlags) format() codegen.Format {
	return codegen.Format{Prefix: g.prefix, Suffix: g.suffix, Length: g.length, Charset: g.charset}
}

// complete fills opts from the validated flags: the -f file is read and
// the session started.
func (g *generateFlags) complete(cmd *cobra.Command, f *cmdutil.Factory, opts *promoGenerateOptions) error {
	opts.Concurrency, opts.NoWait = g.concurrency, g.noWait
	if g.resume != "" {
		opts.Resume = g.resume
		sess, err := f.Start(cmd)
		if err != nil {
			return err
		}
		opts.Session, opts.Env, opts.Getenv = sess, jobrun.NewEnv(f), f.Env.Getenv
		return nil
	}
	fs := cmd.Flags()
	opts.Format = g.format()
	changes, fileSite, err := g.fields.Input(fs, shared.FileInput(cmd.Context(), f.IO, f.Msg), f.Location())
	if err != nil {
		return err
	}
	if changes.Code != nil {
		return i18n.NewError(cmdutil.ExitUsage, "generate.file_names_code", "Path", g.fields.File)
	}
	opts.Count, opts.Changes, opts.FromFile = g.count, changes, g.fields.File != ""
	opts.Journal, opts.DryRun = g.journal, g.dryRun
	sess, err := f.Start(cmd)
	if err != nil {
		return err
	}
	opts.Session, opts.Env = sess, jobrun.NewEnv(f)
	opts.SiteID, _ = shared.SiteOver(sess, fileSite)
	opts.Getenv = f.Env.Getenv
	return nil
}

// resumeOnly refuses, beside --resume, flags of a new job: the journal
// holds the parameters.
func resumeOnly(local *pflag.FlagSet) error {
	var extra []string
	local.VisitAll(func(fl *pflag.Flag) {
		if fl.Changed && fl.Name != "resume" && fl.Name != "concurrency" && fl.Name != "no-wait" {
			extra = append(extra, "--"+fl.Name)
		}
	})
	if len(extra) == 0 {
		return nil
	}
	return i18n.NewError(cmdutil.ExitUsage, "generate.resume_flags", "Flags", i18n.List(extra))
}

// runPromoGenerate creates Count random unique promo codes on the site,
// journaled, or with Resume finishes the job of a journal; with DryRun it
// reads the site's list and prints the codes instead.
func runPromoGenerate(ctx context.Context, opts *promoGenerateOptions) error {
	if opts.Resume != "" {
		return resumePromoGenerate(ctx, opts)
	}
	if err := checkCount(opts.Count); err != nil {
		return err
	}
	format := opts.Format.WithDefaults()
	if err := format.Validate(); err != nil {
		return cmdutil.UsageErr(err)
	}
	// A format too small whatever the site holds is refused before the
	// list is read.
	if space := format.Space(); space < int64(opts.Count) {
		return cmdutil.UsageErr(&codegen.CapacityError{Want: opts.Count, Free: space, Space: space})
	}
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	if err := opts.Changes.Validate(promo.FlagNames()); err != nil {
		return cmdutil.UsageErr(err)
	}
	path := opts.Journal
	if path != "" && !opts.DryRun {
		if _, err := os.Lstat(path); err == nil {
			return i18n.NewError(cmdutil.ExitUsage, "generate.journal_exists", "Path", path)
		}
	}
	if opts.Changes.Amount == nil {
		opts.Warnings.WarnMsg(shared.DefaultAmountWarning(opts.FromFile, opts.Changes.Percent != nil && *opts.Changes.Percent))
	}
	if opts.Changes.Enabled == nil {
		opts.Warnings.WarnMsg(i18n.M("generate.no_enabled"))
	}
	if w, ok := shared.PastEndWarning(opts.Changes.Ends, opts.Now(), opts.Loc, true); ok {
		opts.Warnings.WarnMsg(w)
	}
	b, err := jobrun.New(opts.Session, opts.Env)
	if err != nil {
		return err
	}
	b.NoWait = opts.NoWait
	if !opts.DryRun {
		// Before the site's codes are read: a job that runs meanwhile
		// could draw the same codes.
		if err := b.LockSite(ctx, opts.Getenv, site); err != nil {
			return err
		}
		defer b.Lock.Close() // the journal holds it from its creation
	}
	existing, err := opts.siteCodes(ctx, b, site)
	if err != nil {
		return err
	}
	codes, err := codegen.Generate(format, opts.Count, existing)
	if ce := (*codegen.CapacityError)(nil); errors.As(err, &ce) {
		return cmdutil.UsageErr(err)
	}
	if err != nil {
		return err
	}
	template := opts.Changes.CreateBody(site, opts.Settings.UserID)
	if opts.DryRun {
		if err := opts.PrintList(view.PromoList(dryRunList(template, codes), opts.Loc, opts.Now()), ""); err != nil {
			return err
		}
		opts.NoteMsg(i18n.C("generate.would_create", len(codes), "Site", site))
		return nil
	}
	if space := format.Space(); smallSpace(space, opts.Count) {
		opts.Warnings.WarnMsg(i18n.M("bulk.generate.small_space", "Space", space, "Site", site))
	}
	concurrency := opts.Concurrency
	if concurrency == 0 {
		concurrency = bulk.DefaultConcurrency
	}
	j, err := b.Create(ctx, opts.Getenv, path, bulk.Header{Kind: bulk.JobGenerate, SiteID: site, Template: &template,
		Generate: &bulk.GenerateParams{Format: format, Count: opts.Count, Concurrency: concurrency}}, bulk.CreateOps(codes))
	if err != nil {
		return err
	}
	defer j.Close()
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("promo.generate.journal", "Path", j.Path()))
	return opts.execute(ctx, b, j, concurrency)
}

// checkCount refuses a --count outside codegen's bounds.
func checkCount(n int) error {
	if n < codegen.MinCount || n > codegen.MaxCount {
		return i18n.NewError(cmdutil.ExitUsage, "generate.count_range", "Min", codegen.MinCount, "Max", i18n.Number(codegen.MaxCount), "N", i18n.Number(n))
	}
	return nil
}

// smallSpace reports whether a format of space codes is small enough for
// two jobs drawing count codes each at the same time to draw one code
// both (more than about one chance in a thousand): the site lock keeps
// jobs on one machine apart, nothing keeps apart jobs on two.
func smallSpace(space int64, count int) bool {
	const minSpace = 1_000_000
	return space < minSpace || float64(count)*float64(count) > float64(space)/1000
}

// resumePromoGenerate finishes the job of the journal opts.Resume.
func resumePromoGenerate(ctx context.Context, opts *promoGenerateOptions) error {
	j, err := bulk.Open(opts.Resume)
	if err != nil {
		return i18n.NewError(cmdutil.ExitUsage, "generate.resume_open", "Err", err)
	}
	defer j.Close()
	h := j.Header()
	if h.Kind != bulk.JobGenerate || h.Generate == nil {
		return i18n.NewError(cmdutil.ExitUsage, "generate.resume_kind", "Path", opts.Resume, "Kind", termsafe.String(string(h.Kind)))
	}
	warning, err := h.Check(bulk.Where{BaseURL: opts.Settings.BaseURL, UserID: opts.Settings.UserID})
	if err != nil {
		return i18n.NewError(cmdutil.ExitUsage, "generate.resume_check", "Path", opts.Resume, "Err", err)
	}
	if warning.ID != "" {
		opts.Warnings.WarnMsg(warning)
	}
	concurrency := opts.Concurrency
	if concurrency == 0 {
		concurrency = h.Generate.Concurrency
	}
	if concurrency <= 0 || concurrency > jobrun.MaxConcurrency {
		concurrency = bulk.DefaultConcurrency
	}
	b, err := jobrun.New(opts.Session, opts.Env)
	if err != nil {
		return err
	}
	b.NoWait = opts.NoWait
	if err := b.LockSite(ctx, opts.Getenv, h.SiteID); err != nil {
		return err
	}
	b.Hold(j)
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("promo.generate.journal", "Path", j.Path()))
	return opts.execute(ctx, b, j, concurrency)
}

// siteCodes reads the codes of the site once; their ids are b.Known.
func (opts *promoGenerateOptions) siteCodes(ctx context.Context, b *jobrun.Job, site int64) ([]string, error) {
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, err := b.API.ListPromos(ctx, site)
	if err != nil {
		return nil, err
	}
	ps, err := api.DecodePromos(raw)
	if err != nil {
		return nil, jobrun.ListError(site, err)
	}
	codes := make([]string, 0, len(ps))
	b.Known = make(map[int64]bool, len(ps))
	for _, p := range ps {
		codes = append(codes, string(p.Code))
		if p.ID != nil {
			b.Known[int64(*p.ID)] = true
		}
	}
	return codes, nil
}

// execute runs the job of j, then prints every code it created and a
// summary; it says how to resume when the job is not finished.
func (opts *promoGenerateOptions) execute(ctx context.Context, b *jobrun.Job, j *bulk.Journal, concurrency int) error {
	h := j.Header()
	before := j.Summary().Created
	resume := shared.CommandLine(opts.Session, "promo", "generate", "--resume", absPath(j.Path())) + stdoutRedirect(opts.IO.Out)
	r := jobrun.Options{Concurrency: concurrency, Grace: opts.Grace, Waiting: func(n int, d time.Duration) {
		opts.NoteMsg(i18n.C("generate.waiting", n, "Wait", jobrun.RoundDuration(d)))
	}}
	return b.Run(ctx, j, r, jobrun.Report{
		Interrupted: func(r jobrun.Result) []string {
			var lines []string
			if r.Sum.Unknown > 0 {
				lines = append(lines, opts.Msg.N("promo.generate.may_be_created", r.Sum.Unknown))
			}
			return append(lines, opts.Msg.N("promo.generate.interrupted", r.Total, "Created", r.Sum.Created, "Resume", resume))
		},
		Stopped: func(err error) error { return i18n.NewError(0, "generate.stopped", "Err", err, "Command", resume) },
		Summary: func(r jobrun.Result) string {
			if before == r.Total {
				return opts.Msg.N("promo.generate.already_done", r.Total, "Site", h.SiteID)
			}
			return summaryLine(opts.Msg, r.Sum.Created-before, r.Sum.Created, r.Total, h.SiteID, r.Elapsed, before > 0 || r.Sum.Created < r.Total)
		},
		After: func(ctx context.Context, _ jobrun.Result) error {
			if err := opts.printCreated(ctx, b.API, j); err != nil {
				return i18n.NewError(0, "generate.created_in_journal", "Err", err, "Path", j.Path())
			}
			return nil
		},
		Failures: opts.failures().List(opts.Session),
		Incomplete: func(r jobrun.Result) error {
			sum, total := r.Sum, r.Total
			if sum.Taken == total-sum.Created {
				// Only codes taken elsewhere are left: no resume makes them.
				return i18n.CountError(cmdutil.ExitFailure, "bulk.generate.only_taken", sum.Taken, "Total", total)
			}
			if sum.Unanswered > 0 {
				// Creates no attempt of which was answered (5xx, timeouts) that
				// the list does not show failed; only a 4xx is a refusal.
				return i18n.NewError(0, "generate.failed_unanswered", "Failed", total-sum.Created, "Total", total, "Refused", sum.Failed-sum.Unanswered,
					"Unanswered", sum.Unanswered, "Unknown", sum.Unknown, "NotSent", sum.NotStarted, "Command", resume)
			}
			return i18n.NewError(0, "generate.failed", "Failed", total-sum.Created, "Total", total, "Refused", sum.Failed,
				"Unknown", sum.Unknown, "NotSent", sum.NotStarted, "Command", resume)
		},
	})
}

// absPath is path made absolute, so that a command line naming it works
// after a cd; path itself if it cannot be.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// stdoutRedirect is " > FILE" when stdout is a regular file the system
// can name (Linux: /proc/self/fd), for the resume command a job prints:
// the resume lists every code of the job, so it belongs in the same file.
// "" otherwise.
func stdoutRedirect(out io.Writer) string {
	f, ok := out.(*os.File)
	if !ok {
		return ""
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	name, err := os.Readlink("/proc/self/fd/" + strconv.FormatUint(uint64(f.Fd()), 10))
	if err != nil || !filepath.IsAbs(name) {
		return ""
	}
	if ni, err := os.Stat(name); err != nil || !os.SameFile(fi, ni) {
		return ""
	}
	return " > " + shared.ShellQuote(name)
}

// summaryLine is the last line of a job on stderr: what this run created,
// how fast, and with whole of the job when this run did not make it all.
func summaryLine(p *i18n.Printer, created, jobCreated, total int, site int64, elapsed time.Duration, whole bool) string {
	rate := float64(created) / max(elapsed.Seconds(), 1e-3)
	line := p.N("promo.generate.summary", created, "Site", site, "Elapsed", p.Duration(jobrun.RoundDuration(elapsed)),
		"Rate", i18n.Decimal(p.Lang(), rate, 0))
	if whole {
		line += p.T("promo.generate.summary.job", "Done", jobCreated, "Total", total)
	}
	return line + "."
}

// failures names the codes that could not be created, with why: taken
// elsewhere, of unknown outcome (a resume settles it), or the reason.
func (opts *promoGenerateOptions) failures() jobrun.Failures {
	return jobrun.Failures{
		Succeeded: func(it bulk.Item) bool { return it.State == bulk.StateCreated },
		Line: func(it bulk.Item) i18n.Message {
			var why any
			switch {
			case it.Taken:
				why = i18n.M("bulk.generate.taken")
			case it.State == bulk.StateSent || it.State == bulk.StateUnknown:
				why = i18n.M("generate.outcome_unknown", "Reason", jobrun.Reason(opts.Session, it))
			default:
				why = jobrun.FailureWhy(opts.Session, it)
			}
			return i18n.M("rest.generate.not_created", "Code", termsafe.String(it.Code), "Why", why)
		},
		More: func(n int) i18n.Message { return i18n.C("rest.generate.more_not_created", n) },
	}
}

// printCreated reads the site's list and prints the promo codes the job
// created, as promo list does: a code of the list is the job's when its
// id and its code are those the journal has. A code the list does not
// show yet (a list that lags behind the writes) is printed as the create
// answered it, or, created by an earlier run, with the job's fields.
func (opts *promoGenerateOptions) printCreated(ctx context.Context, c jobrun.API, j *bulk.Journal) error {
	ids, codes := map[int64]string{}, map[string]bool{}
	var created []bulk.Item
	var latest time.Time // the last create answered or settled
	for _, it := range j.Items() {
		if it.State != bulk.StateCreated {
			continue
		}
		created = append(created, it)
		if it.ID != 0 {
			ids[it.ID] = strings.ToUpper(it.Code)
		} else { // created, but its id is not known: match its code
			codes[strings.ToUpper(it.Code)] = true
		}
		if it.LastAt.After(latest) {
			latest = it.LastAt
		}
	}
	site := j.Header().SiteID
	// A list that lags behind the writes (a replica) may not show the
	// newest codes yet: read it again, a little later each time, until
	// --timeout after the last create.
	var out []byte
	var shown map[string]bool
	for pause := 100 * time.Millisecond; ; pause = min(2*pause, time.Second) {
		var err error
		if out, shown, err = opts.listCreated(ctx, c, site, ids, codes); err != nil {
			return err
		}
		if len(shown) >= len(created) || time.Now().Add(pause).After(latest.Add(opts.Settings.Timeout)) {
			break
		}
		t := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	if missing := len(created) - len(shown); missing > 0 {
		out = appendUnlisted(out, j, created, shown)
		opts.Warnings.WarnMsg(i18n.C("bulk.generate.not_listed_yet", missing, "Total", len(created), "Site", site))
	}
	// Money in the site's currency, as promo list shows it (Russian tables).
	if opts.Client != nil {
		if client, err := opts.Client(); err == nil {
			sitecurrency.Use(ctx, opts.Session, client, site)
		}
	}
	return opts.PrintList(view.PromoList(out, opts.Loc, opts.Now()), opts.Msg.Say(i18n.M("generate.none_created")))
}

// appendUnlisted adds to the JSON list out the created items the list did
// not show: each as its create was answered in this run, with its id,
// else as the job's template makes it.
func appendUnlisted(out []byte, j *bulk.Journal, created []bulk.Item, shown map[string]bool) []byte {
	template := promo.CreateBody{}
	if t := j.Header().Template; t != nil {
		template = *t
	}
	out = bytes.TrimSuffix(out, []byte("]"))
	for _, it := range created {
		if shown[strings.ToUpper(it.Code)] {
			continue
		}
		rec := bytes.TrimSpace(j.Answer(it.Index))
		if len(rec) < 2 || rec[0] != '{' {
			rec = bytes.TrimSpace(dryRunList(template, []string{it.Code}))
			rec = rec[1 : len(rec)-1] // its one element
		}
		var fields map[string]json.RawMessage
		if json.Unmarshal(rec, &fields) != nil {
			continue
		}
		if _, has := fields["id"]; !has && it.ID != 0 {
			// The list's id first, then the record's fields in its order.
			b := []byte(`{"id":` + strconv.FormatInt(it.ID, 10))
			if rest := bytes.TrimSpace(rec[1:]); len(rest) > 0 && rest[0] != '}' {
				b = append(b, ',')
			}
			rec = append(b, rec[1:]...)
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, rec...)
	}
	return append(out, ']')
}

// listCreated reads the site's list once and returns the JSON list of the
// job's promo codes on it (an id of ids with its code, or a code of codes),
// and the codes it shows, upper-cased.
func (opts *promoGenerateOptions) listCreated(ctx context.Context, c jobrun.API, site int64, ids map[int64]string, codes map[string]bool) ([]byte, map[string]bool, error) {
	lctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, err := c.ListPromos(lctx, site)
	if err != nil {
		return nil, nil, err
	}
	list, err := api.DecodePromos(raw)
	if err != nil {
		return nil, nil, jobrun.ListError(site, err)
	}
	var out bytes.Buffer
	out.WriteByte('[')
	i := 0
	shown := map[string]bool{}
	err = jsonscan.Elements(raw, func(elem []byte) error {
		p := list[i]
		i++
		code := strings.ToUpper(string(p.Code))
		mine := codes[code]
		if p.ID != nil {
			if want, ok := ids[int64(*p.ID)]; ok && want == code {
				mine = true
			}
		}
		if !mine || shown[code] {
			return nil
		}
		if len(shown) > 0 {
			out.WriteByte(',')
		}
		shown[code] = true
		out.Write(elem)
		return nil
	})
	if err != nil {
		return nil, nil, jobrun.ListError(site, err)
	}
	out.WriteByte(']')
	return out.Bytes(), shown, nil
}

// dryRunList is what --dry-run prints: the promo codes as the list would
// show them once created, without ids: the template's fields and, for
// the fields it leaves out, the API's defaults.
func dryRunList(template promo.CreateBody, codes []string) json.RawMessage {
	t := template
	t.SiteID, t.UserID, t.Code = 0, 0, ""
	fields, _ := json.Marshal(t)
	var m map[string]json.RawMessage
	_ = json.Unmarshal(fields, &m)
	delete(m, "site_id")
	delete(m, "code")
	// The API's defaults of the fields the template leaves out, and the
	// list's order of fields, code first: promo.Registry's writable ones.
	var order []string
	for _, f := range promo.Registry() {
		if !f.Writable || f.Name == "code" {
			continue
		}
		order = append(order, f.Name)
		if _, ok := m[f.Name]; !ok {
			if v := f.Value(plan.Defaults()); v != nil {
				m[f.Name], _ = json.Marshal(v)
			}
		}
	}
	var rest bytes.Buffer
	for _, k := range order {
		if v, ok := m[k]; ok {
			fmt.Fprintf(&rest, ",%q:%s", k, v)
		}
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for i, code := range codes {
		if i > 0 {
			b.WriteByte(',')
		}
		q, _ := json.Marshal(code)
		fmt.Fprintf(&b, `{"code":%s%s}`, q, rest.Bytes()) //i18n:data JSON, not a message
	}
	b.WriteByte(']')
	return b.Bytes()
}
