package output

import (
	"bufio"
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Tone is how a status cell is coloured on a colour terminal.
type Tone uint8

// The tones of status cells.
const (
	Plain Tone = iota // no colour
	Good              // green: enabled, valid
	Bad               // red: invalid
	Muted             // dim: disabled
)

// StatusTone is the tone of a yes/no cell: yes is Good, no is ifNo, and
// anything else (an unknown value, "") is Plain.
func StatusTone(cell string, ifNo Tone) Tone {
	switch cell {
	case "yes":
		return Good
	case "no":
		return ifNo
	}
	return Plain
}

// palette paints cells. It is built only when a toned table is drawn with
// colour on, so that commands that draw none (and `promoctl --version`)
// never build a style.
type palette struct {
	good, bad, muted lipgloss.Style
}

// newPalette draws with the 16 basic ANSI colours, whatever the terminal
// claims: they follow the user's terminal theme, and fixing the profile
// means lipgloss never queries the terminal (its background colour query
// would read from stdin).
func newPalette(w io.Writer) *palette {
	r := lipgloss.NewRenderer(w)
	r.SetColorProfile(termenv.ANSI)
	r.SetHasDarkBackground(true)
	return &palette{
		good:  r.NewStyle().Foreground(lipgloss.Color("2")),
		bad:   r.NewStyle().Foreground(lipgloss.Color("1")),
		muted: r.NewStyle().Faint(true),
	}
}

func (p *palette) paint(t Tone, s string) string {
	if s == "" {
		return s
	}
	switch t {
	case Good:
		return p.good.Render(s)
	case Bad:
		return p.bad.Render(s)
	case Muted:
		return p.muted.Render(s)
	}
	return s
}

// writeToned draws a grid as writeGrid does, with the cells that g.Tone
// names coloured. It always aligns by itself (writeAligned draws the same
// bytes as tablewriter): each cell is measured and padded as plain text and
// only then wrapped in colour, so escape sequences never count towards a
// column's width. Cells are already terminal-safe (Text); the only escapes
// in the output are the palette's.
func writeToned(w *bufio.Writer, g Grid, noHeaders bool, p *palette) error {
	if g.KeyValue {
		noHeaders = true
	}
	header := g.Header
	if noHeaders {
		header = nil
	}
	return writeAligned(w, header, g.Rows, g.Tone, p)
}

// Painter colours text by tone as tables do, for a view that draws its own
// rows (promo browse). Build it only when drawing with colour on.
type Painter struct{ p *palette }

// NewPainter is the Painter of tables written to w.
func NewPainter(w io.Writer) Painter { return Painter{p: newPalette(w)} }

// Paint is s in the colour of t.
func (p Painter) Paint(t Tone, s string) string { return p.p.paint(t, s) }
