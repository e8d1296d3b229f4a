package output

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/xuri/excelize/v2"
)

// checkParts checks a workbook as a strict reader would: every part is
// well-formed XML (encoding/xml, strict), every part [Content_Types].xml
// names and every relationship's target is in the archive, and every
// part has a content type. It returns the parts' text by name.
func checkParts(t *testing.T, b []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("not a ZIP archive: %v", err)
	}
	parts := map[string]string{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		body, err := io.ReadAll(r) // checks the CRC-32 too
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		parts[f.Name] = string(body)
		d := xml.NewDecoder(bytes.NewReader(body))
		d.Strict = true
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s is not well-formed XML: %v", f.Name, err)
			}
		}
	}
	var types struct {
		Default []struct {
			Extension string `xml:",attr"`
		}
		Override []struct {
			PartName string `xml:",attr"`
		}
	}
	if err := xml.Unmarshal([]byte(parts["[Content_Types].xml"]), &types); err != nil {
		t.Fatalf("[Content_Types].xml: %v", err)
	}
	for _, o := range types.Override {
		if _, ok := parts[strings.TrimPrefix(o.PartName, "/")]; !ok {
			t.Errorf("[Content_Types].xml names %s, which is not in the archive", o.PartName)
		}
	}
	for name := range parts {
		ok := slices.ContainsFunc(types.Override, func(o struct {
			PartName string `xml:",attr"`
		}) bool {
			return o.PartName == "/"+name
		})
		ok = ok || slices.ContainsFunc(types.Default, func(d struct {
			Extension string `xml:",attr"`
		}) bool {
			return strings.HasSuffix(name, "."+d.Extension)
		})
		if !ok {
			t.Errorf("%s has no content type", name)
		}
		if !strings.HasSuffix(name, ".rels") {
			continue
		}
		var rels struct {
			Relationship []struct {
				Target string `xml:",attr"`
			}
		}
		if err := xml.Unmarshal([]byte(parts[name]), &rels); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		base := path.Dir(path.Dir(name)) // _rels/x.rels is of x, beside it
		for _, r := range rels.Relationship {
			if target := path.Join(base, r.Target); parts[target] == "" {
				t.Errorf("%s points to %s, which is not in the archive", name, target)
			}
		}
	}
	return parts
}

// TestXLSXStrict: the workbook of each kind of sheet (a table; a header
// that cannot head a table, filtered by the sheet; no header) is read by
// excelize, and each of its parts is well-formed XML with its content
// type; text that XML or SpreadsheetML would read otherwise reads back as
// it was written.
func TestXLSXStrict(t *testing.T) {
	tricky := []string{"]]> & <b>", "_x0041_", "_x005F_x0041_", "  lead and trail\t", "a\r\nb", "\"quoted\" 'too'", "\x00\x1f\xff\ufffe"}
	want := []string{"]]> & <b>", "_x0041_", "_x005F_x0041_", "  lead and trail\t", "a\r\nb", "\"quoted\" 'too'", "\ufffd\ufffd\ufffd\ufffd"}
	for _, c := range []struct {
		name      string
		header    []string
		noHeaders bool
		table     bool
		filter    bool
	}{
		{"table", []string{"id", "text"}, false, true, false},
		{"duplicate header", []string{"text", "TEXT"}, false, false, true},
		{"no header", []string{"id", "text"}, true, false, false},
		{"escape in the header", []string{"id", "a_x0041_"}, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := Grid{Header: c.header, Kinds: []Kind{KindNumber, KindText}}
			for i, s := range tricky {
				g.Rows = append(g.Rows, []string{strconv.Itoa(i), s})
			}
			var b bytes.Buffer
			if err := Write(&b, Data{JSON: []byte("[]"), CSV: func() (Grid, error) { return g, nil }}, Options{Format: format.XLSX, NoHeaders: c.noHeaders}); err != nil {
				t.Fatal(err)
			}
			parts := checkParts(t, b.Bytes())
			if _, ok := parts["xl/tables/table1.xml"]; ok != c.table {
				t.Errorf("a table: %v, want %v", ok, c.table)
			}
			if got := strings.Contains(parts["xl/worksheets/sheet1.xml"], `<autoFilter ref="A1:B8"/>`); got != c.filter {
				t.Errorf("the sheet's filter: %v, want %v", got, c.filter)
			}
			f := openWorkbook(t, b.Bytes())
			rows, err := f.GetRows("Sheet1", excelize.Options{RawCellValue: true})
			if err != nil {
				t.Fatal(err)
			}
			if !c.noHeaders {
				if !slices.Equal(rows[0], c.header) {
					t.Errorf("header %q, want %q", rows[0], c.header)
				}
				rows = rows[1:]
			}
			for i, w := range want {
				if i >= len(rows) || len(rows[i]) != 2 || rows[i][1] != w {
					t.Errorf("row %d reads back %q, want %q", i, rows[min(i, len(rows)-1)], w)
				}
			}
		})
	}
}

// xlsxReadBack is what a text cell of s holds: s with what XML cannot
// hold as U+FFFD, cut to Excel's 32,767 UTF-16 code units.
func xlsxReadBack(s string) string {
	var out []rune
	n := 0
	for _, r := range s {
		if !(r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000) {
			r = utf8.RuneError
		}
		if n += utf16.RuneLen(r); n > xlsxMaxChars {
			break
		}
		out = append(out, r)
	}
	return string(out)
}

// FuzzXLSXText: any text written to a cell reads back through excelize's
// reader as itself, but for what XML cannot hold (U+FFFD) and the cut at
// 32,767 UTF-16 code units; the sheet stays well-formed XML.
func FuzzXLSXText(f *testing.F) {
	for _, s := range []string{"", "007123", "=1+1", "_x0041_", "__x0041__x0041_", "_x005F_", " a ", "\r\n", "]]>", "\x1b[31m", "\xff", "😀", "\ufffe", strings.Repeat("😀", 16384), strings.Repeat("a", 32768)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g := Grid{Header: []string{"text"}, Rows: [][]string{{s}}}
		var b bytes.Buffer
		if err := Write(&b, Data{JSON: []byte("[]"), CSV: func() (Grid, error) { return g, nil }}, Options{Format: format.XLSX}); err != nil {
			t.Fatal(err)
		}
		checkParts(t, b.Bytes())
		wb, err := excelize.OpenReader(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		defer wb.Close()
		got, err := wb.GetCellValue("Sheet1", "A2", excelize.Options{RawCellValue: true})
		if want := xlsxReadBack(s); err != nil || got != want {
			t.Errorf("%q reads back as %q (%v), want %q", s, got, err, want)
		}
	})
}

// FuzzParseAPITime: the fast reading of a date and time agrees with
// time.Parse: whatever it reads, time.Parse reads as the same instant.
func FuzzParseAPITime(f *testing.F) {
	for _, s := range []string{"2026-12-31T20:59:59.000Z", "2026-02-29T00:00:00Z", "2024-02-29T23:59:59.999999999+03:00", "2026-06-01T00:00:00.1234567891Z",
		"2026-06-01T00:00:00-14:00", "2026-13-01T00:00:00Z", "2026-06-01t00:00:00z", "2026-06-01T24:00:00Z", "2026-06-01T00:00:60Z", "2026-06-01T00:00:00,5Z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := parseRFC3339Fast([]byte(s))
		if !ok {
			return
		}
		slow, err := time.Parse(time.RFC3339Nano, s)
		if err != nil || !slow.Equal(fast) {
			t.Errorf("%q: fast %v, time.Parse %v (%v)", s, fast, slow, err)
		}
	})
}

// TestExcelSerial: a date and time's serial number is the one excelize
// writes, to the last bit, from 1900 to 9999 (Excel's range).
func TestExcelSerial(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	rnd := rand.New(rand.NewPCG(1, 2))
	moscow, _ := time.LoadLocation("Europe/Moscow")
	times := []time.Time{time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1900, 2, 28, 23, 59, 59, 999e6, time.UTC),
		time.Date(1900, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 12, 31, 23, 59, 59, 999e6, moscow), time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC)}
	for range 300 {
		sec := rnd.Int64N(time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC).Unix()-time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC).Unix()) +
			time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
		times = append(times, time.Unix(sec, rnd.Int64N(1000)*1e6).In(moscow))
	}
	for _, at := range times {
		if err := f.SetCellValue("Sheet1", "A1", at); err != nil {
			t.Fatal(err)
		}
		want, _ := f.GetCellValue("Sheet1", "A1", excelize.Options{RawCellValue: true})
		if got := strconv.FormatFloat(excelSerial(at), 'f', -1, 64); got != want {
			t.Errorf("%v: serial %s, excelize %s", at, got, want)
		}
	}
}

// TestXLSXSpool: past what it holds in memory, the sheet goes to a
// temporary file; without one it stays in memory; the workbook is the
// same byte for byte.
func TestXLSXSpool(t *testing.T) {
	const n = 10_000 // some 380 KB deflated, past xlsxSpoolMem
	write := func(onDisk bool) []byte {
		x, err := newXLSX([]string{"id", "code", "at"}, []Kind{KindNumber, KindText, KindTime}, Options{Loc: time.UTC})
		if err != nil {
			t.Fatal(err)
		}
		rnd := rand.New(rand.NewPCG(3, 4))
		row := make([][]byte, 3)
		for i := range n {
			row[0] = strconv.AppendInt(row[0][:0], int64(i), 10)
			row[1] = strconv.AppendUint(row[1][:0], rnd.Uint64(), 36)
			row[2] = time.Unix(rnd.Int64N(2e9), 0).UTC().AppendFormat(row[2][:0], time.RFC3339)
			if err := x.add(row); err != nil {
				t.Fatal(err)
			}
		}
		if (x.spool.f != nil) != onDisk || x.spool.noFile == onDisk {
			t.Fatalf("the sheet in a file: %v (%d bytes deflated), want %v", x.spool.f != nil, x.spool.n, onDisk)
		}
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		if err := x.finish(w); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		return b.Bytes()
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	onDisk := write(true)
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	t.Setenv("TMPDIR", filepath.Join(tmp, "missing"))
	inMemory := write(false)
	if !bytes.Equal(onDisk, inMemory) {
		t.Errorf("the workbook spooled to a file (%d bytes) differs from the one held in memory (%d bytes)", len(onDisk), len(inMemory))
	}
	sheet := checkParts(t, onDisk)["xl/worksheets/sheet1.xml"]
	last := fmt.Sprintf(`<row r="%d"><c r="A%[1]d"><v>%d</v></c>`, n+1, n-1)
	if !strings.Contains(sheet, last) || !strings.HasSuffix(sheet, "</worksheet>") {
		t.Errorf("the sheet has no last row %s, or no end", last)
	}
}

// TestXLSXRowAllocations: a row costs no allocation once the columns are
// sized.
func TestXLSXRowAllocations(t *testing.T) {
	x, err := newXLSX([]string{"id", "code", "on", "ok", "day", "amount"}, []Kind{KindNumber, KindText, KindTime, KindBool, KindDate, KindNumber}, Options{Loc: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	defer x.spool.close()
	row := [][]byte{[]byte("1001"), []byte("SUMMER_x0041_ <25>"), []byte("2026-12-31T20:59:59.000+03:00"), []byte("true"), []byte("2026-12-31"), []byte("10.5")}
	for range xlsxWidthRows + 1000 {
		if err := x.add(row); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(1000, func() { x.add(row) }); n != 0 {
		t.Errorf("%v allocations a row, want 0", n)
	}
}
