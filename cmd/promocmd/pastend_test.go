package promocmd

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestPromoGenerateWarnsOfAPastEnd: the same warning for the codes of
// promo generate, before anything is created. The site already has X0 to
// X7, so the two codes of the shape X and one digit are X8 and X9, in a
// random order: the dry run's requests are known but for that order.
func TestPromoGenerateWarnsOfAPastEnd(t *testing.T) {
	r := newRunner(t)
	var taken []string
	for d := range 8 {
		taken = append(taken, fmt.Sprintf(`{"id":%d,"code":"X%d"}`, 100+d, d))
	}
	r.API.Handle("GET /v1/promo", http.StatusOK, "["+strings.Join(taken, ",")+"]")
	res := r.Run("promo", "generate", "--site-id", "1", "--count", "2", "--prefix", "X", "--length", "1", "--charset", "digits",
		"--amount", "5", "--enabled", "--ends", "2020-01-31", "--dry-run", "-o", "json")
	create := func(code string) string {
		return `{"code":"` + code + `","is_enabled":true,"bonus_type":2,"bonus_amount":5,"bonus_amount_is_in_percentages":false,` +
			`"time_limit_is_enabled":true,"d_off":"2020-01-31T20:59:59.000Z","quantity_limit_is_enabled":false,"quantity_limit":0}`
	}
	first, second := "X8", "X9"
	if strings.HasPrefix(res.Stdout, `[{"code":"X9"`) {
		first, second = second, first
	}
	want := "promoctl: warning: the end date 2020-01-31 23:59:59 has already passed, so the promo codes will be expired: give a later --ends\n"
	res.Expect(t, 0, "["+create(first)+","+create(second)+"]\n", want)
	r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
}

// TestPastEndWarningsInRussian: the warnings of a create whose end has
// passed are said in Russian, a count in its plural form.
func TestPastEndWarningsInRussian(t *testing.T) {
	end := time.Date(2025, 12, 31, 23, 59, 0, 0, time.UTC)
	now := end.Add(time.Hour)
	for _, tc := range []struct {
		many   bool
		ru, en string
	}{
		{false, "дата окончания 31.12.2025 23:59 уже прошла, так что промокод будет создан истёкшим: укажите в --ends дату позже",
			"the end date 2025-12-31 23:59 has already passed, so the promo code will be expired: give a later --ends"},
		{true, "дата окончания 31.12.2025 23:59 уже прошла, так что промокоды будут созданы истёкшими: укажите в --ends дату позже",
			"the end date 2025-12-31 23:59 has already passed, so the promo codes will be expired: give a later --ends"},
	} {
		m, ok := shared.PastEndWarning(&end, now, time.UTC, tc.many)
		if ru, en := i18n.New(i18n.Russian).Say(m), i18n.New(i18n.English).Say(m); !ok || ru != tc.ru || en != tc.en {
			t.Errorf("pastEndWarning(many %v) = %v:\n%s\n%s\nwant\n%s\n%s", tc.many, ok, ru, en, tc.ru, tc.en)
		}
	}
	if _, ok := shared.PastEndWarning(&now, end, time.UTC, false); ok {
		t.Error("pastEndWarning of an end still to come: a warning")
	}
}
