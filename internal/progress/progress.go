// Package progress shows that promoctl is waiting for the server: a
// spinner on stderr that appears only when a request takes longer than a
// moment, and erases itself when the request ends, so that a fast command
// prints nothing extra and a slow one does not look hung.
//
// The caller decides whether a spinner may be shown at all (stderr is a
// terminal, the output is not JSON); this package only draws it.
package progress

import (
	"io"
	"net/http"
	"sync"
	"time"
)

// DefaultDelay is how long a request runs before the spinner appears.
const DefaultDelay = 200 * time.Millisecond

// DefaultInterval is the time between two frames of the spinner.
const DefaultInterval = 100 * time.Millisecond

// erase returns the cursor to the start of the line and clears it.
const erase = "\r\x1b[K"

// frames are the spinner's pictures, drawn in turn.
func frames() []string {
	return []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
}

// Options tune a Spinner; the zero value means the defaults.
type Options struct {
	Delay    time.Duration
	Interval time.Duration
	// After is the clock (time.After by default); tests pass one they
	// control.
	After func(time.Duration) <-chan time.Time
}

// Spinner draws one spinner line on w while at least one piece of work
// started with Start has not ended. It is safe for concurrent use.
type Spinner struct {
	w        io.Writer
	delay    time.Duration
	interval time.Duration
	after    func(time.Duration) <-chan time.Time

	mu     sync.Mutex // held while the drawing goroutine is started or stopped
	active int
	stop   chan struct{}
	done   chan struct{}
}

// New returns a spinner that draws on w.
func New(w io.Writer, o Options) *Spinner {
	s := &Spinner{w: w, delay: o.Delay, interval: o.Interval, after: o.After}
	if s.delay <= 0 {
		s.delay = DefaultDelay
	}
	if s.interval <= 0 {
		s.interval = DefaultInterval
	}
	if s.after == nil {
		s.after = time.After
	}
	return s
}

// Start records that work began, labelled label, and returns the function
// that records its end. The spinner appears once the delay has passed with
// work still going on; when the last piece of work ends, the line is erased
// before the end function returns, so that whatever the caller prints next
// starts on a clean line. Calling the end function more than once is
// harmless.
func (s *Spinner) Start(label string) (end func()) {
	s.mu.Lock()
	s.active++
	if s.active == 1 {
		s.stop, s.done = make(chan struct{}), make(chan struct{})
		go s.draw(label, s.stop, s.done)
	}
	s.mu.Unlock()
	var once sync.Once
	return func() { once.Do(s.end) }
}

func (s *Spinner) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active--
	if s.active > 0 {
		return
	}
	close(s.stop)
	<-s.done // the line is erased: nothing is drawn after end returns
	s.stop, s.done = nil, nil
}

// draw waits for the delay, then draws a frame every interval until stop
// is closed, and erases what it drew.
func (s *Spinner) draw(label string, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	select {
	case <-stop:
		return // fast: nothing was drawn
	case <-s.after(s.delay):
	}
	fs := frames()
	for i := 0; ; i++ {
		io.WriteString(s.w, erase+fs[i%len(fs)]+" "+label)
		select {
		case <-stop:
			io.WriteString(s.w, erase)
			return
		case <-s.after(s.interval):
		}
	}
}

// Transport wraps base so that the spinner runs while each request is
// under way: from the moment it is sent until its response body is closed
// or read to the end. base nil means http.DefaultTransport.
func Transport(base http.RoundTripper, s *Spinner) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &transport{base: base, spinner: s}
}

type transport struct {
	base    http.RoundTripper
	spinner *Spinner
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	end := t.spinner.Start(Label(req.Method))
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.Body == nil {
		end()
		return resp, err
	}
	resp.Body = &body{ReadCloser: resp.Body, end: end}
	return resp, nil
}

// body ends the spinner's work when the response has been read or closed.
type body struct {
	io.ReadCloser
	end func()
}

func (b *body) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.end()
	}
	return n, err
}

func (b *body) Close() error {
	b.end()
	return b.ReadCloser.Close()
}

// Label says what a request of method is doing, in words.
func Label(method string) string {
	switch method {
	case http.MethodPost:
		return "Creating…"
	case http.MethodPut, http.MethodPatch:
		return "Saving…"
	case http.MethodDelete:
		return "Deleting…"
	}
	return "Loading…"
}
