package i18n

import (
	"strconv"
	"strings"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
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
	if lang != Russian {
		return strconv.FormatFloat(v, 'f', scale, 64)
	}
	return message.NewPrinter(language.Russian).Sprint(number.Decimal(v, number.Scale(scale)))
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
