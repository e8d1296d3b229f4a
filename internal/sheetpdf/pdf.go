package sheetpdf

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"strconv"
)

// doc writes a PDF file as it goes: every object is written once, when it
// is complete, and only its offset is kept for the cross-reference table.
// A page is written as soon as it is drawn, so a document of any number
// of pages holds one page's drawing in memory, plus eight bytes an object.
type doc struct {
	w   *bufio.Writer
	n   int64 // bytes written so far
	err error // the first write error; later writes do nothing

	offsets []int64 // by object number; offsets[0] is unused
	kids    []int   // the page objects, in order

	zbuf bytes.Buffer
	zw   *zlib.Writer
}

// The objects whose numbers are known before anything is written.
const (
	objCatalog   = 1
	objPages     = 2
	objResources = 3
)

func newDoc(w io.Writer) *doc {
	d := &doc{w: bufio.NewWriterSize(w, 64<<10), offsets: make([]int64, objResources+1)}
	d.zw, _ = zlib.NewWriterLevel(&d.zbuf, zlib.BestSpeed) // a page a time: speed over the last percent of size
	// The binary comment tells transfer programs the file is binary.
	d.write([]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"))
	return d
}

func (d *doc) write(b []byte) {
	if d.err != nil {
		return
	}
	n, err := d.w.Write(b)
	d.n += int64(n)
	d.err = err
}

func (d *doc) printf(format string, args ...any) {
	d.write(fmt.Appendf(nil, format, args...))
}

// alloc reserves the number of an object written later.
func (d *doc) alloc() int {
	d.offsets = append(d.offsets, 0)
	return len(d.offsets) - 1
}

// object writes object obj whose body is dict.
func (d *doc) object(obj int, dict string) {
	d.offsets[obj] = d.n
	d.printf("%d 0 obj\n%s\nendobj\n", obj, dict)
}

// stream writes object obj as a stream of data, deflated, with the other
// entries of its dictionary in dict ("/Length1 1234").
func (d *doc) stream(obj int, dict string, data []byte) {
	d.zbuf.Reset()
	d.zw.Reset(&d.zbuf)
	if _, err := d.zw.Write(data); err != nil && d.err == nil {
		d.err = err
	}
	if err := d.zw.Close(); err != nil && d.err == nil {
		d.err = err
	}
	d.offsets[obj] = d.n
	d.printf("%d 0 obj\n<< /Length %d /Filter /FlateDecode%s >>\nstream\n", obj, d.zbuf.Len(), prefixSpace(dict))
	d.write(d.zbuf.Bytes())
	d.write([]byte("\nendstream\nendobj\n"))
}

func prefixSpace(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}

// page writes a page of size w×h points whose drawing is content.
func (d *doc) page(w, h float64, content []byte) {
	c, p := d.alloc(), d.alloc()
	d.stream(c, "", content)
	d.object(p, fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources %d 0 R /Contents %d 0 R >>",
		objPages, num(w), num(h), objResources, c))
	d.kids = append(d.kids, p)
}

// finish writes the page tree, the catalog, the cross-reference table and
// the trailer, and flushes.
func (d *doc) finish() error {
	var kids bytes.Buffer
	for i, k := range d.kids {
		if i > 0 {
			kids.WriteByte(' ')
		}
		fmt.Fprintf(&kids, "%d 0 R", k)
	}
	d.object(objPages, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", kids.String(), len(d.kids)))
	d.object(objCatalog, fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", objPages))
	xref := d.n
	d.printf("xref\n0 %d\n0000000000 65535 f \n", len(d.offsets))
	for _, off := range d.offsets[1:] {
		d.printf("%010d 00000 n \n", off)
	}
	d.printf("trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(d.offsets), objCatalog, xref)
	if d.err != nil {
		return d.err
	}
	return d.w.Flush()
}

// num is a coordinate as PDF writes it: at most two decimals, no
// trailing zeros.
func num(v float64) string {
	return string(appendNum(nil, v))
}

func appendNum(b []byte, v float64) []byte {
	s := strconv.AppendFloat(b, v, 'f', 2, 64)
	tail := s[len(b):]
	for len(tail) > 0 && tail[len(tail)-1] == '0' {
		tail = tail[:len(tail)-1]
	}
	if len(tail) > 0 && tail[len(tail)-1] == '.' {
		tail = tail[:len(tail)-1]
	}
	if string(tail) == "-0" || len(tail) == 0 {
		tail = append(tail[:0], '0')
	}
	return append(b, tail...)
}
