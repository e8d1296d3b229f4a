package output

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/i18n"
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
	// KindMoney is an amount of money: a number cell with two decimals,
	// and the row's currency (Grid.CurrencyColumn) when it has one.
	KindMoney
)

// xlsxSheet is the name of the one sheet of a workbook promoctl writes.
const xlsxSheet = "Sheet1"

// xlsxWidthRows is how many rows size the columns: a workbook is
// streamed, and its column widths come before its first row, so the
// first rows are held back (at most this many) to measure their cells,
// then written with the rest.
const xlsxWidthRows = 200

// The most rows and columns a sheet holds.
const (
	xlsxMaxRows = 1 << 20
	xlsxMaxCols = 1 << 14
)

// The styles of styles.xml's cellXfs: a bold header, a date and time to
// the second (xlsxDateTimeFormat), a date (Excel's built-in format 14,
// shown in the reader's own locale: 31.12.2026 in Russian).
const (
	xlsxBold     = 1
	xlsxDateTime = 2
	xlsxDate     = 3
	// xlsxMoney is an amount without a currency (built-in format 4,
	// #,##0.00); the styles after it are those of each currency.
	xlsxMoney = 4
)

// xlsxDateTimeFormat is how a date and time cell shows: with its seconds,
// so that a spreadsheet that saves the workbook again as CSV ("as shown")
// writes the instant promoctl wrote (2024-09-01 02:59:59), and applying
// it changes nothing; Excel's built-in 22 has no seconds. Year first,
// which every locale reads and promo apply's dates take.
const xlsxDateTimeFormat = `yyyy\-mm\-dd\ hh:mm:ss`

// xlsxFlushAt is how much of the sheet's XML is built before it is
// deflated.
const xlsxFlushAt = 32 << 10

// xlsxWriter writes a CSV's header and rows as a workbook, streaming: each
// row becomes the XML of the sheet at once, deflated as it comes into a
// spool (memory, then an unlinked temporary file), and the archive is
// written to the output only at the end, the sheet copied into it as it
// was deflated: so a list that fails writes nothing, and memory does not
// grow with the rows. Cells are typed by their column's Kind; the header
// row is bold, frozen and filtered (a table without a style when its
// names are unique, a sheet's filter otherwise), the columns as wide as
// the widest of the header and the first xlsxWidthRows rows.
//
// excelize's StreamWriter is not used to write: it keeps a sheet's XML in
// memory up to a constant 16 MiB before it moves it to a file, and makes
// some 70 allocations a row (docs/performance.md).
type xlsxWriter struct {
	header    []string
	kinds     []Kind
	curCol    int      // the column of each row's currency; -1 for none
	rowCur    string   // the currency of the row being written
	currency  []string // the currencies of the money styles, in order
	dataRows  int      // the sheet's last row of data, when a footer follows; 0 otherwise
	loc       *time.Location
	noHeaders bool
	started   bool
	row       int // the sheet's row of the last row written
	held      int // rows held back, until the widths are set
	widths    []int
	buf       []byte // the sheet's XML not yet deflated
	scratch   [][]byte
	cells     []byte
	z         *flate.Writer
	crc       uint32
	size      int64 // the sheet's XML, in bytes
	spool     xlsxSpool
}

func newXLSX(header []string, kinds []Kind, o Options) (*xlsxWriter, error) {
	x := &xlsxWriter{header: header, kinds: kinds, curCol: -1, loc: o.Loc, noHeaders: o.NoHeaders, widths: make([]int, len(header))}
	if x.loc == nil {
		x.loc = time.Local
	}
	if len(header) > xlsxMaxCols {
		return nil, i18n.NewError(0, "output.xlsx_columns", "N", len(header), "Max", xlsxMaxCols)
	}
	for i, h := range header {
		x.widths[i] = utf8.RuneCountInString(h) + 3 // the filter's button
	}
	if !x.noHeaders {
		x.row = 1
	}
	var err error
	if x.z, err = flate.NewWriter(&x.spool, flate.BestSpeed); err != nil {
		return nil, err
	}
	return x, nil
}

func (x *xlsxWriter) kind(col int) Kind {
	if col < len(x.kinds) {
		return x.kinds[col]
	}
	return KindText
}

// add writes a row of CSV cells, typed by their columns. The caller may
// reuse the cells.
func (x *xlsxWriter) add(row [][]byte) error {
	if x.row >= xlsxMaxRows {
		return i18n.NewError(0, "output.xlsx_rows", "Max", i18n.Number(xlsxMaxRows))
	}
	if len(row) > xlsxMaxCols {
		return i18n.NewError(0, "output.xlsx_columns", "N", len(row), "Max", xlsxMaxCols)
	}
	x.row++
	x.rowCur = ""
	if x.curCol >= 0 && x.curCol < len(row) {
		x.rowCur = string(row[x.curCol])
	}
	x.buf = strconv.AppendInt(append(x.buf, `<row r="`...), int64(x.row), 10)
	x.buf = append(x.buf, `">`...)
	for i, c := range row {
		x.buf = x.appendCell(x.buf, i, c)
	}
	x.buf = append(x.buf, "</row>"...)
	if !x.started {
		if x.held++; x.held < xlsxWidthRows {
			return nil
		}
		return x.start()
	}
	if len(x.buf) >= xlsxFlushAt {
		return x.flush()
	}
	return nil
}

// addStrings is add of a row of strings.
func (x *xlsxWriter) addStrings(row []string) error {
	x.cells, x.scratch = x.cells[:0], x.scratch[:0]
	for _, c := range row {
		x.cells = append(x.cells, c...)
	}
	at := 0
	for _, c := range row {
		x.scratch = append(x.scratch, x.cells[at:at+len(c):at+len(c)])
		at += len(c)
	}
	return x.add(x.scratch)
}

// appendCell appends column i's cell c (nothing when it is empty: null),
// typed by the column's kind, or text when it does not read as that
// kind, and before the widths are set widens its column to fit it as it
// is shown.
func (x *xlsxWriter) appendCell(dst []byte, i int, c []byte) []byte {
	if len(c) == 0 {
		return dst
	}
	var w int
	switch x.kind(i) {
	case KindNumber:
		if v, ok := parseNumber(c); ok {
			n := len(dst)
			dst = appendNumberCell(dst, i, x.row, 0, v)
			// the number's digits: between <v> and </v></c>
			w = len(dst) - n - len("</v></c>") - (bytes.LastIndex(dst[n:], []byte("<v>")) + len("<v>"))
			return x.measured(dst, i, w)
		}
	case KindMoney:
		if v, ok := parseNumber(c); ok {
			n := len(dst)
			dst = appendNumberCell(dst, i, x.row, x.moneyStyle(), v)
			return x.measured(dst, i, len(dst)-n-len("</v></c>")-(bytes.LastIndex(dst[n:], []byte("<v>"))+len("<v>"))+4+len(x.rowCur))
		}
	case KindBool:
		if v, err := strconv.ParseBool(string(c)); err == nil {
			return x.measured(appendBoolCell(dst, i, x.row, v), i, 5)
		}
	case KindTime:
		if t, ok := parseAPITime(c); ok && t.Year() >= 1900 {
			// its wall clock in loc, which is what a spreadsheet shows, to
			// the second it shows: 23:59:59.999 is not rounded up to the
			// next day by a program that rounds what it shows
			v := excelSerial(t.In(x.loc).Truncate(time.Second))
			return x.measured(appendNumberCell(dst, i, x.row, xlsxDateTime, v), i, 19) // 2026-12-31 23:59:59
		}
	case KindDate:
		if t, ok := parseDay(c, x.loc); ok && t.Year() >= 1900 {
			return x.measured(appendNumberCell(dst, i, x.row, xlsxDate, excelSerial(t)), i, 10)
		}
	}
	return x.measured(appendTextCell(dst, i, x.row, 0, c), i, utf8.RuneCount(c))
}

// moneyStyle is the style of a money cell of the row being written: two
// decimals, and the row's currency when it has one that a number format
// can show.
func (x *xlsxWriter) moneyStyle() int {
	cur := x.rowCur
	if cur == "" || len(cur) > 8 || strings.ContainsFunc(cur, func(r rune) bool { return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') }) {
		return xlsxMoney
	}
	i := slices.Index(x.currency, cur)
	if i < 0 {
		i = len(x.currency)
		x.currency = append(x.currency, cur)
	}
	return xlsxMoney + 1 + i
}

// styles is styles.xml: xlsxStyles, and a money format for each currency
// of x.currency (number formats 165 on, styles xlsxMoney+1 on).
func (x *xlsxWriter) styles() []byte {
	if len(x.currency) == 0 {
		return []byte(xlsxStyles)
	}
	var fmts, xfs []byte
	for i, cur := range x.currency {
		id := strconv.Itoa(165 + i)
		fmts = append(fmts, `<numFmt numFmtId="`+id+`" formatCode="#,##0.00\ &quot;`+cur+`&quot;"/>`...)
		xfs = append(xfs, `<xf numFmtId="`+id+`" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`...)
	}
	s := strings.Replace(xlsxStyles, `<numFmts count="1">`, `<numFmts count="`+strconv.Itoa(1+len(x.currency))+`">`, 1)
	s = strings.Replace(s, `</numFmts>`, string(fmts)+`</numFmts>`, 1)
	s = strings.Replace(s, `<cellXfs count="`+strconv.Itoa(xlsxMoney+1)+`">`, `<cellXfs count="`+strconv.Itoa(xlsxMoney+1+len(x.currency))+`">`, 1)
	return []byte(strings.Replace(s, `</cellXfs>`, string(xfs)+`</cellXfs>`, 1))
}

// parseDay reads a calendar day, 2026-12-31, as its start in loc.
func parseDay(c []byte, loc *time.Location) (time.Time, bool) {
	if len(c) == 10 && c[4] == '-' && c[7] == '-' {
		y, ok1 := digits(c, 4)
		m, ok2 := digits(c[5:], 2)
		d, ok3 := digits(c[8:], 2)
		if ok1 && ok2 && ok3 && m >= 1 && m <= 12 && d >= 1 && d <= time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			return time.Date(y, time.Month(m), d, 0, 0, 0, 0, loc), true
		}
	}
	t, err := time.ParseInLocation("2006-01-02", string(c), loc)
	return t, err == nil
}

func (x *xlsxWriter) measured(dst []byte, i, w int) []byte {
	if !x.started && i < len(x.widths) {
		x.widths[i] = max(x.widths[i], w)
	}
	return dst
}

// start writes the sheet's beginning: the frozen header, the column
// widths, the header row; then the rows held back.
func (x *xlsxWriter) start() error {
	x.started = true
	held := x.buf
	b := append([]byte(nil), xmlDecl...)
	b = append(b, `<worksheet xmlns="`+nsMain+`" xmlns:r="`+nsRel+`"><sheetViews><sheetView tabSelected="1" workbookViewId="0">`...)
	if !x.noHeaders {
		b = append(b, `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/>`...)
	}
	b = append(b, `</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>`...)
	if len(x.widths) > 0 {
		b = append(b, "<cols>"...)
		for i, w := range x.widths {
			b = strconv.AppendInt(append(b, `<col min="`...), int64(i+1), 10)
			b = strconv.AppendInt(append(b, `" max="`...), int64(i+1), 10)
			b = strconv.AppendInt(append(b, `" width="`...), int64(min(max(w, 6), 60)+1), 10)
			b = append(b, `" customWidth="1"/>`...)
		}
		b = append(b, "</cols>"...)
	}
	b = append(b, "<sheetData>"...)
	if !x.noHeaders {
		b = append(b, `<row r="1">`...)
		for i, h := range x.header {
			if h == "" {
				b = append(appendRef(append(b, `<c r="`...), i, 1), `" s="1"/>`...)
				continue
			}
			b = appendTextCell(b, i, 1, xlsxBold, []byte(h))
		}
		b = append(b, "</row>"...)
	}
	x.buf = b
	if err := x.flush(); err != nil {
		return err
	}
	x.buf = held
	return x.flush()
}

// flush deflates the XML built so far.
func (x *xlsxWriter) flush() error {
	x.crc = crc32.Update(x.crc, crc32.IEEETable, x.buf)
	x.size += int64(len(x.buf))
	_, err := x.z.Write(x.buf)
	x.buf = x.buf[:0]
	if err != nil {
		return i18n.NewError(0, "output.xlsx_write", "Err", err)
	}
	return nil
}

// tableHeader reports whether a header can head a table: names that are
// there and unique, as Excel requires (ignoring case), and that a cell
// holds as they are (the table's columns repeat them, and must match).
func tableHeader(h []string) bool {
	seen := make(map[string]bool, len(h))
	for _, n := range h {
		k := strings.ToLower(n)
		if k == "" || seen[k] || !utf8.ValidString(n) || len(n) > 255 || strings.Contains(n, "_x") ||
			strings.ContainsFunc(n, func(r rune) bool { return r < ' ' || r == 0xFFFE || r == 0xFFFF }) {
			return false
		}
		seen[k] = true
	}
	return len(h) > 0
}

// finish ends the sheet (with the header alone when no row came) and
// writes the workbook to w.
func (x *xlsxWriter) finish(w *bufio.Writer) error {
	defer x.spool.close()
	if !x.started {
		if err := x.start(); err != nil {
			return err
		}
	}
	x.buf = append(x.buf, "</sheetData>"...)
	// The filter: a table's, over the header and the rows, when the header
	// can head a table and there is a row; the sheet's otherwise.
	var ref []byte
	cols := len(x.header)
	last := x.row
	if x.dataRows > 0 {
		last = x.dataRows // a footer follows, outside the filter
	}
	table := !x.noHeaders && last > 1 && tableHeader(x.header)
	filter := !x.noHeaders && cols > 0 && !table
	if table || filter {
		ref = appendRef(append(appendRef(nil, 0, 1), ':'), cols-1, last)
	}
	if filter {
		x.buf = append(append(append(x.buf, `<autoFilter ref="`...), ref...), `"/>`...)
	}
	if table {
		x.buf = append(x.buf, `<tableParts count="1"><tablePart r:id="rId1"/></tableParts>`...)
	}
	x.buf = append(x.buf, "</worksheet>"...)
	if err := x.flush(); err != nil {
		return err
	}
	if err := x.z.Close(); err != nil {
		return i18n.NewError(0, "output.xlsx_write", "Err", err)
	}
	if err := x.spool.err; err != nil {
		return i18n.NewError(0, "output.xlsx_write", "Err", err)
	}
	if err := x.zip(w, ref, table, filter); err != nil {
		return i18n.NewError(0, "output.xlsx_write", "Err", err)
	}
	return nil
}

// zip writes the archive: the small parts, deflated, and the sheet as it
// was deflated.
func (x *xlsxWriter) zip(w io.Writer, ref []byte, table, filter bool) error {
	zw := zip.NewWriter(w) // its deflate writers are pooled: the parts share one
	part := func(name string, body ...[]byte) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
		if err != nil {
			return err
		}
		for _, b := range body {
			if _, err := f.Write(b); err != nil {
				return err
			}
		}
		return nil
	}
	types := xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
		`<Default Extension="xml" ContentType="application/xml"/>` +
		`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
		`<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
		`<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>`
	if table {
		types += `<Override PartName="/xl/tables/table1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/>`
	}
	types += `</Types>`
	if err := part("[Content_Types].xml", []byte(types)); err != nil {
		return err
	}
	if err := part("_rels/.rels", []byte(xmlDecl+`<Relationships xmlns="`+nsPkgRel+`">`+
		`<Relationship Id="rId1" Type="`+nsRel+`/officeDocument" Target="xl/workbook.xml"/></Relationships>`)); err != nil {
		return err
	}
	book := []byte(xmlDecl + `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsRel + `"><bookViews><workbookView activeTab="0"/></bookViews>` +
		`<sheets><sheet name="` + xlsxSheet + `" sheetId="1" r:id="rId1"/></sheets>`)
	if filter {
		// Excel's name of a sheet's filtered range, which it writes beside
		// the filter.
		last := x.row
		if x.dataRows > 0 {
			last = x.dataRows
		}
		abs := appendAbsRange(nil, 0, 1, len(x.header)-1, max(last, 1))
		book = append(book, `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">`+xlsxSheet+`!`...)
		book = append(append(book, abs...), `</definedName></definedNames>`...)
	}
	book = append(book, `</workbook>`...)
	if err := part("xl/workbook.xml", book); err != nil {
		return err
	}
	if err := part("xl/_rels/workbook.xml.rels", []byte(xmlDecl+`<Relationships xmlns="`+nsPkgRel+`">`+
		`<Relationship Id="rId1" Type="`+nsRel+`/worksheet" Target="worksheets/sheet1.xml"/>`+
		`<Relationship Id="rId2" Type="`+nsRel+`/styles" Target="styles.xml"/></Relationships>`)); err != nil {
		return err
	}
	if err := part("xl/styles.xml", x.styles()); err != nil {
		return err
	}
	sheet, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CRC32: x.crc, CompressedSize64: uint64(x.spool.n), UncompressedSize64: uint64(x.size)})
	if err != nil {
		return err
	}
	if err := x.spool.copyTo(sheet); err != nil {
		return err
	}
	if table {
		if err := part("xl/worksheets/_rels/sheet1.xml.rels", []byte(xmlDecl+`<Relationships xmlns="`+nsPkgRel+`">`+
			`<Relationship Id="rId1" Type="`+nsRel+`/table" Target="../tables/table1.xml"/></Relationships>`)); err != nil {
			return err
		}
		t := append([]byte(xmlDecl), `<table xmlns="`+nsMain+`" id="1" name="promoctl" displayName="promoctl" ref="`...)
		t = append(append(t, ref...), `"><autoFilter ref="`...)
		t = append(append(t, ref...), `"/><tableColumns count="`...)
		t = strconv.AppendInt(t, int64(len(x.header)), 10)
		t = append(t, `">`...)
		for i, h := range x.header {
			t = strconv.AppendInt(append(t, `<tableColumn id="`...), int64(i+1), 10)
			t = appendAttr(append(t, `" name="`...), h)
			t = append(t, `"/>`...)
		}
		t = append(t, `</tableColumns><tableStyleInfo showFirstColumn="0" showLastColumn="0" showRowStripes="0" showColumnStripes="0"/></table>`...)
		if err := part("xl/tables/table1.xml", t); err != nil {
			return err
		}
	}
	return zw.Close()
}

// appendAbsRange appends $A$1:$N$5.
func appendAbsRange(dst []byte, c1, r1, c2, r2 int) []byte {
	dst = strconv.AppendInt(append(appendColName(append(dst, '$'), c1), '$'), int64(r1), 10)
	return strconv.AppendInt(append(appendColName(append(dst, ":$"...), c2), '$'), int64(r2), 10)
}

// appendAttr appends s as an attribute's value (tableHeader has kept
// out what XML cannot hold).
func appendAttr(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			dst = append(dst, "&amp;"...)
		case '<':
			dst = append(dst, "&lt;"...)
		case '>':
			dst = append(dst, "&gt;"...)
		case '"':
			dst = append(dst, "&quot;"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

const (
	xmlDecl  = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n"
	nsMain   = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsRel    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsPkgRel = "http://schemas.openxmlformats.org/package/2006/relationships"
)

// xlsxStyles: the cellXfs are xlsxBold, xlsxDateTime, xlsxDate and
// xlsxMoney; styles adds the currencies' money formats.
const xlsxStyles = xmlDecl + `<styleSheet xmlns="` + nsMain + `">` +
	`<numFmts count="1"><numFmt numFmtId="164" formatCode="` + xlsxDateTimeFormat + `"/></numFmts>` +
	`<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>` +
	`<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>` +
	`<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
	`<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
	`<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
	`<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
	`<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
	`<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
	`<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
	`<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>` +
	`<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`

// xlsxSpoolMem is how much of a deflated sheet stays in memory; past it,
// the sheet goes to a temporary file.
const xlsxSpoolMem = 256 << 10

// xlsxSpool holds a deflated sheet until the archive is written: in
// memory up to xlsxSpoolMem, past it in a temporary file (createSpill:
// mode 0600, unlinked at once on Unix), or in memory when no such file
// can be made.
type xlsxSpool struct {
	mem    []byte
	f      spillFile
	fw     *bufio.Writer
	n      int64
	noFile bool
	err    error
}

func (s *xlsxSpool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	s.n += int64(len(p))
	if s.fw == nil {
		if s.noFile || len(s.mem)+len(p) <= xlsxSpoolMem {
			s.mem = append(s.mem, p...)
			return len(p), nil
		}
		f, err := createSpillNamed("promoctl-sheet-*")
		if err != nil {
			s.noFile = true
			s.mem = append(s.mem, p...)
			return len(p), nil
		}
		s.f, s.fw = f, bufio.NewWriterSize(f, 64<<10)
		held := s.mem
		s.mem = nil
		if _, err := s.fw.Write(held); err != nil {
			s.err = i18n.NewError(0, "output.temp_file", "Err", err)
			return 0, s.err
		}
	}
	if _, err := s.fw.Write(p); err != nil {
		s.err = i18n.NewError(0, "output.temp_file", "Err", err)
		return 0, s.err
	}
	return len(p), nil
}

func (s *xlsxSpool) copyTo(w io.Writer) error {
	if s.fw == nil {
		_, err := w.Write(s.mem)
		return err
	}
	if err := s.fw.Flush(); err != nil {
		return i18n.NewError(0, "output.temp_file", "Err", err)
	}
	_, err := io.Copy(w, io.NewSectionReader(s.f, 0, s.n))
	return err
}

func (s *xlsxSpool) close() {
	if s.f != nil {
		s.f.Close()
		s.f, s.fw = nil, nil
	}
	s.mem = nil
}

// errXLSXTerminal refuses a workbook on a terminal, where it would be
// bytes no one can read.
var errXLSXTerminal = i18n.NewError(2, "output.xlsx_terminal")

// writeXLSX writes a CSV grid as a workbook.
func writeXLSX(w *bufio.Writer, g Grid, o Options) error {
	if o.Terminal {
		return errXLSXTerminal
	}
	x, err := newXLSX(g.Header, g.Kinds, o)
	if err != nil {
		return err
	}
	x.curCol = g.CurrencyColumn - 1
	for _, r := range g.Rows {
		if err := x.addStrings(r); err != nil {
			x.spool.close()
			return err
		}
	}
	if len(g.Footer) > 0 && !o.NoHeaders {
		// A blank row, then the footer, outside the filter.
		x.dataRows = max(x.row, 1)
		x.row++
		for _, r := range g.Footer {
			if err := x.addStrings(r); err != nil {
				x.spool.close()
				return err
			}
		}
	}
	return x.finish(w)
}

// streamXLSX writes a list's CSV rows as a workbook as they are read. Like
// a table, nothing is written when the list fails: the workbook goes to w
// only at its end.
func streamXLSX(w *bufio.Writer, l List, o Options) error {
	if o.Terminal {
		return errXLSXTerminal
	}
	x, err := newXLSX(l.CSVHeader, l.CSVKinds, o)
	if err != nil {
		return err
	}
	if err := l.CSVRows(x.add); err != nil {
		x.spool.close()
		return err
	}
	return x.finish(w)
}
