package bulk

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Throttle paces the operations of a run: a token bucket that starts at
// the given rate (or unlimited) and halves whenever the server answers 429,
// recovering by a quarter every RecoverEvery without one, and a pause that
// holds back every operation until a Retry-After has passed. It is safe for
// concurrent use; one Throttle serves one run.
type Throttle struct {
	mu         sync.Mutex
	lim        *rate.Limiter
	max        rate.Limit // the rate it recovers to
	pauseUntil time.Time
	lastSlow   time.Time // when the rate was last lowered or raised
	grants     []time.Time
}

// Defaults of the throttle.
const (
	// DefaultPause is how long every operation waits after a 429 that
	// names no Retry-After.
	DefaultPause = time.Second
	// RecoverEvery is how long the rate must go without a 429 before it
	// rises by a quarter.
	RecoverEvery = 5 * time.Second
	// MinRate is the floor of the halving, in operations per second.
	MinRate = 0.2
)

// window is how many recent operations the observed rate is measured over.
const window = 32

// NewThrottle returns a throttle that lets perSecond operations start per
// second; 0 or less means no limit until the server answers 429, when the
// limit becomes half the rate observed until then.
func NewThrottle(perSecond float64) *Throttle {
	limit := rate.Inf
	if perSecond > 0 {
		limit = rate.Limit(perSecond)
	}
	return &Throttle{lim: rate.NewLimiter(limit, 1), max: limit}
}

// Wait blocks until an operation may start: after any pause, and when the
// bucket has a token. It returns ctx's error if ctx ends first.
func (t *Throttle) Wait(ctx context.Context) error {
	if err := t.waitPause(ctx); err != nil {
		return err
	}
	t.recover()
	if err := t.lim.Wait(ctx); err != nil {
		return err
	}
	// A pause may have begun while this one waited for its token.
	if err := t.waitPause(ctx); err != nil {
		return err
	}
	t.mu.Lock()
	if len(t.grants) == window {
		t.grants = t.grants[1:]
	}
	t.grants = append(t.grants, time.Now())
	t.mu.Unlock()
	return nil
}

func (t *Throttle) waitPause(ctx context.Context) error {
	for {
		t.mu.Lock()
		d := time.Until(t.pauseUntil)
		t.mu.Unlock()
		if d <= 0 {
			return nil
		}
		timer := time.NewTimer(d)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
	}
}

// Pause holds back every operation for at least d from now.
func (t *Throttle) Pause(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if until := time.Now().Add(d); until.After(t.pauseUntil) {
		t.pauseUntil = until
	}
}

// RateLimited records a 429: every operation pauses for retryAfter (or
// DefaultPause when the server named none and no pause is under way), and
// the rate halves. 429s that arrive together, from operations that were in
// flight at once, halve it only once.
func (t *Throttle) RateLimited(retryAfter time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	if retryAfter <= 0 && !now.Before(t.pauseUntil) {
		retryAfter = DefaultPause
	}
	if until := now.Add(retryAfter); until.After(t.pauseUntil) {
		t.pauseUntil = until
	}
	if now.Sub(t.lastSlow) < time.Second {
		return
	}
	t.lastSlow = now
	cur := t.lim.Limit()
	if cur == rate.Inf {
		cur = t.observed()
	}
	t.lim.SetLimit(max(cur/2, MinRate))
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
// since it last changed, up to the rate the throttle started with.
func (t *Throttle) recover() {
	t.mu.Lock()
	defer t.mu.Unlock()
	cur := t.lim.Limit()
	if cur >= t.max || time.Since(t.lastSlow) < RecoverEvery {
		return
	}
	t.lastSlow = time.Now()
	t.lim.SetLimit(min(cur*5/4, t.max))
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
	if err := tt.t.waitPause(req.Context()); err != nil {
		return nil, err
	}
	resp, err := tt.next.RoundTrip(req)
	if err == nil && resp.StatusCode == http.StatusTooManyRequests {
		tt.t.RateLimited(RetryAfter(resp.Header.Get("Retry-After")))
	}
	return resp, err
}

// RetryAfter reads a Retry-After value in seconds or as an HTTP date; 0
// when there is none or it cannot be read.
func RetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(time.Until(at), 0)
	}
	return 0
}

// pauseLeft is how long the pause under way still holds operations back.
func (t *Throttle) pauseLeft() time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return time.Until(t.pauseUntil)
}
