package core

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/promoctl/promoctl/internal/iostreams"
)

// StdinReader is standard input for a command that reads what it needs from it
// (--with-token, -f -). Off a terminal it is the input itself. On a
// terminal, where a person has to type or paste it, it says on stderr what
// is expected (hint) before the first read, and a read stops waiting when
// ctx ends: a read from a terminal does not end on Ctrl-C, so the first
// Ctrl-C would otherwise only echo ^C. With line, Enter ends the input.
func StdinReader(ctx context.Context, ios *iostreams.IOStreams, hint string, line bool) io.Reader {
	if !ios.IsStdinTTY() {
		return ios.In
	}
	return &termReader{ctx: ctx, in: ios.In, errOut: ios.ErrOut, hint: hint, line: line}
}

// termReader reads a terminal for stdin.
type termReader struct {
	ctx    context.Context
	in     io.Reader
	errOut io.Writer
	hint   string
	line   bool

	asked   bool            // the hint is shown
	ended   bool            // a line was read in line mode
	pending chan readResult // a read that ctx stopped waiting for
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
	if !r.asked {
		r.asked = true
		fmt.Fprintln(r.errOut, r.hint)
	}
	if r.pending == nil {
		done := make(chan readResult, 1)
		buf := make([]byte, len(p))
		go func() {
			n, err := r.in.Read(buf)
			done <- readResult{buf[:n], err}
		}()
		r.pending = done
	}
	select {
	case res := <-r.pending:
		r.pending = nil
		n := copy(p, res.data)
		if i := bytes.IndexByte(p[:n], '\n'); r.line && i >= 0 {
			n, r.ended = i+1, true
		}
		return n, res.err
	case <-r.ctx.Done():
		// The terminal showed ^C where the cursor was: end that line
		// before the error is written.
		fmt.Fprintln(r.errOut)
		return 0, r.ctx.Err()
	}
}
