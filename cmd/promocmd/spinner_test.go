package promocmd

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/progress"
)

// spinnerClock is the spinner's clock in TestSpinner: the delay before
// the spinner appears passes at once, and drawn is closed when the spinner
// asks for its next frame's timer, that is once the first frame is on
// screen; that frame's timer never fires.
type spinnerClock struct {
	mu    sync.Mutex
	asked int
	drawn chan struct{}
}

func newSpinnerClock() *spinnerClock { return &spinnerClock{drawn: make(chan struct{})} }

func (c *spinnerClock) After(time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.asked++
	ch := make(chan time.Time, 1)
	switch c.asked {
	case 1:
		ch <- time.Time{}
	case 2:
		close(c.drawn)
	}
	return ch
}

func (c *spinnerClock) timers() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.asked
}

// TestSpinner checks the spinner of a slow request: drawn on stderr on a
// terminal, erased before anything else is written, and never drawn into
// stdout, without a terminal, or for -o json. The spinner runs on a clock
// of the test's (no sleeping): on a terminal the server answers once the
// first frame is drawn; elsewhere no spinner may even start.
func TestSpinner(t *testing.T) {
	t.Parallel()
	t.Run("on a terminal", func(t *testing.T) {
		t.Parallel()
		r := newRunner(t)
		r.TTY = true
		clock := newSpinnerClock()
		r.Progress = progress.Options{After: clock.After}
		r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, req *http.Request) {
			select {
			case <-clock.drawn:
			case <-req.Context().Done():
				return
			}
			w.Write([]byte("[]"))
		})
		res := r.Run("promo", "list", "--site-id", "7")
		if res.Code != 0 {
			t.Fatalf("exit %d: %s", res.Code, res.Stderr)
		}
		if !strings.HasPrefix(res.Stderr, "\r\x1b[K⠋ Loading…") || !strings.Contains(res.Stderr, "\r\x1b[K") {
			t.Errorf("stderr = %q, want a spinner", res.Stderr)
		}
		// The spinner is erased before anything else is written.
		rest := res.Stderr[strings.LastIndex(res.Stderr, "\r\x1b[K")+len("\r\x1b[K"):]
		if strings.Contains(rest, "⠋") || strings.Contains(rest, "Loading") {
			t.Errorf("the spinner was not erased last: %q", res.Stderr)
		}
		if strings.ContainsAny(res.Stdout, "\r\x1b⠋") {
			t.Errorf("stdout has spinner bytes: %q", res.Stdout)
		}
	})
	for _, c := range []struct {
		name string
		tty  bool
		args []string
		env  map[string]string
	}{
		{"no terminal", false, nil, nil},
		{"-o json", true, []string{"-o", "json"}, nil},
		{"--jq", true, []string{"--jq", "."}, nil},
		{"accessible", true, nil, map[string]string{"PROMOCTL_ACCESSIBLE": "1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := newRunner(t)
			r.TTY = c.tty
			for k, v := range c.env {
				r.Env[k] = v
			}
			clock := newSpinnerClock()
			r.Progress = progress.Options{After: clock.After}
			r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
			res := r.Run(append([]string{"promo", "list", "--site-id", "7"}, c.args...)...)
			if res.Code != 0 || strings.ContainsAny(res.Stderr+res.Stdout, "\r\x1b⠋") {
				t.Errorf("exit %d, stdout %q, stderr %q; want no spinner", res.Code, res.Stdout, res.Stderr)
			}
			if n := clock.timers(); n != 0 {
				t.Errorf("a spinner started (%d timers set), want none", n)
			}
		})
	}
}
