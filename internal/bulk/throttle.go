package bulk

import (
	"context"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/promoctl/promoctl/internal/api"
)

// Throttle paces the operations of a run: a token bucket that starts at
// the given rate (or unlimited), a pause that holds back every operation
// until a Retry-After has passed, and a rate that adapts to the 429s the
// server answers, without sinking under 429s it did not cause.
//
// Every 429 is honoured: every operation pauses for its Retry-After (or
// the retry policy's Pause, Follow). A 429 also halves the rate, but only
// as a trial: the answers to the requests sent after the cut's pause
// judge it. When the
// share of 429s among them has not fallen to a quarter of what it was
// before the cut (to almost none, when few answers came before it), the
// 429s were not the rate's doing (load shedding, a quota shared with
// others), and the rate goes back to where it was; for the next
// 2×trialAnswers answers no 429 cuts it again, twice as many after each
// further cut that did not help (up to maxQuiet). So a 429 answered to a
// request sent after waiting out a Retry-After never cuts the rate again:
// it only judges the cut already made; nor does one to a request that the
// transport itself held back for a pause. A rate lowered by a kept cut
// rises by a quarter every RecoverEvery, up to the rate the throttle
// started with.
//
// It is safe for concurrent use; one Throttle serves one run.
type Throttle struct {
	clock clock

	mu sync.Mutex
	// pause is how long a 429 that names no Retry-After holds every
	// operation back (api.RetryPolicy.Pause, Follow).
	pause      time.Duration
	lim        *rate.Limiter
	max        rate.Limit // the rate it recovers to
	pauseUntil time.Time
	lastChange time.Time // when the rate was last lowered or raised
	grants     []time.Time

	// recent answers, true for a 429: the share before a cut.
	answers  [window]bool
	nAnswers int // answers in the ring, up to window
	next     int
	trial    *cutTrial
	noCut    int // answers before a 429 may start a cut again
	// undone is how many cuts in a row did not help: each doubles the
	// answers before the next may start, up to maxQuiet.
	undone int
}

// cutTrial is a halving of the rate under judgement.
type cutTrial struct {
	prev    rate.Limit // the rate before the cut
	before  float64    // the share of 429s among the answers before it
	nBefore int        // how many answers that share is of
	from    time.Time  // requests sent from then on (the pause's end) judge it
	n       int        // answers judging it so far
	limited int        // of which 429s
}

// Defaults of the throttle.
const (
	// RecoverEvery is how long a rate lowered by a kept cut stays before
	// it rises by a quarter.
	RecoverEvery = 5 * time.Second
	// MinRate is the floor of the halving, in operations per second.
	MinRate = 0.2
)

// window is how many recent operations the observed rate and the share of
// 429s are measured over.
const window = 32

// trialAnswers is how many answers judge a cut of the rate; maxQuiet is
// the most answers after an undone cut before a 429 may cut again.
const (
	trialAnswers = 32
	maxQuiet     = 2048
)

// clock is the time a throttle runs on: the real one, or a simulated one
// in tests.
type clock interface {
	Now() time.Time
	// Sleep waits d, or until ctx ends (its error).
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// NewThrottle returns a throttle that lets perSecond operations start per
// second; 0 or less means no limit until the server answers 429, when the
// limit becomes the rate observed until then (on trial, as any cut).
func NewThrottle(perSecond float64) *Throttle {
	return newThrottle(perSecond, realClock{})
}

func newThrottle(perSecond float64, c clock) *Throttle {
	limit := rate.Inf
	if perSecond > 0 {
		limit = rate.Limit(perSecond)
	}
	return &Throttle{clock: c, pause: api.DefaultRetryPolicy().Pause, lim: rate.NewLimiter(limit, 1), max: limit, lastChange: c.Now()}
}

// Follow makes t pause as p says after a 429 that names no Retry-After
// (p.Pause; unset, api.DefaultRetryPolicy's, which a new throttle
// follows). A run makes its throttle follow its Options.Retry.
func (t *Throttle) Follow(p api.RetryPolicy) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.pause = p.WithDefaults().Pause
}

// Wait blocks until an operation may start: after any pause, and when the
// bucket has a token. It returns ctx's error if ctx ends first.
func (t *Throttle) Wait(ctx context.Context) error {
	if _, err := t.waitPause(ctx); err != nil {
		return err
	}
	t.recover()
	now := t.clock.Now()
	r := t.lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		if err := t.clock.Sleep(ctx, d); err != nil {
			r.CancelAt(t.clock.Now())
			return err
		}
	}
	// A pause may have begun while this one waited for its token.
	if _, err := t.waitPause(ctx); err != nil {
		return err
	}
	t.mu.Lock()
	if len(t.grants) == window {
		t.grants = t.grants[1:]
	}
	t.grants = append(t.grants, t.clock.Now())
	t.mu.Unlock()
	return nil
}

// waitPause waits until no pause is under way, and says whether it waited.
func (t *Throttle) waitPause(ctx context.Context) (bool, error) {
	waited := false
	for {
		t.mu.Lock()
		d := t.pauseUntil.Sub(t.clock.Now())
		t.mu.Unlock()
		if d <= 0 {
			return waited, nil
		}
		waited = true
		if err := t.clock.Sleep(ctx, d); err != nil {
			return waited, err
		}
	}
}

// Pause holds back every operation for at least d from now.
func (t *Throttle) Pause(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.pauseLocked(d)
}

func (t *Throttle) pauseLocked(d time.Duration) {
	if until := t.clock.Now().Add(d); until.After(t.pauseUntil) {
		t.pauseUntil = until
	}
}

// RateLimited records a 429 whose response the throttle did not see (an
// operation's error): every operation pauses for retryAfter, or for the
// policy's Pause when the server named none and no pause is under way. The
// rate itself follows the answers the Transport sees.
func (t *Throttle) RateLimited(retryAfter time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.honour(retryAfter)
}

// honour starts the pause a 429 asks for.
func (t *Throttle) honour(retryAfter time.Duration) {
	if retryAfter <= 0 && !t.clock.Now().Before(t.pauseUntil) {
		retryAfter = t.pause
	}
	t.pauseLocked(retryAfter)
}

// answered records the answer to a request sent at sent: limited for a
// 429 (with its Retry-After), and whether the request had waited out a
// pause before it went. It honours the 429, and cuts, judges or restores
// the rate.
func (t *Throttle) answered(limited bool, retryAfter time.Duration, sent time.Time, waited bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if limited {
		t.honour(retryAfter)
	}
	if tr := t.trial; tr != nil {
		if !sent.Before(tr.from) {
			tr.n++
			if limited {
				tr.limited++
			}
		}
		if tr.n >= trialAnswers {
			t.judge()
		}
	} else if t.noCut > 0 {
		t.noCut--
	} else if limited && !waited {
		t.cut()
	}
	t.answers[t.next] = limited
	t.next = (t.next + 1) % window
	t.nAnswers = min(t.nAnswers+1, window)
}

// cut halves the rate and puts the cut on trial.
func (t *Throttle) cut() {
	limited := 1 // this 429, not yet in the ring
	for i := range t.nAnswers {
		if t.answers[i] {
			limited++
		}
	}
	cur := t.lim.Limit()
	t.trial = &cutTrial{prev: cur, before: float64(limited) / float64(t.nAnswers+1), nBefore: t.nAnswers + 1, from: t.pauseUntil}
	next := cur / 2
	if cur == rate.Inf {
		// The rate observed already went through the pauses of 429s.
		next = t.observed()
	}
	now := t.clock.Now()
	t.lastChange = now
	t.lim.SetLimitAt(now, max(next, MinRate))
}

// judge keeps a cut that halved the share of 429s (with few answers
// before it, one after which 429s all but stopped), and undoes one that
// did not.
func (t *Throttle) judge() {
	tr := t.trial
	t.trial = nil
	after := float64(tr.limited) / float64(tr.n)
	helped := after <= tr.before/4
	if tr.nBefore < window/2 {
		helped = after < 0.05
	}
	now := t.clock.Now()
	t.lastChange = now
	if helped {
		t.undone = 0
		return
	}
	t.lim.SetLimitAt(now, tr.prev)
	t.noCut = min(2*trialAnswers<<t.undone, maxQuiet)
	t.undone = min(t.undone+1, 16)
}

// observed is the rate at which operations started recently.
func (t *Throttle) observed() rate.Limit {
	n := len(t.grants)
	if n < 2 {
		return 1
	}
	span := t.grants[n-1].Sub(t.grants[0]).Seconds()
	if span <= 0 {
		return rate.Limit(n)
	}
	return rate.Limit(float64(n-1) / span)
}

// recover raises a lowered rate by a quarter once RecoverEvery has passed
// since it last changed, up to the rate the throttle started with; not
// while a cut is on trial.
func (t *Throttle) recover() {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur := t.lim.Limit()
	now := t.clock.Now()
	if t.trial != nil || cur >= t.max || now.Sub(t.lastChange) < RecoverEvery {
		return
	}
	t.lastChange = now
	t.lim.SetLimitAt(now, min(cur*5/4, t.max))
}

// Limit is the current rate in operations per second (+Inf: no limit).
func (t *Throttle) Limit() float64 { return float64(t.lim.Limit()) }

// Transport wraps an HTTP transport so that every request made through it
// waits out the throttle's pause, and every 429 starts a pause of its
// Retry-After for all. Give it to the API client (api.Options.Transport) of
// a bulk run: the client's error for a 429 does not carry Retry-After, the
// response seen here does. nil means http.DefaultTransport.
func (t *Throttle) Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return &throttleTransport{t: t, next: next}
}

type throttleTransport struct {
	t    *Throttle
	next http.RoundTripper
}

func (tt *throttleTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	waited, err := tt.t.waitPause(req.Context())
	if err != nil {
		return nil, err
	}
	sent := tt.t.clock.Now()
	resp, err := tt.next.RoundTrip(req)
	if err == nil {
		limited := resp.StatusCode == http.StatusTooManyRequests
		var retryAfter time.Duration
		if limited {
			retryAfter, _ = api.ParseRetryAfter(resp.Header.Get("Retry-After"), sent)
		}
		tt.t.answered(limited, retryAfter, sent, waited)
	}
	return resp, err
}

// pauseLeft is how long the pause under way still holds operations back.
func (t *Throttle) pauseLeft() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.pauseUntil.Sub(t.clock.Now())
}
