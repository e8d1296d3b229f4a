package api

import (
	"context"
	"math/rand/v2"
	"time"
)

// RetryPolicy is promoctl's one retry policy: every knob of how a run
// tries again what did not get through. The API client reads the first
// group (a request's attempts), the bulk engine the second (an item of a
// job answered 429, bulk.Options.Retry), both the last. A run has one,
// cmdutil.Options.Retry (DefaultRetryPolicy unless a test says otherwise),
// from which its clients and its bulk runs take theirs.
type RetryPolicy struct {
	// A request, retried by the API client (shouldRetry says which
	// answers):
	Attempts  int           // total attempts, including the first
	BaseDelay time.Duration // first back-off; doubled on each retry
	MaxDelay  time.Duration // cap of one back-off
	// Wait pauses d before the next attempt, or until ctx ends (then it
	// returns ctx's error); nil means a timer. Tests pass one that notes
	// d and returns at once, so that a Retry-After costs no wall time.
	Wait func(ctx context.Context, d time.Duration) error

	// An item of a bulk run, tried again by the engine:
	//
	// RateRetries is how often one item answered 429 is tried again
	// before it is Failed.
	RateRetries int
	// Pause is how long every operation of the run waits after a 429 that
	// names no Retry-After (the throttle's pause).
	Pause time.Duration

	// Both:
	//
	// MaxRetryAfter is the longest Retry-After waited for, unless the
	// command's --timeout is longer: a server asking for more ends the
	// request with its answer, and a bulk run with a
	// *bulk.RetryAfterError (the job can be resumed later).
	MaxRetryAfter time.Duration
}

// DefaultRetryPolicy is the contract's: at most 3 attempts of a request,
// with capped exponential back-off and jitter; an item answered 429 tried
// again up to 20 times, after a second's pause when the server names none;
// a Retry-After honoured up to 5 minutes.
func DefaultRetryPolicy() RetryPolicy {
	return RetryPolicy{
		Attempts: 3, BaseDelay: 250 * time.Millisecond, MaxDelay: 2 * time.Second,
		RateRetries: 20, Pause: time.Second,
		MaxRetryAfter: 5 * time.Minute,
	}
}

// WithDefaults is p with each knob it leaves unset (zero or less)
// DefaultRetryPolicy's. The attempts of a request and their back-off go
// together: without Attempts, BaseDelay and MaxDelay are the default's
// too; with Attempts, a zero back-off retries at once. Wait stays p's.
func (p RetryPolicy) WithDefaults() RetryPolicy {
	d := DefaultRetryPolicy()
	if p.Attempts <= 0 {
		p.Attempts, p.BaseDelay, p.MaxDelay = d.Attempts, d.BaseDelay, d.MaxDelay
	}
	if p.RateRetries <= 0 {
		p.RateRetries = d.RateRetries
	}
	if p.Pause <= 0 {
		p.Pause = d.Pause
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = d.MaxRetryAfter
	}
	return p
}

// OneAttempt is p for a client whose requests are retried by whoever
// sends them (the bulk engine's writes, which it tries again after a 429
// or settles when their outcome is unknown): each sent once, the rest as p.
func (p RetryPolicy) OneAttempt() RetryPolicy {
	p.Attempts = 1
	return p
}

// backoff is capped exponential back-off with jitter, the pause after
// attempt when the server named none: a random duration between half and
// all of min(MaxDelay, BaseDelay·2^(attempt-1)).
func (p RetryPolicy) backoff(attempt int) time.Duration {
	d := p.BaseDelay << (attempt - 1)
	if d > p.MaxDelay || d <= 0 {
		d = p.MaxDelay
	}
	half := d / 2
	if half <= 0 {
		return d
	}
	return half + rand.N(half+1)
}
