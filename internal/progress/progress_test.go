package progress

import (
	"bytes"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// screen records what the spinner draws and signals each drawing.
type screen struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes chan struct{}
}

func newScreen() *screen { return &screen{writes: make(chan struct{}, 100)} }

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writes <- struct{}{}
	return s.b.Write(p)
}

func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// clock is a fake clock: each After the spinner asks for is handed to the
// test, which decides when it fires.
type clock struct{ asked chan timer }

type timer struct {
	d time.Duration
	c chan time.Time
}

func newClock() *clock { return &clock{asked: make(chan timer, 100)} }

func (c *clock) After(d time.Duration) <-chan time.Time {
	t := timer{d, make(chan time.Time, 1)}
	c.asked <- t
	return t.c
}

// next returns the next timer the spinner set.
func (c *clock) next(t *testing.T) timer {
	t.Helper()
	select {
	case tm := <-c.asked:
		return tm
	case <-time.After(10 * time.Second):
		t.Fatal("the spinner set no timer")
	}
	return timer{}
}

func waitWrite(t *testing.T, s *screen) {
	t.Helper()
	select {
	case <-s.writes:
	case <-time.After(10 * time.Second):
		t.Fatal("the spinner drew nothing")
	}
}

func TestFastWorkDrawsNothing(t *testing.T) {
	s, c := newScreen(), newClock()
	sp := New(s, Options{After: c.After})
	end := sp.Start("Loading…")
	if d := c.next(t).d; d != DefaultDelay {
		t.Errorf("first timer = %v, want the delay %v", d, DefaultDelay)
	}
	end() // before the delay fires
	end() // a second call is harmless
	if got := s.String(); got != "" {
		t.Errorf("drew %q for work shorter than the delay, want nothing", got)
	}
}

// TestSlowWorkSpinsAndErasesItself runs in a bubble (testing/synctest),
// so that waiting to see nothing more drawn costs no wall time.
func TestSlowWorkSpinsAndErasesItself(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, c := newScreen(), newClock()
		sp := New(s, Options{After: c.After})
		end := sp.Start("Loading…")
		c.next(t).c <- time.Now() // the delay passes
		waitWrite(t, s)
		tick := c.next(t)
		if tick.d != DefaultInterval {
			t.Errorf("frame timer = %v, want %v", tick.d, DefaultInterval)
		}
		tick.c <- time.Now()
		waitWrite(t, s)
		c.next(t) // the third frame's timer, which never fires
		end()
		want := "\r\x1b[K⠋ Loading…" + "\r\x1b[K⠙ Loading…" + "\r\x1b[K"
		if got := s.String(); got != want {
			t.Errorf("drew %q, want %q", got, want)
		}
		<-s.writes // the erase
		// Nothing is drawn after end returns, however long one waits.
		time.Sleep(time.Hour)
		synctest.Wait()
		select {
		case <-s.writes:
			t.Errorf("drew after the end: %q", s.String())
		default:
		}
	})
}

func TestOverlappingWorkSharesOneSpinner(t *testing.T) {
	s, c := newScreen(), newClock()
	sp := New(s, Options{After: c.After})
	end1 := sp.Start("Loading…")
	end2 := sp.Start("Saving…")
	c.next(t).c <- time.Now()
	waitWrite(t, s)
	c.next(t)
	end1()
	if got, want := s.String(), "\r\x1b[K⠋ Loading…"; got != want {
		t.Errorf("after the first end, drew %q, want %q: the other work goes on", got, want)
	}
	end2()
	if got, want := s.String(), "\r\x1b[K⠋ Loading…\r\x1b[K"; got != want {
		t.Errorf("drew %q, want %q", got, want)
	}
	// A new piece of work starts a new spinner.
	end3 := sp.Start("Deleting…")
	c.next(t).c <- time.Now()
	waitWrite(t, s)
	c.next(t)
	end3()
	if got := s.String(); !strings.HasSuffix(got, "\r\x1b[K⠋ Deleting…\r\x1b[K") {
		t.Errorf("drew %q, want a second spinner ending erased", got)
	}
}

// lateWriter counts what is drawn. Once closed, a drawing fails the test
// and ends the goroutine that drew it, so that a spinner left running
// cannot keep the test's bubble alive.
type lateWriter struct {
	t      *testing.T
	mu     sync.Mutex
	n      int
	closed bool
}

func (w *lateWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.n++
	closed := w.closed
	w.mu.Unlock()
	if closed {
		w.t.Errorf("a spinner drew %q after every piece of work ended", p)
		runtime.Goexit()
	}
	return len(p), nil
}

func (w *lateWriter) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
}

// TestNoGoroutineLeft starts and ends many spinners, fast and slow, and
// checks that every drawing goroutine has ended. It runs in a bubble
// (testing/synctest): the spinners' timers are on its fake clock, an hour
// passes after the last end, and synctest.Test fails if any goroutine
// started in the bubble is still there when it ends.
func TestNoGoroutineLeft(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := &lateWriter{t: t}
		sp := New(w, Options{Delay: time.Millisecond, Interval: time.Millisecond})
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Go(func() {
				end := sp.Start("Loading…")
				if i%2 == 0 {
					time.Sleep(3 * time.Millisecond) // slow: the spinner draws
				}
				end()
			})
		}
		wg.Wait()
		w.close()
		time.Sleep(time.Hour) // a spinner left running would draw
		synctest.Wait()
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.n == 0 {
			t.Error("no spinner drew: the slow work should have shown one")
		}
	})
}

// roundTripper is an http.RoundTripper from a function.
type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestTransport runs in a bubble (testing/synctest) with an in-process
// server, so that a slow request takes 305ms of the fake clock and none of
// the wall clock, and the spinner's delay is compared with it exactly.
func TestTransport(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		server := roundTripper(func(r *http.Request) (*http.Response, error) {
			if r.URL.Path == "/slow" {
				time.Sleep(305 * time.Millisecond) // off the frames' 10ms steps
			}
			return &http.Response{StatusCode: http.StatusOK, Header: http.Header{}, Request: r,
				Body: io.NopCloser(strings.NewReader(`{"ok":true}`))}, nil
		})
		for _, c := range []struct {
			path, method string
			spins        bool
			label        string
		}{
			{"/fast", http.MethodGet, false, ""},
			{"/slow", http.MethodGet, true, "Loading…"},
			{"/slow", http.MethodPost, true, "Creating…"},
			{"/slow", http.MethodDelete, true, "Deleting…"},
		} {
			s := newScreen()
			sp := New(s, Options{Delay: 20 * time.Millisecond, Interval: 10 * time.Millisecond})
			client := &http.Client{Transport: Transport(server, sp)}
			req, _ := http.NewRequest(c.method, "http://promoctl.test"+c.path, nil)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			got := s.String()
			if string(body) != `{"ok":true}` {
				t.Errorf("%s %s: body %q", c.method, c.path, body)
			}
			if !c.spins {
				if got != "" {
					t.Errorf("%s %s: drew %q for a fast request, want nothing", c.method, c.path, got)
				}
				continue
			}
			// 305ms: a frame at 20ms, then every 10ms to 300ms (29), then the erase.
			if n := strings.Count(got, c.label); !strings.HasSuffix(got, erase) || n != 29 {
				t.Errorf("%s %s: drew %q (%d frames), want 29 %q frames ending erased", c.method, c.path, got, n, c.label)
			}
		}
	})
}

func TestTransportEndsOnError(t *testing.T) {
	s := newScreen()
	sp := New(s, Options{Delay: time.Hour})
	client := &http.Client{Transport: Transport(nil, sp)}
	if _, err := client.Get("http://127.0.0.1:1/"); err == nil {
		t.Fatal("want a connection error")
	}
	// The spinner's work has ended: a new Start starts a new goroutine
	// rather than joining a stuck one.
	sp.mu.Lock()
	active := sp.active
	sp.mu.Unlock()
	if active != 0 {
		t.Errorf("active work = %d after a failed request, want 0", active)
	}
}
