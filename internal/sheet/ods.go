package sheet

import (
	"context"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/xml"
)

// The OpenDocument namespaces a spreadsheet's content is read in.
const (
	nsOffice = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
	nsTable  = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
	nsStyle  = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
	nsText   = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
)

const odsMimetype = "application/vnd.oasis.opendocument.spreadsheet"

// isODS reports whether the archive is an OpenDocument file (content.xml,
// no Office Open XML content types).
func (p *pkg) isODS() bool {
	return p.has("content.xml") && !p.has("[Content_Types].xml")
}

// readODS reads a sheet (table) of an .ods: content.xml as a stream, the
// chosen table's rows as they come, the rest of it read for its
// soundness.
func readODS(ctx context.Context, p *pkg, o Options, row Row) error {
	if p.has("mimetype") {
		pt, err := p.open("mimetype", 256)
		if err != nil {
			return err
		}
		b, err := io.ReadAll(pt)
		pt.Close()
		if err != nil {
			return damaged(place{part: "mimetype"}, "mimetype", err)
		}
		if got := strings.TrimSpace(string(b)); got != odsMimetype && got != odsMimetype+"-template" {
			return refuse(place{}, "workbook.not_spreadsheet", "Type", quoted(clip(got)))
		}
	}
	if p.has("META-INF/manifest.xml") {
		err := p.readSmall("META-INF/manifest.xml", func(_ *xmlReader, tok xml.Token) error {
			if e, ok := tok.(xml.StartElement); ok && e.Name.Local == "encryption-data" {
				return refuse(place{}, "workbook.encrypted")
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	pt, err := p.open("content.xml", p.lim.Part)
	if err != nil {
		return err
	}
	defer pt.Close()
	r := &odsReader{lim: p.lim, want: o.Sheet, row: row, hidden: map[string]bool{}}
	x := newXMLReader(pt)
	x.where = r.where
	if err := r.read(ctx, x); err != nil {
		return err
	}
	switch {
	case len(r.names) == 0:
		return refuse(place{}, "workbook.no_sheets")
	case r.want != "" && !r.found:
		return noSheet(r.want, r.names)
	}
	return nil
}

// odsReader reads content.xml.
type odsReader struct {
	lim       Limits
	want      string
	row       Row
	hidden    map[string]bool // the table styles that hide a table
	styleName string          // the table style being read

	names   []string
	found   bool
	reading bool // in the table being read
	table   string
	depth   int // of elements inside the table being read

	rowNum, rows int
	rowRepeat    int
	inRow        bool
	cells        []Cell
	col          int
	cellCount    int

	// the cell being read
	inCell     bool
	cellDepth  int
	cell       Cell
	colRepeat  int
	hasValue   bool
	formula    bool
	text       []byte
	paragraphs int
	fromAttr   bool // office:string-value is the cell's text
	inP        int  // depth of text inside a paragraph of the cell
	skipDepth  int  // inside an annotation: its text is not the cell's
}

func (r *odsReader) where() place {
	switch {
	case r.table == "":
		return place{part: "content.xml"}
	case r.inCell:
		return place{sheet: r.table, row: r.rowNum, col: r.col}
	case r.inRow:
		return place{sheet: r.table, row: r.rowNum}
	case r.rowNum > 0:
		return place{sheet: r.table, row: r.rowNum, after: true}
	}
	return place{sheet: r.table}
}

func (r *odsReader) read(ctx context.Context, x *xmlReader) error {
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
			if err := r.start(ctx, e); err != nil {
				return err
			}
		case xml.CharData:
			if err := r.chars(e); err != nil {
				return err
			}
		case xml.EndElement:
			if err := r.end(e); err != nil {
				return err
			}
		}
	}
}

func (r *odsReader) start(ctx context.Context, e xml.StartElement) error {
	n := e.Name
	switch {
	case r.inCell:
		r.cellDepth++
		switch {
		case r.skipDepth > 0:
			r.skipDepth++
		case n.Space == nsOffice && n.Local == "annotation":
			r.skipDepth = 1
		case n.Space == nsText && n.Local == "p" && r.inP == 0:
			if r.paragraphs > 0 {
				r.text = append(r.text, '\n')
			}
			r.paragraphs++
			r.inP = 1
		case r.inP > 0:
			r.inP++
			switch {
			case n.Space == nsText && n.Local == "s":
				c, _ := attrNS(e, nsText, "c")
				k, err := strconv.Atoi(c)
				if err != nil || k < 1 {
					k = 1
				}
				if len(r.text)+k > r.lim.CellBytes {
					return refuse(r.where(), "workbook.cell_too_long", "Max", r.lim.CellBytes>>10)
				}
				r.text = append(r.text, strings.Repeat(" ", k)...)
			case n.Space == nsText && n.Local == "tab":
				r.text = append(r.text, '\t')
			case n.Space == nsText && n.Local == "line-break":
				r.text = append(r.text, '\n')
			}
		}
		return nil
	case n.Space == nsStyle && n.Local == "style" && r.table == "":
		r.styleName, _ = attrNS(e, nsStyle, "name")
		family, _ := attrNS(e, nsStyle, "family")
		if family != "table" {
			r.styleName = ""
		}
	case n.Space == nsStyle && n.Local == "table-properties" && r.styleName != "":
		if v, _ := attrNS(e, nsTable, "display"); v == "false" {
			r.hidden[r.styleName] = true
		}
	case n.Space == nsTable && n.Local == "table" && r.table == "":
		return r.startTable(e)
	case r.table != "" && n.Space == nsTable && n.Local == "table-row" && !r.inRow:
		if err := ctx.Err(); err != nil {
			return err
		}
		return r.startRow(e)
	case r.inRow && n.Space == nsTable && (n.Local == "table-cell" || n.Local == "covered-table-cell"):
		return r.startCell(e)
	}
	if r.table != "" {
		r.depth++
	}
	return nil
}

func (r *odsReader) startTable(e xml.StartElement) error {
	name, _ := attrNS(e, nsTable, "name")
	if len(r.names) >= r.lim.Sheets {
		return refuse(place{}, "workbook.too_many_sheets", "Max", r.lim.Sheets)
	}
	first := len(r.names) == 0
	r.names = append(r.names, name)
	style, _ := attrNS(e, nsTable, "style-name")
	switch {
	case r.want == "" && first:
		if r.hidden[style] {
			return refuse(place{}, "workbook.first_hidden", "Name", name)
		}
		r.reading = true
	case r.want != "" && name == r.want && !r.found:
		r.reading = true
	}
	if r.reading {
		r.found = true
	}
	r.table, r.depth, r.rowNum, r.rows = name, 0, 0, 0
	return nil
}

// repeat is a number-…-repeated attribute: 1 when there is none, at most
// 1<<24 (far past any sheet's size: what passes a bound is refused
// by it).
func repeat(e xml.StartElement, local string) (int, bool) {
	v, ok := attrNS(e, nsTable, local)
	if !ok {
		return 1, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, false
	}
	return min(n, 1<<24), true
}

func (r *odsReader) startRow(e xml.StartElement) error {
	n, ok := repeat(e, "number-rows-repeated")
	if !ok {
		return refuse(place{sheet: r.table, row: r.rowNum + 1}, "workbook.bad_repeat")
	}
	r.rows++
	if r.rows > r.lim.Rows {
		return refuse(place{sheet: r.table, row: r.rowNum + 1}, "workbook.too_many_rows", "Max", r.lim.Rows)
	}
	r.inRow, r.rowRepeat, r.rowNum = true, n, r.rowNum+1
	r.cells, r.col, r.cellCount = r.cells[:0], 0, 0
	return nil
}

func (r *odsReader) startCell(e xml.StartElement) error {
	n, ok := repeat(e, "number-columns-repeated")
	if !ok {
		return refuse(place{sheet: r.table, row: r.rowNum}, "workbook.bad_repeat")
	}
	r.cellCount++
	if r.cellCount > r.lim.CellsPerRow {
		return refuse(place{sheet: r.table, row: r.rowNum}, "workbook.too_many_cells", "Max", r.lim.CellsPerRow)
	}
	r.inCell, r.cellDepth, r.colRepeat = true, 0, n
	r.col++
	r.cell = Cell{Col: r.col}
	r.text, r.paragraphs, r.inP, r.skipDepth, r.fromAttr = r.text[:0], 0, 0, 0, false
	_, r.formula = attrNS(e, nsTable, "formula")
	typ, typed := attrNS(e, nsOffice, "value-type")
	r.hasValue = typed
	for _, a := range e.Attr {
		if a.Name.Local == "value-type" && a.Value == "error" {
			return refuse(r.where(), "workbook.error_value", "Value", "Err:")
		}
	}
	number := func(a string) error {
		v, _ := attrNS(e, nsOffice, a)
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return refuse(r.where(), "workbook.bad_number", "Value", quoted(clip(v)))
		}
		r.cell.Text, r.cell.Num = strconv.FormatFloat(x, 'f', -1, 64), x
		return nil
	}
	switch typ {
	case "float", "currency":
		r.cell.Kind = Number
		return number("value")
	case "percentage":
		r.cell.Kind = Percent
		return number("value")
	case "boolean":
		v, _ := attrNS(e, nsOffice, "boolean-value")
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true", "1":
			r.cell.Kind, r.cell.Text = Bool, "TRUE"
		case "false", "0":
			r.cell.Kind, r.cell.Text = Bool, "FALSE"
		default:
			return refuse(r.where(), "workbook.bad_bool", "Value", quoted(clip(v)))
		}
	case "date":
		v, _ := attrNS(e, nsOffice, "date-value")
		t, ok := parseISO(v)
		if !ok {
			return refuse(r.where(), "workbook.bad_date", "Value", quoted(clip(v)))
		}
		r.cell.Kind, r.cell.Text = Date, wallClock(t)
	case "string":
		if v, ok := attrNS(e, nsOffice, "string-value"); ok {
			r.cell.Text = v
			r.fromAttr = true // the attribute is the value, not the paragraphs
		}
	case "", "time":
		// text (a time of day is read as it is shown)
	default:
		return refuse(r.where(), "workbook.bad_type", "Type", quoted(clip(typ)))
	}
	return nil
}

func (r *odsReader) chars(c xml.CharData) error {
	if !r.inCell || r.inP == 0 || r.skipDepth > 0 || r.fromAttr {
		return nil
	}
	if len(r.text)+len(c) > r.lim.CellBytes {
		return refuse(r.where(), "workbook.cell_too_long", "Max", r.lim.CellBytes>>10)
	}
	r.text = append(r.text, c...)
	return nil
}

func (r *odsReader) end(e xml.EndElement) error {
	n := e.Name
	switch {
	case r.inCell && r.cellDepth > 0:
		r.cellDepth--
		if r.skipDepth > 0 {
			r.skipDepth--
		} else if r.inP > 0 {
			r.inP--
		}
		return nil
	case r.inCell:
		err := r.endCell()
		r.inCell = false
		return err
	case r.inRow && n.Space == nsTable && n.Local == "table-row":
		r.inRow = false
		return r.endRow()
	case n.Space == nsStyle && n.Local == "style":
		r.styleName = ""
	case r.table != "" && n.Space == nsTable && n.Local == "table" && r.depth == 0:
		r.table, r.reading = "", false
		return nil
	}
	if r.table != "" && r.depth > 0 {
		r.depth--
	}
	return nil
}

// endCell keeps the cell just read, as many times as it repeats, when it
// holds a value.
func (r *odsReader) endCell() error {
	if r.formula && !r.hasValue {
		return refuse(r.where(), "workbook.formula")
	}
	if r.cell.Kind == Text && !r.fromAttr {
		r.cell.Text = string(r.text)
	}
	first := r.col
	r.col += r.colRepeat - 1
	if r.cell.Kind == Text && r.cell.Text == "" {
		return nil
	}
	if r.col > r.lim.Columns {
		return refuse(place{sheet: r.table, row: r.rowNum, col: max(first, r.lim.Columns+1)}, "workbook.column_far", "Max", CellName(r.lim.Columns, 0))
	}
	for c := first; c <= r.col; c++ {
		cell := r.cell
		cell.Col = c
		r.cells = append(r.cells, cell)
	}
	return nil
}

// endRow hands the row just read on, as many times as it repeats, when
// it holds a value; a repeated empty row only moves the row number.
func (r *odsReader) endRow() error {
	first := r.rowNum
	r.rowNum += r.rowRepeat - 1
	if len(r.cells) == 0 || !r.reading {
		return nil
	}
	if r.rows+r.rowRepeat-1 > r.lim.Rows {
		return refuse(place{sheet: r.table, row: first}, "workbook.too_many_rows", "Max", r.lim.Rows)
	}
	r.rows += r.rowRepeat - 1
	for n := first; n <= r.rowNum; n++ {
		if err := r.row(n, r.cells); err != nil {
			return err
		}
	}
	return nil
}
