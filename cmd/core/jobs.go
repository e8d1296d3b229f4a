package core

import (
	"fmt"
	"strings"

	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/spf13/cobra"
)

// JobState is what promo jobs says of a job: running (a promoctl holds its
// journal now); finished; can be resumed (a generate job, with --resume);
// unfinished.
func JobState(j bulk.JobInfo) string {
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

// JobsFolder is the folder of the jobs' journals in env.
func JobsFolder(env config.Env) string { return bulk.JobsDir(env.Getenv) }

// CompleteJobIDs completes a job id (promo report --job): the jobs of the
// jobs folder, newest first, each described by its command, site and
// state.
func (c *Completer) CompleteJobIDs(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return JobCompletions(c.jobsDir(), toComplete)
}

// JobCompletions are the ids of the jobs in dir that start with
// toComplete, newest first.
func JobCompletions(dir, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	jobs, _, _ := bulk.ListJobs(dir)
	var out []cobra.Completion
	for i := len(jobs) - 1; i >= 0; i-- {
		j := jobs[i]
		if strings.HasPrefix(j.ID, toComplete) {
			out = append(out, cobra.CompletionWithDesc(j.ID, fmt.Sprintf("%s on site %d, %d codes created, %s",
				termsafe.String(j.Header.Kind), j.Header.SiteID, len(j.Created), JobState(j))))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
