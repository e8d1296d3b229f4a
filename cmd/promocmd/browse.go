package promocmd

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/selection"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/browse"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/prompt"
	"github.com/promoctl/promoctl/internal/view"
)

// promoBrowseOptions are the inputs of promo browse.
type promoBrowseOptions struct {
	*cmdutil.Session
	jobrun.Env // the throttle and the bar of its bulk work
	SiteID     int64
	// Sel is the selection: which codes the view holds.
	Sel shared.Selection
	// Getenv reads the environment, for the journals' default place.
	Getenv func(string) string
	// Show runs the view on the terminal until it quits; nil: bubbletea's
	// program on the session's streams, full-screen.
	Show func(ctx context.Context, m tea.Model) error
}

func newPromoBrowseCmd(f *cmdutil.Factory, run func(context.Context, *promoBrowseOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoBrowse
	}
	opts := &promoBrowseOptions{}
	var sf shared.SelectionFlags
	c := &cobra.Command{
		Use:   "browse [CODE_OR_ID...]",
		Short: "Browse a site's promo codes full-screen: filter, mark and act on them",
		Long: `Show the promo list table full-screen on a terminal, live: move with the
arrows or j/k, PgUp/PgDn/Home/End; / filters as you type (as --search;
Esc clears it); s cycles the order (the list's, code, status, soonest
end, most used); space marks the code under the cursor and * every code
shown; e enables, d disables and x deletes the marked codes (or the one
under the cursor when none is marked); enter shows the code's record
and statistics; r reads the list again; ? lists the keys; q quits.

Every action asks first, in the view, then runs on the bulk engine as
promo enable, disable and delete of many do (a journal under
$XDG_STATE_HOME/promoctl/jobs, a throttle that honours 429, Ctrl-C stops
it safely), with its progress in the status line; the codes it could not
act on are listed, and the list is read again. The status line counts
the codes shown, marked and on the site. When the view closes, stderr
keeps what the actions did; exit 1 when any code was not acted on.

The view holds the codes of the selection, as promo list shows them;
without one, every code of the site. Without a terminal it refuses (exit
2): promo list prints the same table.

` + shared.SelectionHelp,
		Example: `  promoctl promo browse --site-id 11111

  # only the codes of one campaign
  promoctl promo browse --prefix XMAS

  # tidy up: the expired and used-up codes, to disable or delete
  promoctl promo browse --status expired,used-up

  # what a generate job created and nobody used
  promoctl promo browse --job 20261201T090000Z-1a2b3c4d --unused`,
		RunE: func(cmd *cobra.Command, args []string) error {
			sel, err := sf.Parse(cmd, args)
			if err != nil {
				return err
			}
			if !f.IO.CanPrompt() {
				return i18n.NewError(cmdutil.ExitUsage, "browse.error.no_terminal")
			}
			sess, err := sel.Start(f, cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.Env, opts.SiteID, opts.Sel, opts.Getenv = sess, jobrun.NewEnv(f), sess.Settings.SiteID, sel, f.Env.Getenv
			if opts.SiteID, err = opts.Sel.Site(sess, opts.SiteID); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.SiteFlag(f, c)
	sf.AddFlags(f, c)
	return c
}

// runPromoBrowse reads the site's list, then shows it until the person
// quits. A list that cannot be read is an error before the screen opens.
func runPromoBrowse(ctx context.Context, opts *promoBrowseOptions) error {
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	sitecurrency.Use(ctx, opts.Session, client, site)
	// A code named that the site does not have is not found (exit 4)
	// here; once the view is open, a code that goes is simply not shown.
	rows, missing, err := opts.load(ctx, client, site)
	if err != nil {
		return err
	}
	if missing != nil {
		return missing
	}
	// Inside the view nothing may write to the terminal: reads go through
	// a client without a spinner.
	quiet, err := jobrun.Client(opts.Session, nil, false)
	if err != nil {
		return err
	}
	m := browse.New(browse.Config{
		Site: site, Msg: opts.Msg, Currency: opts.Out.Currency, Color: opts.Out.Color, Context: ctx,
		Load: func(ctx context.Context) (*browse.Rows, error) {
			rows, _, err := opts.load(ctx, quiet, site)
			return rows, err
		},
		Act:    opts.actor(site),
		Detail: func(ctx context.Context, id int64) (string, error) { return opts.detail(ctx, quiet, id) },
		Say:    func(err error) string { return errtext.Say(opts.Msg, err) },
	}, rows)
	show := opts.Show
	if show == nil {
		show = opts.show
	}
	err = show(ctx, m)
	if rerr := opts.report(m.Outcomes()); err == nil {
		err = rerr
	}
	return err
}

// report says on stderr, once the screen is gone, what the actions did:
// each summary and each code not acted on, which the view showed but
// which would otherwise go with it. Exit 1 when any code was not acted on.
func (opts *promoBrowseOptions) report(outcomes []browse.Outcome) error {
	failed := false
	for _, o := range outcomes {
		if o.Summary != "" {
			fmt.Fprintln(opts.IO.ErrOut, o.Summary)
		}
		for _, f := range o.Failures {
			fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+f)
		}
		if o.Err != nil {
			fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+errtext.Say(opts.Msg, o.Err))
		}
		failed = failed || o.Err != nil || len(o.Failures) > 0
	}
	if failed {
		return i18n.NewError(cmdutil.ExitFailure, "browse.error.incomplete")
	}
	return nil
}

// show runs m full-screen on the session's terminal.
func (opts *promoBrowseOptions) show(ctx context.Context, m tea.Model) error {
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithContext(ctx),
		tea.WithInput(opts.IO.In), tea.WithOutput(opts.IO.Out))
	_, err := p.Run()
	switch {
	case errors.Is(err, tea.ErrInterrupted):
		return prompt.ErrCancelled // SIGINT from outside the terminal's keys
	case errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil:
		return ctx.Err()
	}
	return err
}

// load reads site's list (the selection's codes) into the view's rows;
// missing is the error of codes named that the list lacks.
func (opts *promoBrowseOptions) load(ctx context.Context, client *api.Client, site int64) (rows *browse.Rows, missing, err error) {
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return nil, nil, err
	}
	defer stream.Close()
	now := opts.Now()
	var src output.Elements = stream
	var selected *shared.SelectedPromos
	if !opts.Sel.Empty() {
		selected = opts.Sel.Pick(stream, now)
		src = selected
	}
	rows, err = browse.Read(src, view.NewPromoTable(opts.Loc, now), now)
	if err != nil {
		return nil, nil, err
	}
	if selected != nil {
		missing = selected.Missing(site)
	}
	return rows, missing, nil
}

// detail is a code's record and statistics as promo get and promo stats
// show them, as text for the view.
func (opts *promoBrowseOptions) detail(ctx context.Context, client *api.Client, id int64) (string, error) {
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, p, err := client.GetPromo(ctx, id)
	if err != nil {
		return "", err
	}
	stats, err := client.PromoStats(ctx, id)
	if err != nil {
		return "", err
	}
	o := opts.Out
	o.Format, o.JQ, o.JQEach = format.Table, nil, nil
	o.Color, o.Terminal, o.Width = false, false, 0
	var b bytes.Buffer
	if err := output.Write(&b, view.PromoRecord(raw, p, id, opts.Loc, opts.Now()), o); err != nil {
		return "", err
	}
	b.WriteString("\n")
	if view.EmptyList(stats) {
		b.WriteString(opts.Msg.Say(i18n.M("promocmd.stats.unused", "ID", id)) + "\n")
	} else if err := output.Write(&b, view.PromoStats(stats, opts.Loc), o); err != nil {
		return "", err
	}
	return b.String(), nil
}

// actor is how the view's actions run: on the bulk engine, as promo
// enable, disable and delete of many run, with a journal, the throttle and
// Ctrl-C (ctx), saying nothing on the terminal: the outcome goes back to
// the view.
func (opts *promoBrowseOptions) actor(site int64) func(context.Context, browse.Action, []browse.Target, func(int, int)) browse.Outcome {
	return func(ctx context.Context, a browse.Action, targets []browse.Target, progress func(int, int)) browse.Outcome {
		verb := selection.Verb(a)
		ops := make([]bulk.Op, len(targets))
		for i, t := range targets {
			ops[i] = verb.Op(t.ID, t.Code)
		}
		b, err := jobrun.New(opts.Session, opts.Env)
		if err != nil {
			return browse.Outcome{Err: err}
		}
		// The view cannot wait on a line of stderr: another job writing to
		// the site now is an outcome it shows.
		b.NoWait = true
		j, err := b.Create(ctx, opts.Getenv, "", bulk.Header{Kind: bulk.JobKind(verb), SiteID: site}, ops)
		if err != nil {
			return browse.Outcome{Err: err}
		}
		defer j.Close()
		return opts.runJob(ctx, b, j, verb, targets, progress)
	}
}

// runJob runs the job of j and tells the view what it did.
func (opts *promoBrowseOptions) runJob(ctx context.Context, b *jobrun.Job, j *bulk.Journal, verb selection.Verb, targets []browse.Target, progress func(int, int)) browse.Outcome {
	var out browse.Outcome
	done := func(sum bulk.Summary) int { return sum.Deleted + sum.Updated }
	err := b.Run(ctx, j, jobrun.Options{Progress: func(p bulk.Progress) { progress(p.Finished, p.Total) }}, jobrun.Report{
		Interrupted: func(r jobrun.Result) []string {
			out.Summary = opts.Msg.N("rest.bulk.interrupted."+verb.Done(), r.Total, "Done", done(r.Sum), "Path", j.Path())
			return nil
		},
		Stopped: func(err error) error {
			return i18n.NewError(0, "confirm.stopped", "Err", err, "Says", i18n.M("confirm.journal_says."+verb.Done(), "Path", j.Path()))
		},
		Summary: func(r jobrun.Result) string {
			out.Summary = opts.Msg.N("browse.done."+string(verb), done(r.Sum))
			return ""
		},
		Failures: func(j *bulk.Journal) {
			for _, it := range j.Items() {
				if it.State == bulk.StateDeleted || it.State == bulk.StateUpdated {
					continue
				}
				out.Failures = append(out.Failures, opts.Msg.T("rest.bulk.not_done."+verb.Done(), "Code", targets[it.Index].Code, "Why", jobrun.FailureWhy(opts.Session, it)))
			}
		},
		Incomplete: func(r jobrun.Result) error {
			out.Summary = opts.Msg.N("browse.incomplete."+string(verb), r.Total, "Failed", r.Total-done(r.Sum), "Path", j.Path())
			return nil
		},
	})
	switch {
	case ctx.Err() != nil:
		// Interrupted: the summary says what was done.
	case err != nil:
		out.Err = err
	}
	return out
}
