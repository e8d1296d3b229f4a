package jobrun

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/progress"
)

// Job is the one runner of promo's bulk jobs (generate, apply, and
// delete, enable and disable of a selection): one throttle, shared by the
// clients' transport and the engine; the clients (reads with retries,
// writes sent once); the journal; the progress bar; Ctrl-C; and the order
// of what a job says at its end. What it says is the verb's (Report).
type Job struct {
	*cmdutil.Session
	Env
	Throttler *bulk.Throttle
	API       API
	// Retry is the run's retry policy (Retry): its bulk runs'
	// (bulk.Options.Retry).
	Retry api.RetryPolicy
	// NoWait refuses to start while another job writes to the site as
	// the same user on this machine (--no-wait), instead of waiting.
	NoWait bool
	// Known are the ids of the site's codes read before the job (its
	// plan's list): a create answered with one of them is not taken for
	// the new code's (bulk.Options.KnownIDs).
	Known map[int64]bool
	Lock  *bulk.SiteLock
}

// LockSite takes the lock of site for the user and API of the run, in the
// jobs folder of getenv, once: one job at a time writes to a site as a
// user on this machine. Another job holding it is waited for, said in one
// line on stderr, or with NoWait refused (exit 1, nothing sent).
func (b *Job) LockSite(ctx context.Context, getenv func(string) string, site int64) error {
	if b.Lock != nil {
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
	b.Lock = l
	return nil
}

// Hold ties the site's lock to the journal j: it is let go when the job
// ends (j.Close).
func (b *Job) Hold(j *bulk.Journal) {
	if b.Lock != nil {
		j.Hold(b.Lock)
	}
}

// ConcurrencyError refuses a --concurrency outside 1 to
// maxConcurrency (exit 2).
func ConcurrencyError(n int) error {
	return i18n.NewError(cmdutil.ExitUsage, "job.concurrency", "Max", i18n.Number(MaxConcurrency), "N", i18n.Number(n))
}

// ListError is the error of reading site's list of promo codes for a job.
func ListError(site int64, err error) error {
	return i18n.NewError(0, "job.list_site", "Site", site, "Err", err)
}

// Reason is why the operation it of a journal failed or is unknown: the
// error this run met, said in the run's language, or the text a journal
// file records; on one line and terminal-safe.
func Reason(s *cmdutil.Session, it bulk.Item) string {
	why := it.Why()
	if why == nil {
		return ""
	}
	return s.Warnings.Clean(errtext.Say(s.Msg, why))
}

// FailureWhy is why the operation it of a journal did not succeed: its
// outcome unknown, not sent, or the reason.
func FailureWhy(s *cmdutil.Session, it bulk.Item) any {
	switch {
	case it.State == bulk.StateSent || it.State == bulk.StateUnknown:
		return i18n.M("job.outcome_unknown", "Reason", Reason(s, it))
	case it.Why() == nil:
		return i18n.M("job.not_sent")
	}
	return Reason(s, it)
}

// SayLine writes m on stderr in the run's language as one line of
// promoctl's (a failure of a job, a journal skipped).
func SayLine(s *cmdutil.Session, m i18n.Message) {
	fmt.Fprintln(s.IO.ErrOut, "promoctl: "+s.Msg.Say(m))
}

// New builds the throttle and the two clients through it.
func New(s *cmdutil.Session, env Env) (*Job, error) {
	retry, err := Retry(s)
	if err != nil {
		return nil, err
	}
	th := env.NewThrottle(retry)
	c, err := newBulkAPI(s, th)
	if err != nil {
		return nil, err
	}
	return &Job{Session: s, Env: env, Throttler: th, API: c, Retry: retry}, nil
}

// Create writes the journal of a new job of ops: at path, or "" for the
// default place in the jobs folder (getenv). The header's job id, base URL
// and user are the run's.
//
// It first takes the site's lock (LockSite), which the journal then holds.
func (b *Job) Create(ctx context.Context, getenv func(string) string, path string, h bulk.Header, ops []bulk.Op) (*bulk.Journal, error) {
	if err := b.LockSite(ctx, getenv, h.SiteID); err != nil {
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
		b.Lock.Close()
		b.Lock = nil
		return nil, err
	}
	b.Hold(j)
	return j, nil
}

// Options is how a job runs.
type Options struct {
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

// Result is what a run of a job did.
type Result struct {
	Sum     bulk.Summary
	Elapsed time.Duration
	Total   int // the job's operations
}

// Report is what a verb says of its job, in the order the runner
// calls it.
type Report struct {
	// Interrupted are the lines on stderr after Ctrl-C (none: nothing is
	// written).
	Interrupted func(Result) []string
	// Stopped is the error of a job the engine stopped, with how to
	// finish it.
	Stopped func(error) error
	// Summary is the line on stderr at the end of a job that ran ("":
	// nothing is written).
	Summary func(Result) string
	// After, when set, runs after the summary (the codes on stdout).
	After func(context.Context, Result) error
	// Failures names on stderr the operations that did not succeed.
	Failures func(*bulk.Journal)
	// Incomplete is the error of a job some of whose operations did not
	// succeed, with how to finish it.
	Incomplete func(Result) error
}

// Run carries out the job of j on the bulk engine and reports it through
// rep: the summary, what comes after it, each failure; after Ctrl-C what
// was done and ctx's error.
func (b *Job) Run(ctx context.Context, j *bulk.Journal, r Options, rep Report) error {
	concurrency := r.Concurrency
	if concurrency <= 0 {
		concurrency = bulk.DefaultConcurrency
	}
	total := len(j.Items())
	o := bulk.Options{Concurrency: concurrency, Throttle: b.Throttler, Retry: b.Retry, OpTimeout: b.Settings.Timeout, Grace: r.Grace, KnownIDs: b.Known}
	var bar *progress.Bar
	switch {
	case r.Progress != nil:
		o.Progress = r.Progress
	case b.Bar && total >= r.BarFrom:
		bar = NewBar(b.Session)
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
	res := Result{Sum: sum, Elapsed: time.Since(start), Total: total}
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

// maxFailuresShown is how many operations that did not succeed are
// named on stderr at the end of a job; the journal has them all.
const maxFailuresShown = 10

// Failures is how a verb names the operations of its job that did not
// succeed: the one listing of promo generate, apply and a selection's
// verbs (Report.Failures: Failures{…}.List(s)).
type Failures struct {
	// Succeeded reports whether an operation succeeded.
	Succeeded func(bulk.Item) bool
	// Line is what is said of one that did not (its why: FailureWhy).
	Line func(bulk.Item) i18n.Message
	// More is what is said of the n beyond maxFailuresShown.
	More func(n int) i18n.Message
}

// List names on stderr, a line each, the operations of a journal that
// did not succeed, up to maxFailuresShown, then how many more.
func (f Failures) List(s *cmdutil.Session) func(*bulk.Journal) {
	return func(j *bulk.Journal) {
		n := 0
		for _, it := range j.Items() {
			if f.Succeeded(it) {
				continue
			}
			if n++; n <= maxFailuresShown {
				SayLine(s, f.Line(it))
			}
		}
		if n > maxFailuresShown {
			SayLine(s, f.More(n-maxFailuresShown))
		}
	}
}

// RoundDuration is d as a person reads it: 340ms, 4.2s, 12s, 2m5s.
func RoundDuration(d time.Duration) time.Duration {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond)
	case d < 10*time.Second:
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
