// Package apply is promo apply: a file of desired promo codes (CSV, a
// workbook, JSON or YAML) read and diffed against a site's list by
// internal/plan, the plan shown and confirmed, its writes run as one bulk
// job (jobrun), and the codes a prune would touch read again after the
// question (apply_recheck.go).
package apply

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/input"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/promoctl/promoctl/internal/view"
)

// maxApplyFile is the largest file promo apply reads: a site of 100,000
// codes exported as CSV is about 11 MiB, and a file may hold at most
// plan.MaxRows (200,000) rows. It bounds the memory of one row of CSV (a
// field may be as long as the file); a workbook is read within
// internal/sheet's bounds (docs/security.md).
const maxApplyFile = 64 << 20

// promoApplyOptions are the inputs of promo apply.
type promoApplyOptions struct {
	*cmdutil.Session
	jobrun.Env                  // the throttle and the bar of its bulk work
	Prompter   cmdutil.Prompter // asks before deleting or disabling, unless Yes
	// File is -f: a path, or - for Stdin.
	File  string
	Stdin io.Reader
	// Sheet is --sheet: the sheet of a workbook to read; empty for the
	// first.
	Sheet string
	// Columns are --column HEADER=field, as given; columns are them
	// read (validate).
	Columns []string
	columns []plan.ColumnMap
	// SiteID is --site-id or the configured site_id; 0 when neither.
	SiteID int64
	// Missing is what becomes of the site's codes the file does not name:
	// kept, deleted (--prune) or disabled (--disable-missing).
	Missing plan.Missing
	DryRun  bool
	Yes     bool
	// Concurrency is --concurrency; 0 means the default.
	Concurrency int
	// NoWait is --no-wait: refuse, rather than wait, while another job
	// writes to the site as the same user on this machine.
	NoWait bool
	// Getenv reads the environment, for the journal's place.
	Getenv func(string) string
	// Grace is how long writes in flight may run after Ctrl-C; 0 means
	// bulk.DefaultGrace.
	Grace time.Duration
}

// NewCmd is promo apply; run, when set, is called in place of the run
// (tests).
func NewCmd(f *cmdutil.Factory, run func(context.Context, *promoApplyOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoApply
	}
	opts := &promoApplyOptions{}
	var prune, disable bool
	c := &cobra.Command{
		Use:   "apply -f FILE",
		Short: "Make a site's promo codes what a file declares",
		Long: `Read the promo codes a file declares and make the site's codes match:
create the codes the site lacks, update the ones whose fields differ, and
with --prune delete (or with --disable-missing disable) the site's codes
the file does not name. Applying the same file again changes nothing.

FILE (- for stdin) is CSV with a header row, a workbook (.xlsx, or
LibreOffice's .ods: its first sheet, or --sheet NAME), a JSON array of
objects or a YAML list, with the API's field names; what promo list -o xlsx, -o csv, -o json
or -o yaml prints is a valid FILE: export, edit in a spreadsheet, apply.
CSV is read as Excel and LibreOffice save it: UTF-8 (with or without a
byte order mark), UTF-16 ("Unicode text") or Windows-1251; separated by
commas, semicolons or tabs. Values may be written the Russian way: 10,5,
1 234,50, 31.12.2026, 31.12.2026 23:59, ИСТИНА, да, нет; an amount with
its unit (15 %, 500,00 ₽) when the unit is the code's kind. An end at
00:00 (31.12.2026 0:00) is that whole day, as a date alone is, unless the
code ends at that 00:00 now. Dates are compared to the whole second.
A column is named by its API field name, by the header promoctl's tables
give it in English or Russian (Code, Промокод, Скидка, any case), or by
--column 'HEADER=field'; a column that names nothing is read over with
a warning, and a near-miss of a name is an error. A
row is matched by its id when the site has it, else by its code (ignoring
case); a row matched by its id whose code differs renames the promo code.
A field a row leaves out or empty is left as it is (a new code
gets the API's default); pos, promo_used_count and is_valid are read-only
and ignored. Ids of another site (a file exported from it) are ignored:
such rows are matched by code, so a file copies codes between sites.

Every row is checked first, with the rules of promo create; any problem
is listed as FILE:LINE (the CSV line, or the item's number in JSON and
YAML), and nothing is sent (exit 2).

The plan is printed before anything is sent: one line per create, update,
delete or disable, each changed field as old → new, a rename as
"rename OLD → NEW" (-o json: an array of {"action", "id", "code",
"changes": {"field": [old, new]}}, a rename an update of "code").
--dry-run stops there. A plan that deletes, disables or renames asks
first on a terminal and needs --yes without one (exit 2, nothing sent).
A rename that only drops the code's leading zeros (058990 → 58990: a
spreadsheet read the code column as numbers) is refused, --yes or not
(exit 2, nothing sent): export with -o xlsx or format the code column as
text, and edit that; promo update renames a code on purpose. The writes are sent at most --concurrency at
once, journaled like promo generate's; the exit code is 1 when any
failed, and applying the file again finishes the job.

See docs/bulk.md for the spreadsheet workflow and the columns.`,
		Args: cmdutil.NoArgs,
		Example: `  # export, edit in a spreadsheet, see the plan, apply it
  promoctl promo list --site-id 11111 -o csv > codes.csv
  promoctl promo apply -f codes.csv --site-id 11111 --dry-run
  promoctl promo apply -f codes.csv --site-id 11111

  # the same with an Excel workbook
  promoctl promo list --site-id 11111 -o xlsx > codes.xlsx
  promoctl promo apply -f codes.xlsx --site-id 11111

  # the file is the whole truth: delete the site's other codes
  promoctl promo apply -f codes.yaml --site-id 11111 --prune --yes

  # another platform's export, its columns named
  promoctl promo apply -f export.csv --site-id 11111 --dry-run \
    --column promo_code=code --column discount=bonus_amount --column valid_to=d_off

  # copy site 11111's codes to site 22222
  promoctl promo list --site-id 11111 -o csv | promoctl promo apply -f - --site-id 22222

  # the plan as JSON for a script
  promoctl promo apply -f codes.json --site-id 11111 --dry-run -o json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(cmd.Flags(), prune, disable); err != nil {
				return err
			}
			if err := opts.complete(cmd, f, prune, disable); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	fs := c.Flags()
	cmdutil.SiteFlag(f, c)
	fs.StringVarP(&opts.File, "file", "f", "", "the promo codes to apply: CSV, a workbook (.xlsx, .ods), a JSON array or a YAML list of API field names (- for stdin)")
	fs.StringVar(&opts.Sheet, "sheet", "", "the sheet of a workbook (-f FILE.xlsx or .ods) to read (default the first)")
	fs.StringArrayVar(&opts.Columns, "column", nil, "read the file's column HEADER as the API field: 'HEADER=field' (repeatable), such as --column 'Expires=d_off'")
	fs.BoolVar(&prune, "prune", false, "delete the site's promo codes the file does not name")
	fs.BoolVar(&disable, "disable-missing", false, "disable the site's promo codes the file does not name")
	fs.BoolVar(&opts.DryRun, "dry-run", false, "print the plan and send nothing")
	fs.BoolVarP(&opts.Yes, "yes", "y", false, "delete, disable or rename without asking")
	fs.IntVar(&opts.Concurrency, "concurrency", bulk.DefaultConcurrency, "most writes in flight at once")
	fs.BoolVar(&opts.NoWait, "no-wait", false, "while another job writes to the site as the same user on this machine, fail (exit 1) instead of waiting for it")
	_ = c.MarkFlagFilename("file") // the flag exists: no error
	return c
}

// openApplyFile opens promo apply's FILE for reading, as a reader that can
// go back (a CSV file is read twice: docs/performance.md): a regular file
// as it is, on disk (input.OpenFileArg: a FIFO, a device or a directory is
// refused); stdin read into memory first, up to maxApplyFile, as long as
// Ctrl-C does not end it. close closes the file.
func openApplyFile(name string, stdin io.Reader) (r io.ReadSeeker, close func(), err error) {
	if name != "-" {
		fh, err := input.OpenFileArg(name)
		if err != nil {
			return nil, nil, err
		}
		if st, err := fh.Stat(); err == nil && st.Size() > maxApplyFile {
			fh.Close()
			return nil, nil, i18n.NewError(cmdutil.ExitUsage, "apply.file_too_large", "Path", name, "MiB", maxApplyFile>>20)
		}
		return fh, func() { fh.Close() }, nil
	}
	data, err := input.ReadFileArg(name, stdin, maxApplyFile, i18n.Message{})
	if err != nil {
		return nil, nil, err
	}
	return bytes.NewReader(data), func() {}, nil
}

// validate makes every check of the flags alone, once, before the file is
// read or anything sent.
func (opts *promoApplyOptions) validate(fs *pflag.FlagSet, prune, disable bool) error {
	if opts.File == "" {
		return i18n.NewError(cmdutil.ExitUsage, "apply.file_required")
	}
	if prune && disable {
		return i18n.NewError(cmdutil.ExitUsage, "apply.prune_and_disable")
	}
	if fs.Changed("concurrency") && (opts.Concurrency < 1 || opts.Concurrency > jobrun.MaxConcurrency) {
		return jobrun.ConcurrencyError(opts.Concurrency)
	}
	return opts.readColumns()
}

// readColumns reads --column into columns.
func (opts *promoApplyOptions) readColumns() error {
	opts.columns = opts.columns[:0]
	for _, v := range opts.Columns {
		m, err := plan.ParseColumn(v)
		if err != nil {
			return err
		}
		opts.columns = append(opts.columns, m)
	}
	return nil
}

// complete fills the options the flags leave: what becomes of the codes
// the file does not name (refused without a way to confirm), the session
// and the terminal's reader and prompter.
func (opts *promoApplyOptions) complete(cmd *cobra.Command, f *cmdutil.Factory, prune, disable bool) error {
	switch {
	case prune:
		opts.Missing = plan.Delete
	case disable:
		opts.Missing = plan.Disable
	}
	if err := opts.confirmable(f.IO.CanPrompt()); err != nil {
		return err
	}
	sess, err := f.Start(cmd)
	if err != nil {
		return err
	}
	opts.Session, opts.Env, opts.SiteID = sess, jobrun.NewEnv(f), sess.Settings.SiteID
	opts.Stdin = input.StdinReader(cmd.Context(), f.IO, sess.Msg.Say(i18n.M("apply.paste_hint")), false)
	opts.Prompter, opts.Getenv = cmdutil.PromptAs[cmdutil.Prompter](f), f.Env.Getenv
	return nil
}

// confirmable refuses, before anything is read or sent, a run that would
// have to ask and cannot.
func (opts *promoApplyOptions) confirmable(canPrompt bool) error {
	if opts.Missing == plan.Keep || opts.Yes || opts.DryRun || canPrompt {
		return nil
	}
	id := "apply.refuse_missing.delete"
	if opts.Missing == plan.Disable {
		id = "apply.refuse_missing.disable"
	}
	return i18n.NewError(cmdutil.ExitUsage, id, "File", opts.File)
}

// runPromoApply makes the site's promo codes what opts.File declares:
// read and check the file, read the site's list once, make the plan,
// print it, ask when it deletes or disables, and carry it out on the bulk
// engine.
func runPromoApply(ctx context.Context, opts *promoApplyOptions) error {
	if err := opts.confirmable(opts.IO.CanPrompt()); err != nil {
		return err
	}
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	in, closeIn, err := openApplyFile(opts.File, opts.Stdin)
	if err != nil {
		return err
	}
	name := opts.File
	if name == "-" {
		name = "stdin"
	}
	if len(opts.columns) != len(opts.Columns) {
		if err := opts.readColumns(); err != nil {
			return err
		}
	}
	rows, err := plan.ReadContext(ctx, name, in, plan.ReadOptions{Loc: opts.Loc, Sheet: opts.Sheet, Columns: opts.columns, Warn: opts.Warnings.WarnMsg})
	closeIn()
	if err != nil {
		return opts.problems(err)
	}
	b, err := jobrun.New(opts.Session, opts.Env)
	if err != nil {
		return err
	}
	p, err := opts.makePlan(ctx, b, name, rows, site)
	if err != nil {
		return err
	}
	if ren := p.Renames(); len(ren) > 0 && !opts.Yes && !opts.DryRun && !opts.IO.CanPrompt() {
		return i18n.CountError(cmdutil.ExitUsage, "apply.refuse_rename", len(ren), "Site", site, "Renames", renames(ren))
	}
	shared.WarnPastEnds(opts.Session, p)
	if err := opts.printPlan(ctx, b.API.Reads, p, name); err != nil {
		return err
	}
	if opts.DryRun || len(p.Entries) == 0 {
		if opts.DryRun {
			opts.NoteMsg(i18n.M("apply.dry_run"))
		}
		return nil
	}
	if (p.Destructive() || len(p.Renames()) > 0) && !opts.Yes {
		ok, err := opts.Prompter.Confirm(ctx, confirmQuestion(opts.Msg, p), confirmNote(opts.Msg, p), false)
		if err != nil {
			return err
		}
		if !ok {
			return prompt.ErrCancelled
		}
		// The question may have waited long: a code to delete or
		// disable that is gone or renamed since the plan is skipped.
		if p, err = opts.recheckPlan(ctx, p); err != nil || len(p.Entries) == 0 {
			return err
		}
	}
	return opts.execute(ctx, b, p, name)
}

// problems lists a file's problems on stderr and returns the error that
// ends the run: exit 2, nothing sent.
func (opts *promoApplyOptions) problems(err error) error {
	if zl := (*plan.ZerosLost)(nil); errors.As(err, &zl) {
		return &i18n.Error{Msg: zl.Message(), Exit: cmdutil.ExitUsage}
	}
	var probs *plan.Problems
	if !errors.As(err, &probs) {
		return err
	}
	if len(probs.List) == 1 && probs.More == 0 {
		return i18n.NewError(cmdutil.ExitUsage, "apply.nothing_sent", "Problem", probs.At(probs.List[0]))
	}
	lines := probs.Say(opts.Msg)
	for _, l := range lines {
		fmt.Fprintln(opts.IO.ErrOut, opts.Warnings.Clean(l))
	}
	// At most plan.MaxProblems lines, then this one: how many more, and
	// where the reading stopped.
	switch {
	case probs.Stopped != 0 && probs.More > 0:
		return i18n.NewError(cmdutil.ExitUsage, "bounds.problems.stopped_more", "File", probs.File, "Max", len(probs.List), "More", probs.More, "Line", probs.Stopped)
	case probs.Stopped != 0:
		return i18n.NewError(cmdutil.ExitUsage, "bounds.problems.stopped", "File", probs.File, "Max", len(probs.List), "Line", probs.Stopped)
	case probs.More > 0:
		return i18n.NewError(cmdutil.ExitUsage, "bounds.problems.more", "File", probs.File, "Max", len(probs.List), "More", probs.More)
	}
	return i18n.CountError(cmdutil.ExitUsage, "apply.problems", len(probs.List), "File", probs.File)
}

// makePlan reads the site's list once and diffs the rows against it. Rows
// that name a field the list does not show (personal_limit_is_enabled)
// have their records read, and only those.
func (opts *promoApplyOptions) makePlan(ctx context.Context, b *jobrun.Job, name string, rows []plan.Row, site int64) (plan.Plan, error) {
	c := b.API
	lctx, cancel := opts.WithTimeout(ctx)
	raw, err := c.ListPromos(lctx, site)
	cancel()
	if err != nil {
		return plan.Plan{}, err
	}
	list, err := api.DecodePromos(raw)
	if err != nil {
		return plan.Plan{}, jobrun.ListError(site, err)
	}
	b.Known = make(map[int64]bool, len(list))
	for _, p := range list {
		if p.ID != nil {
			b.Known[int64(*p.ID)] = true
		}
	}
	o := plan.Options{Site: site, UserID: opts.Settings.UserID, Missing: opts.Missing}
	p, err := plan.Make(name, rows, list, nil, o)
	if err != nil {
		return p, opts.problems(err)
	}
	if len(p.Reads) == 0 {
		return p, nil
	}
	results, err := bulk.Run(ctx, p.Reads, func(ctx context.Context, id int64) (api.Promo, error) {
		_, rec, err := c.Reads.GetPromo(ctx, id)
		return rec, err
	}, bulk.Options{Concurrency: opts.concurrency(), Throttle: b.Throttler, Retry: b.Retry, Classify: bulk.ClassifyRead, OpTimeout: opts.Settings.Timeout})
	if err != nil {
		return p, err
	}
	records := make(map[int64]api.Promo, len(results))
	for i, r := range results {
		if r.Err != nil {
			return p, r.Err
		}
		records[p.Reads[i]] = r.Value
	}
	p, err = plan.Make(name, rows, list, records, o)
	if err != nil {
		return p, opts.problems(err)
	}
	return p, nil
}

func (opts *promoApplyOptions) concurrency() int {
	if opts.Concurrency <= 0 {
		return bulk.DefaultConcurrency
	}
	return opts.Concurrency
}

// printPlan prints the plan on stdout and what it amounts to on stderr.
// A table that shows a discount in money names the site's currency (one
// request, for a language that shows it: sitecurrency.Use).
func (opts *promoApplyOptions) printPlan(ctx context.Context, client *api.Client, p plan.Plan, name string) error {
	if showsMoney(p) {
		sitecurrency.Use(ctx, opts.Session, client, p.Site)
	}
	d, err := view.Plan(planView(p), opts.Loc, opts.Msg, sitecurrency.Of(opts.Session))
	if err != nil {
		return err
	}
	if len(p.Entries) > 0 || !opts.IO.IsStdoutTTY() || opts.Out.JQ != nil {
		if err := opts.Print(d); err != nil {
			return err
		}
	}
	if p.ForeignIDs > 0 {
		fmt.Fprintln(opts.IO.ErrOut, opts.Msg.N("rest.apply.foreign_ids", p.ForeignIDs, "File", name, "Site", p.Site))
	}
	fmt.Fprintln(opts.IO.ErrOut, planLine(opts.Msg, p))
	return nil
}

// showsMoney reports whether the plan's table shows a discount in money.
func showsMoney(p plan.Plan) bool {
	for _, e := range p.Entries {
		if slices.Contains(e.Changed, "bonus_amount") && (!e.New.BonusAmountIsInPercentages || !e.Old.BonusAmountIsInPercentages && e.Action != plan.ActionCreate) {
			return true
		}
	}
	return false
}

// planView is the plan as its view shows it.
func planView(p plan.Plan) []view.PlanEntry {
	out := make([]view.PlanEntry, len(p.Entries))
	for i, e := range p.Entries {
		out[i] = view.PlanEntry{Action: string(e.Action), ID: e.ID, Code: e.Code, Old: e.Old, New: e.New, Changed: e.Changed, OldUnknown: e.OldUnknown}
	}
	return out
}

// planLine sums a plan up in msg's language: "Plan for site 1: 2 to
// create, 1 to update, 9 unchanged."
func planLine(msg *i18n.Printer, p plan.Plan) string {
	if len(p.Entries) == 0 {
		line := msg.N("rest.plan.nothing", p.Unchanged, "Site", p.Site)
		if p.NotNamed > 0 {
			line += msg.N("rest.plan.nothing_not_named", p.NotNamed)
		}
		return line + "."
	}
	line := msg.T("rest.plan.head", "Site", p.Site)
	sep := " "
	for _, a := range []plan.Action{plan.ActionCreate, plan.ActionUpdate, plan.ActionDelete, plan.ActionDisable} {
		if n := p.Count(a); n > 0 {
			line += sep + msg.N("rest.plan.to."+string(a), n)
			sep = ", "
		}
		if n := len(p.Renames()); a == plan.ActionUpdate && n > 0 {
			line += " (" + msg.N("rest.plan.renames", n) + ")"
		}
	}
	line += msg.N("rest.plan.unchanged", p.Unchanged)
	if p.NotNamed > 0 {
		line += msg.N("rest.plan.not_named", p.NotNamed)
	}
	return line + "."
}

// confirmQuestion asks before a plan that deletes, disables or renames,
// in msg's language.
func confirmQuestion(msg *i18n.Printer, p plan.Plan) string {
	del, dis, ren := p.Count(plan.ActionDelete), p.Count(plan.ActionDisable), p.Renames()
	other := len(p.Entries) - del - dis - len(ren)
	var parts []string
	switch {
	case del > 0:
		parts = append(parts, msg.N("rest.confirm.delete", del, "Site", p.Site))
	case dis > 0:
		parts = append(parts, msg.N("rest.confirm.disable", dis, "Site", p.Site))
	}
	if len(ren) > 0 {
		parts = append(parts, msg.N("rest.confirm.rename", len(ren), "Site", p.Site, "Renames", renameList(msg, ren)))
	}
	if other > 0 {
		parts = append(parts, msg.N("rest.confirm.other", other))
	}
	q := parts[0]
	if n := len(parts); n > 1 {
		q = strings.Join(parts[:n-1], ", ") + msg.T("rest.confirm.and") + parts[n-1]
	}
	first, size := utf8.DecodeRuneInString(q)
	return string(unicode.ToUpper(first)) + q[size:] + "?"
}

// renameList names renames as "OLD1 → NEW1, OLD2 → NEW2", the first three
// and how many more, in msg's language.
func renameList(msg *i18n.Printer, ren []plan.Entry) string {
	if m, ok := renames(ren).(i18n.Message); ok {
		return msg.Say(m)
	}
	return renames(ren).(string)
}

// renames is renameList as a message's value: a string, or a message
// when it says how many more.
func renames(ren []plan.Entry) any {
	var b strings.Builder
	for i, e := range ren[:min(len(ren), 3)] {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(termsafe.String(e.Old.Code) + " → " + termsafe.String(e.New.Code))
	}
	if len(ren) > 3 {
		return i18n.M("apply.list_more", "List", b.String(), "More", len(ren)-3)
	}
	return b.String()
}

// confirmNote is what the confirmation says under its question: a delete
// cannot be undone; a disable can (promo enable).
func confirmNote(msg *i18n.Printer, p plan.Plan) string {
	switch {
	case p.Count(plan.ActionDelete) > 0:
		return msg.T("rest.confirm.note.delete")
	case p.Count(plan.ActionDisable) > 0:
		return msg.T("rest.confirm.note.disable")
	}
	return msg.T("rest.confirm.note.rename")
}

// execute carries out the plan on the bulk engine, journaled, and reports
// what it did: a summary, and each write that failed.
func (opts *promoApplyOptions) execute(ctx context.Context, b *jobrun.Job, p plan.Plan, name string) error {
	b.NoWait = opts.NoWait
	j, err := b.Create(ctx, opts.Getenv, "", bulk.Header{Kind: bulk.JobApply, SiteID: p.Site}, applyOps(p))
	if err != nil {
		return err
	}
	defer j.Close()
	fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("rest.apply.journal", "Path", j.Path()))
	again := i18n.M("apply.again", "File", name)
	done := func(sum bulk.Summary) int { return sum.Created + sum.Updated + sum.Deleted }
	return b.Run(ctx, j, jobrun.Options{Concurrency: opts.concurrency(), Grace: opts.Grace}, jobrun.Report{
		Interrupted: func(r jobrun.Result) []string {
			return []string{opts.Msg.N("rest.apply.interrupted", r.Total, "Done", done(r.Sum), "File", name)}
		},
		Stopped:  func(err error) error { return i18n.NewError(0, "apply.stopped", "Err", err, "Hint", again) },
		Summary:  func(r jobrun.Result) string { return appliedLine(opts.Msg, j, p.Site, r.Elapsed) },
		Failures: opts.failures().List(opts.Session),
		Incomplete: func(r jobrun.Result) error {
			sum, total := r.Sum, r.Total
			if sum.Unanswered > 0 {
				// Creates no attempt of which was answered (5xx, timeouts) that
				// the list does not show failed; only a 4xx is a refusal.
				return i18n.NewError(0, "apply.failed_unanswered", "Failed", total-done(sum), "Total", total, "Refused", sum.Failed-sum.Unanswered,
					"Unanswered", sum.Unanswered, "Unknown", sum.Unknown, "NotSent", sum.NotStarted, "Hint", again, "Path", j.Path())
			}
			return i18n.NewError(0, "apply.failed", "Failed", total-done(sum), "Total", total, "Refused", sum.Failed,
				"Unknown", sum.Unknown, "NotSent", sum.NotStarted, "Hint", again, "Path", j.Path())
		},
	})
}

// applyOps are the plan's writes for the bulk engine, in the plan's order:
// each plan action is the bulk action of the same name.
func applyOps(p plan.Plan) []bulk.Op {
	ops := make([]bulk.Op, len(p.Entries))
	for i, e := range p.Entries {
		ops[i] = bulk.Op{Action: bulk.Action(e.Action), Code: e.Code, ID: e.ID, Body: e.Body}
	}
	return ops
}

// appliedLine is the summary of a job in msg's language: "Applied to
// site 1 in 1.2s: 2 created, 1 updated."
func appliedLine(msg *i18n.Printer, j *bulk.Journal, site int64, elapsed time.Duration) string {
	counts := map[bulk.Action]int{}
	for _, it := range j.Items() {
		switch it.State {
		case bulk.StateCreated, bulk.StateUpdated, bulk.StateDeleted:
			counts[it.Action]++
		}
	}
	line := msg.T("rest.applied.head", "Site", site, "Elapsed", msg.Duration(jobrun.RoundDuration(elapsed)))
	for i, a := range []bulk.Action{bulk.ActionCreate, bulk.ActionUpdate, bulk.ActionDelete, bulk.ActionDisable} {
		if i > 0 {
			line += ","
		}
		line += " " + msg.N("rest.applied."+string(a), counts[a])
	}
	return line + "."
}

// failures names the writes that did not succeed, with why.
func (opts *promoApplyOptions) failures() jobrun.Failures {
	return jobrun.Failures{
		Succeeded: func(it bulk.Item) bool {
			return it.State == bulk.StateCreated || it.State == bulk.StateUpdated || it.State == bulk.StateDeleted
		},
		Line: func(it bulk.Item) i18n.Message {
			what := termsafe.String(it.Code)
			if it.ID != 0 {
				what = shared.Selected{ID: it.ID, Code: it.Code}.Name(opts.Msg)
			}
			return i18n.M("rest.apply.failed", "Action", i18n.M("word."+string(it.Action)), "What", what, "Why", jobrun.FailureWhy(opts.Session, it))
		},
		More: func(n int) i18n.Message { return i18n.C("rest.apply.more_failed", n) },
	}
}
