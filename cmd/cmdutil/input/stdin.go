package input

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/promoctl/promoctl/internal/iostreams"
)

// StdinReader is standard input for a command that reads what it needs from it
// (--with-token, -f -). On a terminal, where a person has to type or
// paste it, it says on stderr what is expected (hint) before the first
// read. On a terminal or off it, a read stops waiting when ctx ends: a
// read from a terminal does not end on Ctrl-C, so the first Ctrl-C would
// otherwise only echo ^C, and a pipe whose writer never writes (nor gets
// the signal) would hold the command for ever. With line, Enter ends the
// input.
func StdinReader(ctx context.Context, ios *iostreams.IOStreams, hint string, line bool) io.Reader {
	tty := ios.IsStdinTTY()
	return &termReader{ctx: ctx, in: ios.In, errOut: ios.ErrOut, hint: hint, line: line && tty, terminal: tty}
}

// termReader reads stdin, a terminal or not.
type termReader struct {
	ctx      context.Context
	in       io.Reader
	errOut   io.Writer
	hint     string
	line     bool
	terminal bool

	asked   bool            // the hint is shown
	ended   bool            // a line was read in line mode
	pending chan readResult // a read that ctx stopped waiting for
	rest    readResult      // what a read gave that p had no room for
}

type readResult struct {
	data []byte
	err  error
}

func (r *termReader) Read(p []byte) (int, error) {
	if r.ended {
		return 0, io.EOF
	}
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	if !r.asked && r.terminal {
		r.asked = true
		fmt.Fprintln(r.errOut, r.hint)
	}
	if len(r.rest.data) > 0 || r.rest.err != nil {
		return r.give(p, r.rest)
	}
	if r.pending == nil {
		done := make(chan readResult, 1)
		buf := make([]byte, min(len(p), 64<<10))
		go func() {
			n, err := r.in.Read(buf)
			done <- readResult{buf[:n], err}
		}()
		r.pending = done
	}
	select {
	case res := <-r.pending:
		r.pending = nil
		return r.give(p, res)
	case <-r.ctx.Done():
		if r.terminal {
			// The terminal showed ^C where the cursor was: end that
			// line before the error is written.
			fmt.Fprintln(r.errOut)
		}
		return 0, r.ctx.Err()
	}
}

// give copies what a read gave into p, keeping what does not fit (and the
// read's error) for the next Read.
func (r *termReader) give(p []byte, res readResult) (int, error) {
	n := copy(p, res.data)
	if i := bytes.IndexByte(p[:n], '\n'); r.line && i >= 0 {
		r.rest, r.ended = readResult{}, true
		return i + 1, nil
	}
	if n < len(res.data) {
		r.rest = readResult{res.data[n:], res.err}
		return n, nil
	}
	r.rest = readResult{}
	return n, res.err
}
