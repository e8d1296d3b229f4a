// Package iostreams is the one place that knows where input comes from and
// output goes, and whether those are terminals: prompts, colours and
// spinners are decided here and nowhere else, so tests can flip them.
package iostreams

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// IOStreams are a command's standard streams.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	inTTY, outTTY, errTTY bool
	colorOff              bool
	machine               bool // Machine: what is written is for programs
	width                 int  // stdout's terminal's columns, set by tests; 0: ask the terminal
}

// System returns the process's streams.
func System() *IOStreams {
	return &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		inTTY: isTerminal(os.Stdin), outTTY: isTerminal(os.Stdout), errTTY: isTerminal(os.Stderr),
	}
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// Test returns streams backed by buffers, none of them a terminal.
func Test() (ios *IOStreams, in, out, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut}, in, out, errOut
}

// SetTTY says which streams are terminals; for tests.
func (s *IOStreams) SetTTY(in, out, errOut bool) { s.inTTY, s.outTTY, s.errTTY = in, out, errOut }

// CanPrompt reports whether the user can be asked: stdin and stdout are
// both terminals.
func (s *IOStreams) CanPrompt() bool { return s.inTTY && s.outTTY }

// IsStdinTTY reports whether stdin is a terminal: someone types what a
// command reads from it.
func (s *IOStreams) IsStdinTTY() bool { return s.inTTY }

// IsStdoutTTY reports whether stdout is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.outTTY }

// IsStderrTTY reports whether stderr is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.errTTY }

// ColorEnabled reports whether stdout may be coloured: it is a terminal,
// and colour was not turned off (NO_COLOR, --no-color; see DisableColor).
// Renderers are told the answer; they never look at the terminal
// themselves.
func (s *IOStreams) ColorEnabled() bool { return s.outTTY && !s.colorOff }

// DisableColor turns colour off for the rest of the run: NO_COLOR is set
// (to any value, even empty) or --no-color was given.
func (s *IOStreams) DisableColor() { s.colorOff = true }

// CanShowProgress reports whether a spinner may be drawn on stderr: a
// person is watching (stdin and stdout are terminals, as for prompts) and
// stderr is a terminal too, so that the spinner never lands in a file or
// a pipe.
func (s *IOStreams) CanShowProgress() bool { return s.inTTY && s.outTTY && s.errTTY }
