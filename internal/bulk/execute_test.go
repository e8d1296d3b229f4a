package bulk

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/promoctl/promoctl/internal/promo"
)

func newJob(t *testing.T, ops []Op) *Journal {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jobs", "job.jsonl")
	enabled := true
	j, err := Create(path, Header{Job: "test", Kind: "generate", SiteID: 1,
		Template: &promo.CreateBody{UserID: 1, IsEnabled: &enabled}}, ops)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

// assertAllCreatedOnce checks that every code is on the fake site, was
// POSTed exactly once (or as often as want says), and that the journal
// says created with the site's id.
func assertAllCreated(t *testing.T, f *fakeAPI, j *Journal, cs []string, wantPosts map[string]int) {
	t.Helper()
	_, posts, _ := f.counts()
	for _, c := range cs {
		want := 1
		if n, ok := wantPosts[c]; ok {
			want = n
		}
		if posts[c] != want {
			t.Errorf("code %s POSTed %d times, want %d", c, posts[c], want)
		}
	}
	for _, it := range j.Items() {
		id, ok := f.id(it.Code)
		if !ok || it.State != StateCreated || it.ID != id {
			t.Errorf("item %s: journal %s id %d; site has it: %v, id %d", it.Code, it.State, it.ID, ok, id)
		}
	}
	// The journal on disk says the same as the one in memory.
	fh, err := os.Open(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	_, items, err := Read(fh)
	if err != nil {
		t.Fatalf("Read(journal): %v", err)
	}
	for i, it := range items {
		if !reflect.DeepEqual(it, j.Items()[i]) {
			t.Errorf("journal on disk item %d = %+v, in memory %+v", i, it, j.Items()[i])
		}
	}
}

func TestAtMostConcurrencyCreatesInFlight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		f.delay = 20 * time.Millisecond
		cs := codes(40)
		j := newJob(t, CreateOps(cs))
		th := NewThrottle(0)
		var mu sync.Mutex
		var last Progress
		calls := 0
		sum, err := Execute(context.Background(), f.client(th), j, Options{Concurrency: 4, Throttle: th,
			Progress: func(p Progress) { mu.Lock(); last = p; calls++; mu.Unlock() }})
		if err != nil || !sum.OK() || sum.Created != 40 {
			t.Fatalf("Execute = %+v, %v; want 40 created", sum, err)
		}
		lists, _, high := f.counts()
		if high > 4 || high < 2 {
			t.Errorf("at most %d creates were in flight at once, want 2 to 4", high)
		}
		if lists != 0 {
			t.Errorf("the list was read %d times; nothing needed settling", lists)
		}
		if calls != 40 || last.Finished != 40 || last.Total != 40 || last.Rate <= 0 {
			t.Errorf("progress called %d times, last %+v; want 40 calls ending at 40/40", calls, last)
		}
		assertAllCreated(t, f, j, cs, nil)
	})
}

func TestRateLimitPausesEveryWorkerForRetryAfterAndRetries(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		f.delay = 5 * time.Millisecond
		var limitedAt time.Time
		var limitedCode string
		f.fault = func(w http.ResponseWriter, code string, n int) bool {
			f.mu.Lock()
			defer f.mu.Unlock()
			if limitedCode != "" {
				return false
			}
			limitedCode, limitedAt = code, time.Now()
			w.Header().Set("Retry-After", "2") // longer than the policy's Pause
			apiError(w, http.StatusTooManyRequests, 0, "too many requests")
			return true
		}
		cs := codes(12)
		j := newJob(t, CreateOps(cs))
		th := NewThrottle(0)
		start := time.Now()
		sum, err := Execute(context.Background(), f.client(th), j, Options{Concurrency: 4, Throttle: th})
		if err != nil || sum.Created != 12 {
			t.Fatalf("Execute = %+v, %v; want 12 created", sum, err)
		}
		if time.Since(start) < 1800*time.Millisecond {
			t.Errorf("the job took %s; Retry-After: 2 was not waited for", time.Since(start))
		}
		f.mu.Lock()
		var during, after []time.Duration
		for _, at := range f.postAt {
			d := at.Sub(limitedAt)
			switch {
			case d > 100*time.Millisecond && d < 1800*time.Millisecond:
				during = append(during, d)
			case d >= 1800*time.Millisecond:
				after = append(after, d)
			}
		}
		f.mu.Unlock()
		if len(during) > 0 {
			t.Errorf("creates arrived %v after the 429; every worker should have paused for 2s", during)
		}
		if len(after) == 0 {
			t.Error("no create arrived after the pause")
		}
		assertAllCreated(t, f, j, cs, map[string]int{limitedCode: 2})
		if th.Limit() > 1e9 {
			t.Errorf("the throttle's rate is %v after a 429; want it lowered", th.Limit())
		}
	})
}

func TestUnknownOutcomesAreSettledByOneListRead(t *testing.T) {
	f := newFakeAPI(t)
	cs := codes(10)
	dropped, stored500, lost500 := cs[2], cs[5], cs[7]
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		switch {
		case code == dropped && n == 1:
			f.dropAfterStore(w, code) // created, answer lost
		case code == stored500 && n == 1:
			f.store(code) // created, then a server error
			apiError(w, http.StatusInternalServerError, 0, "unknown error")
		case code == lost500 && n == 1:
			apiError(w, http.StatusBadGateway, 0, "bad gateway") // not created
		default:
			return false
		}
		return true
	}
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	clk := &fakeClock{}
	sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Concurrency: 4, Throttle: th, OpTimeout: 5 * time.Second}))
	if err != nil || sum.Created != 10 || !sum.OK() {
		t.Fatalf("Execute = %+v, %v; want 10 created", sum, err)
	}
	// One read settles the two the list shows; the one it does not show
	// is called absent only on a read --timeout after its attempt.
	lists, _, _ := f.counts()
	if lists != 2 {
		t.Errorf("the list was read %d times to settle 3 unknown outcomes, want twice (all, then the absent one after the delay)", lists)
	}
	if sl := clk.sleeps(); len(sl) != 1 || sl[0] <= 4*time.Second || sl[0] > 5*time.Second {
		t.Errorf("Execute slept %v, want once until 5s after the unknown attempt", sl)
	}
	// The two that were created are never sent again; the one that was
	// not is sent once more after the list showed it missing.
	assertAllCreated(t, f, j, cs, map[string]int{lost500: 2})
	journal, _ := os.ReadFile(j.Path())
	if n := strings.Count(string(journal), `"settled":true`); n != 3 {
		t.Errorf("journal has %d settled lines, want 3:\n%s", n, journal)
	}
}

// A process killed (kill -9) after some creates were sent: one was created
// and recorded, one was created but its outcome never written, one was sent
// but never reached the server, and the last line is half written. Resuming
// settles with one list read and ends with every code created once.
func TestResumeAfterKillCreatesEachCodeOnce(t *testing.T) {
	f := newFakeAPI(t)
	cs := codes(12)
	j := newJob(t, CreateOps(cs))
	for i := range 5 {
		if err := j.record(entry{T: "sent", I: i}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 { // created and recorded
		if err := j.record(entry{T: "created", I: i, ID: f.store(cs[i])}); err != nil {
			t.Fatal(err)
		}
	}
	f.store(strings.ToLower(cs[3])) // created, outcome lost (the site's case differs)
	path := j.Path()
	j.Close()
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	fh.WriteString(`{"t":"created","i":3,"id":`) // torn by the kill
	fh.Close()

	j, err = Open(path)
	if err != nil {
		t.Fatalf("Open(torn journal): %v", err)
	}
	defer j.Close()
	if got := j.Items()[3].State; got != StateSent {
		t.Fatalf("item 3 after replay is %s, want sent (its torn outcome dropped)", got)
	}
	th := NewThrottle(0)
	clk := &fakeClock{ahead: time.Minute} // resumed a minute after the kill
	sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Concurrency: 3, Throttle: th, OpTimeout: 30 * time.Second}))
	if err != nil || sum.Created != 12 || !sum.OK() {
		t.Fatalf("resumed Execute = %+v, %v; want 12 created", sum, err)
	}
	lists, _, _ := f.counts()
	if lists != 1 || len(clk.sleeps()) != 0 {
		t.Errorf("resume read the list %d times and slept %v, want once and no sleep", lists, clk.sleeps())
	}
	want := map[string]int{cs[0]: 0, cs[1]: 0, cs[2]: 0, cs[3]: 0}
	assertAllCreated(t, f, j, cs, want)
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), `"id":{`) || strings.Contains(string(data), `"id":`+"\n") {
		t.Errorf("the torn line was not dropped:\n%s", data)
	}
}

func TestCancelLetsRequestsInFlightFinish(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		release := make(chan struct{})
		started := make(chan string, 10)
		f.fault = func(w http.ResponseWriter, code string, n int) bool {
			started <- code
			<-release
			return false
		}
		cs := codes(10)
		j := newJob(t, CreateOps(cs))
		ctx, cancel := context.WithCancel(context.Background())
		th := NewThrottle(0)
		type ret struct {
			s   Summary
			err error
		}
		done := make(chan ret)
		go func() {
			s, err := Execute(ctx, f.client(th), j, Options{Concurrency: 2, Throttle: th})
			done <- ret{s, err}
		}()
		<-started
		<-started
		cancel() // Ctrl-C with two creates in flight
		// Every goroutine of the job has seen it and waits: the two
		// creates in flight on release, nothing else started.
		synctest.Wait()
		close(release)
		r := <-done
		if !errors.Is(r.err, context.Canceled) {
			t.Errorf("Execute error = %v, want context.Canceled", r.err)
		}
		if r.s.Created != 2 || r.s.NotStarted != 8 || r.s.Unknown != 0 {
			t.Errorf("summary = %+v; want the 2 in flight created, 8 not started", r.s)
		}
		_, posts, _ := f.counts()
		if len(posts) != 2 {
			t.Errorf("%d codes were POSTed after Ctrl-C with 2 in flight: %v", len(posts), posts)
		}
		fh, _ := os.Open(j.Path())
		defer fh.Close()
		_, items, err := Read(fh)
		if err != nil {
			t.Fatal(err)
		}
		created := 0
		for _, it := range items {
			switch it.State {
			case StateCreated:
				created++
			case StatePlanned:
			default:
				t.Errorf("item %s is %s in the journal; want created or planned", it.Code, it.State)
			}
		}
		if created != 2 {
			t.Errorf("journal has %d created, want 2", created)
		}
	})
}

// A request still hanging when the grace period ends is cancelled and left
// unknown; resuming settles it by the list and sends it only then. In a
// bubble, so that the grace runs on its clock.
func TestGracePeriodBoundsRequestsInFlight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newBubbleAPI(t)
		started := make(chan struct{}, 1)
		late := make(chan struct{})
		f.fault = func(w http.ResponseWriter, code string, n int) bool {
			if n == 1 {
				started <- struct{}{}
				<-late // answers only after the grace has run out
				apiError(w, http.StatusServiceUnavailable, 0, "late")
				return true
			}
			return false
		}
		cs := codes(1)
		j := newJob(t, CreateOps(cs))
		ctx, cancel := context.WithCancel(context.Background())
		th := NewThrottle(0)
		go func() { <-started; cancel() }()
		begin := time.Now()
		sum, err := Execute(ctx, f.client(th), j, Options{Concurrency: 1, Throttle: th, Grace: 200 * time.Millisecond})
		if !errors.Is(err, context.Canceled) || sum.Unknown != 1 {
			t.Fatalf("Execute = %+v, %v; want 1 unknown and context.Canceled", sum, err)
		}
		if el := time.Since(begin); el != 200*time.Millisecond {
			t.Errorf("Execute returned after %s of the bubble's time; the grace was 200ms", el)
		}
		close(late)
		clk := &fakeClock{}
		sum, err = Execute(context.Background(), f.client(th), j, clk.on(Options{Throttle: th}))
		if err != nil || sum.Created != 1 {
			t.Fatalf("resumed Execute = %+v, %v; want 1 created", sum, err)
		}
		// Resumed at once: absent on the first read, but sent again only
		// after a read DefaultSettleDelay after the attempt.
		lists, _, _ := f.counts()
		if sl := clk.sleeps(); lists != 2 || len(sl) != 1 || sl[0] > DefaultSettleDelay || sl[0] < DefaultSettleDelay-5*time.Second {
			t.Errorf("list read %d times, slept %v; want twice, with one wait of about %s between", lists, sl, DefaultSettleDelay)
		}
		assertAllCreated(t, f, j, cs, map[string]int{cs[0]: 2})
	})
}

// A code someone else took meanwhile is refused by the server: failed,
// sent once, and tried again only on resume.
func TestRefusedCreateFails(t *testing.T) {
	f := newFakeAPI(t)
	cs := codes(3)
	f.store(cs[1])
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	sum, err := Execute(context.Background(), f.client(th), j, Options{Throttle: th})
	if err != nil || sum.Created != 2 || sum.Failed != 1 || sum.OK() {
		t.Fatalf("Execute = %+v, %v; want 2 created, 1 failed", sum, err)
	}
	it := j.Items()[1]
	if it.State != StateFailed || !strings.Contains(it.Reason, "conflict") {
		t.Errorf("item 1 = %+v; want failed with the server's reason", it)
	}
	if _, posts, _ := f.counts(); posts[cs[1]] != 1 {
		t.Errorf("the refused code was POSTed %d times, want once", posts[cs[1]])
	}
}

// Updates, disables and deletes of a plan (promo apply) run through the
// same journal.
func TestUpdateDisableDelete(t *testing.T) {
	f := newFakeAPI(t)
	a, b, c := f.store("AAA"), f.store("BBB"), f.store("CCC")
	f.mu.Lock()
	p := f.promos["BBB"]
	p.IsEnabled = true
	f.promos["BBB"] = p
	f.mu.Unlock()
	j := newJob(t, []Op{
		{Action: ActionUpdate, Code: "AAA", ID: a, Body: []byte(`{"bonus_amount":15}`)},
		{Action: ActionDisable, Code: "BBB", ID: b},
		{Action: ActionDelete, Code: "CCC", ID: c},
		{Action: ActionCreate, Code: "DDD"},
	})
	th := NewThrottle(0)
	sum, err := Execute(context.Background(), f.client(th), j, Options{Throttle: th})
	if err != nil || sum != (Summary{Created: 1, Updated: 2, Deleted: 1}) {
		t.Fatalf("Execute = %+v, %v", sum, err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.promos["AAA"].Amount != 15 || f.promos["BBB"].IsEnabled {
		t.Errorf("site after apply: %+v", f.promos)
	}
	if _, ok := f.promos["CCC"]; ok {
		t.Error("CCC was not deleted")
	}
}
