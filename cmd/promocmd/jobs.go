package promocmd

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
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
	Sel selection
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
			return run(cmd.Context(), &promoJobsOptions{Session: sess, Dir: jobsFolder(f.Env)})
		},
	}
	c.AddCommand(newPromoJobsShowCmd(f, show))
	return c
}

func newPromoJobsShowCmd(f *cmdutil.Factory, run func(context.Context, *promoJobsShowOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoJobsShow
	}
	sf := selectionFlags{noJob: true}
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

` + selectionHelp,
		Args: cmdutil.ExactArgs(1, "a job id or a journal's path"),
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return jobCompletions(f.Msg, jobsFolder(f.Env), toComplete)
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
			sel, err := sf.parse(cmd, nil)
			if err != nil {
				return err
			}
			sel.Job = strings.TrimSpace(args[0])
			sess, err := sel.startShow(f, cmd)
			if err != nil {
				return err
			}
			return run(cmd.Context(), &promoJobsShowOptions{Session: sess, Sel: sel})
		},
	}
	sf.addFlags(f, c)
	return c
}

// runPromoJobs lists the journals of the jobs folder.
func runPromoJobs(_ context.Context, opts *promoJobsOptions) error {
	jobs, bad, err := bulk.ListJobs(opts.Dir)
	if err != nil {
		return err
	}
	for _, e := range bad {
		sayLine(opts.Session, i18n.M("promo.jobs.skipped", "Reason", opts.Warnings.Clean(opts.Msg.ErrorText(e))))
	}
	rows := make([]view.Job, len(jobs))
	for i, j := range jobs {
		rows[i] = view.Job{ID: j.ID, SiteID: j.Header.SiteID, Command: j.Header.Kind, Codes: j.Header.Ops,
			Created: len(j.Created), Started: j.Header.Started, State: string(jobState(j)), Path: j.Path}
	}
	d, err := view.Jobs(rows, opts.Loc)
	if err != nil {
		return err
	}
	return opts.PrintList(d, opts.Msg.Say(i18n.M("jobs.none", "Dir", opts.Dir)))
}

// findJob reads the journal that job names: a path to a file, else a job
// id (or its start) in dir.
func findJob(dir, job string) (bulk.JobInfo, error) {
	path := job
	if _, err := os.Stat(job); err != nil {
		if !errors.Is(err, fs.ErrNotExist) || strings.ContainsAny(job, `/\`) {
			return bulk.JobInfo{}, i18n.NewError(cmdutil.ExitUsage, "jobs.job", "Job", job, "Err", err)
		}
		if path, err = bulk.FindJob(dir, job); err != nil {
			return bulk.JobInfo{}, i18n.NewError(cmdutil.ExitUsage, "jobs.see_list", "Err", err)
		}
	}
	info, err := bulk.ReadJob(path)
	if err != nil {
		return bulk.JobInfo{}, cmdutil.UsageErr(err)
	}
	return info, nil
}

// runPromoJobsShow lists the codes the job created, as the site's list
// has them now.
func runPromoJobsShow(ctx context.Context, opts *promoJobsShowOptions) error {
	job := opts.Sel.job
	if len(job.codes) == 0 {
		empty := opts.Msg.Say(i18n.M("jobs.created_none", "Job", job.info.ID))
		return opts.PrintStream(view.PromoListStream(emptyElements{}, opts.Loc, opts.Now()), empty)
	}
	site := job.info.Header.SiteID
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	opts.WithSiteCurrency(ctx, client, site)
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return err
	}
	defer stream.Close()
	codes := opts.Sel.filter(stream, opts.Now())
	empty := i18n.C("jobs.none_on_site", len(job.codes), "Job", job.info.ID, "Site", site)
	if opts.Sel.Filter.filters() {
		empty = i18n.M("jobs.none_match", "Site", site, "Filter", opts.Sel.describe(opts.Msg))
	}
	if err := opts.PrintStream(view.PromoListStream(codes, opts.Loc, opts.Now()), opts.Msg.Say(empty)); err != nil {
		return err
	}
	if gone := len(job.codes) - codes.jobFound; gone > 0 && codes.done {
		opts.Warnings.WarnMsg(i18n.C("jobs.codes_gone", len(job.codes), "Gone", gone, "Job", job.info.ID, "Site", site))
	}
	return nil
}

// emptyElements is a list without elements.
type emptyElements struct{}

func (emptyElements) Next() ([]byte, error) { return nil, io.EOF }

// jobStatus is the state of a job as promo jobs shows it: a value of its
// data (-o json), and in a table the catalog's word.<state>.
type jobStatus string

const (
	jobRunning    jobStatus = "running"        // a promoctl holds its journal now
	jobFinished   jobStatus = "finished"       // nothing is left that a run could do
	jobResumable  jobStatus = "can be resumed" // a generate job: --resume finishes it
	jobUnfinished jobStatus = "unfinished"     // another job: run its command again
)

// jobState is what promo jobs says of a job. A generate job whose only
// codes left are taken elsewhere is finished: no resume sends them again
// (bulk.Summary.Taken).
func jobState(j bulk.JobInfo) jobStatus {
	s := j.Summary
	switch {
	case j.Running:
		return jobRunning
	case j.Finished(), s.Failed == s.Taken && s.Unknown == 0 && s.NotStarted == 0:
		return jobFinished
	case j.Header.Kind == "generate":
		return jobResumable
	}
	return jobUnfinished
}

// jobsFolder is the folder of the jobs' journals in env.
func jobsFolder(env config.Env) string { return bulk.JobsDir(env.Getenv) }

// completeJobIDs completes a job id (promo jobs show, promo report --job):
// the jobs of the jobs folder of env, newest first, each described by its
// command, site and state.
func completeJobIDs(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return jobCompletions(f.Msg, jobsFolder(f.Env), toComplete)
	}
}

// jobCompletions are the ids of the jobs in dir that start with
// toComplete, newest first, described in msg's language.
func jobCompletions(msg *i18n.Printer, dir, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	jobs, _, _ := bulk.ListJobs(dir)
	var out []cobra.Completion
	for i := len(jobs) - 1; i >= 0; i-- {
		j := jobs[i]
		if strings.HasPrefix(j.ID, toComplete) {
			out = append(out, cobra.CompletionWithDesc(j.ID, msg.Say(i18n.C("jobs.completion", len(j.Created),
				"Command", termsafe.String(j.Header.Kind), "Site", j.Header.SiteID, "State", i18n.M("word."+string(jobState(j)))))))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
