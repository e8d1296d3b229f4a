package promocmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// A selection is the promo codes that promo delete, enable and disable
// act on at once: several named by id or code, or every code of a site
// with some statuses. It is resolved against one read of the site's list,
// shown and confirmed, then carried out on the bulk engine with a
// journal.

// selectVerb is what a selection command does to each promo code.
type selectVerb string

const (
	verbDelete  selectVerb = "delete"
	verbEnable  selectVerb = "enable"
	verbDisable selectVerb = "disable"
)

// done is the verb's past tense, for messages.
func (v selectVerb) done() string {
	if v == verbDelete {
		return "deleted"
	}
	return string(v) + "d"
}

// promoSelectOptions are the inputs of promo delete with a selection, and
// of promo enable and promo disable.
type promoSelectOptions struct {
	*core.Session
	Prompter core.Prompter // asks before acting, unless Yes
	Verb     selectVerb
	Refs     []promoRef     // the codes named, by id or code
	Statuses []promo.Status // or --status: every code of the site with one of these
	SiteID   int64          // --site-id or the configured site_id
	Yes      bool
	// Concurrency is --concurrency: the most requests in flight.
	Concurrency int
	// Getenv reads the environment, for the journal's default place.
	Getenv func(string) string
}

// selectionFlags are the flags of a selection command.
type selectionFlags struct {
	status      string
	yes         bool
	concurrency int
}

func (sf *selectionFlags) register(f *core.Factory, c *cobra.Command, verb selectVerb) {
	fs := c.Flags()
	fs.StringVar(&sf.status, "status", "", "every code of the site with these statuses: "+strings.Join(statusNames(), ", ")+" (comma-separated)")
	fs.BoolVarP(&sf.yes, "yes", "y", false, string(verb)+" without asking")
	fs.IntVar(&sf.concurrency, "concurrency", bulk.DefaultConcurrency, "most requests in flight at once")
	core.SiteFlag(f, c)
	f.CompleteFlag(c, "status", completeStatuses)
}

// options checks the arguments and flags of a selection and fills opts,
// before anything is read or sent: without --yes off a terminal it
// refuses (exit 2).
func (sf *selectionFlags) options(f *core.Factory, cmd *cobra.Command, args []string, verb selectVerb) (*promoSelectOptions, error) {
	fs := cmd.Flags()
	opts := &promoSelectOptions{Verb: verb, Yes: sf.yes, Concurrency: sf.concurrency, Getenv: f.Env.Getenv}
	if fs.Changed("concurrency") && (sf.concurrency < 1 || sf.concurrency > core.MaxConcurrency) {
		return nil, core.Usagef("--concurrency must be 1 to %d, got %d", core.MaxConcurrency, sf.concurrency)
	}
	switch {
	case fs.Changed("status") && len(args) > 0:
		return nil, core.Usagef("%s takes promo codes or --status, not both", core.CommandName(cmd))
	case fs.Changed("status"):
		st, err := promo.ParseStatuses(sf.status)
		if err != nil {
			return nil, core.Usagef("--status: %v", err)
		}
		opts.Statuses = st
	case len(args) == 0:
		return nil, core.Usagef("%s needs promo code ids or codes, or --status (usage: %s)", core.CommandName(cmd), core.UsageLine(cmd))
	}
	for _, a := range args {
		ref, err := parsePromoRef(a)
		if err != nil {
			return nil, err
		}
		opts.Refs = append(opts.Refs, ref)
	}
	if !opts.Yes && !f.IO.CanPrompt() {
		return nil, core.Usagef("refusing to %s %s without confirmation: pass --yes when not running interactively", verb, opts.what())
	}
	return opts, nil
}

// what names the selection before it is resolved: "promo code 1001",
// "3 promo codes", "the expired promo codes".
func (opts *promoSelectOptions) what() string {
	switch {
	case len(opts.Statuses) > 0:
		names := make([]string, len(opts.Statuses))
		for i, s := range opts.Statuses {
			names[i] = string(s)
		}
		return "the " + strings.Join(names, " or ") + " promo codes"
	case len(opts.Refs) == 1:
		return "promo code " + opts.Refs[0].String()
	}
	return fmt.Sprintf("%d promo codes", len(opts.Refs))
}

func newPromoEnableCmd(f *core.Factory, run func(context.Context, *promoSelectOptions) error) *cobra.Command {
	return newPromoToggleCmd(f, run, verbEnable)
}

func newPromoDisableCmd(f *core.Factory, run func(context.Context, *promoSelectOptions) error) *cobra.Command {
	return newPromoToggleCmd(f, run, verbDisable)
}

// newPromoToggleCmd is promo enable or promo disable.
func newPromoToggleCmd(f *core.Factory, run func(context.Context, *promoSelectOptions) error, verb selectVerb) *cobra.Command {
	if run == nil {
		run = runPromoSelect
	}
	var sf selectionFlags
	title := strings.ToUpper(string(verb[:1])) + string(verb[1:])
	state, byStatus := "usable", "disabled"
	if verb == verbDisable {
		state, byStatus = "unusable until enabled again", "expired,used-up"
	}
	c := &cobra.Command{
		Use:   string(verb) + " CODE_OR_ID... | --status S[,S...]",
		Short: title + " promo codes",
		Long: title + ` promo codes: named by id or code, or every code of the site with
the given statuses (--status). Each is read and sent back with
is_enabled set (read-modify-write), so nothing else changes, and it is
` + state + `. Codes that already are ` + verb.done() + ` are left alone.

The codes are looked up in one read of the site's list (--site-id or the
configured site_id). Ids alone need no site; given with one, each must
be on its list, or nothing is sent (exit 4). On a terminal the codes are
listed and promoctl asks first, then reads the list again: a code that
no longer matches (deleted, renamed, or no longer of the --status) is
skipped and named. Without a terminal (scripts, CI) it refuses unless
--yes is given. At most --concurrency requests are in flight; a
429 waits for Retry-After. Every step is written to a journal under
$XDG_STATE_HOME/promoctl/jobs. Exit 1 when any code could not be
` + verb.done() + `: stderr names each and why. With -o json, jsonl,
yaml or csv, stdout lists each code acted on as id, code and outcome
(` + verb.done() + `, failed, unknown or not sent); the table form prints
nothing on stdout.

` + codeOrIDHelp,
		Example: `  promoctl promo ` + string(verb) + ` SUMMER25 WINTER25 --site-id 11111
  promoctl promo ` + string(verb) + ` 1001 1002 --yes
  promoctl promo ` + string(verb) + ` --status ` + byStatus + ` --site-id 11111 --yes`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := sf.options(f, cmd, args, verb)
			if err != nil {
				return err
			}
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.SiteID, opts.Prompter = sess, sess.Settings.SiteID, core.PromptAs[core.Prompter](f)
			return run(cmd.Context(), opts)
		},
	}
	sf.register(f, c, verb)
	c.ValidArgsFunction = completePromoIDs(f.Completions()) // several at once
	return c
}

// runPromoSelect resolves the selection, asks (unless Yes) and carries it
// out on the bulk engine.
func runPromoSelect(ctx context.Context, opts *promoSelectOptions) error {
	targets, site, err := opts.resolve(ctx)
	if err != nil {
		return err
	}
	// Enabling what is enabled, or disabling what is disabled, changes
	// nothing: such codes are left alone.
	var skipped []selected
	if opts.Verb != verbDelete {
		want := opts.Verb == verbEnable
		kept := targets[:0]
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
		msg := fmt.Sprintf("Nothing to %s: no promo codes on site %d are %s.", opts.Verb, site, strings.TrimPrefix(strings.TrimSuffix(opts.what(), " promo codes"), "the "))
		if len(skipped) > 0 {
			msg = fmt.Sprintf("Nothing to %s: %s already %s.", opts.Verb, CountNoun(len(skipped), "promo code is", "promo codes are"), opts.Verb.done())
		}
		fmt.Fprintln(opts.IO.ErrOut, opts.Warnings.Say(msg))
		return opts.printOutcomes(nil, nil)
	}
	already, changed := len(skipped), 0
	if !opts.Yes {
		if err := opts.confirm(ctx, targets, site); err != nil {
			return err
		}
		// The question may have waited long: what was confirmed is
		// checked against the list as it is now.
		var done int
		targets, done, changed, err = opts.recheck(ctx, targets, site)
		if err != nil {
			return err
		}
		already += done
		if len(targets) == 0 {
			fmt.Fprintln(opts.IO.ErrOut, opts.Warnings.Say(opts.summary(0, site, already, changed)))
			return opts.printOutcomes(nil, nil)
		}
	}
	return opts.execute(ctx, targets, site, already, changed)
}

// recheck reads site's list again after the confirmation and keeps the
// targets that still match the selection: still on the site, with the
// code shown, and of one of the statuses asked for. Each other is named on
// stderr and counted in changed; one that an enable or disable now finds
// done already is counted in already. Without a site (ids alone) nothing
// can be checked and targets are kept as they are.
func (opts *promoSelectOptions) recheck(ctx context.Context, targets []selected, site int64) (kept []selected, already, changed int, err error) {
	if site == 0 {
		return targets, 0, 0, nil
	}
	now, err := readAgain(ctx, opts.Session, targets, site)
	if err != nil {
		return nil, 0, 0, err
	}
	for _, t := range targets {
		cur, ok := now[t.ID]
		why := ""
		switch {
		case !ok:
			why = fmt.Sprintf("it is no longer on site %d", site)
		case cur.Code != t.Code:
			why = "it is named " + termsafe.String(cur.Code) + " now"
		case opts.Verb != verbDelete && cur.Enabled != nil && *cur.Enabled == (opts.Verb == verbEnable):
			already++
			continue
		case len(opts.Statuses) > 0 && !slices.Contains(opts.Statuses, cur.Status):
			why = fmt.Sprintf("it is %s now, not %s", cur.Status, strings.TrimPrefix(strings.TrimSuffix(opts.what(), " promo codes"), "the "))
		default:
			kept = append(kept, cur)
			continue
		}
		changed++
		fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+opts.Msg.T("promo.bulk.skipped_changed", "Name", t.Name(), "Why", opts.Warnings.Say(why)))
	}
	return kept, already, changed, nil
}

// resolve finds the promo codes of the selection: ids as given when no
// site is set; else codes, statuses and ids in one read of the site's
// list. A code or id that the site does not have fails the whole
// selection before anything is sent. site is 0 when no list was read.
func (opts *promoSelectOptions) resolve(ctx context.Context) ([]selected, int64, error) {
	needList := len(opts.Statuses) > 0
	for _, r := range opts.Refs {
		needList = needList || r.Code != ""
	}
	if !needList && opts.SiteID == 0 {
		out := make([]selected, 0, len(opts.Refs))
		seen := map[int64]bool{}
		for _, r := range opts.Refs {
			if !seen[r.ID] {
				seen[r.ID] = true
				out = append(out, selected{ID: r.ID})
			}
		}
		return out, 0, nil
	}
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return nil, 0, err
	}
	x, err := opts.readSite(ctx, site)
	if err != nil {
		return nil, 0, err
	}
	out, err := x.pick(opts.Refs, site)
	if err != nil {
		return nil, 0, err
	}
	return out, site, nil
}

// siteIndex is a site's list as resolve reads it: the codes in the list's
// order, found by id and by upper-cased code, and those of the selected
// statuses.
type siteIndex struct {
	found   []selected
	byID    map[int64]int    // index in found
	byCode  map[string][]int // upper-cased code → indexes in found
	matched []int            // codes of the statuses, in the list's order
}

// readSite reads the site's list once into a siteIndex.
func (opts *promoSelectOptions) readSite(ctx context.Context, site int64) (*siteIndex, error) {
	client, err := opts.Client()
	if err != nil {
		return nil, err
	}
	lctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	now := opts.Now()
	x := &siteIndex{byID: map[int64]int{}, byCode: map[string][]int{}}
	err = scanPromos(lctx, client, site, func(p *sitePromo) bool {
		on := bool(p.IsEnabled)
		s := selected{ID: p.ID, Code: p.Code, Status: p.StatusFields().StatusAt(now), Enabled: &on}
		i := len(x.found)
		x.found = append(x.found, s)
		x.byID[p.ID] = i
		up := strings.ToUpper(p.Code)
		x.byCode[up] = append(x.byCode[up], i)
		for _, st := range opts.Statuses {
			if s.Status == st {
				x.matched = append(x.matched, i)
				break
			}
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	return x, nil
}

// pick gives the codes of the statuses, then those refs name, each once;
// a code or id the site lacks fails them all.
func (x *siteIndex) pick(refs []promoRef, site int64) ([]selected, error) {
	var out []selected
	seen := map[int64]bool{}
	add := func(s selected) {
		if !seen[s.ID] {
			seen[s.ID] = true
			out = append(out, s)
		}
	}
	for _, i := range x.matched {
		add(x.found[i])
	}
	var missing []string
	var missingIDs []int64
	for _, r := range refs {
		if r.Code == "" {
			// An id names a promo code of whatever site it is on: given
			// with a site, it must be that site's, or the question (and
			// the user) would be wrong about what goes.
			if i, ok := x.byID[r.ID]; ok {
				add(x.found[i])
			} else if !slices.Contains(missingIDs, r.ID) {
				missingIDs = append(missingIDs, r.ID)
			}
			continue
		}
		idx := x.byCode[strings.ToUpper(r.Code)]
		if len(idx) == 0 {
			missing = append(missing, r.Code)
			continue
		}
		pick := idx[0]
		for _, i := range idx {
			if x.found[i].Code == r.Code {
				pick = i
			}
		}
		add(x.found[pick])
	}
	if len(missing) > 0 || len(missingIDs) > 0 {
		return nil, &core.PromoNotFoundError{Codes: missing, IDs: missingIDs, Site: site}
	}
	return out, nil
}

// confirm lists on stderr what will change and asks.
func (opts *promoSelectOptions) confirm(ctx context.Context, targets []selected, site int64) error {
	g := output.Grid{Header: []string{"ID", "CODE", "STATUS"}}
	for _, t := range targets {
		g.Rows = append(g.Rows, []string{strconv.FormatInt(t.ID, 10), termsafe.String(t.Code), string(t.Status)})
	}
	var b bytes.Buffer
	if err := output.Write(&b, output.Data{JSON: json.RawMessage("null"), Tables: func() ([]output.Grid, error) { return []output.Grid{g}, nil }},
		output.Options{Format: format.Table}); err != nil {
		return err
	}
	opts.IO.ErrOut.Write(b.Bytes())
	where := ""
	if site != 0 {
		where = fmt.Sprintf(" of site %d", site)
	}
	title := fmt.Sprintf("%s %s%s?", strings.ToUpper(string(opts.Verb[:1]))+string(opts.Verb[1:]), CountNoun(len(targets), "promo code", "promo codes"), where)
	desc := ""
	if opts.Verb == verbDelete {
		desc = "This cannot be undone."
	}
	ok, err := opts.Prompter.Confirm(ctx, opts.Warnings.Say(title), opts.Warnings.Say(desc), false)
	if err != nil {
		return err
	}
	if !ok {
		return prompt.ErrCancelled
	}
	return nil
}

// summary is the line that ends a selection: "Deleted 3 promo codes of
// site 7; 1 skipped as changed since the confirmation."
func (opts *promoSelectOptions) summary(done int, site int64, skipped, changed int) string {
	line := fmt.Sprintf("%s %s", strings.ToUpper(opts.Verb.done()[:1])+opts.Verb.done()[1:], CountNoun(done, "promo code", "promo codes"))
	if site != 0 {
		line += fmt.Sprintf(" of site %d", site)
	}
	if skipped > 0 {
		line += fmt.Sprintf("; %d already %s", skipped, opts.Verb.done())
	}
	if changed > 0 {
		line += fmt.Sprintf("; %d skipped as changed since the confirmation", changed)
	}
	return line + "."
}

// CountNoun is "1 promo code" or "3 promo codes".
func CountNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// execute carries out the selection on the bulk engine, journaled, and
// reports: a summary line always, each failure by code.
func (opts *promoSelectOptions) execute(ctx context.Context, targets []selected, site int64, skipped, changed int) error {
	ops := make([]bulk.Op, len(targets))
	for i, t := range targets {
		ops[i] = bulk.Op{ID: t.ID, Code: t.Code}
		switch opts.Verb {
		case verbDelete:
			ops[i].Action = bulk.ActionDelete
		case verbDisable:
			ops[i].Action = bulk.ActionDisable
		case verbEnable:
			ops[i].Action, ops[i].Body = bulk.ActionUpdate, json.RawMessage(`{"is_enabled":true}`)
		}
	}
	b, err := newBulkJob(opts.Session)
	if err != nil {
		return err
	}
	j, err := b.create(opts.Getenv, "", bulk.Header{Kind: string(opts.Verb), SiteID: site}, ops)
	if err != nil {
		return err
	}
	defer j.Close()
	opts.Notef("Journal: %s", j.Path())
	done := func(sum bulk.Summary) int { return sum.Deleted + sum.Updated }
	return b.run(ctx, j, jobRun{Concurrency: opts.Concurrency, BarFrom: 2}, jobReport{
		Interrupted: func(r jobResult) []string {
			return []string{opts.Msg.N("rest.bulk.interrupted."+opts.Verb.done(), r.Total, "Done", done(r.Sum), "Path", j.Path())}
		},
		Stopped: func(err error) error {
			return fmt.Errorf("%w; the journal %s says which promo codes were %s", err, j.Path(), opts.Verb.done())
		},
		Summary: func(r jobResult) string {
			return opts.Warnings.Say(opts.summary(done(r.Sum), site, skipped, changed))
		},
		After: func(context.Context, jobResult) error { return opts.printOutcomes(targets, j) },
		Failures: func(j *bulk.Journal) {
			for _, it := range j.Items() {
				if it.State == bulk.StateDeleted || it.State == bulk.StateUpdated {
					continue
				}
				why := it.Reason
				if why == "" {
					why = "not sent"
				}
				fmt.Fprintf(opts.IO.ErrOut, "promoctl: %s\n", opts.Msg.T("rest.bulk.not_done."+opts.Verb.done(), "Code", targets[it.Index].Name(), "Why", opts.Warnings.Clean(opts.Warnings.Say(why))))
			}
		},
		Incomplete: func(r jobResult) error {
			sum := r.Sum
			return fmt.Errorf("%d of %d promo codes could not be %s (%d refused, %d of unknown outcome, %d not sent); the journal is %s",
				r.Total-done(sum), r.Total, opts.Verb.done(), sum.Failed, sum.Unknown, sum.NotStarted, j.Path())
		},
	})
}

// selectOutcome is a promo code a selection acted on, as -o json, jsonl,
// yaml and csv print it on stdout.
type selectOutcome struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	// Outcome is deleted, enabled or disabled; failed (refused), unknown
	// (may have been acted on) or not sent.
	Outcome string `json:"outcome"`
}

// printOutcomes prints on stdout, in a data format (-o json, jsonl, yaml,
// csv), every promo code of the job with its outcome, in the job's order;
// an empty list when there is no job (j nil). A table (the default)
// prints nothing: the summary on stderr says it.
func (opts *promoSelectOptions) printOutcomes(targets []selected, j *bulk.Journal) error {
	if opts.Out.Format.IsTable() && opts.Out.JQ == nil {
		return nil
	}
	out := make([]selectOutcome, 0, len(targets))
	var items []bulk.Item
	if j != nil {
		items = j.Items()
	}
	for _, it := range items {
		o := selectOutcome{ID: targets[it.Index].ID, Code: targets[it.Index].Code}
		switch it.State {
		case bulk.StateDeleted, bulk.StateUpdated:
			o.Outcome = opts.Verb.done()
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
