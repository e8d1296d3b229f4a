package sheetpdf

import (
	"fmt"
	"math"
	"testing"
)

func paper(t *testing.T, name string) Paper {
	t.Helper()
	p, ok := PaperNamed(name)
	if !ok {
		t.Fatalf("no paper %s", name)
	}
	return p
}

func near(a, b float64) bool { return math.Abs(a-b) < 0.01 }

func sameRect(a, b Rect) bool {
	return near(a.X, b.X) && near(a.Y, b.Y) && near(a.W, b.W) && near(a.H, b.H)
}

// TestLayoutGrids pins the grid of the usual sheets: where the first and
// the last card of a page go, how many cut marks there are and where two
// of them are. A change of the margins, the grid's choice or the order of
// the cards fails it.
func TestLayoutGrids(t *testing.T) {
	for _, c := range []struct {
		paper       string
		perPage     int
		cols, rows  int
		first, last Rect
		marks       int
		// a tick above the grid in line with its second column line,
		// and the first cross where four cards meet (none: zero)
		tick, cross Line
	}{
		{"A4", 8, 2, 4, Rect{34, 614.42, 263.64, 193.47}, Rect{297.64, 34, 263.64, 193.47}, 22,
			Line{297.64, 810.89, 297.64, 824.89}, Line{293.64, 614.42, 301.64, 614.42}},
		{"A5", 6, 2, 3, Rect{34, 385.52, 175.77, 175.76}, Rect{209.77, 34, 175.77, 175.76}, 18,
			Line{209.77, 564.28, 209.77, 578.28}, Line{205.77, 385.52, 213.77, 385.52}},
		{"letter", 40, 4, 10, Rect{34, 685.6, 136, 72.4}, Rect{442, 34, 136, 72.4}, 86,
			Line{170, 761, 170, 775}, Line{166, 685.6, 174, 685.6}},
		{"A4", 1, 1, 1, Rect{34, 34, 527.28, 773.89}, Rect{34, 34, 527.28, 773.89}, 8,
			Line{561.28, 810.89, 561.28, 824.89}, Line{}},
		// 7 cards: the grid of 8, its last cell empty
		{"A4", 7, 2, 4, Rect{34, 614.42, 263.64, 193.47}, Rect{34, 34, 263.64, 193.47}, 22,
			Line{297.64, 810.89, 297.64, 824.89}, Line{293.64, 614.42, 301.64, 614.42}},
	} {
		l := NewLayout(paper(t, c.paper), c.perPage)
		name := fmt.Sprintf("%s×%d", c.paper, c.perPage)
		if l.Cols != c.cols || l.Rows != c.rows {
			t.Errorf("%s: grid %d×%d, want %d×%d", name, l.Cols, l.Rows, c.cols, c.rows)
		}
		if len(l.Cards) != c.perPage {
			t.Fatalf("%s: %d cards, want %d", name, len(l.Cards), c.perPage)
		}
		if got := l.Cards[0]; !sameRect(got, c.first) {
			t.Errorf("%s: first card %+v, want %+v", name, got, c.first)
		}
		if got := l.Cards[len(l.Cards)-1]; !sameRect(got, c.last) {
			t.Errorf("%s: last card %+v, want %+v", name, got, c.last)
		}
		if len(l.Marks) != c.marks {
			t.Errorf("%s: %d cut marks, want %d", name, len(l.Marks), c.marks)
		}
		if !hasLine(l.Marks, c.tick) {
			t.Errorf("%s: no tick %+v among %+v", name, c.tick, l.Marks)
		}
		if c.cross != (Line{}) && !hasLine(l.Marks, c.cross) {
			t.Errorf("%s: no cross %+v among %+v", name, c.cross, l.Marks)
		}
	}
}

func hasLine(ls []Line, want Line) bool {
	for _, l := range ls {
		if near(l.X1, want.X1) && near(l.Y1, want.Y1) && near(l.X2, want.X2) && near(l.Y2, want.Y2) {
			return true
		}
	}
	return false
}

// TestLayoutTiles: on every paper and for every number of cards, the cards
// are in reading order, all of one size, inside the margins, and none
// overlaps another; every cut mark is in a margin or where four cards meet,
// and no cell of the grid holds more than one card.
func TestLayoutTiles(t *testing.T) {
	for _, p := range Papers() {
		for n := MinPerPage; n <= MaxPerPage; n++ {
			l := NewLayout(p, n)
			if l.Cols*l.Rows < n || (l.Cols*l.Rows-n) >= l.Cols || (l.Cols*l.Rows-n) >= l.Rows {
				t.Errorf("%s×%d: grid %d×%d leaves a row or column empty", p.Name, n, l.Cols, l.Rows)
			}
			for i, r := range l.Cards {
				if r.X < margin-0.01 || r.Y < margin-0.01 || r.X+r.W > p.W-margin+0.01 || r.Y+r.H > p.H-margin+0.01 {
					t.Errorf("%s×%d: card %d %+v outside the margins", p.Name, n, i, r)
				}
				if !near(r.W, l.Cards[0].W) || !near(r.H, l.Cards[0].H) {
					t.Errorf("%s×%d: card %d is %gx%g, the first %gx%g", p.Name, n, i, r.W, r.H, l.Cards[0].W, l.Cards[0].H)
				}
				if i > 0 {
					prev := l.Cards[i-1]
					sameRow := near(prev.Y, r.Y)
					if (sameRow && !near(prev.X+prev.W, r.X)) || (!sameRow && (!near(r.X, margin) || !near(prev.Y, r.Y+r.H))) {
						t.Errorf("%s×%d: card %d %+v does not follow card %d %+v", p.Name, n, i, r, i-1, prev)
					}
				}
			}
			for _, m := range l.Marks {
				inMargin := func(x, y float64) bool {
					return x <= margin || x >= p.W-margin || y <= margin || y >= p.H-margin
				}
				crossing := m.X1 > margin && m.X1 < p.W-margin && m.Y1 > margin && m.Y1 < p.H-margin
				if !(inMargin(m.X1, m.Y1) && inMargin(m.X2, m.Y2)) && !crossing {
					t.Errorf("%s×%d: cut mark %+v", p.Name, n, m)
				}
			}
		}
	}
}
