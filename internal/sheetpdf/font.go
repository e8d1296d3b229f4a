package sheetpdf

import (
	"bytes"
	"fmt"
	"slices"
	"unicode/utf16"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// FontID names one of the fonts of a sheet.
type FontID int

const (
	Regular FontID = iota // Go Regular: the note, the validity
	Bold                  // Go Bold: the title, the discount
	Mono                  // Go Mono Bold: the code, with a slashed zero
	numFonts
)

// ttfOf is the TrueType file of each font: the Go fonts, which cover
// Latin, Cyrillic and Greek and come with Go's image module as bytes, so
// the user's machine needs no font files.
func ttfOf(id FontID) (name string, ttf []byte) {
	switch id {
	case Bold:
		return "GoBold", gobold.TTF
	case Mono:
		return "GoMonoBold", gomonobold.TTF
	}
	return "GoRegular", goregular.TTF
}

// substitute is the letter the Go fonts draw for a character they lack,
// with a stroke added (an overlay): the ruble sign is Р with a bar across
// its stem, the tenge sign Т with a second bar. In the text (ToUnicode)
// they stay the characters they are.
func substitute(r rune) (rune, bool) {
	switch r {
	case '₽':
		return 'Р', true
	case '₸':
		return 'Т', true
	case '\u202f': // a narrow no-break space
		return '\u00a0', true
	}
	return 0, false
}

// A font is one embedded TrueType font: the whole file (the Go fonts are
// 150–180 KB each, 60–80 KB deflated), written once at the end as a
// CID-keyed font (Identity-H) with the widths and the text (ToUnicode)
// of the glyphs the document used.
type font struct {
	res  string // its resource name: F1
	name string
	ttf  []byte
	sf   *sfnt.Font
	buf  sfnt.Buffer
	upem fixed.Int26_6
	obj  int // the Type0 font object, which pages refer to

	glyphs  map[rune]glyph
	used    map[uint16]glyph // by CID: what the document drew
	nextCID uint16           // the next CID past the font's glyphs, for a substitute
	stem    float64          // the thickness of a stroke, in em: for overlays
}

// glyph is a character as the font draws it.
type glyph struct {
	r   rune
	cid uint16          // what the text shows: the glyph index, or one past the font's glyphs for a substitute
	gid sfnt.GlyphIndex // the glyph drawn
	adv float64         // the advance, in thousandths of an em
	box [4]float64      // the glyph's bounds in em, y up: x0, y0, x1, y1
	sub bool            // a substitute: an overlay completes it
}

func newFont(id FontID, d *doc) (*font, error) {
	name, ttf := ttfOf(id)
	sf, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, &FontError{Font: name, Err: err}
	}
	f := &font{res: fmt.Sprintf("F%d", id+1), name: name, ttf: ttf, sf: sf, upem: fixed.I(int(sf.UnitsPerEm())),
		glyphs: map[rune]glyph{}, used: map[uint16]glyph{}, nextCID: uint16(sf.NumGlyphs()), stem: 0.075, obj: d.alloc()}
	if id != Regular {
		f.stem = 0.12
	}
	return f, nil
}

// glyph is r in f.
func (f *font) glyph(r rune) (glyph, error) {
	if g, ok := f.glyphs[r]; ok {
		return g, nil
	}
	g := glyph{r: r}
	gid, err := f.sf.GlyphIndex(&f.buf, r)
	if err != nil {
		return g, &FontError{Font: f.name, Err: err}
	}
	if gid == 0 {
		// A character the font lacks gets a CID of its own, so that
		// the text still says what it is: drawn as its substitute
		// letter, or as the font's empty box.
		if base, ok := substitute(r); ok {
			if gid, err = f.sf.GlyphIndex(&f.buf, base); err != nil {
				return g, &FontError{Font: f.name, Err: err}
			}
		}
		g.cid, g.sub = f.nextCID, gid != 0
		f.nextCID++
	} else {
		g.cid = uint16(gid)
	}
	g.gid = gid
	b, adv, err := f.sf.GlyphBounds(&f.buf, gid, f.upem, xfont.HintingNone)
	if err != nil {
		return g, &FontError{Font: f.name, Err: err}
	}
	em := float64(f.upem)
	g.adv = float64(adv) / em * 1000
	g.box = [4]float64{float64(b.Min.X) / em, -float64(b.Max.Y) / em, float64(b.Max.X) / em, -float64(b.Min.Y) / em}
	f.glyphs[r] = g
	return g, nil
}

// width is the width of s at size points.
func (f *font) width(s string, size float64) (float64, error) {
	w := 0.0
	for _, r := range s {
		g, err := f.glyph(r)
		if err != nil {
			return 0, err
		}
		w += g.adv
	}
	return w * size / 1000, nil
}

// Covers reports whether the fonts of a sheet draw every character of s
// (the ruble and tenge signs included, which they draw as substitutes).
func Covers(s string) bool {
	for id := range numFonts {
		_, ttf := ttfOf(id)
		sf, err := sfnt.Parse(ttf)
		if err != nil {
			return false
		}
		var buf sfnt.Buffer
		for _, r := range s {
			gid, err := sf.GlyphIndex(&buf, r)
			if err != nil {
				return false
			}
			if _, ok := substitute(r); gid == 0 && !ok {
				return false
			}
		}
	}
	return true
}

// write writes f's objects: the Type0 font, its CID font, descriptor,
// font file, CID-to-glyph map and ToUnicode map.
func (f *font) write(d *doc) error {
	cid, desc, file, tu := d.alloc(), d.alloc(), d.alloc(), d.alloc()
	cmap := "/Identity"
	if int(f.nextCID) > f.sf.NumGlyphs() {
		m := d.alloc()
		cmap = fmt.Sprintf("%d 0 R", m)
		defer func() { d.stream(m, "", f.cidToGID()) }()
	}
	d.object(f.obj, fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>",
		f.name, cid, tu))
	d.object(cid, fmt.Sprintf("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor %d 0 R /DW 1000 /W [%s] /CIDToGIDMap %s >>",
		f.name, desc, f.widths(), cmap))
	m, err := f.sf.Metrics(&f.buf, f.upem, xfont.HintingNone)
	if err != nil {
		return &FontError{Font: f.name, Err: err}
	}
	bb, err := f.sf.Bounds(&f.buf, f.upem, xfont.HintingNone)
	if err != nil {
		return &FontError{Font: f.name, Err: err}
	}
	em := float64(f.upem) / 1000
	flags := 32 // nonsymbolic
	if f.name == "GoMonoBold" {
		flags |= 1 // fixed pitch
	}
	d.object(desc, fmt.Sprintf("<< /Type /FontDescriptor /FontName /%s /Flags %d /FontBBox [%.0f %.0f %.0f %.0f] /ItalicAngle 0 /Ascent %.0f /Descent %.0f /CapHeight %.0f /StemV %.0f /FontFile2 %d 0 R >>",
		f.name, flags, float64(bb.Min.X)/em, -float64(bb.Max.Y)/em, float64(bb.Max.X)/em, -float64(bb.Min.Y)/em,
		float64(m.Ascent)/em, -float64(m.Descent)/em, float64(m.CapHeight)/em, f.stem*1000, file))
	d.stream(file, fmt.Sprintf("/Length1 %d", len(f.ttf)), f.ttf)
	d.stream(tu, "", f.toUnicode())
	return nil
}

// cids is the CIDs the document used, in order.
func (f *font) cids() []uint16 {
	out := make([]uint16, 0, len(f.used))
	for c := range f.used {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// widths is the W array of the used glyphs: CID [width] for each.
func (f *font) widths() string {
	var b bytes.Buffer
	for i, c := range f.cids() {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d [%.0f]", c, f.used[c].adv)
	}
	return b.String()
}

// cidToGID maps every CID to its glyph: itself for the font's own
// glyphs, the substitute's glyph past them.
func (f *font) cidToGID() []byte {
	out := make([]byte, 2*int(f.nextCID))
	for c := range int(f.nextCID) {
		gid := uint16(c)
		if c >= f.sf.NumGlyphs() {
			gid = 0
		}
		out[2*c], out[2*c+1] = byte(gid>>8), byte(gid)
	}
	for c, g := range f.used {
		out[2*int(c)], out[2*int(c)+1] = byte(g.gid>>8), byte(g.gid)
	}
	return out
}

// toUnicode is the CMap that says which character each used CID is: what
// a text extractor (pdftotext, a viewer's search and copy) reads.
func (f *font) toUnicode() []byte {
	var b bytes.Buffer
	b.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	cids := f.cids()
	for len(cids) > 0 {
		n := min(len(cids), 100)
		fmt.Fprintf(&b, "%d beginbfchar\n", n)
		for _, c := range cids[:n] {
			fmt.Fprintf(&b, "<%04X> <", c)
			for _, u := range utf16.Encode([]rune{f.used[c].r}) {
				fmt.Fprintf(&b, "%04X", u)
			}
			b.WriteString(">\n")
		}
		b.WriteString("endbfchar\n")
		cids = cids[n:]
	}
	b.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return b.Bytes()
}
