package jsonscan

import (
	"encoding/binary"

	"github.com/promoctl/promoctl/internal/i18n"
)

// maxDepth is encoding/json's nesting limit, so that Valid and json.Valid
// agree.
const maxDepth = 10000

// Valid reports whether b is one valid JSON value, with the same answer as
// encoding/json.Valid (which it is fuzzed against) at several times its
// speed: `promo list -o json` checks a 31 MiB body with it before printing
// any of it.
func Valid(b []byte) bool {
	i, ok := value(b, skipSpace(b, 0), 0)
	return ok && skipSpace(b, i) == len(b)
}

// MaxDepth is how deeply arrays and objects may nest: encoding/json's limit.
const MaxDepth = maxDepth

// ErrTooDeep and ErrInvalid are the answers of Check.
var (
	ErrTooDeep = i18n.NewError(0, "json.too_deep", "Max", i18n.Number(10000))
	ErrInvalid = i18n.NewError(0, "json.invalid")
)

// Check is Valid that says why a value is not accepted: ErrTooDeep for
// JSON nested deeper than MaxDepth, which is valid but more than
// encoding/json reads, else ErrInvalid.
func Check(b []byte) error {
	if Valid(b) {
		return nil
	}
	if tooDeep(b, 0) {
		return ErrTooDeep
	}
	return ErrInvalid
}

// tooDeep reports whether brackets outside strings nest deeper than
// maxDepth anywhere in b, which starts at the given depth; it is the slow
// path, run only on failure.
func tooDeep(b []byte, depth int) bool {
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			if depth++; depth > maxDepth {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}

func value(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch b[i] {
	case '{':
		return object(b, i, depth+1)
	case '[':
		return array(b, i, depth+1)
	case '"':
		return str(b, i)
	case 't':
		return literal(b, i, "true")
	case 'f':
		return literal(b, i, "false")
	case 'n':
		return literal(b, i, "null")
	}
	return number(b, i)
}

func object(b []byte, i, depth int) (int, bool) {
	if depth > maxDepth {
		return i, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return i, false
		}
		var ok bool
		if i, ok = str(b, i); !ok {
			return i, false
		}
		i = skipSpace(b, i)
		if i >= len(b) || b[i] != ':' {
			return i, false
		}
		if i, ok = value(b, skipSpace(b, i+1), depth); !ok {
			return i, false
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, true
		default:
			return i, false
		}
	}
}

func array(b []byte, i, depth int) (int, bool) {
	if depth > maxDepth {
		return i, false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = value(b, i, depth); !ok {
			return i, false
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, false
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return i + 1, true
		default:
			return i, false
		}
	}
}

// str checks the string starting at b[i]: no control characters, and only
// the escapes JSON allows. Like encoding/json, it does not check UTF-8.
func str(b []byte, i int) (int, bool) {
	for i++; i < len(b); {
		// Skip eight ordinary bytes at a time: most of a promo list is
		// string contents.
		for i+8 <= len(b) && !special(binary.LittleEndian.Uint64(b[i:])) {
			i += 8
		}
		if i >= len(b) {
			break
		}
		c := b[i]
		switch {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= len(b) {
				return i, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return i, false
				}
				i += 6
			default:
				return i, false
			}
		case c < 0x20:
			return i, false
		default:
			i++
		}
	}
	return i, false
}

// special reports whether any of the eight bytes in w is a quote, a
// backslash or a control character (below 0x20). It may also report true
// for other bytes next to such a byte, never false for one: a true answer
// only sends the caller to its byte-by-byte loop.
func special(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	q := w ^ (ones * '"')
	bs := w ^ (ones * '\\')
	return ((q-ones)&^q|(bs-ones)&^bs|(w-ones*0x20)&^w)&highs != 0
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func literal(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, false
	}
	return i + len(lit), true
}

// number checks -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func number(b []byte, i int) (int, bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		i = digits(b, i+1)
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}
