package promocmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/progress"
)

// bulkJob is the one runner of promo's bulk jobs (generate, apply, and
// delete, enable and disable of a selection): one throttle, shared by the
// clients' transport and the engine; the clients (reads with retries,
// writes sent once); the journal; the progress bar; Ctrl-C; and the order
// of what a job says at its end. What it says is the verb's (jobReport).
type bulkJob struct {
	*cmdutil.Session
	jobEnv
	th  *bulk.Throttle
	API bulkAPI
	// NoWait refuses to start while another job writes to the site as
	// the same user on this machine (--no-wait), instead of waiting.
	NoWait bool
	// Known are the ids of the site's codes read before the job (its
	// plan's list): a create answered with one of them is not taken for
	// the new code's (bulk.Options.KnownIDs).
	Known map[int64]bool
	lock  *bulk.SiteLock
}

// lockSite takes the lock of site for the user and API of the run, in the
// jobs folder of getenv, once: one job at a time writes to a site as a
// user on this machine. Another job holding it is waited for, said in one
// line on stderr, or with NoWait refused (exit 1, nothing sent).
func (b *bulkJob) lockSite(ctx context.Context, getenv func(string) string, site int64) error {
	if b.lock != nil {
		return nil
	}
	w := bulk.Where{BaseURL: b.Settings.BaseURL, UserID: b.Settings.UserID, SiteID: site}
	l, err := bulk.LockSite(ctx, bulk.JobsDir(getenv), w, !b.NoWait, func() {
		fmt.Fprintln(b.IO.ErrOut, "promoctl: "+b.Msg.Say(i18n.M("bulk.lock.waiting", "Site", site, "User", w.UserID)))
	})
	if errors.Is(err, bulk.ErrSiteBusy) {
		return i18n.NewError(cmdutil.ExitFailure, "bulk.lock.busy", "Site", site, "User", w.UserID)
	}
	if err != nil {
		return err
	}
	b.lock = l
	return nil
}

// hold ties the site's lock to the journal j: it is let go when the job
// ends (j.Close).
func (b *bulkJob) hold(j *bulk.Journal) {
	if b.lock != nil {
		j.Hold(b.lock)
	}
}

// concurrencyError refuses a --concurrency outside 1 to
// maxConcurrency (exit 2).
func concurrencyError(n int) error {
	return i18n.NewError(cmdutil.ExitUsage, "job.concurrency", "Max", maxConcurrency, "N", n)
}

// listError is the error of reading site's list of promo codes for a job.
func listError(site int64, err error) error {
	return i18n.NewError(0, "job.list_site", "Site", site, "Err", err)
}

// reasonText is why an operation of a journal failed, as the journal
// recorded it (the error's English text at the time: data of the
// journal), said in the run's language as far as it can be, on one line
// and terminal-safe.
func reasonText(s *cmdutil.Session, reason string) string {
	return s.Warnings.Clean(s.Warnings.Say(reason))
}

// failureWhy is why the operation it of a journal did not succeed: its
// outcome unknown, not sent, or the reason recorded.
func failureWhy(s *cmdutil.Session, it bulk.Item) any {
	switch {
	case it.State == bulk.StateSent || it.State == bulk.StateUnknown:
		return i18n.M("job.outcome_unknown", "Reason", reasonText(s, it.Reason))
	case it.Reason == "":
		return i18n.M("job.not_sent")
	}
	return reasonText(s, it.Reason)
}

// sayLine writes m on stderr in the run's language as one line of
// promoctl's (a failure of a job, a journal skipped).
func sayLine(s *cmdutil.Session, m i18n.Message) {
	fmt.Fprintln(s.IO.ErrOut, "promoctl: "+s.Msg.Say(m))
}

// newBulkJob builds the throttle and the two clients through it.
func newBulkJob(s *cmdutil.Session, env jobEnv) (*bulkJob, error) {
	th := env.newThrottle()
	c, err := newBulkAPI(s, th)
	if err != nil {
		return nil, err
	}
	return &bulkJob{Session: s, jobEnv: env, th: th, API: c}, nil
}

// create writes the journal of a new job of ops: at path, or "" for the
// default place in the jobs folder (getenv). The header's job id, base URL
// and user are the run's.
//
// It first takes the site's lock (lockSite), which the journal then holds.
func (b *bulkJob) create(ctx context.Context, getenv func(string) string, path string, h bulk.Header, ops []bulk.Op) (*bulk.Journal, error) {
	if err := b.lockSite(ctx, getenv, h.SiteID); err != nil {
		return nil, err
	}
	if h.Job == "" {
		h.Job = bulk.NewJobID(b.Now())
	}
	if path == "" {
		path = bulk.DefaultPath(getenv, h.Job)
	}
	h.BaseURL, h.UserID = b.Settings.BaseURL, b.Settings.UserID
	j, err := bulk.Create(path, h, ops)
	if err != nil {
		b.lock.Close()
		b.lock = nil
		return nil, err
	}
	b.hold(j)
	return j, nil
}

// jobRun is how a job runs.
type jobRun struct {
	Concurrency int           // 0: bulk.DefaultConcurrency
	Grace       time.Duration // 0: bulk.DefaultGrace
	// BarFrom is the fewest operations a progress bar is drawn for (0
	// and 1: any job).
	BarFrom int
	// Waiting, when set, is said (the bar cleared first) before the engine
	// waits for creates of unknown outcome the list does not show yet.
	Waiting func(n int, d time.Duration)
	// Progress, when set, is told the job's progress in place of the bar
	// (promo browse shows it in its status line).
	Progress func(bulk.Progress)
}

// jobResult is what a run of a job did.
type jobResult struct {
	Sum     bulk.Summary
	Elapsed time.Duration
	Total   int // the job's operations
}

// jobReport is what a verb says of its job, in the order the runner
// calls it.
type jobReport struct {
	// Interrupted are the lines on stderr after Ctrl-C (none: nothing is
	// written).
	Interrupted func(jobResult) []string
	// Stopped is the error of a job the engine stopped, with how to
	// finish it.
	Stopped func(error) error
	// Summary is the line on stderr at the end of a job that ran ("":
	// nothing is written).
	Summary func(jobResult) string
	// After, when set, runs after the summary (the codes on stdout).
	After func(context.Context, jobResult) error
	// Failures names on stderr the operations that did not succeed.
	Failures func(*bulk.Journal)
	// Incomplete is the error of a job some of whose operations did not
	// succeed, with how to finish it.
	Incomplete func(jobResult) error
}

// run carries out the job of j on the bulk engine and reports it through
// rep: the summary, what comes after it, each failure; after Ctrl-C what
// was done and ctx's error.
func (b *bulkJob) run(ctx context.Context, j *bulk.Journal, r jobRun, rep jobReport) error {
	concurrency := r.Concurrency
	if concurrency <= 0 {
		concurrency = bulk.DefaultConcurrency
	}
	total := len(j.Items())
	o := bulk.Options{Concurrency: concurrency, Throttle: b.th, OpTimeout: b.Settings.Timeout, Grace: r.Grace, KnownIDs: b.Known}
	var bar *progress.Bar
	switch {
	case r.Progress != nil:
		o.Progress = r.Progress
	case b.Bar && total >= r.BarFrom:
		bar = newBar(b.Session)
		o.Progress = func(p bulk.Progress) { bar.Update(p.Finished, p.Total, p.Rate, p.ETA()) }
	}
	if r.Waiting != nil {
		o.Waiting = func(n int, d time.Duration) {
			if bar != nil {
				bar.Clear()
			}
			r.Waiting(n, d)
		}
	}
	start := time.Now()
	sum, err := bulk.Execute(ctx, b.API, j, o)
	res := jobResult{Sum: sum, Elapsed: time.Since(start), Total: total}
	if bar != nil {
		bar.Clear()
	}
	if ctx.Err() != nil {
		for _, l := range rep.Interrupted(res) {
			fmt.Fprintln(b.IO.ErrOut, l)
		}
		return ctx.Err()
	}
	if err != nil {
		return rep.Stopped(err)
	}
	if line := rep.Summary(res); line != "" {
		fmt.Fprintln(b.IO.ErrOut, line)
	}
	if rep.After != nil {
		if err := rep.After(ctx, res); err != nil {
			return err
		}
	}
	if sum.OK() {
		return nil
	}
	rep.Failures(j)
	return rep.Incomplete(res)
}
