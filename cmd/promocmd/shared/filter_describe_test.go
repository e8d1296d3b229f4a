package shared

import (
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
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

// TestFilterSentencesInRussian: the filters of an empty list are said by
// the catalogs, in Russian and in English.
func TestFilterSentencesInRussian(t *testing.T) {
	ru, en := i18n.New(i18n.Russian), i18n.New(i18n.English)
	for _, c := range []struct{ got, want string }{
		{PromoFilter{Statuses: []promo.Status{"expired", "used-up"}, Search: "sum"}.Describe(ru), `статус «истёк» или «исчерпан», в коде есть «sum»`},
		{PromoFilter{Statuses: []promo.Status{"expired", "used-up"}, Search: "sum", Prefix: "AB", Within: 1, WithinText: "7d"}.Describe(en), `expired or used-up, containing "sum", starting with "AB", expiring within 7d`},
	} {
		if c.got != c.want {
			t.Errorf("got\n%q\nwant\n%q", c.got, c.want)
		}
	}
}
