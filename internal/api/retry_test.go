package api

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"
)

// TestMaxRetryAfterIsThePolicys: the client waits for a Retry-After up to
// its policy's MaxRetryAfter (with no deadline to bound it), and answers
// the 429 at once beyond it; unset, it is the default's 5 minutes.
func TestMaxRetryAfterIsThePolicys(t *testing.T) {
	for _, tc := range []struct {
		name     string
		max      time.Duration
		requests int
		waited   []time.Duration
	}{
		{"a minute", time.Minute, 1, nil},
		{"unset: the default", 0, 2, []time.Duration{2 * time.Minute}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, s := serve(t, status(429, `{"title":"slow down","error":0,"code":429}`, "Retry-After", "120"), status(200, `[]`))
			var waited []time.Duration
			c, _ := newTestClient(t, srv.URL, func(o *Options) {
				o.Retry = RetryPolicy{Attempts: 3, MaxRetryAfter: tc.max,
					Wait: func(_ context.Context, d time.Duration) error { waited = append(waited, d); return nil }}
			})
			_, err := c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/v1/promo"})
			if s.count() != tc.requests || !slices.Equal(waited, tc.waited) {
				t.Errorf("Do = %v after %d requests and waits %v; want %d requests, waits %v", err, s.count(), waited, tc.requests, tc.waited)
			}
		})
	}
}

// TestRetryPolicyDefaults: a knob left unset is the default's, the
// attempts of a request with their back-off; OneAttempt keeps the rest.
func TestRetryPolicyDefaults(t *testing.T) {
	d := DefaultRetryPolicy()
	if d.Attempts != 3 {
		t.Errorf("DefaultRetryPolicy().Attempts = %d, want the contract's 3", d.Attempts)
	}
	got := RetryPolicy{RateRetries: 1}.WithDefaults()
	want := d
	want.RateRetries = 1
	if got.Wait != nil || got.Attempts != want.Attempts || got.BaseDelay != want.BaseDelay || got.MaxDelay != want.MaxDelay ||
		got.RateRetries != 1 || got.Pause != want.Pause || got.MaxRetryAfter != want.MaxRetryAfter {
		t.Errorf("WithDefaults = %+v, want %+v", got, want)
	}
	// With attempts, a zero back-off stays: retried at once.
	if got := (RetryPolicy{Attempts: 2}).WithDefaults(); got.Attempts != 2 || got.BaseDelay != 0 || got.MaxDelay != 0 || got.Pause != d.Pause {
		t.Errorf("WithDefaults of 2 attempts = %+v", got)
	}
	one := RetryPolicy{Attempts: 5, RateRetries: 2, Pause: time.Minute}.OneAttempt()
	if one.Attempts != 1 || one.RateRetries != 2 || one.Pause != time.Minute {
		t.Errorf("OneAttempt = %+v, want 1 attempt and the rest kept", one)
	}
}
