package promocmd

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestPromoCreateWarnsOfAPastEnd: a create whose --ends has already passed
// is sent (the user may mean it), with a warning that the code will be
// expired; a later end gives none.
func TestPromoCreateWarnsOfAPastEnd(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "OLD1", "--amount", "5", "--enabled", "--ends", "2020-01-31")
	want := "promoctl: warning: the end date 2020-01-31 23:59:59 has already passed, so the promo code will be expired: give a later --ends\n"
	res.Expect(t, 0, res.Stdout, want)
	res = r.Run("promo", "create", "--site-id", "7", "--code", "NEW1", "--amount", "5", "--enabled", "--ends", "2099-01-31")
	res.Expect(t, 0, res.Stdout, "")
	r.ExpectRoutes(t, "POST /v1/promo", "POST /v1/promo")
}

// TestPromoApplyWarnsOfPastEnds: rows of promo apply that create a code,
// or give one a new end, that has already passed are applied with one
// warning naming them; an unchanged past end is not warned of.
func TestPromoApplyWarnsOfPastEnds(t *testing.T) {
	file := `code,bonus_amount,d_off
OLD1,5,2026-01-31
OLD2,5,2026-02-28
OLD3,5,2026-03-31
OLD4,5,2026-04-30
NEW1,5,2027-01-31
`
	e, _, opts := newApplyEnv(t, format.Table, file)
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	for _, want := range []string{
		"promoctl: warning: 3 promo codes end before now, so they will be created expired: OLD2 (line 3, ends 2026-02-28 23:59:59), OLD3 (line 4, ends 2026-03-31 23:59:59), OLD4 (line 5, ends 2026-04-30 23:59:59)\n",
		"promoctl: warning: 1 promo code is given an end before now, so it stays expired: OLD1 (line 2, ends 2026-01-31 23:59:59)\n",
	} {
		if !strings.Contains(e.Stderr.String(), want) {
			t.Errorf("stderr:\n%s\nwant the line:\n%s", e.Stderr, want)
		}
	}
	if n := len(writes(e)); n != 5 {
		t.Errorf("%d writes, want the 5 creates: %q", n, writes(e))
	}
	// Applied again, nothing changes: no warning (in a new run's warnings,
	// which say each thing once).
	e.Stderr.Reset()
	e.Sess.Warnings = &cmdutil.Warnings{Out: e.Stderr}
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(e.Stderr.String(), "warning") {
		t.Errorf("second run warned:\n%s", e.Stderr)
	}
}

// TestPromoGenerateWarnsOfAPastEnd: the same warning for the codes of
// promo generate, before anything is created.
func TestPromoGenerateWarnsOfAPastEnd(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	res := r.Run("promo", "generate", "--site-id", "1", "--count", "2", "--amount", "5", "--enabled", "--ends", "2020-01-31", "--dry-run", "-o", "json")
	want := "promoctl: warning: the end date 2020-01-31 23:59:59 has already passed, so the promo codes will be expired: give a later --ends\n"
	res.Expect(t, 0, res.Stdout, want)
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
