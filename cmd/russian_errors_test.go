package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
)

// TestErrorLineSaysErrorsInRussian: the error line says typed errors in
// Russian by their fields, with the error they carry ({{.Err}}) said in
// its turn; in English each is as its Error() writes it.
func TestErrorLineSaysErrorsInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	for _, c := range []struct {
		err  error
		want string
	}{
		{mustErr(cmdutil.ParseID(i18n.M("base.id.promo"), "0")), `неверный ID промокода «0»: нужно целое положительное число`},
		{mustErr(cmdutil.ParseID(i18n.M("base.id.page"), "x")), `неверный ID страницы «x»: нужно целое положительное число`},
		{mustErr(cmdutil.ParseID(i18n.M("base.id.product"), "-1")), `неверный ID товара «-1»: нужно целое положительное число`},
		{mustErr(cmdutil.ParseID(i18n.M("base.id.site"), "0")), `неверный ID сайта «0»: нужно целое положительное число`},
		{&config.ValueError{Key: "site_id", Source: config.Source{Kind: "flag", Name: "--site-id"}, Err: mustErr(config.ParseID("0"))},
			`неверное значение site_id (флаг --site-id): «0»: нужно целое положительное число`},
		{&config.ValueError{Key: "user_id", Source: config.Source{Kind: "env", Name: "PROMOCTL_USER_ID"}, Err: mustErr(config.ParseID("x"))},
			`неверное значение user_id (переменная PROMOCTL_USER_ID): «x»: нужно целое положительное число`},
		{&config.ValueError{Key: "site_id", Source: config.Source{Kind: "profile", Name: "default in /x/config.yaml"}, Err: mustErr(config.ParseID("abc"))},
			`неверное значение site_id (профиль default в /x/config.yaml): «abc»: нужно целое положительное число`},
		{&config.ValueError{Key: "timeout", Source: config.Source{Kind: "flag", Name: "--timeout"}, Err: mustErr(config.ParseTimeout("xx"))},
			`неверное значение timeout (флаг --timeout): «xx» — не длительность: нужно, например, 30s или 2m`},
		{&config.ValueError{Key: "timeout", Source: config.Source{Kind: "env", Name: "PROMOCTL_TIMEOUT"}, Err: mustErr(config.ParseTimeout("-1s"))},
			`неверное значение timeout (переменная PROMOCTL_TIMEOUT): «-1s»: длительность должна быть больше нуля`},
		{&config.ValueError{Key: "output", Source: config.Source{Kind: "flag", Name: "--output"}, Err: &format.UnknownError{Value: "foo", Known: output.Formats(nil).Names()}},
			`неверное значение output (флаг --output): неизвестный формат вывода «foo»: нужен table, wide, json, jsonl, yaml, csv или xlsx`},
		{&config.ValueError{Key: "profile", Source: config.Source{Kind: "flag", Name: "--profile"}, Err: config.ProfileNotFound("/x/config.yaml", &config.File{Profiles: map[string]*config.Profile{"default": {}, "shop": {}}}, "zzz")},
			`неверное значение profile (флаг --profile): профиля «zzz» нет в /x/config.yaml (профили: default, shop)`},
	} {
		if got := errtext.Say(ru, c.err); got != c.want {
			t.Errorf("errorText(%q)\n got %q\nwant %q", c.err, got, c.want)
		}
		if got := errtext.Say(i18n.New(i18n.English), c.err); got != c.err.Error() {
			t.Errorf("English errorText(%q) = %q, want it as written", c.err, got)
		}
	}
}

// TestRunsSayTheirMessagesInRussian: whole runs in Russian say a note of sandbox reset, an error of api, the usage line
// of help, a notice of config unset. English runs say them as before.
func TestRunsSayTheirMessagesInRussian(t *testing.T) {
	data := filepath.Join(t.TempDir(), "sandbox.db")
	for _, c := range []struct {
		args           []string
		code           int
		ru, en, stdout string // stderr in each language; a part of stdout
	}{
		{args: []string{"--sandbox-data", data, "sandbox", "reset"},
			ru: "Демо-данные в " + data + " восстановлены.\n", en: "Restored the demo data in " + data + ".\n"},
		{args: []string{"api", "a", "b", "c"}, code: 2,
			ru: "promoctl: promoctl api: нужен путь (PATH) или метод и путь (METHOD PATH), а указано 3 аргумента\n",
			en: "promoctl: promoctl api needs a PATH, or a METHOD and a PATH, got 3 arguments\n"},
		{args: []string{"promo", "--help"}, stdout: "\n  promoctl promo [команда]\n"},
	} {
		for _, lang := range []string{"ru", "en"} {
			r := newRunner(t)
			r.Env["PROMOCTL_LANG"] = lang
			res := r.Run(c.args...)
			want := c.ru
			if lang == "en" {
				want = c.en
			}
			if res.Code != c.code || res.Stderr != want {
				t.Errorf("%s %q: exit %d, stderr\n%q\nwant exit %d, stderr\n%q", lang, c.args, res.Code, res.Stderr, c.code, want)
			}
			if c.stdout != "" && lang == "ru" && !strings.Contains(res.Stdout, c.stdout) {
				t.Errorf("%s %q: stdout has no %q:\n%s", lang, c.args, c.stdout, res.Stdout)
			}
		}
	}
}

// mustErr is the error of a call that must fail.
func mustErr[T any](_ T, err error) error {
	if err == nil {
		panic("no error")
	}
	return err
}
