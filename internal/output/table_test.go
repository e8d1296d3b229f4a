package output

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func alignedString(t *testing.T, header []string, rows [][]string) string {
	t.Helper()
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if err := writeAligned(w, header, rows, nil, nil); err != nil {
		t.Fatalf("writeAligned: %v", err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func tablewriterString(t *testing.T, header []string, rows [][]string) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeTablewriter(&b, header, rows); err != nil {
		t.Fatalf("writeTablewriter: %v", err)
	}
	return b.String()
}

// TestAlignedMatchesTablewriter holds the fast path for long lists to the
// bytes tablewriter draws for the same grid, so a list looks the same
// whether it has 499 rows or 500.
func TestAlignedMatchesTablewriter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		header []string
		rows   [][]string
	}{
		{"ASCII", []string{"ID", "CODE", "ENABLED"}, [][]string{{"1", "AB", "yes"}, {"1002", "SUMMER2026", "no"}}},
		{"no header", nil, [][]string{{"1", "AB"}, {"22", "SUMMER"}}},
		{"header only", []string{"ID", "CODE"}, nil},
		{"Cyrillic", []string{"ID", "NAME"}, [][]string{{"1", "Привет"}, {"2", "Скидка на доставку"}, {"3", "x"}}},
		{"CJK wide", []string{"ID", "NAME", "NOTE"}, [][]string{{"1", "中文字", "a"}, {"2", "ab", "日本語のテキスト"}, {"3", "ｶﾀｶﾅ", "Ａ"}}},
		{"emoji", []string{"CODE", "NOTE"}, [][]string{{"AB", "😀 party"}, {"CD", "ok"}}},
		{"combining marks", []string{"NAME", "X"}, [][]string{{"e\u0301te\u0301", "1"}, {"ete", "2"}}},
		{"empty cells", []string{"A", "B", "C"}, [][]string{{"", "x", ""}, {"", "", ""}, {"y", "", "z"}}},
		{"empty column", []string{"A", "", "C"}, [][]string{{"1", "", "3"}}},
		{"ragged short rows", []string{"ID", "CODE", "X"}, [][]string{{"1"}, {"22", "SUMMER"}, {"333", "AB", "z"}}},
		{"ragged long rows", []string{"ID"}, [][]string{{"1", "extra", "more"}, {"22"}}},
		{"ragged without header", nil, [][]string{{"a"}, {"b", "c"}, {}, {"d", "e", "f"}}},
		{"empty rows", []string{"A"}, [][]string{{}, {"x"}, {}}},
		{"empty header", []string{}, [][]string{{"a", "b"}}},
		{"blank header", []string{"", ""}, [][]string{{"a", "b"}}},
		{"key value", nil, [][]string{{"ID:", "1001"}, {"Code:", "SUMMER"}, {"Once per customer:", "yes"}}},
		{"wide header", []string{"A VERY LONG HEADER", "B"}, [][]string{{"1", "2"}}},
		{"long cell", []string{"A", "B"}, [][]string{{strings.Repeat("x", 300), "y"}, {"z", strings.Repeat("Ж", 120)}}},
		{"spaces inside cells", []string{"A", "B"}, [][]string{{" lead", "trail "}, {"mid dle", "  "}}},
		{"punctuation", []string{"AMOUNT", "DATE"}, [][]string{{"10%", "2026-12-01 03:00"}, {"150.00", "-"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tablewriterString(t, tt.header, tt.rows)
			if got := alignedString(t, tt.header, tt.rows); got != want {
				t.Errorf("writeAligned =\n%q\nwriteTablewriter =\n%q", got, want)
			}
		})
	}
}

// TestAlignedMatchesTablewriterRandom draws random grids from cells of
// every width class and compares the two renderers on each.
func TestAlignedMatchesTablewriterRandom(t *testing.T) {
	t.Parallel()
	cells := []string{"", "a", "AB", "1002", "SUMMER2026", "yes", "Привет", "中文", "日本語テキスト", "ｶﾀｶﾅ", "😀", "e\u0301", "±→…", "10%", "x y", "Ａ１"}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		ncol := 1 + r.IntN(5)
		var header []string
		if r.IntN(3) > 0 {
			header = make([]string, ncol)
			for j := range header {
				header[j] = strings.ToUpper(cells[r.IntN(len(cells))])
			}
		}
		rows := make([][]string, r.IntN(6))
		for j := range rows {
			rows[j] = make([]string, ncol)
			if r.IntN(5) == 0 { // now and then a ragged row
				rows[j] = make([]string, r.IntN(ncol+2))
			}
			for k := range rows[j] {
				rows[j][k] = cells[r.IntN(len(cells))]
			}
		}
		want := tablewriterString(t, header, rows)
		if got := alignedString(t, header, rows); got != want {
			t.Fatalf("grid %d: header %q rows %q\nwriteAligned =\n%q\nwriteTablewriter =\n%q", i, header, rows, got, want)
		}
	}
}

func TestWriteGridKeyValueHasNoHeader(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	g := Grid{Header: []string{"FIELD", "VALUE"}, Rows: [][]string{{"ID:", "1"}, {"Code:", "AB"}}, KeyValue: true}
	if err := writeGrid(w, g, false); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if got, want := b.String(), "ID:    1\nCode:  AB\n"; got != want {
		t.Errorf("key-value grid =\n%q\nwant\n%q", got, want)
	}
}

func TestWriteGridLongListUsesSameLayout(t *testing.T) {
	t.Parallel()
	header := []string{"ID", "CODE"}
	rows := make([][]string, bulkRows)
	for i := range rows {
		rows[i] = []string{strings.Repeat("9", 1+i%4), "КОД"}
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if err := writeGrid(w, Grid{Header: header, Rows: rows}, false); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if want := tablewriterString(t, header, rows); b.String() != want {
		t.Errorf("a %d-row grid differs from tablewriter's layout", bulkRows)
	}
	b.Reset()
	w.Reset(&b)
	if err := writeGrid(w, Grid{Header: header, Rows: rows}, true); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if strings.Contains(b.String(), "CODE") {
		t.Errorf("--no-headers printed the header of a long list")
	}
}

func TestWriteCSV(t *testing.T) {
	t.Parallel()
	g := Grid{Header: []string{"id", "code", "note"}, Rows: [][]string{
		{"1", "AB", "plain"},
		{"2", "CD", `has "quotes", and commas`},
		{"3", "EF", "two\nlines"},
		{"4", "GH", ""},
	}}
	body := "1,AB,plain\n2,CD,\"has \"\"quotes\"\", and commas\"\n3,EF,\"two\nlines\"\n4,GH,\n"
	tests := []struct {
		name      string
		g         Grid
		noHeaders bool
		want      string
	}{
		{"with header", g, false, "id,code,note\n" + body},
		{"no headers", g, true, body},
		{"nil header", Grid{Rows: g.Rows}, false, body},
		{"no rows", Grid{Header: g.Header}, false, "id,code,note\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := writeCSV(&b, tt.g, tt.noHeaders); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if b.String() != tt.want {
			t.Errorf("%s: writeCSV =\n%q\nwant\n%q", tt.name, b.String(), tt.want)
		}
	}
}
