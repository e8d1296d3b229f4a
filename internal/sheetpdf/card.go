package sheetpdf

import "strings"

// Card is what one coupon says, each line already in the reader's
// language; an empty line is left out. QR is the text its QR code
// encodes: the code, or a URL with the code in it.
type Card struct {
	Title    string // --title
	Code     string
	Discount string // Скидка 10 % на товары
	Validity string // до 31.12.2026
	Note     string // --note
	QR       string
}

// TextLine is a line of a card as drawn: its font and size, and where its
// baseline starts.
type TextLine struct {
	Font FontID
	Size float64
	X, Y float64
	Text string
}

// CardLayout is where a card's parts go: its lines from the top, and the
// square of its QR code (quiet zone included) at the right.
type CardLayout struct {
	Lines []TextLine
	QR    Rect
}

// The proportions of a card, in parts of its height (sizes) or of its
// smaller side (padding).
const (
	padding   = 0.08
	qrShare   = 0.38 // the QR code takes at most this part of the width
	leading   = 1.22 // a line's height, in parts of its size
	ascent    = 0.95 // the Go fonts' ascent, in em
	minSize   = 4.5  // points: smaller text is cut, with an ellipsis
	ellipsis  = "…"
	quietZone = 2 // modules of white around a QR code, within its square
)

// place lays card c out in r.
func (s *Sheet) place(r Rect, c Card) (CardLayout, error) {
	pad := padding * min(r.W, r.H)
	q := min(r.H-2*pad, qrShare*r.W)
	out := CardLayout{QR: Rect{X: r.X + r.W - pad - q, Y: r.Y + (r.H-q)/2, W: q, H: q}}
	textW := r.W - 3*pad - q
	parts := []struct {
		font FontID
		size float64 // in parts of the card's height
		text string
		cut  bool // may be cut to fit, with an ellipsis
		free bool // its size is its own: the title
	}{
		{Bold, 0.10, c.Title, true, true},
		{Mono, 0.22, c.Code, false, false},
		{Bold, 0.11, c.Discount, true, false},
		{Regular, 0.085, c.Validity, true, false},
		{Regular, 0.08, c.Note, true, false},
	}
	total, cap := 0.0, r.H // after the code, no line is larger than the one above it
	for _, p := range parts {
		text := strings.TrimSpace(p.text)
		if text == "" {
			continue
		}
		f := s.fonts[p.font]
		size := p.size * r.H
		w, err := f.width(text, size)
		if err != nil {
			return out, err
		}
		if w > textW {
			size *= textW / w
		}
		if !p.free {
			size = min(size, cap)
			cap = size
		}
		if p.cut && size < minSize {
			size = minSize
			if text, err = cutToFit(f, text, size, textW); err != nil {
				return out, err
			}
		}
		out.Lines = append(out.Lines, TextLine{Font: p.font, Size: size, X: r.X + pad, Text: text})
		total += size * leading
	}
	// Lines that together are taller than the card are made smaller
	// (which keeps them within its width), then centred in its height.
	if avail := r.H - 2*pad; total > avail {
		k := avail / total
		for i := range out.Lines {
			out.Lines[i].Size *= k
		}
		total = avail
	}
	y := r.Y + (r.H+total)/2
	for i := range out.Lines {
		size := out.Lines[i].Size
		out.Lines[i].Y = y - size*(leading-1)/2 - size*ascent
		y -= size * leading
	}
	return out, nil
}

// cutToFit is text cut, with an ellipsis, to fit width at size.
func cutToFit(f *font, text string, size, width float64) (string, error) {
	rs := []rune(text)
	for n := len(rs); n > 0; n-- {
		s := strings.TrimSpace(string(rs[:n])) + ellipsis
		w, err := f.width(s, size)
		if err != nil {
			return "", err
		}
		if w <= width {
			return s, nil
		}
	}
	return ellipsis, nil
}
