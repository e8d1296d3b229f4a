package shared

import (
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// A filter's text is the person's, quoted as the language quotes:
// «ёлочки» in Russian, straight quotes in English.
func TestDescribeQuotesAsTheLanguageDoes(t *testing.T) {
	f := PromoFilter{Search: "sum", Prefix: "XMAS"}
	if got, want := f.Describe(i18n.New(i18n.Russian)), "в коде есть «sum», код начинается с «XMAS»"; got != want {
		t.Errorf("Russian Describe = %q, want %q", got, want)
	}
	if got, want := f.Describe(i18n.New(i18n.English)), `containing "sum", starting with "XMAS"`; got != want {
		t.Errorf("English Describe = %q, want %q", got, want)
	}
}
