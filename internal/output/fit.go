package output

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter/pkg/twwidth"

	"github.com/promoctl/promoctl/internal/format"
)

// Column says how a table's column gives way when the table is wider than
// the terminal (Options.Width), and whether it is shown only with -o wide.
// A view sets them; a table without them is drawn as it is.
type Column struct {
	// Keep columns are never dropped or shortened: an id, a code.
	Keep bool
	// Priority orders the columns that give way: the highest number
	// first. Columns of equal priority give way from the right.
	Priority int
	// MinWidth, when above 0, lets the column's cells be shortened with
	// "…": first to twice MinWidth before any column is dropped, then to
	// MinWidth when its turn to give way comes, before it is dropped.
	MinWidth int
	// Wide columns are shown only with -o wide.
	Wide bool
}

// keepMinWidth is the narrowest a Keep column holding a value far wider
// than the others is shortened to: wider than any code (15 characters)
// or id.
const keepMinWidth = 16

// ellipsis ends a shortened cell.
const ellipsis = "…"

// fitting is what fitColumns chose: which columns are shown, in their
// order, how wide, and where cells are shortened.
type fitting struct {
	keep   []int // the original index of each shown column
	widths []int // the display width of each shown column
	limit  []int // a cell wider than this is shortened; 0: never
}

// fitColumns chooses the columns of a table whose columns have the given
// natural widths (header included), so that it fits o.Width: wide-only
// columns are left out unless -o wide; then, when the table is too wide,
// columns that may be shortened are shortened to twice their MinWidth,
// then the columns that give way are shortened to MinWidth or dropped,
// least important first, and the room left is given back to shortened
// columns, most important first. Keep columns never give way, so a table
// may stay wider than a very narrow terminal.
func fitColumns(widths []int, cols []Column, o Options) fitting {
	col := func(i int) Column {
		if i < len(cols) {
			return cols[i]
		}
		return Column{Keep: cols == nil}
	}
	w := slices.Clone(widths)
	shown := make([]bool, len(w))
	for i := range w {
		shown[i] = !col(i).Wide || o.Format == format.Wide
	}
	if cols != nil && o.Format != format.Wide && o.Width > 0 {
		shrink(w, widths, shown, col, o.Width)
	}
	var f fitting
	for i := range w {
		if !shown[i] {
			continue
		}
		f.keep = append(f.keep, i)
		f.widths = append(f.widths, w[i])
		limit := 0
		if w[i] < widths[i] {
			limit = w[i]
		}
		f.limit = append(f.limit, limit)
	}
	return f
}

// shrink narrows w (natural widths: natural) and hides columns (shown)
// until the table fits width, as fitColumns says.
func shrink(w, natural []int, shown []bool, col func(int) Column, width int) {
	total := func() int {
		t, n := 0, 0
		for i, s := range shown {
			if s {
				t += w[i]
				n++
			}
		}
		return t + len(colGap)*max(n-1, 0)
	}
	var order []int // the columns that give way, least important first
	for i := range w {
		if shown[i] && !col(i).Keep {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := cmp.Compare(col(b).Priority, col(a).Priority); c != 0 {
			return c
		}
		return cmp.Compare(b, a)
	})
	cut := func(i, floor int) {
		if excess := total() - width; excess > 0 && w[i] > floor {
			w[i] -= min(excess, w[i]-floor)
		}
	}
	for _, i := range order {
		if m := col(i).MinWidth; m > 0 {
			cut(i, 2*m)
		}
	}
	// A column never dropped (an id, a code) is never shortened either,
	// unless a value in it is far wider than a code can be (a third of
	// the terminal): then it is shortened, down to keepMinWidth, before
	// any other column gives way, and gets room back first — one value
	// of 400 characters does not push every other column off.
	var outliers []int
	for i := range w {
		if shown[i] && col(i).Keep && natural[i] > max(width/3, keepMinWidth) {
			outliers = append(outliers, i)
			cut(i, keepMinWidth)
		}
	}
	for _, i := range order {
		if total() <= width {
			break
		}
		if m := col(i).MinWidth; m > 0 {
			if cut(i, m); total() <= width {
				break
			}
		}
		shown[i] = false
	}
	for _, i := range outliers {
		if room := width - total(); room > 0 && w[i] < natural[i] {
			w[i] += min(room, natural[i]-w[i])
		}
	}
	for j := len(order) - 1; j >= 0; j-- {
		i := order[j]
		if room := width - total(); shown[i] && room > 0 && w[i] < natural[i] {
			w[i] += min(room, natural[i]-w[i])
		}
	}
}

// fitRow is r with the columns f chose, shortened where they must be;
// buf is reused. Only a shortened cell is a new one.
func fitRow[C string | []byte](f fitting, r, buf []C) []C {
	buf = buf[:0]
	for j, i := range f.keep {
		var c C
		if i < len(r) {
			c = r[i]
		}
		if f.limit[j] > 0 && cellWidth(c) > f.limit[j] {
			c = C(truncate(string(c), f.limit[j]))
		}
		buf = append(buf, c)
	}
	return buf
}

// truncate shortens s to at most width display cells, ending in "…".
func truncate(s string, width int) string {
	if cellWidth(s) <= width {
		return s
	}
	if width < 1 {
		return ""
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		rw := 1
		if r >= utf8.RuneSelf {
			rw = twwidth.Width(string(r))
		}
		if used+rw > width-1 {
			break
		}
		b.WriteRune(r)
		used += rw
	}
	return strings.TrimRight(b.String(), " ") + ellipsis
}

// fitGrid is g with the columns fitColumns chooses for o: the header and
// rows projected and shortened, Tone and Columns following them.
func fitGrid(g Grid, o Options) Grid {
	if g.Columns == nil {
		return g
	}
	n := len(g.Header)
	for _, r := range g.Rows {
		n = max(n, len(r))
	}
	widths := make([]int, n)
	measure := func(r []string) {
		for i, c := range r {
			widths[i] = max(widths[i], cellWidth(c))
		}
	}
	if !o.NoHeaders {
		measure(g.Header)
	}
	for _, r := range g.Rows {
		measure(r)
	}
	f := fitColumns(widths, g.Columns, o)
	if len(f.keep) == n && !slices.ContainsFunc(f.limit, func(l int) bool { return l > 0 }) {
		return g
	}
	out := g
	if g.Header != nil {
		out.Header = fitRow(f, g.Header, nil)
	}
	out.Rows = make([][]string, len(g.Rows))
	for i, r := range g.Rows {
		out.Rows[i] = fitRow(f, r, nil)
	}
	out.Columns = nil
	if tone := g.Tone; tone != nil {
		out.Tone = func(row, col int) Tone { return tone(row, f.keep[col]) }
	}
	return out
}
