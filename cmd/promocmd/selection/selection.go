// Package selection is the verbs that change a selection of promo codes:
// promo enable, disable and delete (of one code, asked about by name, or
// of many: listed, confirmed, read again after the question and run as
// one bulk job, jobrun). promo browse runs its actions through the same
// Verb.
package selection

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/records"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// A selection is the promo codes that promo delete, enable and disable
// act on at once: several named by id or code, or every code of a site
// with some statuses. It is resolved against one read of the site's list,
// shown and confirmed, then carried out on the bulk engine with a
// journal.

// Verb is what a selection command does to each promo code.
type Verb string

const (
	verbDelete  Verb = "delete"
	verbEnable  Verb = "enable"
	verbDisable Verb = "disable"
)

// Done is the verb's past tense, for messages.
func (v Verb) Done() string {
	if v == verbDelete {
		return "deleted"
	}
	return string(v) + "d"
}

// promoSelectOptions are the inputs of promo delete with a selection, and
// of promo enable and promo disable.
type promoSelectOptions struct {
	*cmdutil.Session
	jobrun.Env                  // the throttle and the bar of its bulk work
	Prompter   cmdutil.Prompter // asks before acting, unless Yes
	Verb       Verb
	Sel        shared.Selection // the codes acted on
	SiteID     int64            // --site-id or the configured site_id (the job's with --job)
	Yes        bool
	// Concurrency is --concurrency: the most requests in flight.
	Concurrency int
	// NoWait is --no-wait: refuse, rather than wait, while another job
	// writes to the site as the same user on this machine.
	NoWait bool
	// Getenv reads the environment, for the journal's default place.
	Getenv func(string) string
}

// actFlags are the flags of a command that acts on a selection.
type actFlags struct {
	sel         shared.SelectionFlags
	yes, noWait bool
	concurrency int
}

func (af *actFlags) register(f *cmdutil.Factory, c *cobra.Command, verb Verb) {
	fs := c.Flags()
	af.sel.AddFlags(f, c)
	fs.BoolVarP(&af.yes, "yes", "y", false, string(verb)+" without asking")
	fs.IntVar(&af.concurrency, "concurrency", bulk.DefaultConcurrency, "most requests in flight at once")
	fs.BoolVar(&af.noWait, "no-wait", false, "while another job writes to the site as the same user on this machine, fail (exit 1) instead of waiting for it")
	cmdutil.SiteFlag(f, c)
}

// options checks the arguments and flags of a selection and fills opts,
// before anything is read or sent: a selection of nothing at all, or
// without --yes off a terminal, is refused (exit 2).
func (af *actFlags) options(f *cmdutil.Factory, cmd *cobra.Command, args []string, verb Verb) (*promoSelectOptions, error) {
	fs := cmd.Flags()
	opts := &promoSelectOptions{Verb: verb, Yes: af.yes, Concurrency: af.concurrency, NoWait: af.noWait, Getenv: f.Env.Getenv}
	if fs.Changed("concurrency") && (af.concurrency < 1 || af.concurrency > jobrun.MaxConcurrency) {
		return nil, jobrun.ConcurrencyError(af.concurrency)
	}
	sel, err := af.sel.Parse(cmd, args)
	if err != nil {
		return nil, err
	}
	if sel.Empty() {
		return nil, i18n.NewError(cmdutil.ExitUsage, "select.error.needs", "Command", cmdutil.CommandName(cmd), "Usage", cmdutil.UsageLine(cmd))
	}
	opts.Sel = sel
	if !opts.Yes && !f.IO.CanPrompt() {
		return nil, i18n.NewError(cmdutil.ExitUsage, "confirm.refuse", "Verb", i18n.M("confirm.infinitive."+string(verb)), "What", opts.what())
	}
	return opts, nil
}

// start starts the session of the selection (the job's world with
// --job) and fills what depends on it.
func (opts *promoSelectOptions) start(f *cmdutil.Factory, cmd *cobra.Command) error {
	sess, err := opts.Sel.Start(f, cmd)
	if err != nil {
		return err
	}
	opts.Session, opts.Env, opts.Prompter = sess, jobrun.NewEnv(f), cmdutil.PromptAs[cmdutil.Prompter](f)
	opts.SiteID, err = opts.Sel.Site(sess, sess.Settings.SiteID)
	return err
}

// what names the selection before it is resolved: "promo code 1001",
// "3 promo codes", "the expired promo codes", "the selected promo codes".
func (opts *promoSelectOptions) what() i18n.Message {
	sel := &opts.Sel
	switch {
	case !sel.Filters() && len(sel.Refs) == 1:
		return i18n.M("confirm.what.code", "Code", sel.Refs[0].String())
	case !sel.Filters():
		return i18n.C("confirm.what.codes", len(sel.Refs))
	case len(sel.Refs) == 0 && sel.Job == "" && len(sel.Filter.Statuses) > 0 && !(shared.PromoFilter{Statuses: sel.Filter.Statuses}).Differs(sel.Filter):
		return i18n.M("confirm.what.statuses", "Statuses", opts.statuses())
	}
	return i18n.M("confirm.what.selected")
}

// NewEnableCmd is promo enable; run, when set, is called in place of the
// run (tests).
func NewEnableCmd(f *cmdutil.Factory, run func(context.Context, *promoSelectOptions) error) *cobra.Command {
	return newPromoToggleCmd(f, run, verbEnable)
}

// NewDisableCmd is promo disable; run, when set, is called in place of
// the run (tests).
func NewDisableCmd(f *cmdutil.Factory, run func(context.Context, *promoSelectOptions) error) *cobra.Command {
	return newPromoToggleCmd(f, run, verbDisable)
}

// newPromoToggleCmd is promo enable or promo disable.
func newPromoToggleCmd(f *cmdutil.Factory, run func(context.Context, *promoSelectOptions) error, verb Verb) *cobra.Command {
	if run == nil {
		run = runPromoSelect
	}
	var af actFlags
	title := strings.ToUpper(string(verb[:1])) + string(verb[1:])
	state, byStatus := "usable", "disabled"
	if verb == verbDisable {
		state, byStatus = "unusable until enabled again", "expired,used-up"
	}
	c := &cobra.Command{
		Use:   string(verb) + " [CODE_OR_ID...]",
		Short: title + " promo codes",
		Long: title + ` promo codes: a selection (below) of the codes of a site. Each is
read and sent back with is_enabled set (read-modify-write), so nothing
else changes, and it is ` + state + `.
Codes already ` + verb.Done() + ` are counted apart and left alone.

The codes are looked up in one read of the site's list (--site-id or the
configured site_id; the job's with --job). Ids alone need no site; given
with one, each must be on its list, or nothing is sent (exit 4). Filters
that select no code are an error (exit 2). On a terminal the codes are
listed and promoctl asks first, then reads the list again: a code that
no longer matches (deleted, renamed, or no longer of the --status) is
skipped and named. Without a terminal (scripts, CI) it refuses unless
--yes is given. At most --concurrency requests are in flight; a
429 waits for Retry-After. Every step is written to a journal under
$XDG_STATE_HOME/promoctl/jobs. Exit 1 when any code could not be
` + verb.Done() + `: stderr names each and why. With -o json, jsonl,
yaml or csv, stdout lists each code selected as id, code and outcome
(` + verb.Done() + `, unchanged, failed, unknown or not sent); the table
form prints nothing on stdout.

` + shared.SelectionHelp,
		Example: `  promoctl promo ` + string(verb) + ` SUMMER25 WINTER25 --site-id 11111
  promoctl promo ` + string(verb) + ` 1001 1002 --yes
  promoctl promo ` + string(verb) + ` --status ` + byStatus + ` --site-id 11111 --yes` + toggleExample(verb),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := af.options(f, cmd, args, verb)
			if err != nil {
				return err
			}
			if err := opts.start(f, cmd); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	af.register(f, c, verb)
	return c
}

// toggleExample is the campaign example of promo disable.
func toggleExample(verb Verb) string {
	if verb != verbDisable {
		return ""
	}
	return `
  promoctl promo disable --prefix XMAS --unused --site-id 11111 --yes
  promoctl promo disable --job 20261201T100000Z-1a2b3c4d --unused --yes`
}

// runPromoSelect resolves the selection, asks (unless Yes) and carries it
// out on the bulk engine.
func runPromoSelect(ctx context.Context, opts *promoSelectOptions) error {
	targets, site, err := opts.resolve(ctx)
	if err != nil {
		return err
	}
	// Enabling what is enabled, or disabling what is disabled, changes
	// nothing: such codes are counted apart and left alone.
	var skipped []shared.Selected
	if opts.Verb != verbDelete {
		want := opts.Verb == verbEnable
		kept := make([]shared.Selected, 0, len(targets))
		for _, t := range targets {
			if t.Enabled != nil && *t.Enabled == want {
				skipped = append(skipped, t)
				continue
			}
			kept = append(kept, t)
		}
		targets = kept
	}
	if len(targets) == 0 {
		fmt.Fprintln(opts.IO.ErrOut, opts.Msg.N("confirm.nothing."+opts.Verb.Done(), len(skipped)))
		return opts.printOutcomes(nil, nil, skipped)
	}
	already, changed := len(skipped), 0
	if !opts.Yes {
		if err := opts.confirm(ctx, targets, site); err != nil {
			return err
		}
		// The question may have waited long: what was confirmed is
		// checked against the list as it is now.
		var done []shared.Selected
		targets, done, changed, err = opts.recheck(ctx, targets, site)
		if err != nil {
			return err
		}
		skipped = append(skipped, done...)
		already += len(done)
		if len(targets) == 0 {
			fmt.Fprintln(opts.IO.ErrOut, opts.summary(0, site, already, changed))
			return opts.printOutcomes(nil, nil, skipped)
		}
	}
	return opts.execute(ctx, targets, site, skipped, changed)
}

// recheck reads site's list again after the confirmation and keeps the
// targets that still match the selection: still on the site, with the
// code shown, and taken by the selection. Each other is named on stderr
// and counted in changed; one that an enable or disable now finds done
// already is in already. Without a site (ids alone) nothing can be
// checked and targets are kept as they are.
func (opts *promoSelectOptions) recheck(ctx context.Context, targets []shared.Selected, site int64) (kept, already []shared.Selected, changed int, err error) {
	if site == 0 {
		return targets, nil, 0, nil
	}
	at := opts.Now()
	now, err := shared.ReadAgain(ctx, opts.Session, targets, site, func(p *api.Promo) bool { return opts.Sel.Match(p, at) })
	if err != nil {
		return nil, nil, 0, err
	}
	for _, t := range targets {
		cur, ok := now[t.ID]
		why := ""
		switch {
		case !ok:
			why = opts.Msg.T("confirm.gone", "Site", site)
		case cur.Code != t.Code:
			why = opts.Msg.T("confirm.renamed", "Code", termsafe.String(cur.Code))
		case opts.Verb != verbDelete && cur.Enabled != nil && *cur.Enabled == (opts.Verb == verbEnable):
			already = append(already, cur)
			continue
		case !cur.Matches && len(opts.Sel.Filter.Statuses) > 0 && !slices.Contains(opts.Sel.Filter.Statuses, cur.Status):
			why = opts.statusNow(cur.Status)
		case !cur.Matches:
			why = opts.Msg.T("select.recheck.no_match")
		default:
			kept = append(kept, cur)
			continue
		}
		changed++
		fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+opts.Msg.T("promo.bulk.skipped_changed", "Name", t.Name(opts.Msg), "Why", why))
	}
	return kept, already, changed, nil
}

// resolve finds the promo codes of the selection: ids alone, without a
// site, by reading each (readIDs); else in one read of the site's list.
// A code or id named that the site does not have fails the whole
// selection before anything is sent (exit 4); filters that select
// nothing are a usage error (exit 2). site is 0 when no site is known.
func (opts *promoSelectOptions) resolve(ctx context.Context) ([]shared.Selected, int64, error) {
	needList := opts.Sel.Filters()
	for _, r := range opts.Sel.Refs {
		needList = needList || r.Code != ""
	}
	if !needList && opts.SiteID == 0 {
		// Ids alone: the site that has them all, so that the question,
		// the journal and promo jobs name it; else each is read alone.
		if out, site := opts.findSite(ctx); site != 0 {
			return out, site, nil
		}
		return opts.readIDs(ctx)
	}
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return nil, 0, err
	}
	out, err := opts.readSite(ctx, site)
	if err != nil {
		return nil, 0, err
	}
	return out, site, nil
}

// readSite reads the site's list once: the codes the selection takes, in
// the list's order. A code named that the list lacks is not found (exit
// 4); a selection of nothing is a usage error (exit 2).
func (opts *promoSelectOptions) readSite(ctx context.Context, site int64) ([]shared.Selected, error) {
	out, l, err := opts.collect(ctx, site)
	if err != nil {
		return nil, err
	}
	if err := l.Missing(site); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, i18n.NewError(cmdutil.ExitUsage, "select.error.nothing."+string(opts.Verb), "Site", site, "What", opts.Sel.Describe(opts.Msg))
	}
	return out, nil
}

// collect reads the site's list once: the codes the selection takes, in
// the list's order, and the filter that read it (which codes named it
// saw).
func (opts *promoSelectOptions) collect(ctx context.Context, site int64) ([]shared.Selected, *shared.SelectedPromos, error) {
	client, err := opts.Client()
	if err != nil {
		return nil, nil, err
	}
	lctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	stream, err := client.StreamPromos(lctx, site)
	if err != nil {
		return nil, nil, err
	}
	defer stream.Close()
	now := opts.Now()
	l := opts.Sel.Pick(stream, now)
	var out []shared.Selected
	for {
		if _, err := l.Next(); err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, jobrun.ListError(site, err)
		}
		out = append(out, shared.SelectedOf(&l.Current, now))
	}
	return out, l, nil
}

// findSite finds the site of the user's whose list has every id named,
// the first such in the list of sites, and gives its codes of the
// selection; site 0 when none has them all or the sites cannot be read
// (the ids are then read one by one: readIDs).
func (opts *promoSelectOptions) findSite(ctx context.Context) ([]shared.Selected, int64) {
	client, err := opts.Client()
	if err != nil {
		return nil, 0
	}
	lctx, cancel := opts.WithTimeout(ctx)
	raw, err := client.ListSites(lctx)
	cancel()
	if err != nil {
		return nil, 0
	}
	refs, _, _ := records.Refs(raw)
	for _, ref := range refs {
		site := ref.Int()
		if site <= 0 {
			continue
		}
		out, l, err := opts.collect(ctx, site)
		if err == nil && l.Missing(site) == nil {
			return out, site
		}
	}
	return nil, 0
}

// readIDs reads the promo codes named by ids alone, without a site: each
// record (GET /v1/promo/ID), for its code and state. An id without a
// promo code fails them all (exit 4) before anything is sent.
func (opts *promoSelectOptions) readIDs(ctx context.Context) ([]shared.Selected, int64, error) {
	client, err := opts.Client()
	if err != nil {
		return nil, 0, err
	}
	now := opts.Now()
	var out []shared.Selected
	seen := map[int64]bool{}
	for _, r := range opts.Sel.Refs {
		if seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		rctx, cancel := opts.WithTimeout(ctx)
		_, p, err := client.GetPromo(rctx, r.ID)
		cancel()
		if err != nil {
			return nil, 0, err
		}
		id := api.Int(r.ID)
		p.ID = &id
		out = append(out, shared.SelectedOf(&p, now))
	}
	return out, 0, nil
}

// confirm lists on stderr what will change and asks.
func (opts *promoSelectOptions) confirm(ctx context.Context, targets []shared.Selected, site int64) error {
	// The list's heads are declared, its statuses words: the table is
	// said in the run's language (output.Options.Say) by what it holds.
	heads := []output.Head{{ID: "table.id"}, {ID: "table.code"}, {ID: "table.status", Cell: output.CellWord}}
	g := output.Grid{Header: output.English(heads, false), Heads: heads}
	for _, t := range targets {
		g.Rows = append(g.Rows, []string{strconv.FormatInt(t.ID, 10), termsafe.String(t.Code), string(t.Status)})
	}
	var b bytes.Buffer
	if err := output.Write(&b, output.Data{JSON: json.RawMessage("null"), Tables: func() ([]output.Grid, error) { return []output.Grid{g}, nil }},
		output.Options{Format: format.Table, Say: opts.Msg}); err != nil {
		return err
	}
	opts.IO.ErrOut.Write(b.Bytes())
	title := opts.Msg.Say(i18n.C("confirm.selection", len(targets), "Verb", i18n.M("confirm.verb."+string(opts.Verb)), "Site", site))
	desc := ""
	if opts.Verb == verbDelete {
		desc = opts.Msg.T("rest.confirm.note.delete")
	}
	ok, err := opts.Prompter.Confirm(ctx, title, desc, false)
	if err != nil {
		return err
	}
	if !ok {
		return prompt.ErrCancelled
	}
	return nil
}

// summary is the line that ends a selection, in the run's language:
// "Deleted 3 promo codes of site 7; 1 skipped as changed since the
// confirmation."
func (opts *promoSelectOptions) summary(done int, site int64, skipped, changed int) string {
	line := opts.Msg.N("confirm.done."+opts.Verb.Done(), done, "Site", site)
	if skipped > 0 {
		line += opts.Msg.T("confirm.already."+opts.Verb.Done(), "N", skipped)
	}
	if changed > 0 {
		line += opts.Msg.T("confirm.changed", "N", changed)
	}
	return line + "."
}

// statusNow is why a code is skipped whose status is now another than
// --status names, in the run's language: "it is disabled now, not active
// or scheduled".
func (opts *promoSelectOptions) statusNow(now promo.Status) string {
	return opts.Msg.T("confirm.status_now", "Status", opts.Msg.T("confirm.status", "Status", opts.Msg.T("word."+string(now))), "Statuses", opts.Msg.Say(opts.statuses()))
}

// statuses are the statuses of the selection's --status, as a message:
// expired or used-up, «истёк» или «исчерпан».
func (opts *promoSelectOptions) statuses() i18n.Message {
	sts := opts.Sel.Filter.Statuses
	status := func(st promo.Status) i18n.Message {
		return i18n.M("confirm.status", "Status", i18n.M("word."+string(st)))
	}
	m := status(sts[len(sts)-1])
	for i := len(sts) - 2; i >= 0; i-- {
		m = i18n.M("confirm.either", "A", status(sts[i]), "B", m)
	}
	return m
}

// Op is the bulk engine's operation of v on the promo code id with code:
// a delete, a disable, or an update that sets is_enabled.
func (v Verb) Op(id int64, code string) bulk.Op {
	o := bulk.Op{ID: id, Code: code}
	switch v {
	case verbDelete:
		o.Action = bulk.ActionDelete
	case verbDisable:
		o.Action = bulk.ActionDisable
	case verbEnable:
		o.Action, o.Body = bulk.ActionUpdate, json.RawMessage(`{"is_enabled":true}`)
	}
	return o
}

// execute carries out the selection on the bulk engine, journaled, and
// reports: a summary line always, each failure by code.
func (opts *promoSelectOptions) execute(ctx context.Context, targets []shared.Selected, site int64, skipped []shared.Selected, changed int) error {
	ops := make([]bulk.Op, len(targets))
	for i, t := range targets {
		ops[i] = opts.Verb.Op(t.ID, t.Code)
	}
	b, err := jobrun.New(opts.Session, opts.Env)
	if err != nil {
		return err
	}
	b.NoWait = opts.NoWait
	j, err := b.Create(ctx, opts.Getenv, "", bulk.Header{Kind: bulk.JobKind(opts.Verb), SiteID: site}, ops)
	if err != nil {
		return err
	}
	defer j.Close()
	opts.NoteMsg(i18n.M("rest.apply.journal", "Path", j.Path()))
	done := func(sum bulk.Summary) int { return sum.Deleted + sum.Updated }
	return b.Run(ctx, j, jobrun.Options{Concurrency: opts.Concurrency, BarFrom: 2}, jobrun.Report{
		Interrupted: func(r jobrun.Result) []string {
			return []string{opts.Msg.N("rest.bulk.interrupted."+opts.Verb.Done(), r.Total, "Done", done(r.Sum), "Path", j.Path())}
		},
		Stopped: func(err error) error {
			return i18n.NewError(0, "confirm.stopped", "Err", err, "Says", i18n.M("confirm.journal_says."+opts.Verb.Done(), "Path", j.Path()))
		},
		Summary: func(r jobrun.Result) string {
			return opts.summary(done(r.Sum), site, len(skipped), changed)
		},
		After: func(context.Context, jobrun.Result) error { return opts.printOutcomes(targets, j, skipped) },
		Failures: jobrun.Failures{
			Succeeded: func(it bulk.Item) bool { return it.State == bulk.StateDeleted || it.State == bulk.StateUpdated },
			Line: func(it bulk.Item) i18n.Message {
				return i18n.M("rest.bulk.not_done."+opts.Verb.Done(), "Code", targets[it.Index].Name(opts.Msg), "Why", jobrun.FailureWhy(opts.Session, it))
			},
			More: func(n int) i18n.Message { return i18n.C("promocmd.more_not_done."+opts.Verb.Done(), n) },
		}.List(opts.Session),
		Incomplete: func(r jobrun.Result) error {
			sum := r.Sum
			return i18n.NewError(0, "confirm.failed."+opts.Verb.Done(), "Failed", r.Total-done(sum), "Total", r.Total, "Refused", sum.Failed,
				"Unknown", sum.Unknown, "NotSent", sum.NotStarted, "Path", j.Path())
		},
	})
}

// selectOutcome is a promo code a selection acted on, as -o json, jsonl,
// yaml and csv print it on stdout.
type selectOutcome struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	// Outcome is deleted, enabled or disabled; unchanged (enabled or
	// disabled already); failed (refused), unknown (may have been acted
	// on) or not sent.
	Outcome string `json:"outcome"`
}

// printOutcomes prints on stdout, in a data format (-o json, jsonl, yaml,
// csv), every promo code of the job with its outcome, in the job's order
// (none when j is nil), then those left unchanged. A table (the default)
// prints nothing: the summary on stderr says it.
func (opts *promoSelectOptions) printOutcomes(targets []shared.Selected, j *bulk.Journal, unchanged []shared.Selected) error {
	if opts.Out.Format.IsTable() && opts.Out.JQ == nil {
		return nil
	}
	out := make([]selectOutcome, 0, len(targets)+len(unchanged))
	var items []bulk.Item
	if j != nil {
		items = j.Items()
	}
	for _, it := range items {
		o := selectOutcome{ID: targets[it.Index].ID, Code: targets[it.Index].Code}
		switch it.State {
		case bulk.StateDeleted, bulk.StateUpdated:
			o.Outcome = opts.Verb.Done()
		case bulk.StateFailed:
			o.Outcome = "failed"
			if it.Reason == "" {
				o.Outcome = "not sent"
			}
		case bulk.StateSent, bulk.StateUnknown:
			o.Outcome = "unknown"
		default:
			o.Outcome = "not sent"
		}
		out = append(out, o)
	}
	for _, u := range unchanged {
		out = append(out, selectOutcome{ID: u.ID, Code: u.Code, Outcome: "unchanged"})
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	return opts.Print(output.Data{JSON: data, CSV: func() (output.Grid, error) {
		g := output.Grid{Header: []string{"id", "code", "outcome"}}
		for _, o := range out {
			g.Rows = append(g.Rows, []string{strconv.FormatInt(o.ID, 10), o.Code, o.Outcome})
		}
		return g, nil
	}})
}
