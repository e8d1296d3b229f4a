package sheet

import (
	"context"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/xml"
)

// Relationship types, by how their URIs end (transitional and strict
// Office Open XML differ before).
const (
	relOfficeDoc = "/officeDocument"
	relWorksheet = "/worksheet"
	relShared    = "/sharedStrings"
	relStyles    = "/styles"
)

// workbook is what workbook.xml and its relationships say: the sheets in
// order, where each is, and where the shared strings and styles are.
type workbook struct {
	part     string
	sheets   []xlsxSheet
	date1904 bool
	recalc   bool // calcPr fullCalcOnLoad: the cached values are not to be trusted
	shared   string
	styles   string
}

type xlsxSheet struct {
	name   string
	hidden bool
	rid    string
	target string
	kind   string // the relationship's type: a worksheet or another sheet
}

// readXLSX reads a sheet of an .xlsx.
func readXLSX(ctx context.Context, p *pkg, o Options, row Row) error {
	wb, err := p.workbook()
	if err != nil {
		return err
	}
	names := make([]string, len(wb.sheets))
	for i, s := range wb.sheets {
		names[i] = s.name
	}
	var sh *xlsxSheet
	switch {
	case len(wb.sheets) == 0:
		return refuse(place{}, "workbook.no_sheets")
	case o.Sheet == "":
		sh = &wb.sheets[0]
		if sh.hidden {
			return refuse(place{}, "workbook.first_hidden", "Name", sh.name)
		}
	default:
		for i := range wb.sheets {
			if wb.sheets[i].name == o.Sheet {
				sh = &wb.sheets[i]
				break
			}
		}
		if sh == nil {
			return noSheet(o.Sheet, names)
		}
	}
	if !strings.HasSuffix(sh.kind, relWorksheet) || sh.target == "" || !p.has(sh.target) {
		return refuse(place{sheet: sh.name}, "workbook.not_worksheet")
	}
	formats, err := p.styles(wb.styles)
	if err != nil {
		return err
	}
	sst, err := p.sharedStrings(ctx, wb.shared)
	if err != nil {
		return err
	}
	r := &sheetReader{lim: p.lim, name: sh.name, formats: formats, sst: sst, date1904: wb.date1904, recalc: wb.recalc, row: row}
	pt, err := p.open(sh.target, p.lim.Part)
	if err != nil {
		return err
	}
	defer pt.Close()
	x := newXMLReader(pt)
	x.where = r.where
	return r.read(ctx, x)
}

// target is a relationship's target as a part name, from the part whose
// relationships name it.
func target(from, t string) string {
	if strings.HasPrefix(t, "/") {
		return strings.TrimPrefix(path.Clean(t), "/")
	}
	return strings.TrimPrefix(path.Clean(path.Join(path.Dir(from), t)), "/")
}

// rels reads the relationships of part from (their part: _rels/NAME.rels
// beside it): id → (type, target part); a missing relationships part is
// none.
func (p *pkg) rels(from string) (map[string][2]string, error) {
	name := path.Join(path.Dir(from), "_rels", path.Base(from)+".rels")
	if from == "" {
		name = "_rels/.rels"
	}
	out := map[string][2]string{}
	if !p.has(name) {
		return out, nil
	}
	err := p.readSmall(name, func(_ *xmlReader, tok xml.Token) error {
		e, ok := tok.(xml.StartElement)
		if !ok || e.Name.Local != "Relationship" {
			return nil
		}
		if mode, _ := attr(e, "TargetMode"); mode == "External" {
			return nil
		}
		id, _ := attr(e, "Id")
		typ, _ := attr(e, "Type")
		t, _ := attr(e, "Target")
		out[id] = [2]string{typ, target(from, t)}
		return nil
	})
	return out, err
}

// workbook reads the package's relationships and workbook.xml.
func (p *pkg) workbook() (*workbook, error) {
	root, err := p.rels("")
	if err != nil {
		return nil, err
	}
	wb := &workbook{part: "xl/workbook.xml"}
	for _, r := range root {
		if strings.HasSuffix(r[0], relOfficeDoc) {
			wb.part = r[1]
		}
	}
	if !p.has(wb.part) {
		return nil, refuse(place{}, "workbook.not_workbook")
	}
	rels, err := p.rels(wb.part)
	if err != nil {
		return nil, err
	}
	for _, r := range rels {
		switch {
		case strings.HasSuffix(r[0], relShared):
			wb.shared = r[1]
		case strings.HasSuffix(r[0], relStyles):
			wb.styles = r[1]
		}
	}
	err = p.readSmall(wb.part, func(_ *xmlReader, tok xml.Token) error {
		e, ok := tok.(xml.StartElement)
		if !ok {
			return nil
		}
		switch e.Name.Local {
		case "workbookPr":
			v, _ := attr(e, "date1904")
			wb.date1904 = v == "1" || v == "true"
		case "calcPr":
			v, _ := attr(e, "fullCalcOnLoad")
			wb.recalc = v == "1" || v == "true"
		case "sheet":
			if len(wb.sheets) >= p.lim.Sheets {
				return refuse(place{part: wb.part}, "workbook.too_many_sheets", "Max", p.lim.Sheets)
			}
			s := xlsxSheet{}
			s.name, _ = attr(e, "name")
			state, _ := attr(e, "state")
			s.hidden = state == "hidden" || state == "veryHidden"
			s.rid, _ = attrNS(e, "http://schemas.openxmlformats.org/officeDocument/2006/relationships", "id")
			if s.rid == "" {
				s.rid, _ = attr(e, "id")
			}
			if r, ok := rels[s.rid]; ok {
				s.kind, s.target = r[0], r[1]
			}
			wb.sheets = append(wb.sheets, s)
		}
		return nil
	})
	return wb, err
}

// numFormat is what a cell format shows a number as.
type numFormat uint8

const (
	fmtNumber numFormat = iota
	fmtDate
	fmtPercent
)

// builtinFormat is what the built-in number formats show: 9 and 10 are
// percentages, 14-22, 27-36, 45-47 and 50-58 dates or times.
func builtinFormat(id int) numFormat {
	switch {
	case id == 9 || id == 10:
		return fmtPercent
	case id >= 14 && id <= 22, id >= 27 && id <= 36, id >= 45 && id <= 47, id >= 50 && id <= 58:
		return fmtDate
	}
	return fmtNumber
}

// customFormat is what a format code shows: a percentage when its first
// section has % outside quotes, a date when it has a day, month, year,
// hour or second letter.
func customFormat(code string) numFormat {
	if i := strings.IndexByte(code, ';'); i >= 0 {
		code = code[:i]
	}
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '"':
			j := strings.IndexByte(code[i+1:], '"')
			if j < 0 {
				i = len(code)
			} else {
				i += j + 1
			}
		case '\\', '_', '*':
			i++
		case '[':
			j := strings.IndexByte(code[i+1:], ']')
			inner := ""
			if j >= 0 {
				inner = strings.ToLower(code[i+1 : i+1+j])
				i += j + 1
			} else {
				i = len(code)
			}
			if inner != "" && strings.Trim(inner, "hms") == "" {
				b.WriteByte('h') // elapsed time: [h]:mm
			}
		default:
			b.WriteByte(c)
		}
	}
	s := strings.ToLower(strings.ReplaceAll(b.String(), "General", ""))
	s = strings.ReplaceAll(s, "general", "")
	switch {
	case strings.Contains(s, "%"):
		return fmtPercent
	case strings.ContainsAny(s, "dmyhs"):
		return fmtDate
	}
	return fmtNumber
}

// styles reads styles.xml: what each cell format (s="N") shows numbers as.
func (p *pkg) styles(name string) ([]numFormat, error) {
	if name == "" {
		return nil, nil
	}
	custom := map[int]numFormat{}
	var xfs []numFormat
	inXfs := false
	err := p.readSmall(name, func(_ *xmlReader, tok xml.Token) error {
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "numFmt":
				if len(custom) >= p.lim.Styles {
					return refuse(place{part: name}, "workbook.too_many_styles", "Max", p.lim.Styles)
				}
				id, _ := attr(e, "numFmtId")
				code, _ := attr(e, "formatCode")
				n, err := strconv.Atoi(id)
				if err == nil {
					custom[n] = customFormat(code)
				}
			case "cellXfs":
				inXfs = true
			case "xf":
				if !inXfs {
					return nil
				}
				if len(xfs) >= p.lim.Styles {
					return refuse(place{part: name}, "workbook.too_many_styles", "Max", p.lim.Styles)
				}
				id, _ := attr(e, "numFmtId")
				n, _ := strconv.Atoi(id)
				f, ok := custom[n]
				if !ok {
					f = builtinFormat(n)
				}
				xfs = append(xfs, f)
			}
		case xml.EndElement:
			if e.Name.Local == "cellXfs" {
				inXfs = false
			}
		}
		return nil
	})
	return xfs, err
}

// sst is the shared strings: their text one after another, and where
// each ends.
type sst struct {
	text []byte
	ends []uint32
}

func (s *sst) len() int { return len(s.ends) }

func (s *sst) at(i int) string {
	start := uint32(0)
	if i > 0 {
		start = s.ends[i-1]
	}
	return string(s.text[start:s.ends[i]])
}

// sharedStrings reads the shared strings: each <si>'s text (its <t>, or
// its runs' <t>, not the phonetic <rPh>), within the bounds of count and
// bytes.
func (p *pkg) sharedStrings(ctx context.Context, name string) (*sst, error) {
	s := &sst{}
	if name == "" {
		return s, nil
	}
	pt, err := p.open(name, min(p.lim.Part, 4*int64(p.lim.SharedBytes)+16*int64(p.lim.SharedStrings)+(1<<20)))
	if err != nil {
		return nil, err
	}
	defer pt.Close()
	x := newXMLReader(pt)
	at := place{part: pt.name}
	inSI, inPh, inT := false, 0, false
	for {
		tok, err := x.next()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, err
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "si":
				if len(s.ends) >= p.lim.SharedStrings {
					return nil, refuse(at, "workbook.too_many_strings", "Max", p.lim.SharedStrings)
				}
				if len(s.ends)%4096 == 0 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
				}
				inSI = true
			case "rPh":
				inPh++
			case "t":
				inT = inSI && inPh == 0
			}
		case xml.CharData:
			if inT {
				if len(s.text)+len(e) > p.lim.SharedBytes {
					return nil, refuse(at, "workbook.strings_too_large", "Max", mib(int64(p.lim.SharedBytes)))
				}
				s.text = append(s.text, e...)
			}
		case xml.EndElement:
			switch e.Name.Local {
			case "si":
				inSI = false
				s.ends = append(s.ends, uint32(len(s.text)))
			case "rPh":
				inPh--
			case "t":
				inT = false
			}
		}
	}
}

// sheetReader reads a worksheet's rows.
type sheetReader struct {
	lim      Limits
	name     string
	formats  []numFormat
	sst      *sst
	date1904 bool
	recalc   bool
	row      Row

	rowNum, rows int
	cells        []Cell
	cellCount    int
	col          int // the last cell's column in the row

	// the cell being read
	typ, style   string
	hasF, hasV   bool
	v, is        []byte
	capture      *[]byte
	inIs, inData bool
	inRow        bool
	inPh         int
}

func (r *sheetReader) at(col int) place { return place{sheet: r.name, row: r.rowNum, col: col} }

// where is the place of a problem of the sheet's XML or data: the row
// being read, else the sheet.
func (r *sheetReader) where() place {
	if r.inRow {
		return place{sheet: r.name, row: r.rowNum}
	}
	if r.rowNum > 0 {
		return place{sheet: r.name, row: r.rowNum, after: true}
	}
	return place{sheet: r.name}
}

func (r *sheetReader) read(ctx context.Context, x *xmlReader) error {
	inCell := false
	for {
		tok, err := x.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch name := e.Name.Local; {
			case name == "sheetData":
				r.inData = true
			case name == "row" && r.inData && !r.inRow:
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := r.startRow(e); err != nil {
					return err
				}
				r.inRow = true
			case name == "c" && r.inRow && !inCell:
				if err := r.startCell(e); err != nil {
					return err
				}
				inCell = true
			case inCell && name == "v":
				r.hasV, r.v, r.capture = true, r.v[:0], &r.v
			case inCell && name == "f":
				r.hasF = true
			case inCell && name == "is":
				r.inIs = true
			case r.inIs && name == "rPh":
				r.inPh++
			case r.inIs && r.inPh == 0 && name == "t":
				r.capture = &r.is
			}
		case xml.CharData:
			if r.capture != nil {
				if len(*r.capture)+len(e) > r.lim.CellBytes {
					return refuse(r.at(r.col), "workbook.cell_too_long", "Max", r.lim.CellBytes>>10)
				}
				*r.capture = append(*r.capture, e...)
			}
		case xml.EndElement:
			switch name := e.Name.Local; {
			case name == "v" || name == "t":
				r.capture = nil
			case name == "rPh" && r.inIs:
				r.inPh--
			case name == "is":
				r.inIs = false
			case name == "c" && inCell:
				inCell = false
				if err := r.endCell(); err != nil {
					return err
				}
			case name == "row" && r.inRow:
				r.inRow = false
				if len(r.cells) > 0 {
					if err := r.row(r.rowNum, r.cells); err != nil {
						return err
					}
				}
			case name == "sheetData":
				r.inData = false
			}
		}
	}
}

func (r *sheetReader) startRow(e xml.StartElement) error {
	r.rows++
	next := r.rowNum + 1
	if v, ok := attr(e, "r"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1<<20 {
			return refuse(place{sheet: r.name, row: next}, "workbook.bad_row_number", "Value", quoted(v))
		}
		if n <= r.rowNum {
			return refuse(place{sheet: r.name, row: n}, "workbook.row_order", "Prev", r.rowNum)
		}
		next = n
	}
	if r.rows > r.lim.Rows {
		return refuse(place{sheet: r.name, row: next}, "workbook.too_many_rows", "Max", r.lim.Rows)
	}
	r.rowNum, r.cells, r.col, r.cellCount = next, r.cells[:0], 0, 0
	return nil
}

func (r *sheetReader) startCell(e xml.StartElement) error {
	r.cellCount++
	if r.cellCount > r.lim.CellsPerRow {
		return refuse(place{sheet: r.name, row: r.rowNum}, "workbook.too_many_cells", "Max", r.lim.CellsPerRow)
	}
	col := r.col + 1
	if ref, ok := attr(e, "r"); ok {
		c, row, ok := parseRef(ref)
		if !ok || (row != 0 && row != r.rowNum) {
			return refuse(place{sheet: r.name, row: r.rowNum}, "workbook.bad_ref", "Ref", quoted(ref))
		}
		if c <= r.col {
			return refuse(r.at(c), "workbook.cell_order")
		}
		col = c
	}
	if col > 1<<14 {
		return refuse(place{sheet: r.name, row: r.rowNum}, "workbook.bad_ref", "Ref", quoted(CellName(col, r.rowNum)))
	}
	r.col = col
	r.typ, _ = attr(e, "t")
	r.style, _ = attr(e, "s")
	r.hasF, r.hasV, r.v, r.is, r.capture, r.inIs, r.inPh = false, false, r.v[:0], r.is[:0], nil, false, 0
	return nil
}

// parseRef reads a cell reference, B5 (or B alone): column from 1, row or
// 0.
func parseRef(ref string) (col, row int, ok bool) {
	i := 0
	for ; i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z'; i++ {
		col = col*26 + int(ref[i]-'A'+1)
		if col > 1<<14 {
			return 0, 0, false
		}
	}
	if i == 0 {
		return 0, 0, false
	}
	if i == len(ref) {
		return col, 0, true
	}
	n, err := strconv.Atoi(ref[i:])
	if err != nil || n < 1 || ref[i] == '+' || ref[i] == '-' {
		return 0, 0, false
	}
	return col, n, true
}

// endCell types the cell just read and keeps it when it holds a value.
func (r *sheetReader) endCell() error {
	at := r.at(r.col)
	if r.hasF && (r.recalc || !r.hasV || (len(r.v) == 0 && r.typ != "str")) {
		return refuse(at, "workbook.formula")
	}
	c := Cell{Col: r.col, date1904: r.date1904}
	v := string(r.v)
	switch r.typ {
	case "", "n":
		if v == "" {
			return nil
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return refuse(at, "workbook.bad_number", "Value", quoted(clip(v)))
		}
		c.Kind, c.Text, c.Num = Number, v, x
		switch r.format() {
		case fmtPercent:
			c.Kind = Percent
		case fmtDate:
			if t, ok := serialTime(x, r.date1904); ok {
				c.Kind, c.Text = Date, wallClock(t)
			}
		}
	case "s":
		if v == "" {
			return nil
		}
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || i < 0 || i >= r.sst.len() {
			return refuse(at, "workbook.bad_string_index", "Index", quoted(clip(v)), "Count", r.sst.len())
		}
		c.Text = r.sst.at(i)
	case "str":
		c.Text = v
	case "inlineStr":
		c.Text = string(r.is)
	case "b":
		switch strings.TrimSpace(v) {
		case "":
			return nil
		case "1", "true":
			c.Kind, c.Text = Bool, "TRUE"
		case "0", "false":
			c.Kind, c.Text = Bool, "FALSE"
		default:
			return refuse(at, "workbook.bad_bool", "Value", quoted(clip(v)))
		}
	case "e":
		return refuse(at, "workbook.error_value", "Value", clip(v))
	case "d":
		if v == "" {
			return nil
		}
		t, ok := parseISO(v)
		if !ok {
			return refuse(at, "workbook.bad_date", "Value", quoted(clip(v)))
		}
		c.Kind, c.Text = Date, wallClock(t)
	default:
		return refuse(at, "workbook.bad_type", "Type", quoted(clip(r.typ)))
	}
	if c.Kind == Text && c.Text == "" {
		return nil
	}
	if r.col > r.lim.Columns {
		return refuse(at, "workbook.column_far", "Max", CellName(r.lim.Columns, 0))
	}
	r.cells = append(r.cells, c)
	return nil
}

// format is what the cell's format shows its number as.
func (r *sheetReader) format() numFormat {
	if r.style == "" {
		return fmtNumber
	}
	i, err := strconv.Atoi(r.style)
	if err != nil || i < 0 || i >= len(r.formats) {
		return fmtNumber
	}
	return r.formats[i]
}

// parseISO reads a date or date and time as ISO 8601 writes it (a zone,
// if any, dropped: the wall clock is kept).
func parseISO(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
			return t.Round(time.Millisecond), true
		}
	}
	return time.Time{}, false
}

// clip is at most 40 characters of s, for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
