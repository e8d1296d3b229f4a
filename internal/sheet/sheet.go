// Package sheet reads one sheet of a workbook, an Excel workbook (.xlsx,
// Office Open XML) or an OpenDocument spreadsheet (.ods), row by row, and
// refuses a damaged one whole: any error of the archive (its directory, a
// part's checksum, its compressed data), of the XML (not well-formed to
// its last closing tag, an entity, a declaration), a formula without its
// value, rows or cells stored out of order, a hidden first sheet, a
// password-protected file, or a bound passed ends the read with an
// *i18n.Error naming the place (sheet, row or cell). A read that stops
// early is always an error, never the end of the rows.
//
// Every bound (Limits) is checked before the data it bounds is inflated
// where the archive declares it (entries, part sizes), and counted as it
// is read where it does not; nothing is written to disk, and the read
// ends when its context does.
package sheet

import (
	"context"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Kind is what a cell holds.
type Kind uint8

// The kinds of cells.
const (
	// Text is text, as written: a code 007123 stays 007123.
	Text Kind = iota
	// Number is a number; Cell.Text is it as the file writes it.
	Number
	// Percent is a number shown as a percentage (a number format with %,
	// or OpenDocument's percentage): Num is 0.15 for 15%.
	Percent
	// Bool is a boolean: Text is TRUE or FALSE.
	Bool
	// Date is a date or a date and time: Text is its wall clock, without a
	// zone, as 2026-12-31 (a day) or 2026-12-31T23:59:59.000.
	Date
)

// Cell is one value of a row that holds something.
type Cell struct {
	Col  int // from 1
	Kind Kind
	Text string
	Num  float64 // the number of a Number, Percent or (xlsx) Date cell
	// date1904 is whether a number is a date counted from 1904 (Mac
	// Excel), for Time.
	date1904 bool
}

// Time is the wall clock of a Number or Date cell read as a date (the
// serial number of days of a spreadsheet, the fraction the time of day),
// to the millisecond; false when the cell is not one, or out of range.
func (c Cell) Time() (time.Time, bool) {
	switch c.Kind {
	case Date:
		for _, layout := range []string{"2006-01-02T15:04:05.000", "2006-01-02"} {
			if t, err := time.Parse(layout, c.Text); err == nil {
				return t, true
			}
		}
		return time.Time{}, false
	case Number:
		return serialTime(c.Num, c.date1904)
	}
	return time.Time{}, false
}

// serialTime is the wall clock of a spreadsheet's date number (days since
// the epoch, the fraction the time of day), to the millisecond, as the
// API keeps dates: serials from 61 on (1 March 1900) up to 9999-12-31;
// Excel's phantom 29 February 1900 comes before.
func serialTime(x float64, date1904 bool) (time.Time, bool) {
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if math.IsNaN(x) || x < 61 || x >= 2958466 {
		return time.Time{}, false
	}
	days := math.Floor(x)
	ms := math.Round((x - days) * 86_400_000)
	return epoch.AddDate(0, 0, int(days)).Add(time.Duration(ms) * time.Millisecond), true
}

// wallClock is t as a Date cell's Text: the day alone at midnight.
func wallClock(t time.Time) string {
	if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0 {
		return t.Format("2006-01-02")
	}
	return t.Format("2006-01-02T15:04:05.000")
}

// Limits are the bounds of a read. Zero fields take DefaultLimits'.
type Limits struct {
	// Rows is the most rows a sheet may have, empty rows included (each
	// row element counts; a repeated empty row in an .ods counts once, a
	// repeated row that holds values as many times as it repeats).
	Rows int
	// Columns is the last column a value may be in (1024: column AMJ).
	Columns int
	// CellsPerRow is the most cell elements a row may have, empty ones
	// included (16384, a sheet's width).
	CellsPerRow int
	// CellBytes is the most text a cell may hold, in bytes once decoded.
	CellBytes int
	// Token is the longest stretch of a part's XML between two tags (a
	// text, a tag with its attributes, a comment): what the XML parser
	// holds at once.
	Token int
	// Entries is the most files (parts) the archive may hold, and
	// Directory the most bytes its directory may take.
	Entries, Directory int
	// Part is the most any one part may unpack to; Total the most the
	// whole archive may (every part's declared size, checked before
	// anything is inflated, and the bytes actually inflated).
	Part, Total int64
	// SmallPart bounds the parts that describe the workbook: its
	// relationships, workbook.xml, styles.xml, the manifest.
	SmallPart int64
	// SharedStrings is the most shared strings an .xlsx may have, and
	// SharedBytes the most text they may hold together.
	SharedStrings, SharedBytes int
	// Styles is the most cell formats (cellXfs) and number formats an
	// .xlsx may declare.
	Styles int
	// Sheets is the most sheets a workbook may have.
	Sheets int
}

// DefaultLimits are the bounds of promo apply: a sheet of 200,000 promo
// codes exported by promoctl is about 60 MiB of XML; a shared string
// table of 200,000 codes a few MiB.
func DefaultLimits() Limits {
	return Limits{
		Rows:          200_001,
		Columns:       1024,
		CellsPerRow:   16384,
		CellBytes:     256 << 10,
		Token:         1 << 20,
		Entries:       10_000,
		Directory:     4 << 20,
		Part:          160 << 20,
		Total:         256 << 20,
		SmallPart:     8 << 20,
		SharedStrings: 500_000,
		SharedBytes:   32 << 20,
		Styles:        65_536,
		Sheets:        10_000,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pick64 := func(v *int64, def int64) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&l.Rows, d.Rows)
	pick(&l.Columns, d.Columns)
	pick(&l.CellsPerRow, d.CellsPerRow)
	pick(&l.CellBytes, d.CellBytes)
	pick(&l.Token, d.Token)
	pick(&l.Entries, d.Entries)
	pick(&l.Directory, d.Directory)
	pick64(&l.Part, d.Part)
	pick64(&l.Total, d.Total)
	pick64(&l.SmallPart, d.SmallPart)
	pick(&l.SharedStrings, d.SharedStrings)
	pick(&l.SharedBytes, d.SharedBytes)
	pick(&l.Styles, d.Styles)
	pick(&l.Sheets, d.Sheets)
	return l
}

// Options say what to read.
type Options struct {
	// Sheet is the sheet to read by name; empty: the first, which is
	// refused when it is hidden.
	Sheet  string
	Limits Limits
}

// Row is called for each row that holds a value, in order, with its row
// number (from 1) and its cells (valid until it returns). An error from
// it ends the read and is returned as it is.
type Row func(row int, cells []Cell) error

// ErrExit is the exit code of a refused file: a usage error.
const ErrExit = 2

// Read reads a sheet of the workbook r (size bytes, an .xlsx or an .ods:
// told by its content) and calls row for each of its rows that holds a
// value. It returns nil only when the whole file was read and found
// sound; a file it refuses is an *i18n.Error (exit 2) that says what is
// wrong and where; ctx's error when ctx ends first.
func Read(ctx context.Context, r io.ReaderAt, size int64, o Options, row Row) error {
	o.Limits = o.Limits.withDefaults()
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := notZip(r, size); err != nil {
		return err
	}
	p, err := openPackage(ctx, r, size, o.Limits)
	if err != nil {
		return err
	}
	if p.isODS() {
		return readODS(ctx, p, o, row)
	}
	return readXLSX(ctx, p, o, row)
}

// cfb is the magic of a Compound File (OLE2): an Excel 97-2003 workbook,
// or a workbook encrypted with a password (Office keeps the encrypted
// package in one).
var cfb = []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}

// IsCompound reports whether data (a file's first bytes) start a Compound
// File: a password-protected workbook or an .xls.
func IsCompound(data []byte) bool {
	return len(data) >= len(cfb) && string(data[:len(cfb)]) == string(cfb)
}

// notZip refuses a Compound File with what it is: encrypted when it holds
// an EncryptedPackage stream, else an old .xls.
func notZip(r io.ReaderAt, size int64) error {
	var head [8]byte
	if n, _ := r.ReadAt(head[:], 0); n < len(head) || !IsCompound(head[:]) {
		return nil
	}
	const scan = 1 << 20
	buf := make([]byte, min(size, scan))
	n, _ := r.ReadAt(buf, 0)
	name := utf16le("EncryptedPackage")
	if strings.Contains(string(buf[:n]), name) {
		return refuse(place{}, "workbook.encrypted")
	}
	return refuse(place{}, "workbook.xls")
}

func utf16le(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteByte(byte(c))
		b.WriteByte(0)
	}
	return b.String()
}

// place is where in the workbook a problem is: a part, a sheet, a row, a
// cell (its column from 1).
type place struct {
	part  string
	sheet string
	row   int
	col   int
	after bool // after row, not in it
}

// refuse is the error of a refused file: what is wrong (the message id
// and its values), said at its place.
func refuse(at place, id string, args ...any) error {
	return refuseMsg(at, i18n.M(id, args...))
}

func refuseMsg(at place, what i18n.Message) error {
	switch {
	case at.sheet != "" && at.col > 0:
		return i18n.NewError(ErrExit, "workbook.at.cell", "Sheet", at.sheet, "Cell", CellName(at.col, at.row), "What", what)
	case at.sheet != "" && at.row > 0 && at.after:
		return i18n.NewError(ErrExit, "workbook.at.after_row", "Sheet", at.sheet, "Row", at.row, "What", what)
	case at.sheet != "" && at.row > 0:
		return i18n.NewError(ErrExit, "workbook.at.row", "Sheet", at.sheet, "Row", at.row, "What", what)
	case at.sheet != "":
		return i18n.NewError(ErrExit, "workbook.at.sheet", "Sheet", at.sheet, "What", what)
	}
	return &i18n.Error{Msg: what, Exit: ErrExit}
}

// damaged is the refusal of an error from the archive or the XML parser,
// at its place; ctx's end and a refusal already made pass as they are.
func damaged(at place, part string, err error) error {
	var ie *i18n.Error
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded), errors.As(err, &ie):
		return err
	case errors.Is(err, io.ErrUnexpectedEOF):
		return refuse(at, "workbook.cut_off", "Part", part)
	}
	return refuse(at, "workbook.damaged", "Part", part, "Err", err.Error())
}

// CellName is a cell's reference, B5, from its column and row (from 1).
func CellName(col, row int) string {
	var b []byte
	for c := col; c > 0; c = (c - 1) / 26 {
		b = append(b, byte('A'+(c-1)%26))
	}
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	if row <= 0 {
		return string(b)
	}
	return string(b) + strconv.Itoa(row)
}

// quoted is s as a message echoes it between the quotes of its language
// ("…" or «…»): a control character, or a byte that is not UTF-8, written
// as Go escapes it (\n, \x00), so that the echo shows what is there.
func quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// sheetNames is a few of names, quoted, for a message: at most five, and
// how many more.
func sheetNames(names []string) i18n.Message {
	const most = 5
	q := make(i18n.Messages, 0, most)
	for i, n := range names {
		if i == most {
			break
		}
		q = append(q, i18n.M("workbook.sheet_name", "Name", quoted(n)))
	}
	if len(names) > most {
		return i18n.C("workbook.names_more", len(names)-most, "Names", q)
	}
	return i18n.M("workbook.names", "Names", q)
}

// noSheet refuses a --sheet the workbook does not have.
func noSheet(name string, names []string) error {
	if len(names) == 0 {
		return refuse(place{}, "workbook.no_sheets")
	}
	return refuse(place{}, "workbook.no_such_sheet", "Name", name, "Names", sheetNames(names))
}
