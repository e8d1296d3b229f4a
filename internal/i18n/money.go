package i18n

import (
	"math"
	"strconv"
	"strings"
)

// CurrencySymbol is how money in an ISO currency is marked after the
// amount: ₽, $, €; another code is shown as it is, and none as nothing.
func CurrencySymbol(code string) string {
	switch strings.ToUpper(code) {
	case "", "-":
		return ""
	case "RUB", "RUR":
		return "₽"
	case "USD":
		return "$"
	case "EUR":
		return "€"
	case "KZT":
		return "₸"
	case "BYN":
		return "Br"
	case "UAH":
		return "₴"
	}
	return code
}

// Decimal is v with scale decimals (-1: as many as it needs) as a person
// of lang reads it: 10700.50 in English (as the tables write it), 10 700,50
// in Russian (no-break spaces between thousands).
func Decimal(lang Lang, v float64, scale int) string {
	if scale < 0 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		scale = 0
		if _, frac, ok := strings.Cut(s, "."); ok {
			scale = len(frac)
		}
	}
	forms, ok := numbers()[lang]
	if !ok {
		return strconv.FormatFloat(v, 'f', scale, 64)
	}
	return groupedDecimal(v, scale, forms)
}

// groupedDecimal is v with scale decimals as CLDR writes a language's
// numbers (for Russian, golang.org/x/text/message's Printer of
// language.Russian with number.Decimal and number.Scale, whose output the
// tests compare it with): digits rounded as strconv rounds, to the
// nearest and ties to even; thousands apart by forms.thousands; the
// decimal mark forms.decimal. Written here rather than through
// x/text/message, whose number tables and plural rules are built before
// main, on every command (0.04 million instructions, 1.4% of the start-up
// floor: docs/performance.md).
func groupedDecimal(v float64, scale int, forms numberForms) string {
	switch {
	case math.IsNaN(v):
		return forms.nan
	case math.IsInf(v, 1):
		return "∞"
	case math.IsInf(v, -1):
		return "-∞"
	}
	digits := strconv.FormatFloat(math.Abs(v), 'f', scale, 64)
	whole, frac, _ := strings.Cut(digits, ".")
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
	}
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(forms.thousands)
		}
		b.WriteRune(d)
	}
	if frac != "" {
		b.WriteString(forms.decimal)
		b.WriteString(frac)
	}
	return b.String()
}

// CurrencyLabel names an ISO currency for people: "RUB (₽)", "GBP"; ""
// for none.
func CurrencyLabel(code string) string {
	sym := CurrencySymbol(code)
	if sym == "" || sym == code {
		return sym
	}
	return code + " (" + sym + ")"
}
