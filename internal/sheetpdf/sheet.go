// Package sheetpdf writes printable sheets of coupon cards as a PDF: a
// grid of cards a page with cut marks between them, each card's text in
// the Go fonts (embedded, so Cyrillic needs nothing on the reader's
// machine, and real text that a PDF reader finds and copies) and its QR
// code drawn as squares. Pages are written as they fill: a sheet of any
// number of cards holds one page in memory.
package sheetpdf

import (
	"bytes"
	"fmt"
	"io"
)

// Options are a sheet's paper and cards a page.
type Options struct {
	Paper   Paper
	PerPage int // MinPerPage to MaxPerPage
}

// Sheet is a PDF being written to w, a page at a time.
type Sheet struct {
	d      *doc
	layout Layout
	fonts  [numFonts]*font
	page   bytes.Buffer // the drawing of the page being filled
	onPage int          // cards on it
	cards  int
	closed bool
	qr     qrEncoder
}

// New starts a sheet on w.
func New(w io.Writer, o Options) (*Sheet, error) {
	if o.PerPage < MinPerPage || o.PerPage > MaxPerPage {
		return nil, &PerPageError{N: o.PerPage}
	}
	if o.Paper.W <= 0 || o.Paper.H <= 0 {
		return nil, ErrNoPaper
	}
	s := &Sheet{d: newDoc(w), layout: NewLayout(o.Paper, o.PerPage)}
	res := "<< /Font <<"
	for id := range numFonts {
		f, err := newFont(id, s.d)
		if err != nil {
			return nil, err
		}
		s.fonts[id] = f
		res += fmt.Sprintf(" /%s %d 0 R", f.res, f.obj)
	}
	s.d.object(objResources, res+" >> /ProcSet [/PDF /Text] >>")
	return s, nil
}

// Layout is where the cards of every page go.
func (s *Sheet) Layout() Layout { return s.layout }

// Place is the layout of card c in the i-th cell of a page.
func (s *Sheet) Place(i int, c Card) (CardLayout, error) {
	return s.place(s.layout.Cards[i%len(s.layout.Cards)], c)
}

// Pages is the number of pages written or begun.
func (s *Sheet) Pages() int { return (s.cards + len(s.layout.Cards) - 1) / len(s.layout.Cards) }

// Add draws card c in the next cell, and writes the page out when it is
// full.
func (s *Sheet) Add(c Card) error {
	if s.closed {
		return ErrClosed
	}
	if s.onPage == 0 {
		s.page.Reset()
		s.drawMarks()
	}
	cl, err := s.Place(s.onPage, c)
	if err != nil {
		return err
	}
	for _, l := range cl.Lines {
		if err := s.drawText(l); err != nil {
			return err
		}
	}
	if err := s.drawQR(cl.QR, c.QR); err != nil {
		return err
	}
	s.onPage++
	s.cards++
	if s.onPage == len(s.layout.Cards) {
		s.flush()
	}
	return s.d.err
}

// flush writes the page being filled.
func (s *Sheet) flush() {
	s.d.page(s.layout.Paper.W, s.layout.Paper.H, s.page.Bytes())
	s.onPage = 0
}

// Close writes the last page, the fonts and the end of the file. A sheet
// without cards has one empty page.
func (s *Sheet) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	if s.onPage > 0 || s.cards == 0 {
		if s.cards == 0 {
			s.page.Reset()
		}
		s.flush()
	}
	for _, f := range s.fonts {
		if err := f.write(s.d); err != nil {
			return err
		}
	}
	return s.d.finish()
}

// drawMarks draws the page's cut marks: thin grey lines.
func (s *Sheet) drawMarks() {
	b := &s.page
	b.WriteString("q 0.45 G 0.3 w\n")
	for _, m := range s.layout.Marks {
		s.op(m.X1, m.Y1)
		b.WriteString("m ")
		s.op(m.X2, m.Y2)
		b.WriteString("l S\n")
	}
	b.WriteString("Q\n")
}

// op appends numbers to the page, each followed by a space.
func (s *Sheet) op(vs ...float64) {
	var tmp [24]byte
	for _, v := range vs {
		s.page.Write(appendNum(tmp[:0], v))
		s.page.WriteByte(' ')
	}
}

// drawText draws a line as text in its font, then the strokes that
// complete some characters: the slash of a code's zero (the Go Mono zero
// is only a narrower O), the bars of a substitute (₽, ₸).
func (s *Sheet) drawText(l TextLine) error {
	f := s.fonts[l.Font]
	b := &s.page
	fmt.Fprintf(b, "BT /%s %s Tf ", f.res, num(l.Size))
	s.op(l.X, l.Y)
	b.WriteString("Td <")
	type overlay struct {
		g glyph
		x float64
	}
	var over []overlay
	x := l.X
	for _, r := range l.Text {
		g, err := f.glyph(r)
		if err != nil {
			return err
		}
		f.used[g.cid] = g
		fmt.Fprintf(b, "%04X", g.cid)
		if g.sub || (l.Font == Mono && r == '0') {
			over = append(over, overlay{g, x})
		}
		x += g.adv * l.Size / 1000
	}
	b.WriteString("> Tj ET\n")
	for _, o := range over {
		s.drawOverlay(f, o.g, o.x, l.Y, l.Size)
	}
	return nil
}

// drawOverlay draws what completes glyph g drawn at (x, y) in size.
func (s *Sheet) drawOverlay(f *font, g glyph, x, y, size float64) {
	x0, y0 := x+g.box[0]*size, y+g.box[1]*size
	x1, y1 := x+g.box[2]*size, y+g.box[3]*size
	w, h, stem := x1-x0, y1-y0, f.stem*size
	switch g.r {
	case '0':
		s.page.WriteString("q 1 J ")
		s.op(stem * 0.75)
		s.page.WriteString("w ")
		s.op(x0+0.3*w, y0+0.22*h)
		s.page.WriteString("m ")
		s.op(x1-0.3*w, y1-0.22*h)
		s.page.WriteString("l S Q\n")
	case '₽':
		s.op(x0-0.28*w, y0+0.2*h, 0.28*w+0.62*w, stem)
		s.page.WriteString("re f\n")
	case '₸':
		s.op(x0, y1-2.1*stem, w, stem)
		s.page.WriteString("re f\n")
	}
}

// CheckQR reports whether text fits in a QR code.
func CheckQR(text string) error {
	var q qrEncoder
	_, err := q.encode(text)
	return err
}

// drawQR draws the QR code of text in the square r: each row's runs of
// dark modules as rectangles, filled at once.
func (s *Sheet) drawQR(r Rect, text string) error {
	if text == "" {
		return nil
	}
	code, err := s.qr.encode(text)
	if err != nil {
		return &QRError{Text: text, Err: err}
	}
	n := code.Size
	m := r.W / float64(n+2*quietZone)
	left, top := r.X+quietZone*m, r.Y+r.H-quietZone*m
	b := &s.page
	b.WriteString("q 0 g\n")
	for row := range n {
		for col := 0; col < n; {
			if !code.Black(col, row) {
				col++
				continue
			}
			start := col
			for col < n && code.Black(col, row) {
				col++
			}
			// A hair taller than a module, so that no seam shows
			// between rows when the page is rasterised.
			s.op(left+float64(start)*m, top-float64(row+1)*m-0.01, float64(col-start)*m, m+0.02)
			b.WriteString("re\n")
		}
	}
	b.WriteString("f Q\n")
	return nil
}
