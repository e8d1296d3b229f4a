package bulk

import (
	"context"
	"errors"
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// Settling against servers that behave like real ones: a create stored
// after its client gave up, a list that lags behind a write, a server that
// checks a code's uniqueness when the create arrives. Those that time
// such things run in a synctest bubble (newBubbleAPI): the delays are
// exact, the order they give certain, and no test waits for them. Whatever they do,
// every code ends up on the site once and the journal says created.

// assertOnceEach checks that every code is stored on the site exactly once
// and the journal says created, with the site's id.
func assertOnceEach(t *testing.T, f *fakeAPI, j *Journal, sum Summary, err error) {
	t.Helper()
	n := len(j.Items())
	if err != nil || sum.Created != n || !sum.OK() {
		t.Errorf("Execute = %+v, %v; want all %d created", sum, err, n)
	}
	f.mu.Lock()
	for _, it := range j.Items() {
		if got := f.stores[strings.ToUpper(it.Code)]; got != 1 {
			t.Errorf("code %s was stored %d times, want once", it.Code, got)
		}
	}
	f.mu.Unlock()
	for _, it := range j.Items() {
		id, ok := f.id(it.Code)
		if !ok || it.State != StateCreated || it.ID != id {
			t.Errorf("item %s: journal %s id %d (%s); site has it: %v, id %d", it.Code, it.State, it.ID, it.Reason, ok, id)
		}
	}
}

// A create that lands after its client gave up (--timeout) is this job's:
// sent again, it is refused as existing, and the list settles it as
// created. Before, it was recorded failed, and no resume could finish the
// job.
func TestLateLandingCreateIsSettledNotFailed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		// A create is stored 200ms after it arrives, the first of each code
		// 300ms after: later than the client's timeout of 250ms, but before a
		// second attempt is.
		f.delay = 200 * time.Millisecond
		f.fault = func(w http.ResponseWriter, code string, n int) bool {
			if n == 1 {
				time.Sleep(100 * time.Millisecond)
			}
			return false
		}
		cs := codes(4)
		j := newJob(t, CreateOps(cs))
		th := NewThrottle(0)
		clk := &fakeClock{}
		sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Concurrency: 4, Throttle: th, OpTimeout: 250 * time.Millisecond}))
		assertOnceEach(t, f, j, sum, err)
		journal, _ := os.ReadFile(j.Path())
		if n := strings.Count(string(journal), `"settled":true`); n < len(cs) {
			t.Errorf("journal has %d settled lines, want at least %d:\n%s", n, len(cs), journal)
		}
		if strings.Contains(string(journal), `"t":"failed"`) {
			t.Errorf("journal records a failure:\n%s", journal)
		}
	})
}

// A server that checks uniqueness when a create arrives, stores it 250ms
// later, and whose list shows a write 100ms after that: a code sent again
// as soon as the list misses it would be stored twice. The engine reads
// the list for absence only --timeout after the unknown attempt.
func TestLaggingListNeverDuplicates(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		f.delay, f.checkOnArrival, f.listLag = 250*time.Millisecond, true, 100*time.Millisecond
		cs := codes(4)
		j := newJob(t, CreateOps(cs))
		th := NewThrottle(0)
		// The bubble's clock, the fake server's too.
		sum, err := Execute(context.Background(), f.client(th), j, Options{Concurrency: 4, Throttle: th, OpTimeout: 200 * time.Millisecond})
		assertOnceEach(t, f, j, sum, err)
		_, posts, _ := f.counts()
		for _, c := range cs {
			if posts[c] != 1 {
				t.Errorf("code %s was POSTed %d times; the first attempt was still landing", c, posts[c])
			}
		}
	})
}

// A create refused as existing (409, API error 10) after an attempt of
// unknown outcome is unknown, not failed: the list settles it.
func TestConflictAfterUnknownIsSettled(t *testing.T) {
	f := newFakeAPI(t)
	f.listLagReads = 2 // the list shows a code from the second read after it was stored
	cs := codes(3)
	lost := cs[1]
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		if code == lost && n == 1 {
			f.dropAfterStore(w, code)
			return true
		}
		return false
	}
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	clk := &fakeClock{}
	var waits []int
	o := clk.on(Options{Throttle: th, OpTimeout: time.Second, Waiting: func(n int, d time.Duration) {
		if d <= 0 || d > time.Second {
			t.Errorf("Waiting(%d, %s): want a wait of at most --timeout", n, d)
		}
		waits = append(waits, n)
	}})
	sum, err := Execute(context.Background(), f.client(th), j, o)
	assertOnceEach(t, f, j, sum, err)
	if len(waits) == 0 || waits[0] != 1 || len(waits) != len(clk.sleeps()) {
		t.Errorf("Waiting told of %v, slept %v; want it told of the 1 code before each sleep", waits, clk.sleeps())
	}
	if _, posts, _ := f.counts(); posts[lost] != 2 {
		t.Errorf("code %s POSTed %d times, want twice (the list missed it once)", lost, posts[lost])
	}
	journal, _ := os.ReadFile(j.Path())
	if !strings.Contains(string(journal), `"t":"unknown","i":1,`) || !strings.Contains(string(journal), "an earlier attempt of this job may have created it") {
		t.Errorf("the 409 is not recorded as unknown:\n%s", journal)
	}
}

// A journal of an older promoctl recorded such a 409 as failed; resuming
// it settles the code from the list instead of sending it again.
func TestResumeSettlesOldConflictAfterUnknown(t *testing.T) {
	f := newFakeAPI(t)
	cs := codes(2)
	j := newJob(t, CreateOps(cs))
	id := f.store(cs[0])
	for _, e := range []entry{
		{T: "sent", I: 0}, {T: "unknown", I: 0, Reason: "create promo CODE0000 on site 1: server error (HTTP 502 Bad Gateway)"},
		{T: "unsent", I: 0, Reason: "not on the site's list after an unknown outcome", Settled: true},
		{T: "sent", I: 0}, {T: "failed", I: 0, Reason: "create promo CODE0000 on site 1: conflict (API error 10: promo code already exists)"},
	} {
		if err := j.record(e); err != nil {
			t.Fatal(err)
		}
	}
	path := j.Path()
	j.Close()
	j, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	th := NewThrottle(0)
	sum, err := Execute(context.Background(), f.client(th), j, Options{Throttle: th})
	assertOnceEach(t, f, j, sum, err)
	if _, posts, _ := f.counts(); posts[cs[0]] != 0 {
		t.Errorf("the code the old journal failed was POSTed %d times, want none", posts[cs[0]])
	}
	if it := j.Items()[0]; it.ID != id {
		t.Errorf("item 0 = %+v, want the listed id %d", it, id)
	}
}

// A delete whose answer was lost, sent again into a 429, then answered
// 404, is deleted: the 429 ("unsent") does not forget the unknown outcome.
func TestDeleteLostThenRateLimitedThenNotFoundIsDeleted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		id := f.store("GONE1")
		f.delFault = func(w http.ResponseWriter, did int64, n int) bool {
			switch n {
			case 1: // deleted, answer lost
				delete(f.promos, "GONE1")
				f.hangUp(w)
			case 2:
				apiError(w, http.StatusTooManyRequests, 0, "too many requests")
			default:
				return false
			}
			return true
		}
		j := newJob(t, []Op{{Action: ActionDelete, Code: "GONE1", ID: id}})
		th := NewThrottle(0)
		sum, err := Execute(context.Background(), f.client(th), j, Options{Throttle: th})
		if err != nil || sum != (Summary{Deleted: 1}) {
			t.Errorf("Execute = %+v, %v; want 1 deleted", sum, err)
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.deletes[id] != 3 {
			t.Errorf("DELETEs sent: %d, want 3", f.deletes[id])
		}
	})
}

// A create answered 5xx in every round is failed with that reason, not
// "not sent".
func TestServerErrorEveryRoundKeepsItsReason(t *testing.T) {
	f := newFakeAPI(t)
	cs := codes(2)
	bad := cs[0]
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		if code != bad {
			return false
		}
		apiError(w, http.StatusBadGateway, 0, "")
		return true
	}
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	clk := &fakeClock{}
	sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Throttle: th, OpTimeout: time.Second}))
	if err != nil || sum != (Summary{Created: 1, Failed: 1, Unanswered: 1}) {
		t.Errorf("Execute = %+v, %v; want 1 created, 1 failed unanswered", sum, err)
	}
	it := j.Items()[0]
	if it.State != StateFailed || !it.Unanswered || !strings.Contains(it.Reason, "HTTP 502") || !strings.Contains(it.Reason, "the site's list does not show it") {
		t.Errorf("item %s = %s %q; want failed with the server's 502", it.Code, it.State, it.Reason)
	}
	if _, posts, _ := f.counts(); posts[bad] != MaxRounds {
		t.Errorf("code %s POSTed %d times, want %d (one per round)", bad, posts[bad], MaxRounds)
	}
}

// The settling read of the list is bounded by --timeout: a list that never
// answers ends the job with an error instead of hanging it.
func TestSettlingListReadHasTheTimeout(t *testing.T) {
	f := newFakeAPI(t)
	f.listHang = make(chan struct{})
	t.Cleanup(func() { close(f.listHang) }) // before the server closes
	cs := codes(1)
	j := newJob(t, CreateOps(cs))
	if err := j.record(entry{T: "sent", I: 0}); err != nil { // killed in flight
		t.Fatal(err)
	}
	th := NewThrottle(0)
	done := make(chan error, 1)
	go func() {
		_, err := Execute(context.Background(), f.client(th), j, Options{Throttle: th, OpTimeout: 200 * time.Millisecond})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "settle 1 promo code of unknown outcome") {
			t.Errorf("Execute error = %v; want the settling read's timeout", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Execute still waits for the list 3s on, with a timeout of 200ms")
	}
	if it := j.Items()[0]; it.State != StateSent {
		t.Errorf("item = %+v, want still sent (settled on resume)", it)
	}
}

// A Retry-After longer than max(--timeout, 5 minutes) ends the job as
// resumable, saying why, instead of waiting for hours.
func TestRetryAfterBeyondTheCapStopsTheJob(t *testing.T) {
	f := newFakeAPI(t)
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		w.Header().Set("Retry-After", "100000")
		apiError(w, http.StatusTooManyRequests, 0, "too many requests")
		return true
	}
	cs := codes(3)
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	done := make(chan struct {
		s   Summary
		err error
	}, 1)
	go func() {
		s, err := Execute(context.Background(), f.client(th), j, Options{Concurrency: 1, Throttle: th, OpTimeout: 30 * time.Second})
		done <- struct {
			s   Summary
			err error
		}{s, err}
	}()
	select {
	case r := <-done:
		var re *RetryAfterError
		if !errors.As(r.err, &re) || re.Max != api.DefaultRetryPolicy().MaxRetryAfter || re.Wait < 27*time.Hour {
			t.Errorf("Execute error = %v; want a *RetryAfterError of about 27h over a cap of 5m", r.err)
		} else if want := "stopped: the server asked to wait 27h46m40s before the next request (Retry-After), longer than the 5m0s promoctl waits"; r.err.Error() != want {
			t.Errorf("error = %q\nwant    %q", r.err, want)
		}
		if r.s != (Summary{NotStarted: 3}) {
			t.Errorf("summary = %+v, want 3 not started (a resume sends them)", r.s)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Execute still waits 3s after a Retry-After of 100000s")
	}
	if _, posts, _ := f.counts(); len(posts) != 1 {
		t.Errorf("POSTs after the 429: %v, want only the first", posts)
	}
}
