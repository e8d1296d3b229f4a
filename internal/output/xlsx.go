package output

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Kind is what the cells of a CSV column hold, so that a workbook (-o
// xlsx) can type them; the CSV itself is text either way. A view gives a
// Kind per column (Grid.Kinds, List.CSVKinds); a column without one is
// text.
type Kind uint8

// The kinds of cells.
const (
	// KindText is text, kept as it is written: a code 007123 stays
	// 007123.
	KindText Kind = iota
	// KindNumber is a number (an id, an amount, a count): a number cell.
	KindNumber
	// KindBool is true or false: a boolean cell.
	KindBool
	// KindTime is a date and time as the API writes it (RFC 3339, UTC): a
	// date cell showing the local date and time (Options.Loc).
	KindTime
	// KindDate is a calendar day, 2026-12-31: a date cell.
	KindDate
)

// xlsxSheet is the name of the one sheet of a workbook promoctl writes.
const xlsxSheet = "Sheet1"

// xlsxWidthRows is how many rows size the columns: a workbook is
// streamed, and its column widths must be set before its first row, so
// the first rows are held back (at most this many) to measure their
// cells, then written with the rest.
const xlsxWidthRows = 200

// xlsxWriter writes a CSV's header and rows as a workbook, streaming: rows
// go to excelize's StreamWriter as they come (which keeps them in a
// temporary file past 16 MiB), and the workbook is zipped to the output at
// the end. Cells are typed by their column's Kind; the header row is bold,
// frozen and filtered (a table without a style), the columns as wide as
// the widest of the header and the first xlsxWidthRows rows.
type xlsxWriter struct {
	f         *excelize.File
	sw        *excelize.StreamWriter
	header    []string
	kinds     []Kind
	loc       *time.Location
	noHeaders bool
	next      int     // the sheet's row the next row goes to; 0 until start
	held      [][]any // the first rows, until the widths are set
	widths    []int
	bold      int
	dateTime  int
	date      int
	vals      []any
}

func newXLSX(header []string, kinds []Kind, o Options) (*xlsxWriter, error) {
	f := excelize.NewFile()
	x := &xlsxWriter{f: f, header: header, kinds: kinds, loc: o.Loc, noHeaders: o.NoHeaders, widths: make([]int, len(header))}
	if x.loc == nil {
		x.loc = time.Local
	}
	var err error
	if x.sw, err = f.NewStreamWriter(xlsxSheet); err != nil {
		f.Close()
		return nil, err
	}
	if x.bold, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		f.Close()
		return nil, err
	}
	// Excel's built-in date formats, shown in the reader's own locale:
	// 22 is the date and time (31.12.2026 23:59 in Russian), 14 the date.
	if x.dateTime, err = f.NewStyle(&excelize.Style{NumFmt: 22}); err != nil {
		f.Close()
		return nil, err
	}
	if x.date, err = f.NewStyle(&excelize.Style{NumFmt: 14}); err != nil {
		f.Close()
		return nil, err
	}
	for i, h := range header {
		x.widths[i] = utf8.RuneCountInString(h) + 3 // the filter's button
	}
	return x, nil
}

func (x *xlsxWriter) kind(col int) Kind {
	if col < len(x.kinds) {
		return x.kinds[col]
	}
	return KindText
}

// add writes a row of CSV cells, typed by their columns. The cells are
// copied: the caller may reuse them.
func (x *xlsxWriter) add(row [][]byte) error {
	x.vals = x.vals[:0]
	for i, c := range row {
		x.vals = append(x.vals, x.cell(i, c))
	}
	return x.put(x.vals)
}

// addStrings is add of a row of strings.
func (x *xlsxWriter) addStrings(row []string) error {
	x.vals = x.vals[:0]
	for i, c := range row {
		x.vals = append(x.vals, x.cellString(i, c))
	}
	return x.put(x.vals)
}

func (x *xlsxWriter) put(vals []any) error {
	if x.next > 0 {
		return x.write(vals)
	}
	for i, v := range vals {
		x.measure(i, v)
	}
	x.held = append(x.held, slices.Clone(vals))
	if len(x.held) < xlsxWidthRows {
		return nil
	}
	return x.start()
}

// start sets the column widths and the frozen header, then writes the
// header and the rows held back.
func (x *xlsxWriter) start() error {
	for i, w := range x.widths {
		if err := x.sw.SetColWidth(i+1, i+1, float64(min(max(w, 6), 60))+1); err != nil {
			return err
		}
	}
	x.next = 1
	if !x.noHeaders {
		if err := x.sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
			return err
		}
		hdr := make([]any, len(x.header))
		for i, h := range x.header {
			hdr[i] = excelize.Cell{StyleID: x.bold, Value: h}
		}
		if err := x.write(hdr); err != nil {
			return err
		}
	}
	for _, r := range x.held {
		if err := x.write(r); err != nil {
			return err
		}
	}
	x.held = nil
	return nil
}

func (x *xlsxWriter) write(vals []any) error {
	if err := x.sw.SetRow(cellName(1, x.next), vals); err != nil {
		return err
	}
	x.next++
	return nil
}

// tableHeader reports whether a header can head a table (and so have its
// filter): names that are there and unique, as Excel requires.
func tableHeader(h []string) bool {
	seen := make(map[string]bool, len(h))
	for _, n := range h {
		k := strings.ToLower(n)
		if k == "" || seen[k] {
			return false
		}
		seen[k] = true
	}
	return len(h) > 0
}

func cellName(col, row int) string {
	name, _ := excelize.CoordinatesToCellName(col, row)
	return name
}

// measure widens column i to fit v, as it is shown.
func (x *xlsxWriter) measure(i int, v any) {
	if i >= len(x.widths) {
		return
	}
	w := 0
	switch v := v.(type) {
	case string:
		w = utf8.RuneCountInString(v)
	case float64:
		w = len(strconv.FormatFloat(v, 'f', -1, 64))
	case bool:
		w = 5
	case excelize.Cell:
		w = 16 // 31.12.2026 23:59
		if v.StyleID == x.date {
			w = 10
		}
	}
	x.widths[i] = max(x.widths[i], w)
}

func (x *xlsxWriter) cell(i int, c []byte) any {
	if len(c) == 0 {
		return nil // null: an empty cell
	}
	switch x.kind(i) {
	case KindText:
		return string(c)
	}
	return x.cellString(i, string(c))
}

// cellString is the value of column i's cell c: typed by the column's
// kind, or text when it does not read as that kind.
func (x *xlsxWriter) cellString(i int, c string) any {
	if c == "" {
		return nil
	}
	switch x.kind(i) {
	case KindNumber:
		if v, err := strconv.ParseFloat(c, 64); err == nil {
			return v
		}
	case KindBool:
		if v, err := strconv.ParseBool(c); err == nil {
			return v
		}
	case KindTime:
		if t, err := time.Parse(time.RFC3339Nano, c); err == nil && t.Year() >= 1900 {
			// its wall clock in loc, which is what a spreadsheet shows
			return excelize.Cell{StyleID: x.dateTime, Value: t.In(x.loc).Truncate(time.Millisecond)}
		}
	case KindDate:
		if t, err := time.ParseInLocation("2006-01-02", c, x.loc); err == nil && t.Year() >= 1900 {
			return excelize.Cell{StyleID: x.date, Value: t}
		}
	}
	return c
}

// finish writes the header (when no row came, or fewer than held back),
// the filter, and zips the workbook to w.
func (x *xlsxWriter) finish(w *bufio.Writer) error {
	defer x.f.Close()
	if x.next == 0 {
		if err := x.start(); err != nil {
			return err
		}
	}
	if !x.noHeaders && x.next > 2 && tableHeader(x.header) {
		ref := "A1:" + cellName(len(x.header), x.next-1)
		off := false
		if err := x.sw.AddTable(&excelize.Table{Range: ref, Name: "promoctl", StyleName: "", ShowRowStripes: &off}); err != nil {
			return fmt.Errorf("write the workbook: %w", err)
		}
	}
	if err := x.sw.Flush(); err != nil {
		return fmt.Errorf("write the workbook: %w", err)
	}
	// The archive goes straight to w: excelize's WriteTo would build it in
	// memory first, which grows with the rows. Deflate at its fastest
	// level: the sheet's XML is repetitive, and compresses well anyway.
	x.f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(w)
		zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(out, flate.BestSpeed)
		})
		return zw
	})
	_, err := x.f.WriteTo(io.Discard)
	return err
}

// xlsxGC is the GOGC a workbook is written with. excelize keeps the
// sheet's XML in memory up to 16 MiB before it moves it to a temporary
// file, and makes some 70 allocations a row; at the default of 100 the
// heap grows to twice that buffer and more. At 10 the peak of 100,000
// codes is a quarter lower, for some 10% more time (docs/performance.md).
const xlsxGC = 10

// errXLSXTerminal refuses a workbook on a terminal, where it would be
// bytes no one can read.
var errXLSXTerminal = errors.New("-o xlsx writes a workbook: redirect it to a file, such as > codes.xlsx")

// writeXLSX writes a CSV grid as a workbook.
func writeXLSX(w *bufio.Writer, g Grid, o Options) error {
	if o.Terminal {
		return errXLSXTerminal
	}
	x, err := newXLSX(g.Header, g.Kinds, o)
	if err != nil {
		return err
	}
	for _, r := range g.Rows {
		if err := x.addStrings(r); err != nil {
			x.f.Close()
			return err
		}
	}
	return x.finish(w)
}

// streamXLSX writes a list's CSV rows as a workbook as they are read. Like
// a table, nothing is written when the list fails: the workbook is zipped
// to w only at its end.
func streamXLSX(w *bufio.Writer, l List, o Options) error {
	if o.Terminal {
		return errXLSXTerminal
	}
	defer collectSooner(xlsxGC)()
	x, err := newXLSX(l.CSVHeader, l.CSVKinds, o)
	if err != nil {
		return err
	}
	if err := l.CSVRows(x.add); err != nil {
		x.f.Close()
		return err
	}
	return x.finish(w)
}
