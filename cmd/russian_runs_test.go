package cmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// TestRussianWordsInPlaceholders: the words promoctl itself puts into a
// message (a command's argument, a bulk verb and what it selects) are
// Russian on a Russian screen, and nothing is sent.
func TestRussianWordsInPlaceholders(t *testing.T) {
	for _, tc := range []struct {
		args []string
		ru   string
	}{
		{[]string{"promo", "get"},
			"promoctl: promo get: нужно указать ID или код промокода (использование: promoctl promo get CODE_OR_ID)\n"},
		{[]string{"promo", "update", "--amount", "5"},
			"promoctl: promo update: нужно указать ID или код промокода (использование: promoctl promo update CODE_OR_ID)\n"},
		{[]string{"promo", "get", "A1", "B2"},
			"promoctl: promo get: нужно указать ID или код промокода, а указано аргументов: 2 (использование: promoctl promo get CODE_OR_ID)\n"},
		{[]string{"config", "set", "output"},
			"promoctl: config set: нужно указать имя настройки и значение (использование: promoctl config set KEY VALUE)\n"},
		{[]string{"promo", "jobs", "show"},
			"promoctl: promo jobs show: нужно указать ID задания или путь к журналу (использование: promoctl promo jobs show ID|FILE)\n"},
		{[]string{"promo", "disable", "--site-id", "1", "--status", "active"},
			"promoctl: выключить промокоды со статусом «активен» без подтверждения нельзя: без терминала добавьте --yes\n"},
		{[]string{"promo", "disable", "--site-id", "1", "--status", "active,scheduled"},
			"promoctl: выключить промокоды со статусом «активен» или «запланирован» без подтверждения нельзя: без терминала добавьте --yes\n"},
		{[]string{"promo", "enable", "--site-id", "1", "SUMMER25"},
			"promoctl: включить промокод SUMMER25 без подтверждения нельзя: без терминала добавьте --yes\n"},
		{[]string{"promo", "delete", "--site-id", "1", "AA1", "AA2"},
			"promoctl: удалить 2 промокода без подтверждения нельзя: без терминала добавьте --yes\n"},
		{[]string{"promo", "disable", "--site-id", "1", "AA1", "AA2", "AA3", "AA4", "AA5"},
			"promoctl: выключить 5 промокодов без подтверждения нельзя: без терминала добавьте --yes\n"},
	} {
		r := ruRunner(t)
		r.Run(tc.args...).Expect(t, cmdutil.ExitUsage, "", tc.ru)
		r.ExpectNoRequests(t)
		r.Env["LANG"] = "C"
		if en := r.Run(tc.args...); en.Code != cmdutil.ExitUsage || !strings.Contains(en.Stderr, " needs ") && !strings.Contains(en.Stderr, "refusing to ") {
			t.Errorf("%q in English: exit %d, stderr %q", tc.args, en.Code, en.Stderr)
		}
	}
}

// TestRussianAuthStatusSources: where each setting comes from is said in
// Russian, after the value.
func TestRussianAuthStatusSources(t *testing.T) {
	r := ruRunner(t)
	res := r.Run("--sandbox", "auth", "status")
	want := "Адрес API:         http://sandbox.localhost  (флаг --sandbox)\n" +
		"ID пользователя:   1  (флаг --sandbox)\n" +
		"Ключ API:          ****  (флаг --sandbox)\n" +
		"Данные для входа:  работают\n"
	if res.Code != 0 || !strings.HasSuffix(res.Stdout, want) || res.Stderr != "" {
		t.Errorf("exit %d, stdout:\n%s\nwant it to end with:\n%s\nstderr %q", res.Code, res.Stdout, want, res.Stderr)
	}
}

// TestRussianPageAndSiteTables: page list's and site get's headers and
// keys, yes/no cells and dates are Russian.
func TestRussianPageAndSiteTables(t *testing.T) {
	r := ruRunner(t)
	r.Run("--sandbox", "page", "list", "--site-id", "1").Expect(t, 0,
		"ID  ЗАГОЛОВОК             АДРЕС                                        ПУТЬ          ID САЙТА  ОПУБЛИКОВАН  ГЛАВНАЯ  ДАТА СОЗДАНИЯ\n"+
			"11  Home                  https://flowers.sandbox.example/             /             1         да           да       04.08.2021 17:00\n"+
			"12  Catalog               https://flowers.sandbox.example/catalog      /catalog      1         да           нет      04.08.2021 17:05\n"+
			"13  Delivery and payment  https://flowers.sandbox.example/delivery     /delivery     1         да           нет      05.08.2021 12:00\n"+
			"14  Spring sale           https://flowers.sandbox.example/spring-sale  /spring-sale  1         нет          нет      01.02.2025 11:00\n", "")
	res := r.Run("--sandbox", "site", "get", "1")
	for _, line := range []string{
		"Язык сайта:          ru\n", "Валюта сайта:        RUB\n", "Часовой пояс сайта:  Europe/Moscow\n",
		"Дата создания:       04.08.2021 16:57\n", "Дата изменения:      20.11.2025 12:00\n",
	} {
		if !strings.Contains(res.Stdout, line) {
			t.Errorf("site get: no line %q in:\n%s", line, res.Stdout)
		}
	}
	r.Env["LANG"] = "C"
	if en := r.Run("--sandbox", "page", "list", "--site-id", "1"); !strings.Contains(en.Stdout, "  PATH  ") || !strings.Contains(en.Stdout, "  yes  ") {
		t.Errorf("English page list changed:\n%s", en.Stdout)
	}
}

// TestRussianCreateCardCurrency: the card of a created promo code shows
// its discount in the site's currency, as promo get does.
func TestRussianCreateCardCurrency(t *testing.T) {
	r := ruRunner(t)
	res := r.Run("--sandbox", "promo", "create", "--site-id", "1", "--code", "NEWCODE6", "--amount", "5", "--enabled")
	if res.Code != 0 || !strings.Contains(res.Stdout, "\nСкидка:                  5,00\u00a0₽\n") {
		t.Errorf("exit %d, stdout:\n%s\nstderr %q", res.Code, res.Stdout, res.Stderr)
	}
	get := r.Run("--sandbox", "promo", "get", "NEWCODE6", "--site-id", "1")
	if get.Code != 0 || get.Stdout != res.Stdout {
		t.Errorf("promo get shows another card:\n%s\ncreate showed:\n%s", get.Stdout, res.Stdout)
	}
	r.Env["LANG"] = "C"
	en := r.Run("--sandbox", "promo", "create", "--site-id", "1", "--code", "NEWCODE7", "--amount", "5", "--enabled")
	if !strings.Contains(en.Stdout, "\nAmount:             5.00\n") {
		t.Errorf("English card changed:\n%s", en.Stdout)
	}
}

// TestRussianWizardSummaryForms: the wizard's summary says the amount and
// the dates in Russian forms, huh's own lines of accessible mode (choose
// a number, a wrong number) are Russian, and the amount's title names the
// unit chosen in the site's currency (read from the site's record).
func TestRussianWizardSummaryForms(t *testing.T) {
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.Env["PROMOCTL_SITE_ID"] = "7"
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"code":"FREESHIP"}]`)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
	r.API.Handle("GET /v3/public/site/7", http.StatusOK, `{"id":7,"settings":{"currency":"RUB"}}`)
	r.Stdin = cmdtest.AnswerLines("SUMMER25", "", "3", "2", "10", "", "2026-12-01", "2026-12-31", "", "", "n")
	res := r.Run("promo", "create", "-o", "json")
	if res.Code != cmdutil.ExitCancelled || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want %d, nothing", res.Code, res.Stdout, cmdutil.ExitCancelled)
	}
	for _, line := range []string{
		"\n  Скидка:                  10,00 на товары\n",
		"\n  Действует:               с 01.12.2026 00:00 по 31.12.2026 23:59 (MSK)\n",
		"\nВведите номер варианта (1–2): \n",
		"\nВведите номер варианта (1–2): Нужен номер варианта от 1 до 2\n",
		"\nСкидка на [товары] \n",
		"\nТип скидки [в процентах] \n",
		"\nСумма скидки, ₽ [10] \n",
	} {
		if !strings.Contains(res.Stderr, line) {
			t.Errorf("no line %q in:\n%s", line, res.Stderr)
		}
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v3/public/site/7")
}
