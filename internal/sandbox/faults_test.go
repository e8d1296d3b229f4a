package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseRate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Rate
		err  string
	}{
		{in: "50/s", want: Rate{50, time.Second}},
		{in: " 600 / m ", want: Rate{600, time.Minute}},
		{in: "5/sec", want: Rate{5, time.Second}},
		{in: "5/min", want: Rate{5, time.Minute}},
		{in: "50", err: "is not N/s or N/m"},
		{in: "50/h", err: "is not N/s or N/m"},
		{in: "x/s", err: "is not N/s or N/m"},
		{in: "0/s", err: "between 1 and"},
		{in: "-3/s", err: "between 1 and"},
	} {
		got, err := ParseRate(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseRate(%q) = %v, %v; want error %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if back, err := ParseRate(got.String()); err != nil || back != got {
			t.Errorf("ParseRate(%q.String() = %q) = %v, %v", tc.in, got.String(), back, err)
		}
	}
}

func TestFaultsValidate(t *testing.T) {
	for _, f := range []Faults{
		{Latency: -time.Millisecond},
		{Latency: MaxLatency + 1},
		{DropAfterCreate: 1.5},
		{DropAfterCreate: -0.1},
		{RateLimit: Rate{N: 5}},
		{CreateLatency: -time.Millisecond},
		{CreateLatency: MaxLatency + 1},
		{ListLag: -time.Millisecond},
		{ListLag: MaxListLag + 1},
	} {
		if err := f.Validate(); err == nil {
			t.Errorf("Validate(%+v) = nil, want an error", f)
		}
	}
	ok := Faults{RateLimit: Rate{50, time.Second}, Latency: 20 * time.Millisecond, DropAfterCreate: 0.05}
	if err := ok.Validate(); err != nil {
		t.Errorf("Validate(%+v) = %v", ok, err)
	}
	if !ok.Active() || (Faults{}).Active() {
		t.Errorf("Active: %v for %+v, %v for none", ok.Active(), ok, (Faults{}).Active())
	}
	slow := Faults{CreateLatency: 300 * time.Millisecond, ListLag: time.Second}
	if err := slow.Validate(); err != nil || !slow.Active() {
		t.Errorf("Validate(%+v) = %v, Active %v", slow, err, slow.Active())
	}
}

// fakeWait is a wait a handler asked its faults for: how long, and the
// channel the test says it has passed on.
type fakeWait struct {
	d      time.Duration
	passed chan time.Time
}

// faultHandler is a handler of a fresh sandbox with faults whose waits
// are the test's: each is sent on the channel returned, and lasts until
// the test says it has passed.
func faultHandler(t *testing.T, f Faults) (*handler, *Store, chan fakeWait) {
	t.Helper()
	s := openTestStore(t)
	h := NewHandler(s, HandlerOptions{Faults: f}).(*handler)
	waits := make(chan fakeWait, 10)
	h.faults.after = func(d time.Duration) <-chan time.Time {
		w := fakeWait{d, make(chan time.Time, 1)}
		waits <- w
		return w.passed
	}
	return h, s, waits
}

// serveAsync serves a request of user 1 on h in a goroutine; the channel
// gives its answer once the handler returns.
func serveAsync(ctx context.Context, h http.Handler, method, path, body string) <-chan *httptest.ResponseRecorder {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r).WithContext(ctx)
	req.Header.Set("Authorization", "Bearer sandbox")
	req.Header.Set("X-Api-User-Id", "1")
	done := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		done <- rec
	}()
	return done
}

// waitOf is the wait a request served on done asks for; a request
// answered without one fails t.
func waitOf(t *testing.T, waits <-chan fakeWait, done <-chan *httptest.ResponseRecorder) fakeWait {
	t.Helper()
	select {
	case w := <-waits:
		return w
	case rec := <-done:
		t.Fatalf("a create was answered (%d) without waiting", rec.Code)
		return fakeWait{}
	}
}

// TestCreateLatency: a create waits CreateLatency before it is stored,
// reads do not wait, and a create whose client gave up meanwhile is
// stored all the same.
func TestCreateLatency(t *testing.T) {
	const latency = 200 * time.Millisecond
	h, s, waits := faultHandler(t, Faults{CreateLatency: latency})
	ctx := context.Background()

	select {
	case w := <-waits:
		t.Fatalf("a list waited %s; only creates are slow", w.d)
	case rec := <-serveAsync(ctx, h, "GET", "/v1/promo?site_id=1", ""):
		if rec.Code != 200 {
			t.Fatalf("list: %d %s", rec.Code, rec.Body)
		}
	}

	done := serveAsync(ctx, h, "POST", "/v1/promo", `{"site_id":1,"code":"SLOW1"}`)
	w := waitOf(t, waits, done)
	if w.d != latency {
		t.Errorf("a create waited %s, want %s", w.d, latency)
	}
	if listedCodes(t, s)["SLOW1"] {
		t.Error("SLOW1 is stored before its latency has passed")
	}
	w.passed <- time.Now()
	if rec := <-done; rec.Code != 201 || !listedCodes(t, s)["SLOW1"] {
		t.Errorf("create: %d %s, stored: %v", rec.Code, rec.Body, listedCodes(t, s)["SLOW1"])
	}

	// The client leaves while the create waits; it is stored later.
	leave, cancel := context.WithCancel(ctx)
	done = serveAsync(leave, h, "POST", "/v1/promo", `{"site_id":1,"code":"LATE1"}`)
	w = waitOf(t, waits, done)
	cancel()
	if listedCodes(t, s)["LATE1"] {
		t.Error("LATE1 is stored as its client leaves; it should land later")
	}
	w.passed <- time.Now()
	<-done
	if !listedCodes(t, s)["LATE1"] {
		t.Error("LATE1 is not stored: its client left during --create-latency")
	}
}

// TestListLag: the list shows a new promo code only ListLag after its
// create was answered; the record and the check for a taken code see it at
// once. The lag is counted on the test's clock.
func TestListLag(t *testing.T) {
	const lag = 300 * time.Millisecond
	h, _, _ := faultHandler(t, Faults{ListLag: lag})
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	h.faults.now = func() time.Time { return now } // requests are served one at a time, below
	do := func(method, path, body string) (int, string, http.Header) {
		t.Helper()
		rec := <-serveAsync(context.Background(), h, method, path, body)
		return rec.Code, rec.Body.String(), rec.Header()
	}
	status, _, hdr := do("POST", "/v1/promo", `{"site_id":1,"code":"LAG1"}`)
	if status != 201 {
		t.Fatalf("create: %d", status)
	}
	if status, body, _ := do("GET", "/v1/promo?site_id=1", ""); status != 200 || strings.Contains(body, "LAG1") || !strings.Contains(body, "WELCOME10") {
		t.Errorf("list at once: %d %.200s; want the seed codes without LAG1", status, body)
	}
	if status, body, _ := do("GET", hdr.Get("Location"), ""); status != 200 || !strings.Contains(body, "LAG1") {
		t.Errorf("the record at once: %d %s", status, body)
	}
	if status, _, _ := do("POST", "/v1/promo", `{"site_id":1,"code":"lag1"}`); status != 409 {
		t.Errorf("the same code again: %d, want 409", status)
	}
	now = now.Add(lag - time.Nanosecond)
	if _, body, _ := do("GET", "/v1/promo?site_id=1", ""); strings.Contains(body, "LAG1") {
		t.Errorf("LAG1 is listed before the lag of %s has passed", lag)
	}
	now = now.Add(time.Nanosecond)
	if _, body, _ := do("GET", "/v1/promo?site_id=1", ""); !strings.Contains(body, "LAG1") {
		t.Errorf("LAG1 is not listed once the lag of %s has passed", lag)
	}
}

// faultServer serves a fresh sandbox with faults over loopback HTTP.
func faultServer(t *testing.T, f Faults) (*httptest.Server, *Store, *syncBuffer) {
	t.Helper()
	s := openTestStore(t)
	log := &syncBuffer{}
	srv := httptest.NewServer(NewHandler(s, HandlerOptions{Log: log, Faults: f}))
	t.Cleanup(srv.Close)
	return srv, s, log
}

func sandboxRequest(t *testing.T, method, url, body string) *http.Request {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sandbox")
	req.Header.Set("X-Api-User-Id", "1")
	return req
}

// TestRateLimit: beyond the rate, requests answer 429 with Retry-After in
// whole seconds and the API's error body.
func TestRateLimit(t *testing.T) {
	for _, tc := range []struct {
		rate         Rate
		minRA, maxRA int
		description  string
	}{
		{Rate{3, time.Minute}, 19, 20, "3/m"},
		{Rate{3, time.Second}, 1, 1, "3/s"},
	} {
		t.Run(tc.description, func(t *testing.T) {
			srv, _, log := faultServer(t, Faults{RateLimit: tc.rate})
			client := srv.Client()
			for i := 0; i < 3; i++ {
				res, err := client.Do(sandboxRequest(t, "GET", srv.URL+"/v1/promo?site_id=1", ""))
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if res.StatusCode != 200 {
					t.Fatalf("request %d within the rate: %d", i+1, res.StatusCode)
				}
			}
			// Per minute the fourth request is refused; per second a slow
			// machine may earn a token meanwhile, so keep asking.
			var res *http.Response
			var body []byte
			for i := 0; i < 10; i++ {
				var err error
				res, err = client.Do(sandboxRequest(t, "POST", srv.URL+"/v1/promo", fmt.Sprintf(`{"site_id":1,"code":"OVER%d"}`, i)))
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode == http.StatusTooManyRequests || tc.rate.Per == time.Minute {
					break
				}
			}
			if res.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("request beyond the rate: %d %s", res.StatusCode, body)
			}
			ra, err := strconv.Atoi(res.Header.Get("Retry-After"))
			if err != nil || ra < tc.minRA || ra > tc.maxRA {
				t.Errorf("Retry-After %q, want %d to %d", res.Header.Get("Retry-After"), tc.minRA, tc.maxRA)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q", ct)
			}
			var e struct {
				Title *string `json:"title"`
				Error *int    `json:"error"`
				Code  *int    `json:"code"`
			}
			if err := json.Unmarshal(body, &e); err != nil || e.Title == nil || e.Error == nil || e.Code == nil || *e.Code != 429 || *e.Error != KindUnknown {
				t.Errorf("429 body %s, want {title, error: 0, code: 429}", body)
			}
			if !strings.Contains(*e.Title, "too many requests") || !strings.Contains(*e.Title, tc.description) {
				t.Errorf("429 title %q", *e.Title)
			}
			if !strings.Contains(log.String(), "POST /v1/promo 429 ") {
				t.Errorf("request log: %q", log.String())
			}
		})
	}
}

// TestRateLimitRefused: a create refused with 429 was not stored.
func TestRateLimitRefused(t *testing.T) {
	srv, s, _ := faultServer(t, Faults{RateLimit: Rate{1, time.Minute}})
	for i, want := range []int{201, 429} {
		res, err := srv.Client().Do(sandboxRequest(t, "POST", srv.URL+"/v1/promo", fmt.Sprintf(`{"site_id":1,"code":"RL%d"}`, i)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Fatalf("create %d: %d, want %d", i, res.StatusCode, want)
		}
	}
	items, err := s.listPromos(context.Background(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		if it.Code == "RL1" {
			t.Error("a create answered 429 was stored")
		}
	}
}

// TestLatency: every request waits for the latency, and concurrent
// requests, reads and writes alike, wait side by side rather than in turn.
func TestLatency(t *testing.T) {
	const latency, n = 100 * time.Millisecond, 16
	srv, _, _ := faultServer(t, Faults{Latency: latency})
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: n, MaxIdleConnsPerHost: n}}
	defer client.CloseIdleConnections()

	start := time.Now()
	res, err := client.Do(sandboxRequest(t, "GET", srv.URL+"/v1/promo?site_id=1", ""))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if d := time.Since(start); d < latency {
		t.Errorf("one request took %s, want at least the latency %s", d, latency)
	}

	start = time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := sandboxRequest(t, "GET", srv.URL+"/v1/promo?site_id=1", "")
			want := 200
			if i%2 == 0 {
				req = sandboxRequest(t, "POST", srv.URL+"/v1/promo", fmt.Sprintf(`{"site_id":1,"code":"LAT%d"}`, i))
				want = 201
			}
			res, err := client.Do(req)
			if err != nil {
				errs <- err
				return
			}
			res.Body.Close()
			if res.StatusCode != want {
				errs <- fmt.Errorf("%s: %d", req.Method, res.StatusCode)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	d := time.Since(start)
	if d < latency {
		t.Errorf("%d concurrent requests took %s, less than the latency", n, d)
	}
	if d >= n*latency/2 {
		t.Errorf("%d concurrent requests with %s latency took %s: they waited in turn", n, latency, d)
	}
	t.Logf("%d concurrent requests with %s latency: %s", n, latency, d)
}

// sequence returns the values in turn, for Faults.Rand.
func sequence(vals ...float64) func() float64 {
	var mu sync.Mutex
	i := 0
	return func() float64 {
		mu.Lock()
		defer mu.Unlock()
		v := vals[i%len(vals)]
		i++
		return v
	}
}

func listedCodes(t *testing.T, s *Store) map[string]bool {
	t.Helper()
	items, err := s.listPromos(context.Background(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, it := range items {
		have[it.Code] = true
	}
	return have
}

// TestDropAfterCreate: a dropped create is stored, and the client gets no
// answer at all (EOF), over HTTP; a later list shows the code. Refused
// creates and other requests are answered as usual.
func TestDropAfterCreate(t *testing.T) {
	// Rand: 0.1 < 0.5 drops, 0.9 does not.
	srv, s, log := faultServer(t, Faults{DropAfterCreate: 0.5, Rand: sequence(0.1, 0.9)})
	post := func(code string) (*http.Response, error) {
		client := &http.Client{Transport: &http.Transport{}}
		defer client.CloseIdleConnections()
		res, err := client.Do(sandboxRequest(t, "POST", srv.URL+"/v1/promo", `{"site_id":1,"code":"`+code+`"}`))
		if err == nil {
			_, _ = io.ReadAll(res.Body)
			res.Body.Close()
		}
		return res, err
	}
	_, err := post("DROPPED1")
	if err == nil || !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("dropped create: %v, want EOF", err)
	}
	res, err := post("ANSWERED1")
	if err != nil || res.StatusCode != 201 {
		t.Fatalf("create not chosen to drop: %v %v", res, err)
	}
	// A refused create is answered whatever the draw.
	res, err = post("WELCOME10")
	if err != nil || res.StatusCode != 409 {
		t.Fatalf("duplicate create: %v %v, want 409", res, err)
	}
	have := listedCodes(t, s)
	if !have["DROPPED1"] || !have["ANSWERED1"] {
		t.Errorf("list after the creates: %v, want DROPPED1 and ANSWERED1", have)
	}
	if !strings.Contains(log.String(), "POST /v1/promo 201 ") || !strings.Contains(log.String(), "answer dropped") {
		t.Errorf("request log: %q", log.String())
	}
}

// TestDropAfterCreateInProcess: through Transport a dropped create fails
// like a connection lost after sending, and the code is stored.
func TestDropAfterCreateInProcess(t *testing.T) {
	s := openTestStore(t)
	client := &http.Client{Transport: Transport(NewHandler(s, HandlerOptions{Faults: Faults{DropAfterCreate: 1}}))}
	res, err := client.Do(sandboxRequest(t, "POST", "http://sandbox.localhost/v1/promo", `{"site_id":1,"code":"INPROC"}`))
	if err == nil {
		res.Body.Close()
		t.Fatalf("dropped create answered %d", res.StatusCode)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("dropped create: %v, want an error matching io.ErrUnexpectedEOF", err)
	}
	if !listedCodes(t, s)["INPROC"] {
		t.Error("the dropped create was not stored")
	}
	// Reads are never dropped.
	res, err = client.Do(sandboxRequest(t, "GET", "http://sandbox.localhost/v1/promo?site_id=1", ""))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("list: %v %v", res, err)
	}
	res.Body.Close()
}

// TestServeStartedFaults: Serve tells the faults put on once it listens,
// for the banner.
func TestServeStartedFaults(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	got := make(chan Started, 1)
	f := Faults{RateLimit: Rate{50, time.Second}, Latency: 20 * time.Millisecond, DropAfterCreate: 0.05}
	go func() {
		done <- Serve(ctx, ServeOptions{Addr: "127.0.0.1:0", DataPath: filepath.Join(t.TempDir(), "sandbox.db"),
			Started: func(s Started) { got <- s }, Faults: f})
	}()
	s := <-got
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if s.Faults.RateLimit != f.RateLimit || s.Faults.Latency != f.Latency || s.Faults.DropAfterCreate != f.DropAfterCreate || s.Exposed {
		t.Errorf("Started %+v, want the faults %+v on loopback", s, f)
	}
	err := Serve(context.Background(), ServeOptions{Addr: "127.0.0.1:0", DataPath: filepath.Join(t.TempDir(), "x.db"), Faults: Faults{DropAfterCreate: 2}})
	if err == nil || !strings.Contains(err.Error(), "drop-after-create") {
		t.Errorf("Serve with a bad fault: %v", err)
	}
}
