package promocmd

import (
	"context"
	"errors"
	"io"
	"testing"
)

// stdinWaiting is a stdin whose writer never writes: Read says it was
// called, then waits until the test ends.
type stdinWaiting struct {
	reading chan struct{}
	end     chan struct{}
}

func (s *stdinWaiting) Read([]byte) (int, error) {
	select {
	case s.reading <- struct{}{}:
	default:
	}
	<-s.end
	return 0, io.EOF
}

// -f - off a terminal, from a pipe that never ends: Ctrl-C ends the read
// at once, exit 130, nothing sent.
func TestFileFromStdinEndsOnCtrlC(t *testing.T) {
	for _, args := range [][]string{
		{"promo", "apply", "-f", "-", "--site-id", "1"},
		{"promo", "create", "-f", "-", "--site-id", "1"},
	} {
		t.Run(args[1], func(t *testing.T) {
			r := newRunner(t)
			in := &stdinWaiting{reading: make(chan struct{}, 1), end: make(chan struct{})}
			defer close(in.end)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			r.StdinFrom, r.Ctx = in, ctx
			go func() {
				<-in.reading // the command waits on stdin: Ctrl-C
				cancel()
			}()
			res := r.Run(args...)
			res.Expect(t, 130, "", "promoctl: cancelled\n")
			r.ExpectNoRequests(t)
			if !errors.Is(ctx.Err(), context.Canceled) {
				t.Error("the run ended before Ctrl-C")
			}
		})
	}
}
