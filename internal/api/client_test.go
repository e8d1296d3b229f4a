package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

const testToken = "s3cret-T0KEN-abc"

// fastRetry keeps the back-off short, so the retry tests run in
// milliseconds.
var fastRetry = RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: 4 * time.Millisecond}

// syncBuffer is a debug log that the race detector accepts being read
// while the client may still write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newTestClient(t *testing.T, baseURL string, mod func(o *Options)) (*Client, *syncBuffer) {
	t.Helper()
	log := &syncBuffer{}
	o := Options{BaseURL: baseURL, Token: testToken, UserID: 42, UserAgent: "promoctl/test", Debug: log, Retry: fastRetry}
	if mod != nil {
		mod(&o)
	}
	c, err := New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	return c, log
}

// script is a server that answers each request with the next step, and
// keeps answering with the last one.
type script struct {
	mu    sync.Mutex
	steps []func(w http.ResponseWriter, r *http.Request)
	n     int
	reqs  []*http.Request
	// bodies of the requests, read before answering
	bodies []string
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	step := s.steps[min(s.n, len(s.steps)-1)]
	s.n++
	s.reqs = append(s.reqs, r.Clone(context.Background()))
	s.bodies = append(s.bodies, string(body))
	s.mu.Unlock()
	step(w, r)
}

func (s *script) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

func serve(t *testing.T, steps ...func(w http.ResponseWriter, r *http.Request)) (*httptest.Server, *script) {
	t.Helper()
	s := &script{steps: steps}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv, s
}

func status(code int, body string, header ...string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		w.WriteHeader(code)
		io.WriteString(w, body)
	}
}

// hangUp closes the connection after reading the request, without an
// answer: the request reached the server.
func hangUp(w http.ResponseWriter, _ *http.Request) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

// closedAddr is a loopback address nothing listens on.
func closedAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

type countingTransport struct {
	n  atomic.Int32
	rt http.RoundTripper
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.rt.RoundTrip(r)
}

func TestRequestHeaders(t *testing.T) {
	srv, s := serve(t, status(200, `{}`))
	c, _ := newTestClient(t, srv.URL+"/api/", nil)
	ctx := context.Background()

	if _, err := c.Do(ctx, Request{Method: "GET", Path: "/v1/promo", Query: url.Values{"site_id": {"11"}},
		Header: http.Header{"Authorization": {"Bearer other"}, "X-Api-User-Id": {"1"}, "X-Extra": {"kept"}}}); err != nil {
		t.Fatalf("GET: %v", err)
	}
	if _, err := c.Do(ctx, Request{Method: "POST", Path: "/v1/promo", Body: []byte(`{"code":"AB"}`)}); err != nil {
		t.Fatalf("POST: %v", err)
	}
	if _, err := c.Do(ctx, Request{Method: "PUT", Path: "/v1/promo/5", Body: []byte(`{}`), Header: http.Header{"Content-Type": {"application/merge-patch+json"}}}); err != nil {
		t.Fatalf("PUT: %v", err)
	}
	if got := s.count(); got != 3 {
		t.Fatalf("server saw %d requests, want 3", got)
	}
	get, post, put := s.reqs[0], s.reqs[1], s.reqs[2]
	for _, r := range s.reqs {
		for k, want := range map[string]string{
			"Authorization": "Bearer " + testToken,
			"X-Api-User-Id": "42",
			"Accept":        "application/json",
			"User-Agent":    "promoctl/test",
		} {
			if got := r.Header.Values(k); len(got) != 1 || got[0] != want {
				t.Errorf("%s %s header %s = %q, want [%q]", r.Method, r.URL, k, got, want)
			}
		}
	}
	if got := get.URL.RequestURI(); got != "/api/v1/promo?site_id=11" {
		t.Errorf("GET request URI = %q, want /api/v1/promo?site_id=11", got)
	}
	if got := get.Header.Get("X-Extra"); got != "kept" {
		t.Errorf("GET X-Extra = %q, want the caller's header kept", got)
	}
	if _, ok := get.Header["Content-Type"]; ok {
		t.Errorf("GET without a body sent Content-Type %q", get.Header.Get("Content-Type"))
	}
	if got := post.Header.Get("Content-Type"); got != "application/json" {
		t.Errorf("POST Content-Type = %q, want application/json", got)
	}
	if s.bodies[1] != `{"code":"AB"}` {
		t.Errorf("POST body = %q, want %q", s.bodies[1], `{"code":"AB"}`)
	}
	if got := put.Header.Get("Content-Type"); got != "application/merge-patch+json" {
		t.Errorf("PUT Content-Type = %q, want the caller's", got)
	}
}

func TestDefaultUserAgent(t *testing.T) {
	srv, s := serve(t, status(200, `{}`))
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.UserAgent = "" })
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"}); err != nil {
		t.Fatal(err)
	}
	if got := s.reqs[0].Header.Get("User-Agent"); got != "promoctl" {
		t.Errorf("User-Agent = %q, want promoctl", got)
	}
}

func TestNewChecksTheBaseURL(t *testing.T) {
	if _, err := New(Options{BaseURL: "nope"}); err == nil {
		t.Errorf("New(bad base URL) = nil error, want one")
	}
}

func TestRetryPolicy(t *testing.T) {
	ok := status(200, `{}`)
	created := status(201, `{}`)
	noContent := status(204, ``)
	e := func(code int) func(http.ResponseWriter, *http.Request) {
		return status(code, `{"title":"x","error":0,"code":`+strconv.Itoa(code)+`}`, "Content-Type", "application/json")
	}
	tooMany := status(429, `{"title":"slow down","error":0,"code":429}`, "Retry-After", "0")
	tests := []struct {
		name       string
		method     string
		steps      []func(http.ResponseWriter, *http.Request)
		policy     RetryPolicy
		attempts   int
		wantStatus int // the error's HTTP status; 0 for success
	}{
		{"GET 503 then 200", "GET", seq(e(503), ok), fastRetry, 2, 0},
		{"GET 502 504 then 200", "GET", seq(e(502), e(504), ok), fastRetry, 3, 0},
		{"GET 503 every time stops after 3", "GET", seq(e(503)), fastRetry, 3, 503},
		{"GET 429 then 200", "GET", seq(tooMany, ok), fastRetry, 2, 0},
		{"PUT 503 then 200", "PUT", seq(e(503), ok), fastRetry, 2, 0},
		{"DELETE 502 then 204", "DELETE", seq(e(502), noContent), fastRetry, 2, 0},
		{"GET 500 is not retried", "GET", seq(e(500), ok), fastRetry, 1, 500},
		{"GET 501 is not retried", "GET", seq(e(501), ok), fastRetry, 1, 501},
		{"GET 403 is not retried", "GET", seq(e(403), ok), fastRetry, 1, 403},
		{"GET 404 is not retried", "GET", seq(e(404), ok), fastRetry, 1, 404},
		{"GET 400 is not retried", "GET", seq(e(400), ok), fastRetry, 1, 400},
		{"POST 503 is not retried", "POST", seq(e(503), created), fastRetry, 1, 503},
		{"POST 502 is not retried", "POST", seq(e(502), created), fastRetry, 1, 502},
		{"POST 429 is retried", "POST", seq(tooMany, created), fastRetry, 2, 0},
		{"POST 429 every time stops after 3", "POST", seq(tooMany), fastRetry, 3, 429},
		{"five attempts", "GET", seq(e(503)), RetryPolicy{Attempts: 5, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond}, 5, 503},
		{"one attempt", "GET", seq(e(503), ok), RetryPolicy{Attempts: 1, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond}, 1, 503},
		{"zero policy is the default of 3", "GET", seq(status(503, "", "Retry-After", "0")), RetryPolicy{}, 3, 503},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, s := serve(t, tt.steps...)
			c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Retry = tt.policy })
			var body []byte
			if tt.method == "POST" || tt.method == "PUT" {
				body = []byte(`{"code":"AB"}`)
			}
			resp, err := c.Do(context.Background(), Request{Method: tt.method, Path: "/v1/promo", Body: body})
			if got := s.count(); got != tt.attempts {
				t.Errorf("server saw %d attempts, want %d", got, tt.attempts)
			}
			if tt.wantStatus == 0 {
				if err != nil {
					t.Fatalf("Do() error: %v", err)
				}
				return
			}
			var ae *Error
			if !errors.As(err, &ae) || ae.Status != tt.wantStatus {
				t.Fatalf("Do() = %v, %v; want an *Error with HTTP %d", resp, err, tt.wantStatus)
			}
			// The error says how often the request was sent.
			if ae.Attempts != tt.attempts {
				t.Errorf("Error.Attempts = %d, want %d (%v)", ae.Attempts, tt.attempts, err)
			}
			// Every attempt sent the same body.
			for i, b := range s.bodies {
				if b != string(body) {
					t.Errorf("attempt %d body = %q, want %q", i+1, b, body)
				}
			}
		})
	}
}

func seq(steps ...func(http.ResponseWriter, *http.Request)) []func(http.ResponseWriter, *http.Request) {
	return steps
}

// TestRetryConnectionErrors: a request whose connection broke may have
// reached the server, so only GET, PUT and DELETE are sent again; a
// request that never connected is sent again whatever its method.
func TestRetryConnectionErrors(t *testing.T) {
	for _, tt := range []struct {
		method   string
		attempts int
	}{{"GET", 3}, {"PUT", 3}, {"DELETE", 3}, {"POST", 1}} {
		t.Run(tt.method+" connection closed", func(t *testing.T) {
			t.Parallel()
			srv, s := serve(t, hangUp)
			c, _ := newTestClient(t, srv.URL, nil)
			_, err := c.Do(context.Background(), Request{Method: tt.method, Path: "/v1/promo/5", Body: []byte(`{}`)})
			want := "cannot reach the server: "
			if tt.method == "POST" {
				// The server may have acted on it: say so.
				want = "the outcome is unknown: the connection broke after the request was sent ("
				var uo *UnknownOutcomeError
				if !errors.As(err, &uo) {
					t.Errorf("Do() error = %v (%T), want *UnknownOutcomeError", err, err)
				}
			}
			if err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("Do() error = %v, want %q…", err, want)
			}
			if got := s.count(); got != tt.attempts {
				t.Errorf("server saw %d attempts, want %d", got, tt.attempts)
			}
		})
	}
	t.Run("GET connection closed then 200", func(t *testing.T) {
		srv, s := serve(t, hangUp, status(200, `[]`))
		c, _ := newTestClient(t, srv.URL, nil)
		resp, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
		if err != nil || string(resp.Body) != "[]" || s.count() != 2 {
			t.Errorf("Do() = %v, %v after %d attempts; want [] after 2", resp, err, s.count())
		}
	})
	for _, method := range []string{"GET", "POST"} {
		t.Run(method+" never connected", func(t *testing.T) {
			t.Parallel()
			ct := &countingTransport{rt: http.DefaultTransport.(*http.Transport).Clone()}
			c, _ := newTestClient(t, "http://"+closedAddr(t), func(o *Options) { o.Transport = ct })
			_, err := c.Do(context.Background(), Request{Method: method, Path: "/v1/promo", Body: []byte(`{}`)})
			if err == nil || !strings.HasPrefix(err.Error(), "cannot reach the server: ") {
				t.Errorf("Do() error = %v, want cannot reach the server", err)
			}
			if got := ct.n.Load(); got != 3 {
				t.Errorf("%s was tried %d times, want 3", method, got)
			}
		})
	}
}

func TestRetryAfterHeader(t *testing.T) {
	now := time.Now()
	tests := []struct {
		in       string
		min, max time.Duration
	}{
		{"", -1, -1},
		{"0", 0, 0},
		{"2", 2 * time.Second, 2 * time.Second},
		{" 3 ", 3 * time.Second, 3 * time.Second},
		{"-1", -1, -1},
		{"soon", -1, -1},
		{"1.5", -1, -1},
		{now.Add(time.Hour).UTC().Format(http.TimeFormat), 59 * time.Minute, time.Hour},
		{now.Add(-time.Hour).UTC().Format(http.TimeFormat), 0, 0},
	}
	for _, tt := range tests {
		if got := retryAfter(tt.in); got < tt.min || got > tt.max {
			t.Errorf("retryAfter(%q) = %v, want between %v and %v", tt.in, got, tt.min, tt.max)
		}
	}
}

// waits stands in for the pause between attempts: it notes each one and
// returns at once, so retry tests cost no wall time.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) wait(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.d = append(w.d, d)
	return ctx.Err()
}

func (w *waits) all() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.d)
}

// TestRetryAfterHonoured: the client waits as long as the server asks,
// in seconds or until an HTTP date.
func TestRetryAfterHonoured(t *testing.T) {
	for name, c := range map[string]struct {
		value    func() string
		min, max time.Duration
	}{
		"seconds": {func() string { return "1" }, time.Second, time.Second},
		// An HTTP date has whole seconds, so "2 s from now" may be 1.x s.
		"HTTP date": {func() string { return time.Now().Add(2 * time.Second).UTC().Format(http.TimeFormat) }, time.Second, 2 * time.Second},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			first := func(w http.ResponseWriter, r *http.Request) {
				status(429, "", "Retry-After", c.value())(w, r)
			}
			srv, s := serve(t, first, status(200, `[]`))
			var w waits
			client, log := newTestClient(t, srv.URL, func(o *Options) { o.Retry.Wait = w.wait })
			_, err := client.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
			if err != nil || s.count() != 2 {
				t.Fatalf("Do() = %v after %d attempts, want success after 2", err, s.count())
			}
			if got := w.all(); len(got) != 1 || got[0] < c.min || got[0] > c.max {
				t.Errorf("waited %v, want one pause of %v to %v as Retry-After asked", got, c.min, c.max)
			}
			if !strings.Contains(log.String(), "retrying in ") {
				t.Errorf("debug log does not mention the retry:\n%s", log)
			}
		})
	}
}

// TestRetryWaitKeptByTheDefaultPolicy: a policy that gives only Wait gets
// the default attempts and back-off, and pauses through Wait.
func TestRetryWaitKeptByTheDefaultPolicy(t *testing.T) {
	srv, s := serve(t, status(503, ""))
	var w waits
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Retry = RetryPolicy{Wait: w.wait} })
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
	if !IsStatus(err, 503) || s.count() != 3 {
		t.Fatalf("Do() = %v after %d attempts, want the 503 after 3", err, s.count())
	}
	// The default back-off: half to all of 250ms, then of 500ms.
	got := w.all()
	if len(got) != 2 || got[0] < 125*time.Millisecond || got[0] > 250*time.Millisecond ||
		got[1] < 250*time.Millisecond || got[1] > 500*time.Millisecond {
		t.Errorf("waited %v, want two pauses of the default back-off (125-250ms, 250-500ms)", got)
	}
}

// TestRetryWaitErrorEndsTheRequest: a pause that fails ends the request
// with its error, without another attempt.
func TestRetryWaitErrorEndsTheRequest(t *testing.T) {
	srv, s := serve(t, status(503, ""), status(200, `[]`))
	stop := errors.New("stop")
	c, _ := newTestClient(t, srv.URL, func(o *Options) {
		o.Retry.Wait = func(context.Context, time.Duration) error { return stop }
	})
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
	if !errors.Is(err, stop) || s.count() != 1 {
		t.Errorf("Do() = %v after %d attempts, want the pause's error after 1", err, s.count())
	}
}

// TestRetryAfterBeyondDeadline: when the server asks for a pause longer
// than the command has left, its answer is returned at once.
func TestRetryAfterBeyondDeadline(t *testing.T) {
	srv, s := serve(t, status(429, `{"title":"slow down","error":0,"code":429}`, "Retry-After", "60"), status(200, `[]`))
	c, _ := newTestClient(t, srv.URL, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.Do(ctx, Request{Method: "GET", Path: "/v1/promo"})
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("Do() took %v, want an immediate return", elapsed)
	}
	if !IsStatus(err, 429) {
		t.Errorf("Do() error = %v, want the 429", err)
	}
	if s.count() != 1 {
		t.Errorf("server saw %d attempts, want 1", s.count())
	}
	if got := err.Error(); got != "rate limited (API error 0: slow down)" {
		t.Errorf("Error() = %q, want rate limited (API error 0: slow down)", got)
	}
}

// TestBackoffBeyondDeadline: the same for the client's own back-off.
func TestBackoffBeyondDeadline(t *testing.T) {
	srv, s := serve(t, status(503, ""), status(200, `[]`))
	c, _ := newTestClient(t, srv.URL, func(o *Options) {
		o.Retry = RetryPolicy{Attempts: 3, BaseDelay: 20 * time.Second, MaxDelay: 20 * time.Second}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	_, err := c.Do(ctx, Request{Method: "GET", Path: "/v1/promo"})
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("Do() took %v, want an immediate return", elapsed)
	}
	if !IsStatus(err, 503) || s.count() != 1 {
		t.Errorf("Do() = %v after %d attempts, want the 503 after 1", err, s.count())
	}
}

func TestBackoff(t *testing.T) {
	p := RetryPolicy{Attempts: 100, BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}
	tests := []struct {
		attempt int
		cap     time.Duration
	}{
		{1, 100 * time.Millisecond},
		{2, 200 * time.Millisecond},
		{3, 400 * time.Millisecond},
		{4, 800 * time.Millisecond},
		{5, time.Second}, // 1.6 s capped
		{9, time.Second},
		{64, time.Second}, // the shift overflows
		{70, time.Second},
	}
	for _, tt := range tests {
		seen := map[time.Duration]bool{}
		for range 200 {
			d := p.backoff(tt.attempt)
			if d < tt.cap/2 || d > tt.cap {
				t.Fatalf("backoff(%d) = %v, want within [%v, %v]", tt.attempt, d, tt.cap/2, tt.cap)
			}
			seen[d] = true
		}
		if len(seen) < 2 {
			t.Errorf("backoff(%d) gave the same %v 200 times: no jitter", tt.attempt, p.backoff(tt.attempt))
		}
	}
	if d := (RetryPolicy{Attempts: 3}).backoff(1); d != 0 {
		t.Errorf("backoff with no delays = %v, want 0", d)
	}
}

func TestResponseSizeCap(t *testing.T) {
	const limit = 1024
	body := func(n int, chunked bool) func(http.ResponseWriter, *http.Request) {
		return func(w http.ResponseWriter, _ *http.Request) {
			data := bytes.Repeat([]byte("x"), n)
			if !chunked {
				w.Header().Set("Content-Length", strconv.Itoa(n))
				w.Write(data)
				return
			}
			// Flushing before the end sends the body chunked, with no
			// Content-Length for the client to check first.
			half := n / 2
			w.Write(data[:half])
			w.(http.Flusher).Flush()
			w.Write(data[half:])
		}
	}
	tests := []struct {
		name    string
		size    int
		chunked bool
		ok      bool
	}{
		{"at the cap with length", limit, false, true},
		{"at the cap chunked", limit, true, true},
		{"under the cap chunked", limit - 1, true, true},
		{"one over with length", limit + 1, false, false},
		{"one over chunked", limit + 1, true, false},
		{"far over with length", 64 * limit, false, false},
		{"far over chunked", 64 * limit, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, s := serve(t, body(tt.size, tt.chunked))
			c, _ := newTestClient(t, srv.URL, func(o *Options) { o.MaxResponseBytes = limit })
			resp, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
			if tt.ok {
				if err != nil || len(resp.Body) != tt.size {
					t.Fatalf("Do() = %d bytes, %v; want %d bytes", len(resp.Body), err, tt.size)
				}
				return
			}
			var re *ResponseError
			if !errors.As(err, &re) {
				t.Fatalf("Do() = %v, want a *ResponseError", err)
			}
			if want := "the body is larger than 1024 bytes; if that is expected, raise the limit with PROMOCTL_MAX_RESPONSE"; i18n.InEnglish(re.Why) != want || re.Status != 200 {
				t.Errorf("ResponseError = HTTP %d %q, want HTTP 200 %q", re.Status, i18n.InEnglish(re.Why), want)
			}
			if s.count() != 1 {
				t.Errorf("server saw %d attempts, want 1: a body too large is not retried", s.count())
			}
		})
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{
		DefaultMaxListBytes: "512 MiB", DefaultMaxRecordBytes: "8 MiB", 1 << 20: "1 MiB", 1024: "1024 bytes", 1<<20 + 1: "1048577 bytes", 3 << 19: "1572864 bytes",
	} {
		if got := i18n.InEnglish(byteSize(n)); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestRedirects(t *testing.T) {
	t.Run("to another port refused", func(t *testing.T) {
		other, otherScript := serve(t, status(200, `[]`))
		srv, s := serve(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/v1/promo", http.StatusFound)
		})
		c, _ := newTestClient(t, srv.URL, nil)
		_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
		want := "refusing to follow the server's redirect to " + other.URL + "/v1/promo: it changes the port from " + srv.URL[strings.LastIndex(srv.URL, ":")+1:] + " to " + other.URL[strings.LastIndex(other.URL, ":")+1:]
		if err == nil || err.Error() != want {
			t.Errorf("Do() error = %v, want %q", err, want)
		}
		if err != nil && strings.HasPrefix(err.Error(), "cannot reach the server") {
			t.Errorf("Do() error = %v, want no claim that the server is unreachable: it answered", err)
		}
		if n := otherScript.count(); n != 0 {
			t.Errorf("the other host got %d requests, want none: the token must not go there", n)
		}
		if n := s.count(); n != 1 {
			t.Errorf("the server got %d requests, want 1: a refused redirect is not a connection error to retry", n)
		}
	})
	t.Run("on the same host followed", func(t *testing.T) {
		srv, s := serve(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/v1/promo/new", http.StatusMovedPermanently)
		}, status(200, `[]`))
		c, _ := newTestClient(t, srv.URL, nil)
		resp, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
		if err != nil || string(resp.Body) != "[]" {
			t.Fatalf("Do() = %v, %v; want the redirected answer", resp, err)
		}
		if got := s.reqs[1].URL.Path; got != "/v1/promo/new" {
			t.Errorf("redirected to %s, want /v1/promo/new", got)
		}
		if got := s.reqs[1].Header.Get("Authorization"); got != "Bearer "+testToken {
			t.Errorf("redirected request Authorization = %q, want the token", got)
		}
	})
}

// blocking answers only when the test ends.
func blocking(done <-chan struct{}) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-done:
		case <-r.Context().Done():
		}
	}
}

func TestDeadline(t *testing.T) {
	done := make(chan struct{})
	srv, _ := serve(t, blocking(done))
	defer close(done)
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Timeout = 150 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Do(ctx, Request{Method: "GET", Path: "/v1/promo"})
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("Do() error = %v (%T), want *TimeoutError", err, err)
	}
	if te.After != 150*time.Millisecond {
		t.Errorf("TimeoutError.After = %v, want the command's 150ms", te.After)
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("Do() returned after %v, want about 150ms", elapsed)
	}
	if errors.Is(err, context.Canceled) {
		t.Errorf("a timeout is reported as a cancellation: %v", err)
	}
}

func TestCancel(t *testing.T) {
	t.Run("in flight", func(t *testing.T) {
		done := make(chan struct{})
		srv, _ := serve(t, blocking(done))
		defer close(done)
		c, _ := newTestClient(t, srv.URL, nil)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		_, err := c.Do(ctx, Request{Method: "GET", Path: "/v1/promo"})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Do() error = %v, want context.Canceled", err)
		}
		var te *TimeoutError
		if errors.As(err, &te) {
			t.Errorf("a cancellation is reported as a timeout: %v", err)
		}
	})
	t.Run("during the back-off", func(t *testing.T) {
		srv, s := serve(t, status(503, ""))
		c, _ := newTestClient(t, srv.URL, func(o *Options) {
			o.Retry = RetryPolicy{Attempts: 3, BaseDelay: 20 * time.Second, MaxDelay: 20 * time.Second}
		})
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		_, err := c.Do(ctx, Request{Method: "GET", Path: "/v1/promo"})
		if !errors.Is(err, context.Canceled) || time.Since(start) > 5*time.Second || s.count() != 1 {
			t.Errorf("Do() = %v after %v and %d attempts, want context.Canceled at once after 1", err, time.Since(start), s.count())
		}
	})
}

func TestDebugLog(t *testing.T) {
	srv, _ := serve(t, status(503, "", "Retry-After", "0"), status(200, `[{"id":1}]`))
	c, log := newTestClient(t, srv.URL, nil)
	if _, err := c.Do(context.Background(), Request{Method: "POST", Path: "/v1/promo", Body: []byte(`{"code":"AB"}`)}); err == nil {
		t.Fatalf("POST 503 succeeded")
	}
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo", Query: url.Values{"site_id": {"11"}}}); err != nil {
		t.Fatalf("GET: %v", err)
	}
	got := log.String()
	for _, want := range []string{
		"> POST " + srv.URL + "/v1/promo\n",
		"> Content-Type: application/json\n",
		"> (13 bytes of JSON)\n",
		"< 503 Service Unavailable in ",
		"> GET " + srv.URL + "/v1/promo?site_id=11\n",
		"> X-Api-User-Id: 42\n",
		"> User-Agent: promoctl/test\n",
		"> Authorization: Bearer [REDACTED]\n",
		"< 200 OK in ",
		"(10 bytes)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("debug log lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, testToken) {
		t.Errorf("debug log contains the token:\n%s", got)
	}
}

// TestTokenNeverLeaks puts the token where a transport error repeats it —
// the URL — and checks the debug log and the returned error.
func TestTokenNeverLeaks(t *testing.T) {
	c, log := newTestClient(t, "http://"+closedAddr(t), nil)
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo/" + testToken, Query: url.Values{"t": {testToken}}})
	if err == nil {
		t.Fatal("Do() against a closed port succeeded")
	}
	if strings.Contains(err.Error(), testToken) {
		t.Errorf("error contains the token: %v", err)
	}
	if !strings.Contains(err.Error(), "[REDACTED]") {
		t.Errorf("error = %v, want the token replaced by [REDACTED]", err)
	}
	if strings.Contains(log.String(), testToken) {
		t.Errorf("debug log contains the token:\n%s", log)
	}
	if !strings.Contains(log.String(), "< error after ") {
		t.Errorf("debug log lacks the error line:\n%s", log)
	}
}

// TestDebugLogTerminalSafe: what the server controls (the status text)
// cannot write escape sequences to the terminal through the debug log.
func TestDebugLogTerminalSafe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		buf := make([]byte, 4096)
		conn.Read(buf)
		fmt.Fprint(conn, "HTTP/1.1 200 OK\x1b]0;owned\x07\r\nContent-Length: 2\r\n\r\n[]")
	}()
	c, log := newTestClient(t, "http://"+ln.Addr().String(), func(o *Options) { o.Retry = RetryPolicy{Attempts: 1} })
	c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
	if strings.ContainsAny(log.String(), "\x1b\x07") {
		t.Errorf("debug log carries control characters from the server: %q", log)
	}
}

// TestNotFoundNamesTheRequest: a 404 without the API's error body names the
// endpoint and the base URL, with how it was chosen; one with the body
// keeps the API's words.
func TestNotFoundNamesTheRequest(t *testing.T) {
	srv, _ := serve(t, status(404, ""), status(404, `{"title":"user not found","error":17,"code":404}`, "Content-Type", "application/json"))
	c, _ := newTestClient(t, srv.URL+"/api/", func(o *Options) { o.BaseURLOrigin = i18n.M("api.base_url.from_profile", "Profile", "default") })
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo/5", Query: url.Values{"x": {"1"}}})
	want := "the server at " + srv.URL + "/api has no endpoint GET /v1/promo/5 (HTTP 404 without an API error): check --base-url (now " +
		srv.URL + "/api, from profile default)"
	var ae *Error
	if !errors.As(err, &ae) || !ae.NoEndpoint() || err.Error() != want {
		t.Errorf("Do() = %v\nwant an *Error %q", err, want)
	}
	_, err = c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo/5"})
	if want := "not found (API error 17: user not found)"; !errors.As(err, &ae) || ae.NoEndpoint() || err.Error() != want {
		t.Errorf("Do() = %v, want an *Error %q", err, want)
	}
}

// TestShortTokenNeverLeaks: a short token, such as the sandbox's "sandbox",
// is redacted where it is sent (the Authorization header) and wherever it
// stands as a whole value (a path segment, a query value), but not inside
// other names: the URL http://sandbox.localhost stays readable.
func TestShortTokenNeverLeaks(t *testing.T) {
	const short = "sandbox"
	srv, s := serve(t, status(200, `[]`))
	// Every host name leads to the test server.
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, srv.Listener.Addr().String())
	}
	c, log := newTestClient(t, "http://sandbox.localhost", func(o *Options) { o.Token = short; o.Transport = tr })
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo", Query: url.Values{"site_id": {"1"}, "q": {"sandboxes"}}}); err != nil {
		t.Fatalf("Do(): %v", err)
	}
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo/" + short, Query: url.Values{"t": {short}}}); err != nil {
		t.Fatalf("Do(): %v", err)
	}
	s.mu.Lock()
	sent := s.reqs[0].Header.Get("Authorization")
	s.mu.Unlock()
	if got := sent; got != "Bearer "+short {
		t.Errorf("Authorization sent = %q, want the token", got)
	}
	got := log.String()
	for _, want := range []string{
		"> GET http://sandbox.localhost/v1/promo?q=sandboxes&site_id=1\n",
		"> Authorization: Bearer [REDACTED]\n",
		"> GET http://sandbox.localhost/v1/promo/[REDACTED]?t=[REDACTED]\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("debug log lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Bearer "+short) || strings.Contains(got, "/"+short+"?") || strings.Contains(got, "="+short+"\n") {
		t.Errorf("debug log shows the token:\n%s", got)
	}

	// A transport error repeats the URL.
	c, log = newTestClient(t, "http://"+closedAddr(t), func(o *Options) { o.Token = short })
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo/" + short})
	if err == nil || !strings.Contains(err.Error(), "/v1/promo/[REDACTED]\"") {
		t.Errorf("Do() = %v, want an error with the token redacted from the URL", err)
	}
	if !strings.Contains(log.String(), "/v1/promo/[REDACTED]") || strings.Contains(log.String(), "/"+short) {
		t.Errorf("debug log shows the token:\n%s", log)
	}
}

func TestRedact(t *testing.T) {
	const long = "s3cret-T0KEN-abc" // 16 characters
	for _, c := range []struct{ s, token, want string }{
		{"no token here", "", "no token here"},
		// A long token goes wherever it appears.
		{"x" + long + "y", long, "x[REDACTED]y"},
		{"GET /v1/promo?t=" + long, long, "GET /v1/promo?t=[REDACTED]"},
		{"q=a%2Fb+c%2Bd-0123456789", "a/b c+d-0123456789", "q=[REDACTED]"},
		{"/v1/a%2Fb%20c+d-0123456789", "a/b c+d-0123456789", "/v1/[REDACTED]"},
		// A short one only as a whole value.
		{"> GET http://sandbox.localhost/v1/promo?site_id=1", "sandbox", "> GET http://sandbox.localhost/v1/promo?site_id=1"},
		{"> Authorization: Bearer sandbox", "sandbox", "> Authorization: Bearer [REDACTED]"},
		{"sandbox", "sandbox", "[REDACTED]"},
		{"bad token sandbox.", "sandbox", "bad token [REDACTED]."},
		{`Get "http://h/v1/promo/sandbox": refused`, "sandbox", `Get "http://h/v1/promo/[REDACTED]": refused`},
		{"/p/sandbox?t=sandbox&u=sandbox-2&v=sandboxes&w=my_sandbox", "sandbox", "/p/[REDACTED]?t=[REDACTED]&u=sandbox-2&v=sandboxes&w=my_sandbox"},
		{"sandbox-2 and sandbox", "sandbox-2", "[REDACTED] and sandbox"},
		{"токен sandbox, ещё sandboxы", "sandbox", "токен [REDACTED], ещё sandboxы"},
	} {
		if got := Redact(c.s, c.token); got != c.want {
			t.Errorf("Redact(%q, %q) = %q, want %q", c.s, c.token, got, c.want)
		}
	}
}
