package i18n

import (
	"errors"
	"io/fs"
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

func TestSayRendersAMessageInItsLanguage(t *testing.T) {
	ru, en := New(Russian), New(English)
	if got, want := ru.Say(C("count.promo", 5)), "5 промокодов"; got != want {
		t.Errorf("Russian Say(C(count.promo, 5)) = %q, want %q", got, want)
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
