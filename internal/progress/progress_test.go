package progress

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
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

func TestSlowWorkSpinsAndErasesItself(t *testing.T) {
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
	// Nothing is drawn after end returns.
	select {
	case <-s.writes:
		t.Errorf("drew after the end: %q", s.String())
	case <-time.After(50 * time.Millisecond):
	}
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

// TestNoGoroutineLeft starts and ends many spinners, fast and slow, and
// checks that every drawing goroutine has ended.
func TestNoGoroutineLeft(t *testing.T) {
	before := runtime.NumGoroutine()
	sp := New(io.Discard, Options{Delay: time.Millisecond, Interval: time.Millisecond})
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			end := sp.Start("Loading…")
			if i%2 == 0 {
				time.Sleep(3 * time.Millisecond)
			}
			end()
		}()
	}
	wg.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the spinners ended, %d before", n, before)
	}
}

func TestTransport(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			time.Sleep(300 * time.Millisecond)
		}
		io.WriteString(w, `{"ok":true}`)
	}))
	defer srv.Close()
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
		delay := 20 * time.Millisecond // well under the slow request's 300 ms
		if !c.spins {
			delay = 2 * time.Second // well over a fast one, even on a loaded machine
		}
		sp := New(s, Options{Delay: delay, Interval: 10 * time.Millisecond})
		client := &http.Client{Transport: Transport(nil, sp)}
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
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
		if !strings.Contains(got, c.label) || !strings.HasSuffix(got, erase) {
			t.Errorf("%s %s: drew %q, want %q frames ending erased", c.method, c.path, got, c.label)
		}
	}
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
