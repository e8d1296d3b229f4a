package output

import (
	"unicode"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/csvcell"
)

// appendCSV appends record to dst as one CSV line, byte for byte as
// encoding/csv's Writer writes the record with each cell passed through
// csvcell.Escape (a comma between fields, a line feed at the end): a text
// cell that a spreadsheet would run as a formula (it begins with =, +, -,
// @, tab or CR and is not a number) gets a leading '; fields are quoted
// when they hold a comma, a quote, CR or LF, start with a space, or are
// `\.`, and quotes inside are doubled. It takes bytes as well as strings,
// so that a streamed list's rows need not be made into strings.
func appendCSV[T string | []byte](dst []byte, record []T) []byte {
	for i, f := range record {
		if i > 0 {
			dst = append(dst, ',')
		}
		guard := csvcell.NeedsGuard(f)
		// With the guard the cell starts with ', never a space or `\.`.
		if guard && !csvHasSpecial(f) || !guard && !csvNeedsQuotes(f) {
			if guard {
				dst = append(dst, '\'')
			}
			dst = append(dst, f...)
			continue
		}
		dst = append(dst, '"')
		if guard {
			dst = append(dst, '\'')
		}
		for j := 0; j < len(f); j++ {
			if f[j] == '"' {
				dst = append(dst, '"')
			}
			dst = append(dst, f[j])
		}
		dst = append(dst, '"')
	}
	return append(dst, '\n')
}

func csvNeedsQuotes[T string | []byte](f T) bool {
	if len(f) == 0 {
		return false
	}
	if len(f) == 2 && f[0] == '\\' && f[1] == '.' {
		return true
	}
	if csvHasSpecial(f) {
		return true
	}
	if f[0] < utf8.RuneSelf {
		return unicode.IsSpace(rune(f[0]))
	}
	var head [utf8.UTFMax]byte
	r, _ := utf8.DecodeRune(head[:copy(head[:], f[:min(len(f), utf8.UTFMax)])])
	return unicode.IsSpace(r)
}

// csvHasSpecial reports whether f holds a comma, a quote, CR or LF.
func csvHasSpecial[T string | []byte](f T) bool {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '\n', '\r', '"', ',':
			return true
		}
	}
	return false
}
