package bulk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
)

// Outcome is what became of one item of a run.
type Outcome int

const (
	// NotStarted: the item was never sent, or the server certainly did not
	// act on it (429) and the run stopped before it could be tried again.
	NotStarted Outcome = iota
	// Done: the operation succeeded.
	Done
	// Failed: the server refused it or it could not be sent; it did not
	// take effect, so it is safe to try again.
	Failed
	// Unknown: it may or may not have taken effect (the connection broke
	// after the request was written, a 5xx, a timeout); it must be settled
	// by reading state before it is tried again.
	Unknown
)

func (o Outcome) String() string {
	switch o {
	case Done:
		return "done"
	case Failed:
		return "failed"
	case Unknown:
		return "unknown"
	}
	return "not started"
}

// Class is what an operation's error means for the run.
type Class int

const (
	// ClassFailed: the operation did not take effect.
	ClassFailed Class = iota + 1
	// ClassUnknown: it may have taken effect.
	ClassUnknown
	// ClassRateLimited: the server did not act and asked to slow down;
	// the item is tried again after the pause.
	ClassRateLimited
)

// Classifier tells what a non-nil error of an operation means, and for a
// rate limit how long the server asked to wait (0 when it did not say).
type Classifier func(err error) (Class, time.Duration)

// FatalError stops a whole run when an operation returns it: no further
// item is started (the journal cannot be written, say). The item that
// returned it is Failed.
type FatalError struct{ Err error }

func (e *FatalError) Error() string { return e.Err.Error() }
func (e *FatalError) Unwrap() error { return e.Err }

// Defaults of Options.
const (
	DefaultConcurrency = 4
	DefaultGrace       = 30 * time.Second
	// DefaultMaxRefused is how many answers in a row may be 429s or 5xx
	// before a run stops (Options.MaxRefused).
	DefaultMaxRefused = 20
)

// Options tune a run; the zero value means the defaults.
type Options struct {
	// Concurrency is the most operations in flight at once (default 4).
	Concurrency int
	// Throttle paces the operations; nil means a new unlimited one (which
	// still slows down on 429). Share it with the API client's transport
	// (Throttle.Transport) so that Retry-After is honoured.
	Throttle *Throttle
	// Classify judges errors; nil means ClassifyWrite.
	Classify Classifier
	// OpTimeout bounds each attempt of an operation (the command's
	// --timeout); 0 means no bound.
	OpTimeout time.Duration
	// Grace is how long operations in flight may still run after ctx is
	// cancelled (Ctrl-C) before they are cancelled too (default 30s).
	Grace time.Duration
	// Retry is the run's retry policy, of which the engine reads how
	// often an item answered 429 is tried again before it is Failed
	// (RateRetries), the throttle's pause after a 429 that names no
	// Retry-After (Pause, Throttle.Follow) and the longest Retry-After
	// waited for (MaxRetryAfter, unless OpTimeout is longer: a server
	// asking for more ends the run with a *RetryAfterError, and the job
	// can be resumed later). A knob left unset is api.DefaultRetryPolicy's.
	// A run's writes are sent once each (RetryPolicy.OneAttempt): the
	// engine retries them.
	Retry api.RetryPolicy
	// MaxRefused is the circuit breaker: after this many answers in a row
	// that are 429s or 5xx (no answer between them succeeded or was
	// refused for what it asked), the run stops with a *RefusedError, the
	// items not done left for a resume. A server that refuses every write
	// ends the job instead of being asked again for hours. Execute's
	// default is DefaultMaxRefused; Run's (reads, which give up on an item
	// after its retries) is none.
	MaxRefused int
	// KnownIDs are the ids of the promo codes on the site before the job
	// (its first list read): a create answered with one of them is not
	// taken for the job's code, and the list settles it.
	KnownIDs map[int64]bool
	// Progress, when set, is called after every finished item, never
	// concurrently. The engine draws nothing.
	Progress func(Progress)
	// Now and Sleep are the clock Execute waits by while the server may
	// still be finishing a create of unknown outcome; nil means time.Now
	// and a timer. Tests pass a fake that does not sleep.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// Waiting, when set, is told before Execute waits d for n creates of
	// unknown outcome that the list does not show yet.
	Waiting func(n int, d time.Duration)
}

// RetryAfterError is a run stopped because the server asked it to wait
// longer than it waits.
type RetryAfterError struct{ Wait, Max time.Duration }

func (e *RetryAfterError) Error() string {
	return fmt.Sprintf("stopped: the server asked to wait %s before the next request (Retry-After), longer than the %s promoctl waits",
		e.Wait.Round(time.Second), e.Max)
}

// RefusedError is a run stopped by the circuit breaker: the server
// answered N requests in a row with 429 or a 5xx.
type RefusedError struct{ N int }

func (e *RefusedError) Error() string { return e.Message().Error() }

// Message is the error as a catalog message.
func (e *RefusedError) Message() *i18n.Error {
	return i18n.CountError(0, "bulk.run.refused", e.N)
}

// refusedAnswer reports whether err is an answer of the server that
// refuses for now whatever is asked: a 429 or a 5xx.
func refusedAnswer(err error) bool {
	var ae *api.Error
	var re *api.ResponseError
	switch {
	case errors.As(err, &ae):
		return ae.Status == http.StatusTooManyRequests || ae.Status >= 500
	case errors.As(err, &re):
		return re.Status >= 500
	}
	return false
}

func (o Options) withDefaults() Options {
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.Throttle == nil {
		o.Throttle = NewThrottle(0)
	}
	if o.Classify == nil {
		o.Classify = ClassifyWrite
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	o.Retry = o.Retry.WithDefaults()
	o.Throttle.Follow(o.Retry)
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = realClock{}.Sleep
	}
	return o
}

// Progress is the state of a run after an item finished.
type Progress struct {
	Total    int // items of the run
	Finished int // items with an outcome: Done, Failed or Unknown
	Failed   int
	Unknown  int
	Elapsed  time.Duration
	Rate     float64 // finished items per second so far
	Limit    float64 // the throttle's current rate (+Inf: no limit)
}

// ETA is the expected time to finish at the current rate; 0 when unknown.
func (p Progress) ETA() time.Duration {
	if p.Rate <= 0 {
		return 0
	}
	return time.Duration(float64(p.Total-p.Finished) / p.Rate * float64(time.Second))
}

// Result is the outcome of one item, with the operation's value when Done
// and its last error otherwise.
type Result[R any] struct {
	Outcome Outcome
	Value   R
	Err     error
}

// Run calls do for every item, at most o.Concurrency at once, paced by
// o.Throttle, and returns one Result per item, in the order of items.
//
// Items whose operation returns an error of ClassRateLimited are tried
// again after the pause the server asked for. When ctx is cancelled, no
// further item is started and operations in flight are let finish: they
// run under a context that only o.Grace after the cancellation is
// cancelled. Run then returns ctx's error; items never started are
// NotStarted. A *FatalError from an operation stops the run the same way
// and is returned.
func Run[T, R any](ctx context.Context, items []T, do func(ctx context.Context, item T) (R, error), o Options) ([]Result[R], error) {
	o = o.withDefaults()
	r := &runner[T, R]{items: items, do: do, o: o, results: make([]Result[R], len(items)), start: time.Now()}
	r.stopped = make(chan struct{})

	// Operations in flight outlive a cancelled ctx by the grace period.
	opCtx, cancelOps := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelOps()
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-ctx.Done():
		case <-finished:
			return
		}
		t := time.NewTimer(o.Grace)
		defer t.Stop()
		select {
		case <-t.C:
			cancelOps()
		case <-finished:
		}
	}()

	// Waits on the throttle end when the run stops (a Retry-After beyond
	// the cap), so that no worker sleeps through it.
	waitCtx, cancelWaits := context.WithCancel(ctx)
	defer cancelWaits()
	go func() {
		select {
		case <-r.stopped:
			cancelWaits()
		case <-waitCtx.Done():
		}
	}()

	next := make(chan int)
	var wg sync.WaitGroup
	for range min(o.Concurrency, len(items)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r.item(waitCtx, opCtx, i)
			}
		}()
	}
dispatch:
	for i := range items {
		if ctx.Err() != nil || r.isStopped() {
			break
		}
		select {
		case next <- i:
		case <-ctx.Done():
			break dispatch
		case <-r.stopped:
			break dispatch
		}
	}
	close(next)
	wg.Wait()

	if r.fatal != nil {
		return r.results, r.fatal
	}
	if err := ctx.Err(); err != nil {
		for _, res := range r.results {
			if res.Outcome == NotStarted {
				return r.results, err
			}
		}
	}
	return r.results, nil
}

type runner[T, R any] struct {
	items []T
	do    func(context.Context, T) (R, error)
	o     Options
	start time.Time

	stopOnce sync.Once
	stopped  chan struct{}
	fatal    error // set once, before stopped is closed

	mu       sync.Mutex // guards results and the counts below
	results  []Result[R]
	finished int
	failed   int
	unknown  int
	refused  int // answers in a row that were 429s or 5xx
}

// answered counts an answer for the circuit breaker, and stops the run
// when o.MaxRefused answers in a row were 429s or 5xx.
func (r *runner[T, R]) answered(err error) {
	r.mu.Lock()
	if err != nil && refusedAnswer(err) {
		r.refused++
	} else {
		r.refused = 0
	}
	trip := r.o.MaxRefused > 0 && r.refused >= r.o.MaxRefused
	r.mu.Unlock()
	if trip {
		r.stopOnce.Do(func() { r.fatal = &RefusedError{N: r.o.MaxRefused}; close(r.stopped) })
	}
}

func (r *runner[T, R]) isStopped() bool {
	select {
	case <-r.stopped:
		return true
	default:
		return false
	}
}

// item runs the operation of item i until it has an outcome.
func (r *runner[T, R]) item(ctx, opCtx context.Context, i int) {
	var res Result[R]
	for attempt := 1; ; attempt++ {
		if ctx.Err() != nil || r.isStopped() {
			break // never sent, or the server did not act on the last try
		}
		if err := r.o.Throttle.Wait(ctx); err != nil {
			break
		}
		v, err := r.call(opCtx, i)
		r.answered(err)
		if err == nil {
			res = Result[R]{Outcome: Done, Value: v}
			break
		}
		res = Result[R]{Outcome: Failed, Value: v, Err: err}
		if fe := (*FatalError)(nil); errors.As(err, &fe) {
			r.stopOnce.Do(func() { r.fatal = fe.Err; close(r.stopped) })
			break
		}
		class, wait := r.o.Classify(err)
		if class == ClassUnknown {
			res.Outcome = Unknown
			break
		}
		if class != ClassRateLimited || attempt > r.o.Retry.RateRetries {
			break
		}
		r.o.Throttle.RateLimited(wait)
		res.Outcome = NotStarted // unless it is tried again below
		if left, most := r.o.Throttle.pauseLeft(), max(r.o.OpTimeout, r.o.Retry.MaxRetryAfter); left > most {
			r.stopOnce.Do(func() { r.fatal = &RetryAfterError{Wait: left, Max: most}; close(r.stopped) })
			break
		}
	}
	r.finish(i, res)
}

func (r *runner[T, R]) call(opCtx context.Context, i int) (R, error) {
	if r.o.OpTimeout > 0 {
		var cancel context.CancelFunc
		opCtx, cancel = context.WithTimeout(opCtx, r.o.OpTimeout)
		defer cancel()
	}
	return r.do(opCtx, r.items[i])
}

func (r *runner[T, R]) finish(i int, res Result[R]) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.results[i] = res
	switch res.Outcome {
	case NotStarted:
		return
	case Failed:
		r.failed++
	case Unknown:
		r.unknown++
	}
	r.finished++
	if r.o.Progress != nil {
		el := time.Since(r.start)
		r.o.Progress(Progress{
			Total: len(r.items), Finished: r.finished, Failed: r.failed, Unknown: r.unknown,
			Elapsed: el, Rate: float64(r.finished) / max(el.Seconds(), 1e-3), Limit: r.o.Throttle.Limit(),
		})
	}
}
