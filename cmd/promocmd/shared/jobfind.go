package shared

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/spf13/cobra"
)

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

// JobStatus is the state of a job as promo jobs shows it: a value of its
// data (-o json), and in a table the catalog's word.<state>.
type JobStatus string

// JobState is what promo jobs says of a job. A generate job whose only
// codes left are taken elsewhere is finished: no resume sends them again
// (bulk.Summary.Taken).
func JobState(j bulk.JobInfo) JobStatus {
	s := j.Summary
	switch {
	case j.Running:
		return jobRunning
	case j.Finished(), s.Failed == s.Taken && s.Unknown == 0 && s.NotStarted == 0:
		return jobFinished
	case j.Header.Kind == bulk.JobGenerate:
		return jobResumable
	}
	return jobUnfinished
}

// JobsFolder is the folder of the jobs' journals in env.
func JobsFolder(env config.Env) string { return bulk.JobsDir(env.Getenv) }

// completeJobIDs completes a job id (promo jobs show, promo report --job):
// the jobs of the jobs folder of env, newest first, each described by its
// command, site and state.
func completeJobIDs(f *cmdutil.Factory) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return JobCompletions(f.Msg, JobsFolder(f.Env), toComplete)
	}
}

// JobCompletions are the ids of the jobs in dir that start with
// toComplete, newest first, described in msg's language.
func JobCompletions(msg *i18n.Printer, dir, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	jobs, _, _ := bulk.ListJobs(dir)
	var out []cobra.Completion
	for i := len(jobs) - 1; i >= 0; i-- {
		j := jobs[i]
		if strings.HasPrefix(j.ID, toComplete) {
			out = append(out, cobra.CompletionWithDesc(j.ID, msg.Say(i18n.C("jobs.completion", len(j.Created),
				"Command", termsafe.String(string(j.Header.Kind)), "Site", j.Header.SiteID, "State", i18n.M("word."+string(JobState(j)))))))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

const (
	jobRunning    JobStatus = "running"        // a promoctl holds its journal now
	jobFinished   JobStatus = "finished"       // nothing is left that a run could do
	jobResumable  JobStatus = "can be resumed" // a generate job: --resume finishes it
	jobUnfinished JobStatus = "unfinished"     // another job: run its command again
)
