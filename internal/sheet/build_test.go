package sheet

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// part is one file of a test archive: its content, or (raw) its
// compressed data with the sizes it declares.
type testPart struct {
	name    string
	data    string
	store   bool   // stored, not deflated
	raw     []byte // already deflated
	rawSize uint64 // what raw unpacks to
	rawCRC  uint32
}

// archive is a ZIP archive of parts, in order.
func archive(t testing.TB, parts ...testPart) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, p := range parts {
		var fw io.Writer
		var err error
		switch {
		case p.raw != nil:
			fw, err = w.CreateRaw(&zip.FileHeader{Name: p.name, Method: zip.Deflate, CRC32: p.rawCRC,
				CompressedSize64: uint64(len(p.raw)), UncompressedSize64: p.rawSize})
			if err == nil {
				_, err = fw.Write(p.raw)
			}
		default:
			method := zip.Deflate
			if p.store {
				method = zip.Store
			}
			fw, err = w.CreateHeader(&zip.FileHeader{Name: p.name, Method: method})
			if err == nil {
				_, err = io.WriteString(fw, p.data)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const (
	nsMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsR    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsPkg  = "http://schemas.openxmlformats.org/package/2006/relationships"
)

// book is an .xlsx's parts around sheets (name → the sheetData's rows
// and anything else of the worksheet, as XML), in order; extra parts
// (styles.xml, sharedStrings.xml) are added by name.
type book struct {
	sheets   []testSheet
	styles   string // xl/styles.xml, when not empty
	shared   string // xl/sharedStrings.xml, when not empty
	wbExtra  string // inside <workbook>, after <sheets>
	store    bool   // the sheets stored, not deflated
	extra    []testPart
	rawSheet *testPart // the first sheet's part as given
}

type testSheet struct {
	name, state, xml string
}

func (b book) parts() []testPart {
	var sheets, rels strings.Builder
	for i, s := range b.sheets {
		state := ""
		if s.state != "" {
			state = fmt.Sprintf(` state="%s"`, s.state)
		}
		fmt.Fprintf(&sheets, `<sheet name="%s" sheetId="%d"%s r:id="rId%d"/>`, s.name, i+1, state, i+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%s/worksheet" Target="worksheets/sheet%d.xml"/>`, i+1, nsR, i+1)
	}
	if b.styles != "" {
		fmt.Fprintf(&rels, `<Relationship Id="rIdS" Type="%s/styles" Target="styles.xml"/>`, nsR)
	}
	if b.shared != "" {
		fmt.Fprintf(&rels, `<Relationship Id="rIdT" Type="%s/sharedStrings" Target="/xl/sharedStrings.xml"/>`, nsR)
	}
	ps := []testPart{
		{name: "[Content_Types].xml", data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`},
		{name: "_rels/.rels", data: `<Relationships xmlns="` + nsPkg + `"><Relationship Id="rId1" Type="` + nsR + `/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{name: "xl/workbook.xml", data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" + `<workbook xmlns="` + nsMain + `" xmlns:r="` + nsR + `"><sheets>` + sheets.String() + `</sheets>` + b.wbExtra + `</workbook>`},
		{name: "xl/_rels/workbook.xml.rels", data: `<Relationships xmlns="` + nsPkg + `">` + rels.String() + `</Relationships>`},
	}
	if b.styles != "" {
		ps = append(ps, testPart{name: "xl/styles.xml", data: b.styles})
	}
	if b.shared != "" {
		ps = append(ps, testPart{name: "xl/sharedStrings.xml", data: b.shared})
	}
	for i, s := range b.sheets {
		p := testPart{name: fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), store: b.store,
			data: `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<worksheet xmlns="` + nsMain + `" xmlns:r="` + nsR + `">` + s.xml + `</worksheet>`}
		if i == 0 && b.rawSheet != nil {
			p = *b.rawSheet
			p.name = "xl/worksheets/sheet1.xml"
		}
		ps = append(ps, p)
	}
	return append(ps, b.extra...)
}

// xlsx is a workbook of one sheet "Codes" whose worksheet XML is given.
func xlsx(t testing.TB, sheetXML string) []byte {
	return archive(t, book{sheets: []testSheet{{name: "Codes", xml: sheetXML}}}.parts()...)
}

// rowsXML is <sheetData> of rows of inline strings and numbers (a value
// that parses as a number is a number cell).
func rowsXML(rows ...[]string) string {
	var b strings.Builder
	b.WriteString("<sheetData>")
	for i, r := range rows {
		fmt.Fprintf(&b, `<row r="%d">`, i+1)
		for j, v := range r {
			if v == "" {
				continue
			}
			ref := CellName(j+1, i+1)
			if _, err := fmt.Sscanf(v, "%g", new(float64)); err == nil && !strings.HasPrefix(v, "0") {
				fmt.Fprintf(&b, `<c r="%s"><v>%s</v></c>`, ref, v)
			} else {
				fmt.Fprintf(&b, `<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, ref, v)
			}
		}
		b.WriteString("</row>")
	}
	b.WriteString("</sheetData>")
	return b.String()
}

// read is every row Read hands out, as "row: col=text" lines.
func read(t testing.TB, data []byte, o Options) ([]string, error) {
	t.Helper()
	var got []string
	err := Read(t.Context(), bytes.NewReader(data), int64(len(data)), o, func(row int, cells []Cell) error {
		got = append(got, rowString(row, cells))
		return nil
	})
	return got, err
}

func rowString(row int, cells []Cell) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:", row)
	for _, c := range cells {
		fmt.Fprintf(&b, " %s=%s", CellName(c.Col, 0), c.Text)
		if c.Kind == Percent {
			b.WriteString("%")
		}
	}
	return b.String()
}

// deflateRepeat is a deflate stream of prefix, n bytes of fill, then
// suffix, built without compressing them (fixed Huffman codes: a copy of
// 258 bytes at distance 1 costs 13 bits), and the CRC-32 of what it
// unpacks to.
func deflateRepeat(prefix string, fill byte, n int64, suffix string) ([]byte, uint32) {
	var out []byte
	var acc uint64
	var nbits uint
	put := func(v uint64, bits uint) { // LSB first
		acc |= v << nbits
		nbits += bits
		for nbits >= 8 {
			out = append(out, byte(acc))
			acc >>= 8
			nbits -= 8
		}
	}
	code := func(c uint64, bits uint) { // Huffman codes go MSB first
		var r uint64
		for i := uint(0); i < bits; i++ {
			r = r<<1 | (c>>i)&1
		}
		put(r, bits)
	}
	lit := func(b byte) {
		if b < 144 {
			code(0x30+uint64(b), 8)
		} else {
			code(0x190+uint64(b)-144, 9)
		}
	}
	put(1, 1) // final block
	put(1, 2) // fixed Huffman
	crc := crc32.NewIEEE()
	for i := 0; i < len(prefix); i++ {
		lit(prefix[i])
	}
	crc.Write([]byte(prefix))
	if n > 0 {
		lit(fill)
		left := n - 1
		for ; left >= 258; left -= 258 {
			code(0xc5, 8) // length 258
			code(0, 5)    // distance 1
		}
		for ; left > 0; left-- {
			lit(fill)
		}
		chunk := bytes.Repeat([]byte{fill}, 1<<20)
		for left := n; left > 0; left -= int64(len(chunk)) {
			crc.Write(chunk[:min(left, int64(len(chunk)))])
		}
	}
	for i := 0; i < len(suffix); i++ {
		lit(suffix[i])
	}
	crc.Write([]byte(suffix))
	code(0, 7) // end of block
	if nbits > 0 {
		out = append(out, byte(acc))
	}
	return out, crc.Sum32()
}

// odsFile is an .ods of one table "Codes" whose rows are given (as
// content.xml's XML), the mimetype first and stored, as LibreOffice
// writes it.
func odsFile(t testing.TB, rows string, extra ...testPart) []byte {
	return archive(t, append([]testPart{
		{name: "mimetype", data: odsMimetype, store: true},
		{name: "META-INF/manifest.xml", data: `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="` + odsMimetype + `"/></manifest:manifest>`},
		{name: "content.xml", data: odsContent("", `<table:table table:name="Codes" table:style-name="ta1">`+rows+`</table:table>`)},
	}, extra...)...)
}

// odsContent is content.xml of automatic styles and tables.
func odsContent(styles, tables string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<office:document-content xmlns:office="` + nsOffice + `" xmlns:table="` + nsTable + `" xmlns:text="` + nsText + `" xmlns:style="` + nsStyle + `" xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3">` +
		`<office:automatic-styles><style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>` + styles + `</office:automatic-styles>` +
		`<office:body><office:spreadsheet>` + tables + `</office:spreadsheet></office:body></office:document-content>`
}

// errorText is a refusal's English, one line, and whether err is one.
func errorText(err error) (string, bool) {
	var ie *i18n.Error
	if !errors.As(err, &ie) || ie.ExitCode() != ErrExit || strings.ContainsAny(err.Error(), "\n\r") {
		return "", false
	}
	return err.Error(), true
}
