package i18n

import (
	"errors"
	"io/fs"
	"testing"
	"time"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

func TestSayRendersAMessageInItsLanguage(t *testing.T) {
	ru, en := New(Russian), New(English)
	if got, want := ru.Say(C("count.promo", 5)), "5 промокодов"; got != want {
		t.Errorf("Russian Say(C(count.promo, 5)) = %q, want %q", got, want)
	}
	if got, want := ru.Say(C("count.promo", 21000)), "21\u00a0000 промокодов"; got != want {
		t.Errorf("Russian Say(C(count.promo, 21000)) = %q, want %q (thousands apart)", got, want)
	}
	if got, want := en.Say(C("count.promo", 21000)), "21000 promo codes"; got != want {
		t.Errorf("English Say(C(count.promo, 21000)) = %q, want %q", got, want)
	}
	if got, want := en.Say(C("count.promo", 1)), "1 promo code"; got != want {
		t.Errorf("English Say(C(count.promo, 1)) = %q, want %q", got, want)
	}
	// A message inside a message is said in the same language.
	m := M("error.api.unknown_outcome", "Err", C("count.promo", 2))
	if got, want := ru.Say(m), "неизвестно, выполнен ли запрос: соединение оборвалось после отправки (2 промокода)"; got != want {
		t.Errorf("Russian nested = %q, want %q", got, want)
	}
}

func TestErrorIsAMessageWithAnExitCode(t *testing.T) {
	cause := NewError(0, "error.cancelled")
	err := NewError(3, "error.api.unknown_outcome", "Err", cause)
	if got, want := err.Error(), "the outcome is unknown: the connection broke after the request was sent (cancelled)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := New(Russian).ErrorText(err), "неизвестно, выполнен ли запрос: соединение оборвалось после отправки (отменено)"; got != want {
		t.Errorf("Russian ErrorText = %q, want %q", got, want)
	}
	if err.ExitCode() != 3 {
		t.Errorf("ExitCode() = %d, want 3", err.ExitCode())
	}
	if !errors.Is(err, cause) {
		t.Error("errors.Is(err, cause) = false: an error argument must be wrapped")
	}
	plain := NewError(0, "error.api.unknown_outcome", "Err", fs.ErrNotExist)
	if !errors.Is(plain, fs.ErrNotExist) {
		t.Error("errors.Is(plain, fs.ErrNotExist) = false")
	}
	if got, want := New(Russian).ErrorText(plain), "неизвестно, выполнен ли запрос: соединение оборвалось после отправки (file does not exist)"; got != want {
		t.Errorf("a foreign error argument keeps its own text: got %q, want %q", got, want)
	}
}

// A catalog file's language is the last part of its name before .toml
// (en.toml, print.ru.toml), and go-i18n must read the same one: a name
// whose first part parses as a language tag (ui.ru.toml) would be filed
// under that tag and its messages lost.
func TestEveryCatalogFileIsReadInItsLanguage(t *testing.T) {
	files, err := locales.ReadDir("locales")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b := goi18n.NewBundle(language.English)
		b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
		data, err := locales.ReadFile("locales/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		mf, err := b.ParseMessageFileBytes(data, f.Name())
		if err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		if want := language.Make(string(fileLang(f.Name()))); mf.Tag != want {
			t.Errorf("%s is read as %v, want %v: rename it", f.Name(), mf.Tag, want)
		}
		if l := fileLang(f.Name()); l != English && l != Russian {
			t.Errorf("%s: %q is not a language promoctl speaks", f.Name(), l)
		}
	}
}

// TestNumberForms: amounts and moments in each language's forms, from
// the per-language rows.
func TestNumberForms(t *testing.T) {
	ru, en := New(Russian), New(English)
	for _, c := range []struct {
		v       float64
		percent bool
		ru, en  string
	}{
		{0.01, false, "0,01", "0.01"}, {0.01, true, "0,01\u00a0%", "0.01%"}, {12.5, true, "12,5\u00a0%", "12.5%"},
		{10700, false, "10\u00a0700,00", "10700.00"}, {1148, false, "1\u00a0148,00", "1148.00"}, {-1234567.5, false, "-1\u00a0234\u00a0567,50", "-1234567.50"},
	} {
		if got := ru.Amount(c.v, c.percent); got != c.ru {
			t.Errorf("ru Amount(%v, %v) = %q, want %q", c.v, c.percent, got, c.ru)
		}
		if got := en.Amount(c.v, c.percent); got != c.en {
			t.Errorf("en Amount(%v, %v) = %q, want %q", c.v, c.percent, got, c.en)
		}
	}
	msk := time.FixedZone("MSK", 3*3600)
	end := time.Date(2026, 12, 31, 20, 59, 59, 0, time.UTC)
	start := time.Date(2026, 11, 30, 21, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		p    *Printer
		t    time.Time
		want string
	}{
		{ru, end, "31.12.2026 23:59 MSK"}, {ru, start, "01.12.2026 00:00 MSK"},
		{en, end, "2026-12-31 23:59:59 MSK"}, {en, start, "2026-12-01 00:00 MSK"},
	} {
		if got := c.p.Moment(c.t, msk); got != c.want {
			t.Errorf("%s Moment(%v) = %q, want %q", c.p.Lang(), c.t, got, c.want)
		}
	}
}

// TestWritten: a table's word is read back in every language, whatever
// its case and ё; an id no language has, or another word, is not.
func TestWritten(t *testing.T) {
	for _, tc := range []struct {
		word string
		ids  []string
		want bool
	}{
		{"delivery", []string{"word.delivery"}, true},
		{"Доставку", []string{"word.delivery"}, true},
		{"доставка", []string{"word.delivery", "word.delivery.also"}, true},
		{"доставка", []string{"word.delivery"}, false},
		{"истек", []string{"word.expired"}, true},
		{"ИСТЁК", []string{"word.expired"}, true},
		{"товары", []string{"word.delivery"}, false},
		{"delivery", []string{"word.no_such_id"}, false},
	} {
		if got := Written(tc.word, tc.ids...); got != tc.want {
			t.Errorf("Written(%q, %v) = %v, want %v", tc.word, tc.ids, got, tc.want)
		}
	}
}
