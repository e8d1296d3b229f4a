package promocmd

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/view"
)

// A job is what promo generate, apply, delete, enable and disable run on
// the bulk engine, with a journal in the jobs folder. A generate or apply
// job is a campaign: promo jobs finds it again, promo jobs show lists its
// codes, and promo report --job sums up their orders.

// promoJobsOptions are the inputs of promo jobs.
type promoJobsOptions struct {
	*cmdutil.Session
	Dir string // the jobs folder
}

// promoJobsShowOptions are the inputs of promo jobs show.
type promoJobsShowOptions struct {
	*cmdutil.Session
	// Sel is the job's codes (its Job: a job id or its start, or a
	// journal's path), narrowed by the selection's other flags.
	Sel shared.Selection
}

func newPromoJobsCmd(f *cmdutil.Factory, run func(context.Context, *promoJobsOptions) error, show func(context.Context, *promoJobsShowOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoJobs
	}
	c := &cobra.Command{
		Use:   "jobs",
		Short: "List the jobs of promo generate, apply, delete, enable and disable",
		Long: `List the journals in the jobs folder ($XDG_STATE_HOME/promoctl/jobs, or
~/.local/state/promoctl/jobs), oldest first: each job's id, site,
command, how many codes it planned and created, when it started, and its
state: running (a promoctl is carrying it out now), finished, can be
resumed (promo generate --resume FILE), or unfinished (run the command
again).

A generate or apply job is a campaign: promo jobs show ID lists the codes
it created, and promo report --job ID sums up their orders. A journal
that cannot be read is named on stderr, and the others are listed.`,
		Args: cmdutil.NoArgs,
		Example: `  promoctl promo jobs
  # last month's mailing: the generate jobs of November
  promoctl promo jobs -o json --jq '.[] | select(.command == "generate" and (.started | startswith("2026-11")))'
  promoctl promo jobs show 20261201T100000Z-1a2b3c4d -o csv
  promoctl promo report --job 20261201T100000Z-1a2b3c4d`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			return run(cmd.Context(), &promoJobsOptions{Session: sess, Dir: shared.JobsFolder(f.Env)})
		},
	}
	c.AddCommand(newPromoJobsShowCmd(f, show))
	return c
}

func newPromoJobsShowCmd(f *cmdutil.Factory, run func(context.Context, *promoJobsShowOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoJobsShow
	}
	sf := shared.SelectionFlags{NoJob: true}
	c := &cobra.Command{
		Use:   "show ID|FILE",
		Short: "List the promo codes a job created",
		Long: `List the promo codes that a promo generate or promo apply job created,
as they are now: one read of the site's list, shown with the columns and
formats of promo list (-o json, yaml, csv, ...). ID is a job's id as
promo jobs shows it, or the start of one (its date); FILE is a journal's
path. A code is the job's when both its id and its code match the
journal. A code the job created that the site no longer has is counted
on stderr. The list is read on the API (or sandbox) and as the user the
job ran as, unless flags name others.

The job is the selection's --job; its other forms narrow the list:

` + shared.SelectionHelp,
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.job")),
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return shared.JobCompletions(f.Msg, shared.JobsFolder(f.Env), toComplete)
		},
		Example: `  promoctl promo jobs show 20261201T100000Z-1a2b3c4d
  promoctl promo jobs show 20261201 -o csv > mailing.csv
  # the codes of the mailing nobody used
  promoctl promo jobs show 20261201 --unused
  promoctl promo jobs show ~/.local/state/promoctl/jobs/20261201T100000Z-1a2b3c4d.jsonl -o json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(args[0]) == "" {
				return i18n.NewError(cmdutil.ExitUsage, "jobs.show_needs")
			}
			sel, err := sf.Parse(cmd, nil)
			if err != nil {
				return err
			}
			sel.Job = strings.TrimSpace(args[0])
			sess, err := sel.StartShow(f, cmd)
			if err != nil {
				return err
			}
			return run(cmd.Context(), &promoJobsShowOptions{Session: sess, Sel: sel})
		},
	}
	sf.AddFlags(f, c)
	return c
}

// runPromoJobs lists the journals of the jobs folder.
func runPromoJobs(_ context.Context, opts *promoJobsOptions) error {
	jobs, bad, err := bulk.ListJobs(opts.Dir)
	if err != nil {
		return err
	}
	for _, e := range bad {
		jobrun.SayLine(opts.Session, i18n.M("promo.jobs.skipped", "Reason", opts.Warnings.Clean(opts.Msg.ErrorText(e))))
	}
	rows := make([]view.Job, len(jobs))
	for i, j := range jobs {
		rows[i] = view.Job{ID: j.ID, SiteID: j.Header.SiteID, Command: string(j.Header.Kind), Codes: j.Header.Ops,
			Created: len(j.Created), Started: j.Header.Started, State: string(shared.JobState(j)), Path: j.Path}
	}
	d, err := view.Jobs(rows, opts.Loc)
	if err != nil {
		return err
	}
	return opts.PrintList(d, opts.Msg.Say(i18n.M("jobs.none", "Dir", opts.Dir)))
}

// runPromoJobsShow lists the codes the job created, as the site's list
// has them now.
func runPromoJobsShow(ctx context.Context, opts *promoJobsShowOptions) error {
	job := opts.Sel.Campaign
	if len(job.Codes) == 0 {
		empty := opts.Msg.Say(i18n.M("jobs.created_none", "Job", job.Info.ID))
		return opts.PrintStream(view.PromoListStream(emptyElements{}, opts.Loc, opts.Now()), empty)
	}
	site := job.Info.Header.SiteID
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	sitecurrency.Use(ctx, opts.Session, client, site)
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return err
	}
	defer stream.Close()
	codes := opts.Sel.Pick(stream, opts.Now())
	empty := i18n.C("jobs.none_on_site", len(job.Codes), "Job", job.Info.ID, "Site", site)
	if opts.Sel.Filter.Filters() {
		empty = i18n.M("jobs.none_match", "Site", site, "Filter", opts.Sel.Describe(opts.Msg))
	}
	if err := opts.PrintStream(view.PromoListStream(codes, opts.Loc, opts.Now()), opts.Msg.Say(empty)); err != nil {
		return err
	}
	if gone := len(job.Codes) - codes.JobFound; gone > 0 && codes.Done {
		opts.Warnings.WarnMsg(i18n.C("jobs.codes_gone", len(job.Codes), "Gone", gone, "Job", job.Info.ID, "Site", site))
	}
	return nil
}

// emptyElements is a list without elements.
type emptyElements struct{}

func (emptyElements) Next() ([]byte, error) { return nil, io.EOF }
