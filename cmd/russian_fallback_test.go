package cmd

import (
	"fmt"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/cmd/cmdutil/warnings"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// The fallback's tests (cmd/cmdutil/errors_fallback.go): text that is
// still English where it is built is said in Russian by matching it
// against the catalogs. The English here is a copy of what the source
// builds, so a test passes even when the source drifts: each case goes
// when its message becomes a catalog id at its source (then a whole run
// asserts its rendered text), and the file goes with the fallback.

// TestFallbackSaysEnglishErrorsInRussian says in Russian the errors and notes of promo
// jobs, report's selection, apply's renames and workbooks and the sandbox's
// faults, as the reporting edge does: a count in its plural form, a
// wrapped error by its own entry.
func TestFallbackSaysEnglishErrorsInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"no job", cmdutil.UsageErr(fmt.Errorf("%v (promo jobs lists the jobs)", "no job 2026 in /tmp/jobs")),
			"задания 2026 нет в /tmp/jobs (список заданий — promo jobs)"},
		{"length", cmdutil.UsageErr(fmt.Errorf("--length must be at least 1: the characters of the random part, got %d", 0)),
			"--length должен быть не меньше 1 (это число символов случайной части), а указано 0"},
	} {
		if got := errtext.Say(ru, tc.err); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		n    int
		want string
	}{
		{1, "Ещё 1 промокод мог быть создан"},
		{3, "Ещё 3 промокода могли быть созданы"},
		{11, "Ещё 11 промокодов могли быть созданы"},
		{21, "Ещё 21 промокод мог быть создан"},
	} {
		if got := ru.N("promo.generate.may_be_created", tc.n); len(got) < len(tc.want) || got[:len(tc.want)] != tc.want {
			t.Errorf("may_be_created(%d) = %q, want it to start %q", tc.n, got, tc.want)
		}
	}
}

// TestFallbackSaysJobNotesInRussian: what promo jobs, jobs show and report --job say
// on stderr is Russian, the total in its plural form.
func TestFallbackSaysJobNotesInRussian(t *testing.T) {
	w := &warnings.Writer{Msg: i18n.New(i18n.Russian)}
	for _, tc := range []struct{ en, want string }{
		{"No jobs in /tmp/jobs.", "В /tmp/jobs нет заданий."},
		{"Job 20261201T100000Z-1a2b3c4d created no promo codes.", "Задание 20261201T100000Z-1a2b3c4d не создало ни одного промокода."},
		{"None of the 21 promo codes job J created is on site 1 now.", "Ни одного из 21 промокода, созданного заданием J, сейчас нет на сайте 1."},
		{"None of the 500 promo codes job J created is on site 1 now.", "Ни одного из 500 промокодов, созданных заданием J, сейчас нет на сайте 1."},
		{"3 of the 5 promo codes job J created are no longer on site 1", "3 из 5 промокодов, созданных заданием J, больше нет на сайте 1"},
		{"3 of the 5 promo codes job J created are no longer on site 1: not in the report", "3 из 5 промокодов, созданных заданием J, больше нет на сайте 1: отчёт построен по остальным"},
	} {
		if got := errtext.SayEnglish(w.Msg, tc.en); got != tc.want {
			t.Errorf("say(%q)\n got %s\nwant %s", tc.en, got, tc.want)
		}
	}
}

// TestFallbackSaysAnEmptyCampaignInRussian: an empty list of a campaign says its filter
// in Russian, every part of it.
func TestFallbackSaysAnEmptyCampaignInRussian(t *testing.T) {
	w := &warnings.Writer{Msg: i18n.New(i18n.Russian)}
	for _, tc := range []struct {
		f    shared.PromoFilter
		want string
	}{
		{shared.PromoFilter{Prefix: "XMAS"}, `На сайте 1 нет подходящих промокодов: код начинается с «XMAS».`},
		{shared.PromoFilter{Search: "sum"}, `На сайте 1 нет подходящих промокодов: в коде есть «sum».`},
		{shared.PromoFilter{Search: "sum", Prefix: "XMAS"}, `На сайте 1 нет подходящих промокодов: в коде есть «sum», код начинается с «XMAS».`},
		{shared.PromoFilter{Within: 7 * 24 * time.Hour, WithinText: "7d"}, `На сайте 1 нет подходящих промокодов: истекают в ближайшие 7d.`},
		{shared.PromoFilter{Statuses: []promo.Status{"expired"}, Prefix: "XMAS"}, `На сайте 1 нет подходящих промокодов: статус «истёк», код начинается с «XMAS».`},
	} {
		en := fmt.Sprintf("No promo codes on site %d match: %s.", 1, tc.f.Describe(w.Msg))
		if got := errtext.SayEnglish(w.Msg, en); got != tc.want {
			t.Errorf("say(%q)\n got %s\nwant %s", en, got, tc.want)
		}
	}
}
