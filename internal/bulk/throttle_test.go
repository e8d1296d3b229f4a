package bulk

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// simClock is simulated time for one goroutine: Sleep moves it on at once.
type simClock struct{ now time.Time }

func (c *simClock) Now() time.Time { return c.now }

func (c *simClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.now = c.now.Add(d)
	return nil
}

// simServer answers each request after latency of simulated time: 429
// with Retry-After: 1 when shed says so, 200 otherwise.
type simServer struct {
	clock       *simClock
	latency     time.Duration
	shed        func(now time.Time) bool
	ok, tooMany int
}

func (s *simServer) RoundTrip(*http.Request) (*http.Response, error) {
	s.clock.now = s.clock.now.Add(s.latency)
	resp := &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(""))}
	if s.shed(s.clock.now) {
		s.tooMany++
		resp.StatusCode = http.StatusTooManyRequests
		resp.Header.Set("Retry-After", "1")
		return resp, nil
	}
	s.ok++
	return resp, nil
}

// simRun does n operations one at a time through the throttle and its
// transport, as Run does: each waits for the throttle, and an answer 429
// is tried again after the pause. It returns the simulated time taken and
// the lowest rate seen.
func simRun(t *testing.T, th *Throttle, srv *simServer, n int) (time.Duration, float64) {
	t.Helper()
	ctx := context.Background()
	tr := th.Transport(srv)
	req, _ := http.NewRequest(http.MethodGet, "http://sim.invalid/v1/promo", nil)
	start := srv.clock.now
	lowest := th.Limit()
	var weighted float64 // the rate, integrated over simulated time
	last := start
	for range n {
		for attempt := 0; ; attempt++ {
			if attempt > 1000 {
				t.Fatal("an operation was refused 1000 times")
			}
			if err := th.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			resp, err := tr.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			lowest = min(lowest, th.Limit())
			weighted += th.Limit() * srv.clock.now.Sub(last).Seconds()
			last = srv.clock.now
			if resp.StatusCode != http.StatusTooManyRequests {
				break
			}
			th.RateLimited(0) // as Run does: the pause is under way
		}
	}
	simMean = weighted / srv.clock.now.Sub(start).Seconds()
	return srv.clock.now.Sub(start), lowest
}

// simMean is the time-weighted mean rate of the last simRun.
var simMean float64

func newSim(perSecond float64, latency time.Duration, shed func(time.Time) bool) (*Throttle, *simServer) {
	c := &simClock{now: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
	return newThrottle(perSecond, c), &simServer{clock: c, latency: latency, shed: shed}
}

// TestThrottleSurvivesRandomShedding: 20% of the answers are 429s that the
// rate did not cause (random load shedding). Every Retry-After is waited
// out, but the rate stays near the configured 50/s instead of sinking to
// nothing: 2,000 reads take about the time of their pauses.
func TestThrottleSurvivesRandomShedding(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	th, srv := newSim(50, 5*time.Millisecond, func(time.Time) bool { return rnd.Float64() < 0.2 })
	took, lowest := simRun(t, th, srv, 2000)
	// Each 429 pauses for its Retry-After of 1 s, and 2000 requests at
	// 50/s take 40 s.
	budget := time.Duration(srv.tooMany)*time.Second + 40*time.Second
	mean := simMean
	t.Logf("2000 reads, %d 429s: %s simulated (budget %s), rate lowest %.1f/s, mean %.1f/s", srv.tooMany, took, budget, lowest, mean)
	if took > budget*11/10 {
		t.Errorf("2000 reads with 20%% shed took %s of simulated time, want at most %s", took, budget*11/10)
	}
	if lowest < 25 || mean < 45 {
		t.Errorf("the rate fell to %.1f/s, %.1f/s on average; want never below half of 50/s, and near 50/s on average", lowest, mean)
	}
	if srv.tooMany < 300 {
		t.Errorf("only %d 429s: the simulation does not shed", srv.tooMany)
	}
}

// TestThrottleSurvivesHeavyShedding: 70% of the answers to 30 creates are
// 429s not of the rate's doing; the job ends in a bounded time, the one its
// Retry-After pauses take, not minutes at a collapsed rate.
func TestThrottleSurvivesHeavyShedding(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	th, srv := newSim(0, 20*time.Millisecond, func(time.Time) bool { return rnd.Float64() < 0.7 })
	took, lowest := simRun(t, th, srv, 30)
	budget := time.Duration(srv.tooMany)*time.Second*12/10 + 10*time.Second
	t.Logf("30 creates, %d 429s: %s simulated (budget %s), lowest rate %.2f/s, final %v", srv.tooMany, took, budget, lowest, th.Limit())
	if took > budget {
		t.Errorf("30 creates with 70%% shed took %s of simulated time, want at most %s", took, budget)
	}
}

// TestThrottleBacksOffFromAQuota: when the 429s are the rate's doing (a
// quota of 10 requests a second), the throttle still backs off: most
// requests succeed, at about the quota.
func TestThrottleBacksOffFromAQuota(t *testing.T) {
	quota := rate.NewLimiter(10, 10)
	th, srv := newSim(0, 5*time.Millisecond, func(now time.Time) bool { return !quota.AllowN(now, 1) })
	took, _ := simRun(t, th, srv, 500)
	goodput := float64(srv.ok) / took.Seconds()
	t.Logf("500 reads under a quota of 10/s: %s simulated, %d 429s, %.1f/s, rate %.1f/s", took, srv.tooMany, goodput, th.Limit())
	if goodput < 7 || goodput > 11 {
		t.Errorf("%.1f reads a second under a quota of 10/s, want close to 10", goodput)
	}
	if share := float64(srv.tooMany) / float64(srv.tooMany+srv.ok); share > 0.15 {
		t.Errorf("%.0f%% of the answers were 429s; the throttle did not back off", share*100)
	}
}

// TestThrottleKeepsACutThatHelps: a cut of the rate after which the 429s
// stop is kept; one after which they go on as before is undone.
func TestThrottleKeepsACutThatHelps(t *testing.T) {
	th, srv := newSim(40, 5*time.Millisecond, nil)
	limited := true
	srv.shed = func(time.Time) bool { return false }
	for range window {
		th.answered(false, 0, srv.clock.now, false)
	}
	th.answered(true, time.Second, srv.clock.now, false)
	if th.Limit() != 20 {
		t.Fatalf("rate after a 429 = %v, want 20", th.Limit())
	}
	srv.clock.now = srv.clock.now.Add(2 * time.Second)
	for range trialAnswers {
		th.answered(false, 0, srv.clock.now, false)
	}
	if th.Limit() != 20 {
		t.Errorf("rate after the 429s stopped = %v, want the cut kept at 20", th.Limit())
	}
	// The same again, but the 429s go on at the same share: undone.
	th2, srv2 := newSim(40, 5*time.Millisecond, nil)
	for i := range window {
		th2.answered(i%4 == 0, time.Second, srv2.clock.now, false)
	}
	if th2.Limit() != 20 {
		t.Fatalf("rate after the first 429 = %v, want 20", th2.Limit())
	}
	srv2.clock.now = srv2.clock.now.Add(2 * time.Second)
	for i := range trialAnswers {
		limited = i%4 == 0
		th2.answered(limited, time.Second, srv2.clock.now, false)
	}
	if th2.Limit() != 40 {
		t.Errorf("rate after a cut that did not help = %v, want it back at 40", th2.Limit())
	}
	// and for a while a 429 does not cut it again
	th2.answered(true, time.Second, srv2.clock.now.Add(time.Minute), false)
	if th2.Limit() != 40 {
		t.Errorf("rate right after an undone cut = %v, want 40", th2.Limit())
	}
}
