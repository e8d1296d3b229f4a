// Package csvcell keeps a CSV cell from running as a formula when the file
// is opened in a spreadsheet (CSV injection): a text cell that begins with
// =, +, -, @, a tab or a carriage return is written with a leading ' (the
// advice of OWASP), and read back without it. Numbers such as -5 or +3.5
// stay as they are. It is a leaf: the CSV writer (internal/output) and the
// CSV reader of promo apply both use it, so that what one writes the other
// reads back unchanged.
package csvcell

// trigger reports whether a spreadsheet reads a cell beginning with c as a
// formula (or, for tab and CR, as something it strips before one).
func trigger(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// NeedsGuard reports whether f is written with a leading ': its first
// character after any leading 's is a formula's, and it is neither a
// number nor a lone "-" (the sign of an empty value, which no spreadsheet
// computes). The leading 's are skipped so that a text that already begins
// with ' and a formula's character is guarded too, and Unescape can tell
// the two apart. It takes bytes as well as strings and does not allocate.
func NeedsGuard[T string | []byte](f T) bool {
	i := 0
	for i < len(f) && f[i] == '\'' {
		i++
	}
	if i == len(f) || !trigger(f[i]) {
		return false
	}
	if i == 0 && len(f) == 1 && f[0] == '-' {
		return false
	}
	return !isNumber(f[i:])
}

// Escape is s as the CSV writer writes it: with a leading ' when it needs
// a guard.
func Escape(s string) string {
	if NeedsGuard(s) {
		return "'" + s
	}
	return s
}

// Unescape is the text a cell that Escape wrote stands for: without the
// leading ' that guards a formula's character. Any other cell is returned
// as it is, so that Unescape(Escape(s)) == s for every s.
func Unescape(s string) string {
	if len(s) > 1 && s[0] == '\'' && NeedsGuard(s[1:]) {
		return s[1:]
	}
	return s
}

// isNumber reports whether f is a decimal number as a spreadsheet reads
// one: an optional sign, digits with at most one decimal point (at least
// one digit), and an optional exponent.
func isNumber[T string | []byte](f T) bool {
	i := 0
	if i < len(f) && (f[i] == '+' || f[i] == '-') {
		i++
	}
	digits := 0
	for i < len(f) && f[i] >= '0' && f[i] <= '9' {
		i, digits = i+1, digits+1
	}
	if i < len(f) && f[i] == '.' {
		i++
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i, digits = i+1, digits+1
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(f) && (f[i] == 'e' || f[i] == 'E') {
		i++
		if i < len(f) && (f[i] == '+' || f[i] == '-') {
			i++
		}
		exp := 0
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			i, exp = i+1, exp+1
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(f)
}
