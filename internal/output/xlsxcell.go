package output

import (
	"math"
	"strconv"
	"time"
	"unicode/utf8"
)

// The cells of a workbook's sheet as SpreadsheetML, appended to a buffer:
// what excelize's StreamWriter wrote, without its allocations.

// xlsxMaxChars is the most a cell holds, in UTF-16 code units, as Excel
// counts: longer text is cut there (as excelize cuts it).
const xlsxMaxChars = 32767

// appendColName appends the letters of column col (0 is A).
func appendColName(dst []byte, col int) []byte {
	var b [4]byte
	i := len(b)
	for col++; col > 0; col = (col - 1) / 26 {
		i--
		b[i] = byte('A' + (col-1)%26)
	}
	return append(dst, b[i:]...)
}

// appendRef appends a cell's reference, such as B12.
func appendRef(dst []byte, col, row int) []byte {
	return strconv.AppendInt(appendColName(dst, col), int64(row), 10)
}

// appendCellStart appends <c r="REF"[ s="S"][ t="T"]>.
func appendCellStart(dst []byte, col, row, style int, typ string) []byte {
	dst = appendRef(append(dst, `<c r="`...), col, row)
	dst = append(dst, '"')
	if style != 0 {
		dst = strconv.AppendInt(append(dst, ` s="`...), int64(style), 10)
		dst = append(dst, '"')
	}
	if typ != "" {
		dst = append(append(append(dst, ` t="`...), typ...), '"')
	}
	return append(dst, '>')
}

// appendTextCell appends a text cell: an inline string, never a formula.
func appendTextCell(dst []byte, col, row, style int, c []byte) []byte {
	dst = appendCellStart(dst, col, row, style, "inlineStr")
	c = cutCell(c)
	if n := len(c); n > 0 && (isXMLSpace(c[0]) || isXMLSpace(c[n-1])) {
		dst = append(dst, `<is><t xml:space="preserve">`...)
	} else {
		dst = append(dst, `<is><t>`...)
	}
	dst = appendCellText(dst, c)
	return append(dst, `</t></is></c>`...)
}

func isXMLSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// cutCell cuts c to xlsxMaxChars UTF-16 code units, at a character's
// boundary. A byte that is not UTF-8 counts as one (it becomes U+FFFD).
func cutCell(c []byte) []byte {
	if len(c) <= xlsxMaxChars { // a byte is at most one unit
		return c
	}
	n := 0
	for i := 0; i < len(c); {
		r, size := utf8.DecodeRune(c[i:])
		if r > 0xFFFF {
			n += 2
		} else {
			n++
		}
		if n > xlsxMaxChars {
			return c[:i]
		}
		i += size
	}
	return c
}

// appendCellText appends the text c as the XML of a cell: &, < and > as
// entities, a carriage return as &#xD; (a reader would make \r\n a
// \n), characters XML 1.0 cannot hold (control characters, bytes that
// are not UTF-8, U+FFFE, U+FFFF) as U+FFFD, and the underscore that
// starts an _xHHHH_ (which Excel reads as the character HHHH) as _x005F_,
// so that the text reads back as it was.
func appendCellText(dst, c []byte) []byte {
	for i := 0; i < len(c); {
		b := c[i]
		if b < utf8.RuneSelf {
			switch {
			case b == '&':
				dst = append(dst, "&amp;"...)
			case b == '<':
				dst = append(dst, "&lt;"...)
			case b == '>':
				dst = append(dst, "&gt;"...)
			case b == '\r':
				dst = append(dst, "&#xD;"...)
			case b == '_' && isEscapeAt(c, i):
				dst = append(dst, "_x005F_"...)
			case b < ' ' && b != '\t' && b != '\n':
				dst = append(dst, "\uFFFD"...)
			default:
				dst = append(dst, b)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(c[i:])
		if (r == utf8.RuneError && size == 1) || r == 0xFFFE || r == 0xFFFF {
			dst = append(dst, "\uFFFD"...)
		} else {
			dst = append(dst, c[i:i+size]...)
		}
		i += size
	}
	return dst
}

// isEscapeAt reports whether c[i:] starts with _xHHHH_.
func isEscapeAt(c []byte, i int) bool {
	if len(c)-i < 7 || c[i+1] != 'x' || c[i+6] != '_' {
		return false
	}
	for _, h := range c[i+2 : i+6] {
		if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
			return false
		}
	}
	return true
}

// appendNumberCell appends a number cell of v (finite), as excelize wrote
// it: the shortest decimal that reads back as v.
func appendNumberCell(dst []byte, col, row, style int, v float64) []byte {
	dst = append(appendCellStart(dst, col, row, style, ""), "<v>"...)
	dst = strconv.AppendFloat(dst, v, 'f', -1, 64)
	return append(dst, "</v></c>"...)
}

func appendBoolCell(dst []byte, col, row int, v bool) []byte {
	dst = appendCellStart(dst, col, row, 0, "b")
	if v {
		return append(dst, "<v>1</v></c>"...)
	}
	return append(dst, "<v>0</v></c>"...)
}

// parseNumber reads a number cell's value: a finite float (NaN and
// infinities stay text; a cell cannot hold them).
func parseNumber(c []byte) (float64, bool) {
	v, err := strconv.ParseFloat(string(c), 64)
	return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// excelSerial is the serial number Excel shows as t's wall clock (in
// t's location): days since 1899-12-30 (the 1900 date system, with its
// 29 February 1900), and the time of day as a fraction. It is computed
// as excelize's timeToExcelTime computes it, to the same float.
func excelSerial(t time.Time) float64 {
	const dayNs = int64(24 * time.Hour)
	const chunk = 290 * 364 // excelize adds days in steps of this many
	y, m, d := t.Date()
	days := (time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() - time.Date(1899, 12, 31, 0, 0, 0, 0, time.UTC).Unix()) / 86400
	hh, mm, ss := t.Clock()
	tod := int64(hh)*int64(time.Hour) + int64(mm)*int64(time.Minute) + int64(ss)*int64(time.Second) + int64(t.Nanosecond())
	k := days / chunk
	v := float64(k * chunk)
	v += float64(days-k*chunk) + float64(tod)/float64(dayNs)
	if days >= 60 { // from 1900-03-01, after Excel's 1900-02-29
		v++
	}
	return v
}

// parseAPITime reads a date and time as the API writes it (RFC 3339):
// the usual form, 2026-12-31T20:59:59.000Z or with an offset, without an
// allocation; anything else as time.Parse reads it.
func parseAPITime(c []byte) (time.Time, bool) {
	if t, ok := parseRFC3339Fast(c); ok {
		return t, true
	}
	t, err := time.Parse(time.RFC3339Nano, string(c))
	return t, err == nil
}

func digits(c []byte, n int) (int, bool) {
	if len(c) < n {
		return 0, false
	}
	v := 0
	for _, b := range c[:n] {
		if b < '0' || b > '9' {
			return 0, false
		}
		v = v*10 + int(b-'0')
	}
	return v, true
}

// parseRFC3339Fast reads YYYY-MM-DDTHH:MM:SS[.F{1,9}](Z|±HH:MM) with
// fields in range; false sends anything else to time.Parse.
func parseRFC3339Fast(c []byte) (time.Time, bool) {
	if len(c) < 20 || c[4] != '-' || c[7] != '-' || c[10] != 'T' || c[13] != ':' || c[16] != ':' {
		return time.Time{}, false
	}
	y, ok1 := digits(c, 4)
	mo, ok2 := digits(c[5:], 2)
	d, ok3 := digits(c[8:], 2)
	h, ok4 := digits(c[11:], 2)
	mi, ok5 := digits(c[14:], 2)
	s, ok6 := digits(c[17:], 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59 ||
		d > time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return time.Time{}, false
	}
	rest := c[19:]
	ns := 0
	if rest[0] == '.' {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 1 || n > 10 {
			return time.Time{}, false
		}
		f, _ := digits(rest[1:], n-1)
		for range 10 - n {
			f *= 10
		}
		ns, rest = f, rest[n:]
	}
	off := 0
	switch {
	case len(rest) == 1 && rest[0] == 'Z':
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := digits(rest[1:], 2)
		om, ok2 := digits(rest[4:], 2)
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return time.Time{}, false
		}
		off = oh*3600 + om*60
		if rest[0] == '-' {
			off = -off
		}
	default:
		return time.Time{}, false
	}
	return time.Date(y, time.Month(mo), d, h, mi, s, ns, time.UTC).Add(-time.Duration(off) * time.Second), true
}
