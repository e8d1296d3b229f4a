package bulk

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// The generic engine, as promo report uses it: concurrent reads, results
// in input order, 429 retried.
func TestRunReads(t *testing.T) {
	var mu sync.Mutex
	tries := map[int]int{}
	items := []int{1, 2, 3, 4, 5, 6, 7, 8}
	th := NewThrottle(0)
	res, err := Run(context.Background(), items, func(_ context.Context, n int) (int, error) {
		mu.Lock()
		tries[n]++
		first := tries[n] == 1
		mu.Unlock()
		if n == 3 && first {
			return 0, &rateLimited{}
		}
		if n == 5 {
			return 0, errors.New("statistics of promo 5: permission denied")
		}
		return n * n, nil
	}, Options{Throttle: th, Classify: func(err error) (Class, time.Duration) {
		if errors.As(err, new(*rateLimited)) {
			return ClassRateLimited, 10 * time.Millisecond
		}
		return ClassifyRead(err)
	}})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res {
		n := items[i]
		switch {
		case n == 5 && (r.Outcome != Failed || r.Err == nil):
			t.Errorf("item 5 = %+v, want failed", r)
		case n != 5 && (r.Outcome != Done || r.Value != n*n):
			t.Errorf("item %d = %+v, want done with %d", n, r, n*n)
		}
	}
	if tries[3] != 2 {
		t.Errorf("the rate-limited read was tried %d times, want 2", tries[3])
	}
}

type rateLimited struct{}

func (*rateLimited) Error() string { return "rate limited" }
