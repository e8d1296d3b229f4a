package sandbox

import (
	"context"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"golang.org/x/time/rate"
)

// Faults are bad conditions the sandbox can put on, to rehearse bulk work
// before running it on the live shop. The zero value puts on none.
type Faults struct {
	// RateLimit, when set, answers 429 with a Retry-After header (whole
	// seconds, at least 1) to requests beyond the rate: a token bucket
	// holding RateLimit.N tokens, refilled at N per RateLimit.Per, shared
	// by every request to the handler.
	RateLimit Rate
	// Latency is added to every request, before it is served, without
	// holding any lock: concurrent requests wait side by side. A write is
	// carried out after it even if its client has left meanwhile; a read
	// whose client left is not served.
	Latency time.Duration
	// DropAfterCreate is the fraction (0 to 1) of successful creates
	// (POST /v1/promo) that are stored and committed, and then answered
	// with nothing: the connection is closed (in-process: the request fails
	// as if the connection was lost after it was sent).
	DropAfterCreate float64
	// CreateLatency is added to every create (POST /v1/promo) on top of
	// Latency, after the request is read and before it is stored, while
	// reads stay fast. The create is carried out even if its client has
	// left meanwhile (a timeout, a kill -9): it lands late, as on a busy
	// server.
	CreateLatency time.Duration
	// ListLag leaves a promo code out of the list (GET /v1/promo) until
	// that long after this handler created it, like a list served from a
	// replica that lags behind the writes. The record itself
	// (GET /v1/promo/{id}) and the check that a code is free see it at
	// once.
	ListLag time.Duration
	// Rand returns a number in [0, 1) that decides which creates are
	// dropped: a create is dropped when Rand() < DropAfterCreate. Nil means
	// math/rand/v2. It is called concurrently.
	Rand func() float64
}

// MaxLatency is the largest Faults.Latency and Faults.CreateLatency: a
// server answers within its write timeout.
const MaxLatency = 10 * time.Second

// MaxListLag is the largest Faults.ListLag.
const MaxListLag = time.Minute

// Rate is a number of requests per unit of time; the zero Rate is no
// limit.
type Rate struct {
	N   int
	Per time.Duration
}

// ParseRate reads a rate such as "50/s" or "600/m" (also "/sec", "/min").
func ParseRate(s string) (Rate, error) {
	n, unit, ok := strings.Cut(strings.TrimSpace(s), "/")
	var per time.Duration
	switch strings.ToLower(strings.TrimSpace(unit)) {
	case "s", "sec", "second":
		per = time.Second
	case "m", "min", "minute":
		per = time.Minute
	}
	v, err := strconv.Atoi(strings.TrimSpace(n))
	if !ok || per == 0 || err != nil {
		return Rate{}, &RateError{Value: s}
	}
	if v < 1 || v > MaxRate {
		return Rate{}, &RateError{Value: s, OutOfRange: true}
	}
	return Rate{N: v, Per: per}, nil
}

// MaxRate is the most requests a rate limit allows per unit of time.
const MaxRate = 1_000_000

// RateError is a rate ParseRate cannot read: not N/s or N/m, or an N out
// of 1 to MaxRate.
type RateError struct {
	Value      string
	OutOfRange bool
}

func (e *RateError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *RateError) Message() i18n.Message {
	if e.OutOfRange {
		return i18n.M("sandbox.err.rate_range", "Value", e.Value, "Max", i18n.Number(MaxRate))
	}
	return i18n.M("sandbox.err.rate", "Value", e.Value)
}

// String is the rate as ParseRate reads it: "50/s", "600/m".
func (r Rate) String() string {
	if r.N == 0 {
		return "none"
	}
	if r.Per == time.Minute {
		return strconv.Itoa(r.N) + "/m"
	}
	if r.Per == time.Second {
		return strconv.Itoa(r.N) + "/s"
	}
	return strconv.Itoa(r.N) + "/" + r.Per.String()
}

// Validate checks that the faults make sense.
func (f Faults) Validate() error {
	if f.RateLimit.N < 0 || f.RateLimit.N > 0 && f.RateLimit.Per <= 0 {
		return i18n.NewError(0, "sandbox.err.not_a_rate", "N", f.RateLimit.N, "Per", f.RateLimit.Per)
	}
	if f.Latency < 0 || f.Latency > MaxLatency {
		return i18n.NewError(0, "sandbox.err.latency", "Value", f.Latency, "Max", MaxLatency)
	}
	if f.CreateLatency < 0 || f.CreateLatency > MaxLatency {
		return i18n.NewError(0, "sandbox.err.create_latency", "Value", f.CreateLatency, "Max", MaxLatency)
	}
	if f.ListLag < 0 || f.ListLag > MaxListLag {
		return i18n.NewError(0, "sandbox.err.list_lag", "Value", f.ListLag, "Max", MaxListLag)
	}
	if math.IsNaN(f.DropAfterCreate) || f.DropAfterCreate < 0 || f.DropAfterCreate > 1 {
		return i18n.NewError(0, "sandbox.err.drop", "Value", i18n.Number(f.DropAfterCreate))
	}
	return nil
}

// Active reports whether any fault is put on.
func (f Faults) Active() bool {
	return f.RateLimit.N > 0 || f.Latency > 0 || f.DropAfterCreate > 0 || f.CreateLatency > 0 || f.ListLag > 0
}

// faults is the running state of Faults in a handler.
type faults struct {
	Faults
	limiter *rate.Limiter

	mu     sync.Mutex
	recent map[int64]time.Time // under ListLag: promo id → when it was created

	// after is when a wait of d has passed (the latencies): time.After,
	// or a test's; now is the clock ListLag is counted on: time.Now, or a
	// test's.
	after func(d time.Duration) <-chan time.Time
	now   func() time.Time
}

func newFaults(f Faults) *faults {
	fs := &faults{Faults: f, after: time.After, now: time.Now}
	if f.RateLimit.N > 0 && f.RateLimit.Per > 0 {
		every := rate.Limit(float64(f.RateLimit.N) / f.RateLimit.Per.Seconds())
		fs.limiter = rate.NewLimiter(every, f.RateLimit.N)
	}
	if fs.Rand == nil {
		fs.Rand = rand.Float64
	}
	return fs
}

// admit takes a token for a request; without one it returns the whole
// seconds to wait for the next (at least 1) and false.
func (f *faults) admit(now time.Time) (retryAfter int, ok bool) {
	if f.limiter == nil {
		return 0, true
	}
	res := f.limiter.ReserveN(now, 1)
	d := res.DelayFrom(now)
	if d <= 0 {
		return 0, true
	}
	res.CancelAt(now)
	return max(1, int(math.Ceil(d.Seconds()))), false
}

// tooManyRequests is the answer beyond the rate limit.
func (f *faults) tooManyRequests(w http.ResponseWriter, retryAfter int) {
	w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
	writeError(w, newAPIError(http.StatusTooManyRequests, KindUnknown,
		"too many requests: the sandbox's rate limit is %s; retry after %ds", f.RateLimit, retryAfter))
}

// delay waits for the latency; it reports false when ctx ended first.
func (f *faults) delay(ctx context.Context) bool {
	if f.Latency <= 0 {
		return true
	}
	select {
	case <-f.after(f.Latency):
		return true
	case <-ctx.Done():
		return false
	}
}

// drop decides whether to drop the answer to a successful create.
func (f *faults) drop() bool {
	return f.DropAfterCreate > 0 && f.Rand() < f.DropAfterCreate
}

// createDelay waits for CreateLatency, whether the client stays or not.
func (f *faults) createDelay() {
	if f.CreateLatency > 0 {
		<-f.after(f.CreateLatency)
	}
}

// created notes, under ListLag, that the promo code id was created now.
func (f *faults) created(id int64, now time.Time) {
	if f.ListLag <= 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.recent == nil {
		f.recent = map[int64]time.Time{}
	}
	f.recent[id] = now
}

// lagging reports, under ListLag, the promo codes created less than
// ListLag before now, which the list leaves out; it forgets older ones.
func (f *faults) lagging(now time.Time) map[int64]bool {
	if f.ListLag <= 0 {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[int64]bool{}
	for id, at := range f.recent {
		if now.Sub(at) < f.ListLag {
			out[id] = true
		} else {
			delete(f.recent, id)
		}
	}
	return out
}
