package output

import (
	"bytes"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
)

// upper is a Locale that writes headers in lower case and words in upper
// case, so that a test sees what went through it.
type upper struct{}

func (upper) Header(h string) string { return strings.ToLower(h) }
func (upper) Row(header, row []string) []string {
	out := make([]string, len(row))
	for i, c := range row {
		out[i] = strings.ToUpper(c)
	}
	return out
}
func (upper) Value(key, v string) string         { return "<" + v + ">" }
func (upper) English(header, cell string) string { return strings.ToLower(cell) }
func (upper) Day(s string) string                { return "day " + s }

// TestLocaleTables: a Locale rewrites a table's headers, rows, a record's
// keys and values and a grid's title, and Tone still reads the cells as
// the view wrote them; JSON and CSV do not go through it.
func TestLocaleTables(t *testing.T) {
	var toned []string
	rows := [][]string{{"1", "active"}}
	g := Grid{Header: []string{"ID", "STATUS"}, Rows: rows, Title: "Codes"}
	g.Tone = func(row, col int) Tone { toned = append(toned, rows[row][col]); return Plain }
	card := Grid{KeyValue: true, Rows: [][]string{{"Status:", "active"}}}
	d := Data{JSON: []byte(`[{"status":"active"}]`), Tables: func() ([]Grid, error) { return []Grid{g, card}, nil },
		CSV: func() (Grid, error) { return Grid{Header: []string{"status"}, Rows: [][]string{{"active"}}}, nil }}
	var b bytes.Buffer
	if err := Write(&b, d, Options{Format: format.Table, Locale: upper{}, Color: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"codes:", "id", "status", "ACTIVE", "status:", "<active>"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Join(toned, ",") != "1,active" {
		t.Errorf("Tone read %q, want the view's cells", toned)
	}
	for _, f := range []format.Format{format.JSON, format.CSV, format.YAML} {
		var with, without bytes.Buffer
		if err := Write(&with, d, Options{Format: f, Locale: upper{}}); err != nil {
			t.Fatal(err)
		}
		if err := Write(&without, d, Options{Format: f}); err != nil {
			t.Fatal(err)
		}
		if with.String() != without.String() {
			t.Errorf("%s with a Locale:\n%s\nwithout:\n%s", f, with.String(), without.String())
		}
	}
}

// TestLocaleList: a list written as it is read goes through the Locale in
// a table, with Tone given the view's cells, and never in CSV.
func TestLocaleList(t *testing.T) {
	var toned []string
	l := List{
		Elements:  elementsOf(t, `[{"status":"active"}]`),
		Header:    []string{"STATUS"},
		Rows:      func(add func([][]byte) error) error { return add([][]byte{[]byte("active")}) },
		Tone:      func(col int, cell string) Tone { toned = append(toned, cell); return Plain },
		CSVHeader: []string{"status"},
		CSVRows:   func(add func([][]byte) error) error { return add([][]byte{[]byte("active")}) },
	}
	var b bytes.Buffer
	if err := WriteList(&b, l, Options{Format: format.Table, Locale: upper{}, Color: true}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "status\nACTIVE\n" {
		t.Errorf("table:\n%q", b.String())
	}
	if len(toned) == 0 || toned[0] != "active" {
		t.Errorf("Tone read %q, want the view's cell", toned)
	}
	b.Reset()
	if err := WriteList(&b, l, Options{Format: format.CSV, Locale: upper{}}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "status\nactive\n" {
		t.Errorf("CSV = %q", b.String())
	}
}
