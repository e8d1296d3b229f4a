package bulk

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// TestOptionsRetryIsTheEngines: the engine tries an item answered 429
// again as Options.Retry says (RateRetries), its throttle pauses for the
// policy's Pause after a 429 that names no Retry-After, and a Retry-After
// beyond the policy's MaxRetryAfter (and OpTimeout) ends the run; the
// policy's knobs left unset are api.DefaultRetryPolicy's.
func TestOptionsRetryIsTheEngines(t *testing.T) {
	limited := &api.Error{Status: 429, Title: "too many requests"}
	run := func(t *testing.T, p api.RetryPolicy, classify Classifier) (calls int32, res Result[int], sleeps []time.Duration, err error) {
		t.Helper()
		clk := &fakeClock{}
		th := NewThrottleClock(0, clk.Now, clk.Sleep)
		var n atomic.Int32
		results, err := Run(context.Background(), []int{1}, func(context.Context, int) (int, error) {
			n.Add(1)
			return 0, limited
		}, clk.on(Options{Concurrency: 1, Throttle: th, Classify: classify, OpTimeout: 30 * time.Second, Retry: p}))
		// The fake clock is the real one plus what it slept: a pause is a
		// little shorter than asked by the time that passed.
		for _, d := range clk.sleeps() {
			sleeps = append(sleeps, d.Round(100*time.Millisecond))
		}
		return n.Load(), results[0], sleeps, err
	}

	t.Run("RateRetries and Pause", func(t *testing.T) {
		calls, res, sleeps, err := run(t, api.RetryPolicy{RateRetries: 2, Pause: 7 * time.Second}, nil)
		if err != nil || calls != 3 || res.Outcome != Failed || !errors.Is(res.Err, limited) {
			t.Errorf("Run = %+v, %v after %d calls; want the 429 Failed after 3 calls (RateRetries 2)", res, err, calls)
		}
		if want := []time.Duration{7 * time.Second, 7 * time.Second}; !slices.Equal(sleeps, want) {
			t.Errorf("the throttle paused %v, want %v (the policy's Pause before each retry)", sleeps, want)
		}
	})
	t.Run("unset is the default", func(t *testing.T) {
		d := api.DefaultRetryPolicy()
		calls, _, sleeps, _ := run(t, api.RetryPolicy{}, nil)
		if calls != int32(d.RateRetries)+1 || len(sleeps) != d.RateRetries || sleeps[0] != d.Pause {
			t.Errorf("%d calls, pauses %v; want %d calls, %d pauses of %v", calls, sleeps, d.RateRetries+1, d.RateRetries, d.Pause)
		}
	})
	t.Run("MaxRetryAfter", func(t *testing.T) {
		twoMinutes := func(error) (Class, time.Duration) { return ClassRateLimited, 2 * time.Minute }
		calls, res, sleeps, err := run(t, api.RetryPolicy{MaxRetryAfter: time.Minute}, twoMinutes)
		var re *RetryAfterError
		if !errors.As(err, &re) || re.Max != time.Minute || re.Wait.Round(time.Second) != 2*time.Minute {
			t.Fatalf("Run = %v, want a *RetryAfterError: 2m asked, 1m waited for", err)
		}
		if calls != 1 || res.Outcome != NotStarted || len(sleeps) != 0 {
			t.Errorf("%d calls, %+v, pauses %v; want 1 call, not started, no pause", calls, res, sleeps)
		}
		// The default waits for the 2 minutes.
		calls, _, sleeps, err = run(t, api.RetryPolicy{RateRetries: 1}, twoMinutes)
		if err != nil || calls != 2 || !slices.Equal(sleeps, []time.Duration{2 * time.Minute}) {
			t.Errorf("default MaxRetryAfter: %v after %d calls, pauses %v; want 2 calls after a 2m pause", err, calls, sleeps)
		}
	})
}
