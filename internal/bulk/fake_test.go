package bulk

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// fakeAPI is a stateful fake of the promo endpoints on loopback: it keeps
// codes per site (one site), compares them ignoring case as the sandbox
// does, answers 409 to a code that exists, and records what it was asked.
type fakeAPI struct {
	t     *testing.T
	srv   *httptest.Server
	delay time.Duration // each create takes this long
	// transport reaches srv over in-memory pipes (newBubbleAPI); nil:
	// over loopback.
	transport *http.Transport

	mu       sync.Mutex
	nextID   int64
	promos   map[string]fakePromo // upper-case code → promo
	posts    map[string]int       // upper-case code → POSTs received
	postAt   []time.Time          // arrival of every POST
	lists    int
	inflight int
	high     int // most creates in flight at once
	// fault, when set, may answer a create itself (return true); n is the
	// number of POSTs of that code so far, this one included.
	fault func(w http.ResponseWriter, code string, n int) bool
	// delFault, when set, may answer a DELETE itself (return true), with
	// f.mu held; n is the number of DELETEs of that id so far, this one
	// included.
	delFault func(w http.ResponseWriter, id int64, n int) bool
	deletes  map[int64]int

	// A create is checked for a taken code when it is stored, after
	// delay, or with checkOnArrival before the delay only (two creates
	// of a code in flight at once are then both stored). A create whose
	// client left is carried out all the same.
	checkOnArrival bool
	stores         map[string]int // upper-case code → times stored
	// The list shows a stored code only listLag after it was stored, and
	// only from the listLagReads-th list read after.
	listLag      time.Duration
	listLagReads int
	// listHang, when set, holds every list read until it is closed or the
	// client leaves.
	listHang chan struct{}
}

type fakePromo struct {
	ID        int64   `json:"id"`
	Code      string  `json:"code"`
	IsEnabled bool    `json:"is_enabled"`
	Amount    float64 `json:"bonus_amount"`

	at    time.Time // when it was stored
	lists int       // list reads before it was stored
}

func newFakeAPI(t *testing.T) *fakeAPI {
	f := emptyFakeAPI(t)
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func emptyFakeAPI(t *testing.T) *fakeAPI {
	return &fakeAPI{t: t, nextID: 100, promos: map[string]fakePromo{}, posts: map[string]int{},
		deletes: map[int64]int{}, stores: map[string]int{}}
}

// newBubbleAPI is newFakeAPI for a test run in a synctest bubble: server
// and client talk over in-memory pipes, so that the fake server's delays,
// the list's lag and the client's timeouts all run on the bubble's clock
// and happen in the order their times say, none on the wall clock.
func newBubbleAPI(t *testing.T) *fakeAPI {
	f := emptyFakeAPI(t)
	ln := &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(f.serve))
	f.srv.Listener = ln
	f.srv.Start()
	f.transport = &http.Transport{DialContext: ln.dial}
	t.Cleanup(func() {
		f.transport.CloseIdleConnections()
		f.srv.Close()
	})
	return f
}

// pipeListener hands the server one end of an in-memory pipe per dial.
type pipeListener struct {
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *pipeListener) Addr() net.Addr { return pipeAddr{} }

func (l *pipeListener) dial(ctx context.Context, _, _ string) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case l.conns <- server:
		return client, nil
	case <-l.done:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "127.0.0.1:9" } // loopback, as the client requires; never dialled

// client is the real API client against the fake, with its transport
// behind th, and no retries of its own: the engine's are tested.
func (f *fakeAPI) client(th *Throttle) *api.Client {
	var next http.RoundTripper
	if f.transport != nil {
		next = f.transport
	}
	c, err := api.New(api.Options{BaseURL: f.srv.URL, Token: "t", UserID: 1,
		Transport: th.Transport(next), Retry: api.RetryPolicy{Attempts: 1}})
	if err != nil {
		f.t.Fatal(err)
	}
	return c
}

// store puts a promo code on the site as if created by someone.
func (f *fakeAPI) store(code string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.storeLocked(code)
}

func (f *fakeAPI) storeLocked(code string) int64 {
	f.nextID++
	f.promos[strings.ToUpper(code)] = fakePromo{ID: f.nextID, Code: code, Amount: 0.01, at: time.Now(), lists: f.lists}
	f.stores[strings.ToUpper(code)]++
	return f.nextID
}

func (f *fakeAPI) counts() (lists int, posts map[string]int, high int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	posts = map[string]int{}
	for k, v := range f.posts {
		posts[k] = v
	}
	return f.lists, posts, f.high
}

func (f *fakeAPI) id(code string) (int64, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.promos[strings.ToUpper(code)]
	return p.ID, ok
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func apiError(w http.ResponseWriter, status, kind int, title string) {
	writeJSON(w, status, map[string]any{"title": title, "error": kind, "code": status})
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/v1/promo":
		if f.listHang != nil {
			select {
			case <-f.listHang:
			case <-r.Context().Done():
			}
			return
		}
		f.mu.Lock()
		f.lists++
		list := make([]fakePromo, 0, len(f.promos))
		for _, p := range f.promos {
			if time.Since(p.at) >= f.listLag && f.lists-p.lists > f.listLagReads {
				list = append(list, p)
			}
		}
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, list)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/promo":
		f.create(w, r)
	case strings.HasPrefix(r.URL.Path, "/v1/promo/"):
		f.record(w, r)
	default:
		apiError(w, http.StatusNotFound, 17, "not found")
	}
}

func (f *fakeAPI) create(w http.ResponseWriter, r *http.Request) {
	var body struct {
		SiteID int64  `json:"site_id"`
		Code   string `json:"code"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.SiteID != 1 {
		apiError(w, http.StatusBadRequest, 10, "data is invalid")
		return
	}
	key := strings.ToUpper(body.Code)
	f.mu.Lock()
	f.posts[key]++
	n := f.posts[key]
	f.postAt = append(f.postAt, time.Now())
	f.inflight++
	f.high = max(f.high, f.inflight)
	fault := f.fault
	_, taken := f.promos[key]
	f.mu.Unlock()
	if f.checkOnArrival && taken {
		f.mu.Lock()
		f.inflight--
		f.mu.Unlock()
		apiError(w, http.StatusConflict, 10, "promo code already exists")
		return
	}
	defer func() {
		f.mu.Lock()
		f.inflight--
		f.mu.Unlock()
	}()
	if f.delay > 0 && f.transport == nil {
		f.t.Error("a fake API with a delay runs in a synctest bubble: newBubbleAPI")
	}
	time.Sleep(f.delay)
	if fault != nil && fault(w, body.Code, n) {
		return
	}
	f.mu.Lock()
	if _, taken := f.promos[key]; taken && !f.checkOnArrival {
		f.mu.Unlock()
		apiError(w, http.StatusConflict, 10, "promo code already exists")
		return
	}
	id := f.storeLocked(body.Code)
	f.mu.Unlock()
	w.Header().Set("Location", "/v1/promo/"+strconv.FormatInt(id, 10))
	writeJSON(w, http.StatusCreated, map[string]any{"code": body.Code, "is_enabled": false})
}

// record serves GET, PUT and DELETE /v1/promo/{id}.
func (f *fakeAPI) record(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, "/v1/promo/"), 10, 64)
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Method == http.MethodDelete {
		f.deletes[id]++
		if f.delFault != nil && f.delFault(w, id, f.deletes[id]) {
			return
		}
	}
	var key string
	for k, p := range f.promos {
		if p.ID == id {
			key = k
		}
	}
	if key == "" {
		apiError(w, http.StatusNotFound, 17, "promo not found")
		return
	}
	p := f.promos[key]
	switch r.Method {
	case http.MethodGet:
		writeJSON(w, http.StatusOK, map[string]any{"code": p.Code, "is_enabled": p.IsEnabled, "bonus_type": 2, "bonus_amount": p.Amount})
	case http.MethodPut:
		b, _ := io.ReadAll(r.Body)
		var in struct {
			Code      string  `json:"code"`
			IsEnabled bool    `json:"is_enabled"`
			Amount    float64 `json:"bonus_amount"`
		}
		if err := json.Unmarshal(b, &in); err != nil {
			apiError(w, http.StatusBadRequest, 10, "data is invalid")
			return
		}
		p.IsEnabled, p.Amount = in.IsEnabled, in.Amount
		f.promos[key] = p
		writeJSON(w, http.StatusOK, map[string]any{"code": p.Code, "is_enabled": p.IsEnabled, "bonus_amount": p.Amount})
	case http.MethodDelete:
		delete(f.promos, key)
		w.WriteHeader(http.StatusNoContent)
	}
}

// dropAfterStore stores the code, then breaks the connection without an
// answer: the client cannot know that the code was created.
func (f *fakeAPI) dropAfterStore(w http.ResponseWriter, code string) {
	f.store(code)
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		f.t.Errorf("hijack: %v", err)
		return
	}
	conn.Close()
}

// codes returns n distinct codes.
func codes(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("CODE%04d", i)
	}
	return out
}

// fakeClock is the engine's clock in tests: the real time plus what it
// has slept, so that a settling delay passes at once and the journal's
// real timestamps still compare with it.
type fakeClock struct {
	mu    sync.Mutex
	ahead time.Duration
	slept []time.Duration
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead += d
	c.slept = append(c.slept, d)
	return nil
}

func (c *fakeClock) sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.slept...)
}

// on sets the clock of o.
func (c *fakeClock) on(o Options) Options {
	o.Now, o.Sleep = c.Now, c.Sleep
	return o
}

// hangUp closes the connection of w without an answer.
func (f *fakeAPI) hangUp(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		f.t.Errorf("hijack: %v", err)
		return
	}
	conn.Close()
}
