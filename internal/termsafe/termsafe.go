// Package termsafe makes text from the server safe to draw on a terminal:
// escape sequences and control characters are removed, never passed on, so
// a promo code or page title cannot move the cursor, change colours, set the
// window title or hide text.
package termsafe

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// String returns s with every escape sequence (CSI, OSC, DCS and the other
// ESC forms, in their 7-bit and 8-bit introducers), every C0 and C1 control
// character, DEL and every format character removed: the bidirectional
// controls and the invisible ones (zero-width space and joiners, the byte
// order mark, the word joiner, soft hyphen, tags: Unicode's Cf), which
// would make two different values look alike or skew a table's columns.
// Tabs, newlines and the line and paragraph separators become single
// spaces, since a table cell is one line. Invalid UTF-8 and the
// noncharacters (U+FFFE, U+FFFF, U+FDD0 to U+FDEF and the last two of
// every plane) become U+FFFD.
func String(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
			i++
		case isNonCharacter(r):
			b.WriteRune(utf8.RuneError)
			i += size
		case r == 0x1b: // ESC
			i = skipEscape(s, i+1)
		case r == 0x9b: // CSI, 8-bit form
			i = skipCSI(s, i+size)
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f: // OSC, DCS, SOS, PM, APC
			i = skipString(s, i+size)
		case r == '\t' || r == '\n' || r == '\r' || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
			i += size
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || isFormat(r):
			i += size
		default:
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	return b.String()
}

// Append appends s, made safe as String makes it, to dst: printable
// ASCII, the common case, is appended as it is, without a string made of
// it.
func Append(dst, s []byte) []byte {
	if isPlain(s) {
		return append(dst, s...)
	}
	return append(dst, String(string(s))...)
}

// isPlain reports whether s is printable ASCII, the common case, which
// needs no copy.
func isPlain[T string | []byte](s T) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// isFormat reports whether r is a format character (Unicode's Cf): the
// bidirectional controls (U+202A-202E, U+2066-2069, U+200E, U+200F,
// U+061C) and the invisible characters.
func isFormat(r rune) bool {
	return r >= 0xa0 && unicode.Is(unicode.Cf, r)
}

// isNonCharacter reports whether r is one of Unicode's 66 noncharacters.
func isNonCharacter(r rune) bool {
	return (r >= 0xfdd0 && r <= 0xfdef) || r&0xfffe == 0xfffe
}

// skipEscape skips the sequence after an ESC at s[i-1] and returns the index
// after it.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// Other forms: intermediate bytes 0x20-0x2f, then one final byte.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) {
		i++
	}
	return i
}

// skipCSI skips parameter and intermediate bytes and the final byte.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		switch {
		case c >= 0x40 && c <= 0x7e:
			return i + 1
		case c < 0x20 || c > 0x7e:
			return i // not part of the sequence: an interrupted CSI ends here
		}
		i++
	}
	return i
}

// skipString skips a control string up to its terminator: BEL, ESC \ or
// the 8-bit ST.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		}
		i++
	}
	return i
}
