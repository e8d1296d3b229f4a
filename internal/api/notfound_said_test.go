package api

import (
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestNotFoundIsSaidOnceAgreeingWithItsSubject: a 404 that names its
// subject says so once, without the category before it, in words that
// agree with the subject (Russian: промокод не найден, страница не
// найдена … к ней).
func TestNotFoundIsSaidOnceAgreeingWithItsSubject(t *testing.T) {
	kind := 41
	ru := i18n.New(i18n.Russian)
	for _, c := range []struct {
		subject Subject
		en, ru  string
	}{
		{PromoSubject(9999), "promo code 9999 does not exist or is not visible to you (API error 41: gone)",
			"промокод 9999 не найден или у вас нет к нему доступа (ошибка API 41: gone)"},
		{Subject{Kind: SubjectPage, ID: 7}, "page 7 does not exist or is not visible to you (API error 41: gone)",
			"страница 7 не найдена или у вас нет к ней доступа (ошибка API 41: gone)"},
	} {
		e := &Error{Status: 404, Kind: &kind, Title: "gone", Subject: c.subject}
		if got := e.Error(); got != c.en {
			t.Errorf("Error() = %q, want %q", got, c.en)
		}
		if got := ru.ErrorText(e); got != c.ru {
			t.Errorf("in Russian: %q, want %q", got, c.ru)
		}
		if got := inContext(e, "api.get_promo", "ID", c.subject.ID); got != e {
			t.Errorf("inContext wrapped an error that names its subject: %v", got)
		}
	}
}
