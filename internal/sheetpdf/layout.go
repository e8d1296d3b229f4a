package sheetpdf

import (
	"math"
	"strings"
)

// Paper is a sheet size in points (1/72 inch).
type Paper struct {
	Name string
	W, H float64
}

// Papers are the sizes a sheet can have, A4 first (the default).
func Papers() []Paper {
	return []Paper{
		{Name: "A4", W: 595.28, H: 841.89},
		{Name: "A5", W: 419.53, H: 595.28},
		{Name: "letter", W: 612, H: 792},
	}
}

// PaperNamed is the paper of that name, in any case.
func PaperNamed(name string) (Paper, bool) {
	for _, p := range Papers() {
		if strings.EqualFold(p.Name, strings.TrimSpace(name)) {
			return p, true
		}
	}
	return Paper{}, false
}

// The cards a page can hold.
const (
	MinPerPage     = 1
	MaxPerPage     = 40
	DefaultPerPage = 8
)

// Rect is a rectangle in PDF coordinates: points, from the page's lower
// left corner.
type Rect struct{ X, Y, W, H float64 }

// Line is a cut mark, from (X1, Y1) to (X2, Y2).
type Line struct{ X1, Y1, X2, Y2 float64 }

// Layout is where the cards of a page go: a grid of Cols×Rows cells within
// the margins, the cards in reading order (left to right, top to bottom;
// a grid may have a few more cells than cards), and the cut marks along
// the grid's lines.
type Layout struct {
	Paper      Paper
	Cols, Rows int
	Cards      []Rect
	Marks      []Line
}

// The geometry of a page, in points.
const (
	margin   = 34.0 // 12 mm around the grid: printers do not print to the edge
	markGap  = 3.0  // between the grid and a mark in the margin
	markLen  = 14.0 // a mark in the margin, 5 mm
	crossArm = 4.0  // half a cross where four cards meet
	// cardAspect is the width:height a card is best at: the code and
	// the lines beside a square QR code.
	cardAspect = 1.6
)

// NewLayout lays perPage cards (MinPerPage to MaxPerPage) out on paper:
// of the grids with no empty row or column, the one whose cells are
// closest to cardAspect.
func NewLayout(paper Paper, perPage int) Layout {
	perPage = min(max(perPage, MinPerPage), MaxPerPage)
	areaW, areaH := paper.W-2*margin, paper.H-2*margin
	bestCols, best := 1, math.Inf(1)
	for cols := 1; cols <= perPage; cols++ {
		rows := (perPage + cols - 1) / cols
		if empty := cols*rows - perPage; empty >= cols || empty >= rows {
			continue
		}
		score := math.Abs(math.Log(areaW / float64(cols) / (areaH / float64(rows)) / cardAspect))
		if score < best-1e-9 {
			bestCols, best = cols, score
		}
	}
	l := Layout{Paper: paper, Cols: bestCols, Rows: (perPage + bestCols - 1) / bestCols}
	cw, ch := areaW/float64(l.Cols), areaH/float64(l.Rows)
	top := paper.H - margin
	for i := range perPage {
		col, row := i%l.Cols, i/l.Cols
		l.Cards = append(l.Cards, Rect{X: margin + float64(col)*cw, Y: top - float64(row+1)*ch, W: cw, H: ch})
	}
	l.Marks = l.marks(cw, ch)
	return l
}

// marks are the cut marks: in the margins, a tick in line with each of
// the grid's lines; inside, a small cross where four cards meet.
func (l Layout) marks(cw, ch float64) []Line {
	left, right := margin, l.Paper.W-margin
	bottom, top := margin, l.Paper.H-margin
	var out []Line
	for c := 0; c <= l.Cols; c++ {
		x := left + float64(c)*cw
		out = append(out,
			Line{x, top + markGap, x, top + markGap + markLen},
			Line{x, bottom - markGap, x, bottom - markGap - markLen})
	}
	for r := 0; r <= l.Rows; r++ {
		y := top - float64(r)*ch
		out = append(out,
			Line{left - markGap, y, left - markGap - markLen, y},
			Line{right + markGap, y, right + markGap + markLen, y})
	}
	for c := 1; c < l.Cols; c++ {
		for r := 1; r < l.Rows; r++ {
			x, y := left+float64(c)*cw, top-float64(r)*ch
			out = append(out, Line{x - crossArm, y, x + crossArm, y}, Line{x, y - crossArm, x, y + crossArm})
		}
	}
	return out
}
