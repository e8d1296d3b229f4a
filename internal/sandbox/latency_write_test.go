package sandbox

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// A write whose client gives up while it waits out --latency is carried
// out all the same, every time: 20 creates at once, each client leaving
// (its context cancelled) while its handler waits, and the list read
// after every handler has ended has all 20. The wait is the test's, not
// the clock's: each client leaves while its handler is waiting, then the
// wait ends, whatever the machine's speed.
func TestLatencyWriteOutlivesItsClient(t *testing.T) {
	const n = 20
	s := openTestStore(t)
	h := NewHandler(s, HandlerOptions{Faults: Faults{Latency: 600 * time.Millisecond}}).(*handler)
	waits := make(chan chan time.Time, n)
	h.faults.after = func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		waits <- c
		return c
	}
	var wg sync.WaitGroup
	cancels := make([]context.CancelFunc, n)
	for i := range n {
		ctx, cancel := context.WithCancel(context.Background())
		cancels[i] = cancel
		req := httptest.NewRequest(http.MethodPost, "/v1/promo", strings.NewReader(fmt.Sprintf(`{"site_id":1,"code":"LATE%d"}`, i)))
		req.Header.Set("Authorization", "Bearer sandbox")
		req.Header.Set("X-Api-User-Id", "1")
		req = req.WithContext(ctx)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.ServeHTTP(httptest.NewRecorder(), req)
		}()
	}
	var elapsed []chan time.Time
	for range n {
		elapsed = append(elapsed, <-waits) // every handler waits
	}
	for _, cancel := range cancels {
		cancel() // every client gives up
	}
	for _, c := range elapsed {
		c <- time.Now() // the latency has passed
	}
	wg.Wait()
	have := listedCodes(t, s)
	for i := range n {
		if code := fmt.Sprintf("LATE%d", i); !have[code] {
			t.Errorf("%s is not stored: its client left during --latency", code)
		}
	}
	// A read whose client left is not served: it would change nothing.
}
