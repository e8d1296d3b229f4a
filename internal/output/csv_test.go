package output

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/csvcell"
)

// encodingCSV is record as encoding/csv writes it, each cell guarded
// against formulas by csvcell.Escape.
func encodingCSV(t testing.TB, record []string) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	escaped := make([]string, len(record))
	for i, c := range record {
		escaped[i] = csvcell.Escape(c)
	}
	if err := w.Write(escaped); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return b.String()
}

// appendCSV writes what encoding/csv writes, from strings and from bytes.
func TestAppendCSVIsEncodingCSV(t *testing.T) {
	for _, record := range [][]string{
		{},
		{""},
		{"", ""},
		{"SUMMER10", "100001", "2026-06-01T00:00:00.000Z"},
		{"a,b", `say "hi"`, "two\nlines", "cr\rhere", "crlf\r\nhere"},
		{" leading", "\tleading tab", "trailing ", "\u00a0nbsp", "\u3000ideographic", "\u2028line sep"},
		{`\.`, `\..`, `.\`, `\`},
		{"\xff\xfe", "\xc2", "é", "日本"},
		{`"`, `""`, ","},
		{"=1+1", "-5", "+3.5", "@SUM(A1)", "-", "'=x", "=a,b", "\r=x", "=\"q\""},
	} {
		want := encodingCSV(t, record)
		if got := string(appendCSV(nil, record)); got != want {
			t.Errorf("strings %q:\n got %q\nwant %q", record, got, want)
		}
		cells := make([][]byte, len(record))
		for i, c := range record {
			cells[i] = []byte(c)
		}
		if got := string(appendCSV([]byte("kept:"), cells)); got != "kept:"+want {
			t.Errorf("bytes %q:\n got %q\nwant %q", record, got, "kept:"+want)
		}
	}
}

func FuzzAppendCSV(f *testing.F) {
	f.Add("SUMMER10", "a,b", " x")
	f.Add(`\.`, "\"q\"", "\r\n")
	f.Add("=1", "\t-x", "'@,")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		record := []string{a, b, c}
		if got, want := string(appendCSV(nil, record)), encodingCSV(t, record); got != want {
			t.Fatalf("%q:\n got %q\nwant %q", record, got, want)
		}
	})
}

// The bytes form makes no garbage: a streamed CSV list writes each row
// into one reused line.
func TestAppendCSVAllocations(t *testing.T) {
	cells := [][]byte{[]byte("100001"), []byte("SUMMER, 10"), []byte(`say "hi"`), []byte(strings.Repeat("x", 40)),
		[]byte("=HYPERLINK(1)"), []byte("-5"), []byte(`@x,"y"`)}
	line := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { line = appendCSV(line[:0], cells) }); n != 0 {
		t.Errorf("appendCSV: %v allocations per row, want 0", n)
	}
}

// writeSizes records the size of each write.
type writeSizes struct {
	bytes.Buffer
	sizes []int
}

func (w *writeSizes) Write(p []byte) (int, error) {
	w.sizes = append(w.sizes, len(p))
	return w.Buffer.Write(p)
}

// A large CSV goes out in pieces of about 64 KiB, not built whole in
// memory first, and its bytes are encoding/csv's.
func TestWriteCSVWritesInPieces(t *testing.T) {
	g := Grid{Header: []string{"ID", "CODE"}}
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	cw.Write(g.Header)
	for i := range 20000 {
		row := []string{strings.Repeat("1", 6), "CODE, " + strings.Repeat("x", i%20)}
		g.Rows = append(g.Rows, row)
		cw.Write(row)
	}
	cw.Flush()
	want := b.String()
	var w writeSizes
	if err := writeCSV(&w, g, false); err != nil {
		t.Fatal(err)
	}
	if w.String() != want {
		t.Errorf("writeCSV wrote %d bytes unlike encoding/csv's %d", w.Len(), len(want))
	}
	for _, n := range w.sizes {
		if n > 64<<10+100 {
			t.Fatalf("writeCSV wrote %d bytes at once (of %d in %d writes), want pieces of about 64 KiB", n, w.Len(), len(w.sizes))
		}
	}
}

// TestCSVCannotRunAFormula: a text cell that a spreadsheet would run as a
// formula is written with a leading ' (quoted as encoding/csv quotes it);
// numbers, even signed, stay as they are.
func TestCSVCannotRunAFormula(t *testing.T) {
	record := []string{`=HYPERLINK("http://x","click")`, "+cmd|' /C calc'!A0", "@SUM(1)*2", "-2+3", "\tx", "\rx",
		"-5", "+3.5", "-", "SUMMER10"}
	want := `"'=HYPERLINK(""http://x"",""click"")",'+cmd|' /C calc'!A0,'@SUM(1)*2,'-2+3,'` + "\tx" + `,"'` + "\rx" + `",-5,+3.5,-,SUMMER10` + "\n"
	if got := string(appendCSV(nil, record)); got != want {
		t.Errorf("appendCSV:\n got %q\nwant %q", got, want)
	}
	var b bytes.Buffer
	if err := writeCSV(&b, Grid{Header: []string{"a"}, Rows: [][]string{{"=1+1"}}}, false); err != nil || b.String() != "a\n'=1+1\n" {
		t.Errorf("writeCSV = %q, %v", b.String(), err)
	}
	// What is written reads back, by encoding/csv and csvcell.Unescape, as
	// the text it was.
	rows, err := csv.NewReader(strings.NewReader(want)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range rows[0] {
		if got := csvcell.Unescape(c); got != record[i] {
			t.Errorf("cell %d read back as %q, want %q", i, got, record[i])
		}
	}
}
