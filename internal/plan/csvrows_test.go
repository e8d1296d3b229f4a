package plan

import (
	"bufio"
	"encoding/csv"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// FuzzCSVRowsAsEncodingCSV: within the bounds and without CR, csvRows
// reads what encoding/csv reads, row by row up to the first error, and
// the same error; a CR alone ends a line as LF does.
func FuzzCSVRowsAsEncodingCSV(f *testing.F) {
	for _, s := range []string{
		"code,bonus_amount\nOK1,5\n\"ABCD,5\n", "a,\"b\"\"c\",d\n\ne,f", "a;\"x\ny\";z\n", "a,b\"c\n1,2\n",
		"\"a\"b,c\n", "\"\"\n\"\",\n", ",,,\n", "a\tb\n", "\"a\n\n\nb\"\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsRune(s, '\r') || len(s) > 4096 {
			return
		}
		comma := separator(bufio.NewReader(strings.NewReader(s)))
		want, wantErr := stdRows(s, comma)
		if slices.ContainsFunc(want, func(r []string) bool { return len(r) > MaxColumns }) {
			return
		}
		got, gotErr := ourRows(s, comma)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%q: rows\n%q\nwant\n%q", s, got, want)
		}
		if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Fatalf("%q: error %v, want %v", s, gotErr, wantErr)
		}
		mac, macErr := ourRows(strings.ReplaceAll(s, "\n", "\r"), comma)
		if !slices.EqualFunc(mac, want, slices.Equal) || (macErr == nil) != (wantErr == nil) {
			t.Fatalf("%q with CR: rows\n%q (%v)\nwant\n%q (%v)", s, mac, macErr, want, wantErr)
		}
	})
}

// stdRows are encoding/csv's rows of s that are not blank, to the first
// error, which is its message and line.
func stdRows(s string, comma rune) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(s))
	r.Comma, r.FieldsPerRecord = comma, -1
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return rows, &csv.ParseError{StartLine: pe.StartLine, Line: pe.StartLine, Err: pe.Err}
		}
		if err != nil {
			return rows, err
		}
		if !blank(rec) {
			rows = append(rows, rec)
		}
	}
}

func ourRows(s string, comma rune) ([][]string, error) {
	r := newCSVRows(bufio.NewReader(strings.NewReader(s)), comma)
	var rows [][]string
	for {
		rec, _, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return rows, &csv.ParseError{StartLine: pe.StartLine, Line: pe.StartLine, Err: pe.Err}
		}
		if err != nil {
			return rows, err
		}
		if !blank(rec) {
			rows = append(rows, rec)
		}
	}
}
