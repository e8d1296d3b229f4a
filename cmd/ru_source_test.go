package cmd

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestSaidAtTheSource: messages born as catalog ids where they arise
// (logging in and out without a key, config set under an environment
// override, promo create's default discount and --dry-run, the product
// card's size) are Russian under a Russian locale and English under
// LANG=C; what a script reads (-o json, exit codes) is the same in both.
func TestSaidAtTheSource(t *testing.T) {
	for _, tc := range []struct {
		name         string
		bare, tty    bool
		env          map[string]string
		args         []string
		code         int
		ruOut, enOut string // lines stdout must hold, "" for none
		ruErr, enErr string
		machine      []string // the same command's machine form, byte for byte the same in both languages
	}{
		{name: "auth status without a key", bare: true, args: []string{"auth", "status"}, code: 3,
			ruErr:   "promoctl: вход не выполнен: в профиле «default» нет ключа API: выполните `promoctl auth login`\n",
			enErr:   "promoctl: not logged in: profile \"default\" has no API key: run `promoctl auth login`\n",
			machine: []string{"auth", "status", "-o", "json"}},
		{name: "auth logout without a key", bare: true, tty: true, args: []string{"auth", "logout"},
			ruErr: "В профиле «default» нет сохранённого ключа API: удалять нечего.\n",
			enErr: "Profile \"default\" has no saved API key: nothing to do.\n"},
		{name: "config set under an environment override", env: map[string]string{"PROMOCTL_OUTPUT": "json"}, args: []string{"config", "set", "output", "table"},
			ruErr: "promoctl: предупреждение: задана переменная PROMOCTL_OUTPUT: пока вы её не удалите, она важнее этой настройки\n",
			enErr: "promoctl: warning: PROMOCTL_OUTPUT is set and overrides this setting until you unset it\n"},
		{name: "promo create --dry-run with the API's defaults", tty: true,
			args: []string{"promo", "create", "--site-id", "7", "--code", "ABC", "--percent", "--starts", "2026-12-01", "--ends", "2026-12-31", "--dry-run"},
			ruOut: "Включён:                 нет (значение API по умолчанию)\n" +
				"Скидка на:               товары (значение API по умолчанию)\n" +
				"Скидка:                  0,01\u00a0% (значение API по умолчанию)\n" +
				"Начало:                  01.12.2026 00:00 MSK\n" +
				"Конец:                   31.12.2026 23:59 MSK\n" +
				"Лимит применений:        без ограничений (значение API по умолчанию)\n" +
				"Один раз на покупателя:  нет (значение API по умолчанию)\n",
			enOut: "Enabled:            no (API default)\n" +
				"Bonus type:         goods (API default)\n" +
				"Amount:             0.01% (API default)\n" +
				"Starts:             2026-12-01 00:00 MSK\n" +
				"Ends:               2026-12-31 23:59:59 MSK\n" +
				"Max uses:           unlimited (API default)\n" +
				"Once per customer:  no (API default)\n",
			ruErr:   "promoctl: предупреждение: --amount не указан, так что API назначит скидку по умолчанию: 0,01\u00a0%\n",
			enErr:   "promoctl: warning: no --amount given, so the API's default discount of 0.01% applies\n",
			machine: []string{"promo", "create", "--site-id", "7", "--code", "ABC", "--ends", "2026-12-31", "--dry-run", "-o", "json"}},
		{name: "the product card", bare: true, args: []string{"--sandbox", "product", "get", "101"},
			ruOut:   "Размеры (Д × Ш × В):  60 × 25 × 25\n",
			enOut:   "Size (L × W × H):   60 × 25 × 25\n",
			machine: []string{"--sandbox", "product", "get", "101", "-o", "json"}},
		{name: "the product card's sections", bare: true, args: []string{"--sandbox", "product", "get", "101"},
			ruOut: "Изображения:\n" +
				"ID    АДРЕС                                          СТАТУС\n" +
				"1011  https://cdn.sandbox.example/img/101-front.jpg  готово\n",
			enOut: "Images:\n" +
				"ID    URL                                            STATUS\n" +
				"1011  https://cdn.sandbox.example/img/101-front.jpg  ready\n"},
		{name: "the product card's modifiers", bare: true, args: []string{"--sandbox", "product", "get", "101"},
			ruOut: "Модификаторы:\n" +
				"ID   НАЗВАНИЕ           ЦЕНА      МАКСИМУМ  ПО УМОЛЧАНИЮ  ВИДЕН\n" +
				"501  Greeting card      150,00\u00a0₽  1         нет           да\n",
			enOut: "Modifiers:\n" +
				"ID   NAME               PRICE   MAX COUNT  DEFAULT  VISIBLE\n" +
				"501  Greeting card      150.00  1          no       yes\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := func(lang string, args []string) (int, string, string) {
				r := newRunner(t)
				if tc.bare {
					r = newBareRunner(t)
				}
				maps.Copy(r.Env, tc.env)
				r.Env["LANG"], r.TTY = lang, tc.tty && slices.Equal(args, tc.args)
				res := r.Run(args...)
				return res.Code, res.Stdout, res.Stderr
			}
			for _, l := range []struct{ lang, out, err string }{{"ru_RU.UTF-8", tc.ruOut, tc.ruErr}, {"C", tc.enOut, tc.enErr}} {
				code, out, errOut := run(l.lang, tc.args)
				if code != tc.code || !strings.Contains(out, l.out) || errOut != l.err {
					t.Errorf("LANG=%s: exit %d, stdout:\n%s\nstderr %q\nwant exit %d, stdout holding:\n%s\nstderr %q", l.lang, code, out, errOut, tc.code, l.out, l.err)
				}
			}
			if tc.machine == nil {
				return
			}
			ruCode, ruOut, ruErr := run("ru_RU.UTF-8", tc.machine)
			enCode, enOut, enErr := run("C", tc.machine)
			port := regexp.MustCompile(`127\.0\.0\.1:[0-9]+`) // each run has its own fake API
			ruOut, enOut = port.ReplaceAllString(ruOut, "API"), port.ReplaceAllString(enOut, "API")
			if ruCode != enCode || ruOut != enOut || machineOf(t, ruErr) != machineOf(t, enErr) {
				t.Errorf("%q: Russian exit %d, %q, %q; English exit %d, %q, %q", tc.machine, ruCode, ruOut, ruErr, enCode, enOut, enErr)
			}
		})
	}
}

// TestConfigSetSaysItInRussian: config set's note names the profile in
// «ёлочки», in the catalog's words; English as before.
func TestConfigSetSaysItInRussian(t *testing.T) {
	for lang, want := range map[string]string{
		"ru_RU.UTF-8": "Настройка site_id = 5 сохранена в профиле «default» (%s).\n",
		"C":           "Set site_id to 5 in profile \"default\" (%s).\n",
	} {
		r := newRunner(t)
		r.Env["LANG"], r.TTY = lang, true
		r.Run("config", "set", "site_id", "5").Expect(t, 0, "", strings.Replace(want, "%s", r.ConfigPath(), 1))
	}
}
