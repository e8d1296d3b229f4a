package bulk

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// TestAlways429EndsTheJob: a server that answers every create 429 with a
// Retry-After that cannot be read (-5: one second each) ends the job
// after MaxRefused answers in a row, resumable (nothing created, nothing
// unknown), well within a minute of simulated time, instead of asking
// every code its policy's RateRetries times.
func TestAlways429EndsTheJob(t *testing.T) {
	f := newFakeAPI(t)
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		w.Header().Set("Retry-After", "-5")
		apiError(w, http.StatusTooManyRequests, 0, "too many requests")
		return true
	}
	clk := &fakeClock{}
	th := NewThrottleClock(0, clk.Now, clk.Sleep)
	j := newJob(t, CreateOps(codes(10)))
	start := clk.Now()
	sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Concurrency: 4, Throttle: th, OpTimeout: 30 * time.Second}))
	var re *RefusedError
	if !errors.As(err, &re) || re.N != DefaultMaxRefused {
		t.Fatalf("Execute = %v, want the circuit breaker's *RefusedError", err)
	}
	want := "stopped: the server answered the last 20 requests in a row with 429 (too many requests) or a server error, and none got through: it refuses every write now"
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	if sum != (Summary{NotStarted: 10}) {
		t.Errorf("summary %+v, want 10 not started: a resume sends them", sum)
	}
	_, posts, _ := f.counts()
	n := 0
	for _, c := range posts {
		n += c
	}
	if n < DefaultMaxRefused || n > DefaultMaxRefused+3 {
		t.Errorf("%d POSTs, want %d (and at most the 3 others in flight)", n, DefaultMaxRefused)
	}
	if took := clk.Now().Sub(start); took > time.Minute {
		t.Errorf("the job took %s of simulated time, want under a minute", took)
	}
}

// TestAnswerBetweenRefusalsResetsTheBreaker: 429s with creates that get
// through between them never trip the breaker.
func TestAnswerBetweenRefusalsResetsTheBreaker(t *testing.T) {
	f := newFakeAPI(t)
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		if n > 3 {
			return false // each code gets through on its fourth try
		}
		apiError(w, http.StatusTooManyRequests, 0, "too many requests")
		return true
	}
	clk := &fakeClock{}
	th := NewThrottleClock(0, clk.Now, clk.Sleep)
	j := newJob(t, CreateOps(codes(12)))
	o := clk.on(Options{Concurrency: 1, Throttle: th, OpTimeout: time.Second, MaxRefused: 5})
	sum, err := Execute(context.Background(), f.client(th), j, o)
	if err != nil || sum.Created != 12 {
		t.Errorf("Execute = %+v, %v; want all 12 created", sum, err)
	}
}

// TestHugeRetryAfterEndsTheJob: a Retry-After too large for a
// time.Duration (9223372037 s, 18446744074 s, twenty digits) is a wait
// beyond the cap, which ends the job as resumable; it never wraps around
// to a short or negative pause that the job would carry on after.
func TestHugeRetryAfterEndsTheJob(t *testing.T) {
	for _, v := range []string{"9223372037", "18446744074", "99999999999999999999"} {
		t.Run(v, func(t *testing.T) {
			f := newFakeAPI(t)
			f.fault = func(w http.ResponseWriter, code string, n int) bool {
				w.Header().Set("Retry-After", v)
				apiError(w, http.StatusTooManyRequests, 0, "too many requests")
				return true
			}
			clk := &fakeClock{}
			th := NewThrottleClock(0, clk.Now, clk.Sleep)
			j := newJob(t, CreateOps(codes(3)))
			sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Concurrency: 1, Throttle: th, OpTimeout: 30 * time.Second}))
			var re *RetryAfterError
			if !errors.As(err, &re) || re.Max != api.DefaultRetryPolicy().MaxRetryAfter {
				t.Fatalf("Execute = %v, want a *RetryAfterError", err)
			}
			if sum != (Summary{NotStarted: 3}) {
				t.Errorf("summary %+v", sum)
			}
			if _, posts, _ := f.counts(); len(posts) != 1 {
				t.Errorf("POSTs %v, want only the first", posts)
			}
		})
	}
}
