package iostreams

import (
	"os"

	"golang.org/x/term"
)

// TerminalWidth is how many columns the terminal stdout is has; 0 when
// stdout is no terminal or its width cannot be told.
func (s *IOStreams) TerminalWidth() int {
	if !s.outTTY {
		return 0
	}
	if s.width > 0 {
		return s.width
	}
	if f, ok := s.Out.(*os.File); ok {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
	}
	return 0
}

// SetWidth sets the columns of the terminal stdout is; for tests.
func (s *IOStreams) SetWidth(columns int) { s.width = columns }
