package output

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func tonedGrid() Grid {
	g := Grid{
		Header: []string{"ID", "CODE", "ENABLED", "NOTE"},
		Rows: [][]string{
			{"1", "SUMMER25", "yes", "Летняя распродажа"},
			{"2", "夏季", "no", ""},
			{"3", "X", "maybe", "-"},
		},
	}
	g.Tone = func(row, col int) Tone {
		if col == 2 {
			return StatusTone(g.Rows[row][col], Muted)
		}
		return Plain
	}
	return g
}

func renderGrid(t *testing.T, g Grid, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, Data{JSON: []byte("[]"), Tables: func() ([]Grid, error) { return []Grid{g}, nil }}, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestColouredTableKeepsItsColumns(t *testing.T) {
	t.Parallel()
	plain := renderGrid(t, tonedGrid(), Options{Format: format.Table})
	if sgr.MatchString(plain) {
		t.Fatalf("colour with Color off:\n%q", plain)
	}
	coloured := renderGrid(t, tonedGrid(), Options{Format: format.Table, Color: true})
	for _, s := range []string{"\x1b[32myes\x1b[0m", "\x1b[2mno\x1b[0m"} {
		if !strings.Contains(coloured, s) {
			t.Errorf("no %q in:\n%q", s, coloured)
		}
	}
	if strings.Contains(coloured, "\x1b[32mmaybe") || strings.Contains(coloured, "ENABLED\x1b") {
		t.Errorf("coloured a value that is not yes or no, or the header:\n%q", coloured)
	}
	if got := sgr.ReplaceAllString(coloured, ""); got != plain {
		t.Errorf("coloured table without its colours:\n%s\nwant the plain table:\n%s", got, plain)
	}
	noHeaders := renderGrid(t, tonedGrid(), Options{Format: format.Table, Color: true, NoHeaders: true})
	if strings.Contains(noHeaders, "ENABLED") || !strings.Contains(noHeaders, "\x1b[32myes") {
		t.Errorf("--no-headers in colour:\n%q", noHeaders)
	}
}

func TestColourOnlyInTables(t *testing.T) {
	t.Parallel()
	for _, f := range []format.Format{format.CSV, format.JSON, format.YAML} {
		d := Data{
			JSON:   []byte(`[{"is_enabled":true}]`),
			Tables: func() ([]Grid, error) { return []Grid{tonedGrid()}, nil },
			CSV:    func() (Grid, error) { return tonedGrid(), nil },
		}
		var b bytes.Buffer
		if err := Write(&b, d, Options{Format: f, Color: true}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "\x1b") {
			t.Errorf("%s output has escapes: %q", f, b.String())
		}
	}
}
