package promocmd

import (
	"context"
	"errors"
	"fmt"
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
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.job")),
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return jobCompletions(jobsFolder(f.Env), toComplete)
		},
		Example: `  promoctl promo jobs show 20261201T100000Z-1a2b3c4d
  promoctl promo jobs show 20261201 -o csv > mailing.csv
  # the codes of the mailing nobody used
  promoctl promo jobs show 20261201 --unused
  promoctl promo jobs show ~/.local/state/promoctl/jobs/20261201T100000Z-1a2b3c4d.jsonl -o json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(args[0]) == "" {
				return cmdutil.Usagef("promo jobs show needs a job id or a journal's path (promo jobs lists them)")
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
		fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+opts.Msg.T("promo.jobs.skipped", "Reason", opts.Warnings.Clean(cmdutil.OneLine(e.Error()))))
	}
	rows := make([]view.Job, len(jobs))
	for i, j := range jobs {
		rows[i] = view.Job{ID: j.ID, SiteID: j.Header.SiteID, Command: j.Header.Kind, Codes: j.Header.Ops,
			Created: len(j.Created), Started: j.Header.Started, State: jobState(j), Path: j.Path}
	}
	d, err := view.Jobs(rows, opts.Loc)
	if err != nil {
		return err
	}
	return opts.PrintList(d, fmt.Sprintf("No jobs in %s.", opts.Dir))
}

// findJob reads the journal that job names: a path to a file, else a job
// id (or its start) in dir.
func findJob(dir, job string) (bulk.JobInfo, error) {
	path := job
	if _, err := os.Stat(job); err != nil {
		if !errors.Is(err, fs.ErrNotExist) || strings.ContainsAny(job, `/\`) {
			return bulk.JobInfo{}, cmdutil.Usagef("job %s: %v", job, err)
		}
		if path, err = bulk.FindJob(dir, job); err != nil {
			return bulk.JobInfo{}, cmdutil.Usagef("%v (promo jobs lists the jobs)", err)
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
	empty := fmt.Sprintf("Job %s created no promo codes.", job.info.ID)
	if len(job.codes) == 0 {
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
	empty = fmt.Sprintf("None of the %d promo codes job %s created is on site %d now.", len(job.codes), job.info.ID, site)
	if opts.Sel.Filter.filters() {
		empty = fmt.Sprintf("No promo codes on site %d match: %s.", site, opts.Sel.describe(opts.Msg))
	}
	if err := opts.PrintStream(view.PromoListStream(codes, opts.Loc, opts.Now()), empty); err != nil {
		return err
	}
	if gone := len(job.codes) - codes.jobFound; gone > 0 && codes.done {
		opts.Warn(fmt.Sprintf("%d of the %d promo codes job %s created are no longer on site %d", gone, len(job.codes), job.info.ID, site))
	}
	return nil
}

// emptyElements is a list without elements.
type emptyElements struct{}

func (emptyElements) Next() ([]byte, error) { return nil, io.EOF }

// jobState is what promo jobs says of a job: running (a promoctl holds its
// journal now); finished; can be resumed (a generate job, with --resume);
// unfinished.
func jobState(j bulk.JobInfo) string {
	switch {
	case j.Running:
		return "running"
	case j.Finished():
		return "finished"
	case j.Header.Kind == "generate":
		return "can be resumed"
	}
	return "unfinished"
}

// jobsFolder is the folder of the jobs' journals in env.
func jobsFolder(env config.Env) string { return bulk.JobsDir(env.Getenv) }

// completeJobIDs completes a job id (promo jobs show, promo report --job):
// the jobs of the jobs folder of env, newest first, each described by its
// command, site and state.
func completeJobIDs(env config.Env) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return jobCompletions(jobsFolder(env), toComplete)
	}
}

// jobCompletions are the ids of the jobs in dir that start with
// toComplete, newest first.
func jobCompletions(dir, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	jobs, _, _ := bulk.ListJobs(dir)
	var out []cobra.Completion
	for i := len(jobs) - 1; i >= 0; i-- {
		j := jobs[i]
		if strings.HasPrefix(j.ID, toComplete) {
			out = append(out, cobra.CompletionWithDesc(j.ID, fmt.Sprintf("%s on site %d, %d codes created, %s",
				termsafe.String(j.Header.Kind), j.Header.SiteID, len(j.Created), jobState(j))))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
