package output

import (
	"bytes"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
)

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"SUMMER", 6, "SUMMER"},
		{"SUMMER", 5, "SUMM…"},
		{"a b c d", 4, "a b…"},
		{"a b c d", 3, "a…"},
		{"日本語テキスト", 6, "日本…"}, // two cells a character
		{"x", 0, ""},
	} {
		if got := truncate(c.in, c.width); got != c.want || cellWidth(got) > max(c.width, 0) {
			t.Errorf("truncate(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

// TestFitGrid: the least important columns go first, a shortenable one is
// shortened before it goes, kept ones never go, wide-only ones show only
// with -o wide, and without a width nothing changes.
func TestFitGrid(t *testing.T) {
	g := Grid{
		Header:  []string{"ID", "NAME", "A", "B", "EXTRA"},
		Rows:    [][]string{{"1", "a rather long name here", "aaaa", "bbbb", "x"}},
		Columns: []Column{{Keep: true}, {Priority: 1, MinWidth: 5}, {Priority: 2}, {Priority: 3}, {Wide: true}},
	}
	draw := func(o Options) string {
		var b bytes.Buffer
		if err := Write(&b, Data{JSON: []byte("[]"), Tables: func() ([]Grid, error) { return []Grid{g}, nil }}, o); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Format: format.Table}, "ID  NAME                     A     B\n1   a rather long name here  aaaa  bbbb\n"},
		{Options{Format: format.Wide, Width: 20}, "ID  NAME                     A     B     EXTRA\n1   a rather long name here  aaaa  bbbb  x\n"},
		// shortened to twice its MinWidth at most before any column goes
		{Options{Format: format.Table, Width: 36}, "ID  NAME                 A     B\n1   a rather long name…  aaaa  bbbb\n"},
		{Options{Format: format.Table, Width: 30}, "ID  NAME            A     B\n1   a rather long…  aaaa  bbbb\n"},
		// then B and A go, NAME is shortened towards its MinWidth
		{Options{Format: format.Table, Width: 12}, "ID  NAME\n1   a rathe…\n"},
		// and goes too; the id stays, even wider than the terminal
		{Options{Format: format.Table, Width: 1}, "ID\n1\n"},
	} {
		if got := draw(c.o); got != c.want {
			t.Errorf("%+v:\n%s\nwant:\n%s", c.o, got, c.want)
		}
		for _, l := range strings.Split(strings.TrimSuffix(draw(c.o), "\n"), "\n") {
			if c.o.Width >= 12 && c.o.Format == format.Table && cellWidth(l) > c.o.Width {
				t.Errorf("width %d: line %q is wider", c.o.Width, l)
			}
		}
	}
}
