package configcmd

import (
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// ruRunner is a bare runner whose runs are in Russian.
func ruRunner(t *testing.T) *cmdtest.Runner {
	t.Helper()
	r := newBareRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	return r
}

// TestConfigNotesInRussian: the notes and warnings of config get, unset
// and use, and their refusals, are Russian under a Russian locale (their
// English is what the other tests of the package read under LANG=C).
func TestConfigNotesInRussian(t *testing.T) {
	r := ruRunner(t)
	r.WithKeychain(nil)
	r.TTY = true
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	path := r.ConfigPath()

	r.Run("config", "get", "language").Expect(t, 0, "", "В профиле «default» нет настройки language.\n")
	r.Run("config", "get", "colour").Expect(t, 2, "",
		"promoctl: нет настройки «colour»: укажите одну из: base_url, token, user_id, site_id, output, timeout, language\n")
	r.Run("config", "set", "base_url", "api.lpmotor.ru").Expect(t, 2, "",
		"promoctl: неверное значение base_url: адрес API «api.lpmotor.ru» не подходит: нужен полный адрес http или https, например https://api.lpmotor.ru\n")
	r.Run("config", "set", "base_url", "https://me:hunter2@api.lpmotor.ru").Expect(t, 2, "",
		"promoctl: неверное значение base_url: адрес API «https://me:xxxxx@api.lpmotor.ru» не подходит: логин и пароль в адресе не поддерживаются, ключ API задаётся настройкой token\n")

	r.Env["PROMOCTL_SITE_ID"] = "5"
	r.Run("config", "unset", "site_id").Expect(t, 0, "", apitest.Lines(
		"Настройка site_id удалена из профиля «default» ("+path+").",
		"promoctl: предупреждение: задана переменная PROMOCTL_SITE_ID: пока вы её не удалите, site_id берётся из неё"))
	r.Run("config", "unset", "site_id").Expect(t, 0, "", "В профиле «default» нет настройки site_id: удалять нечего.\n")
	r.KeepInKeychain("default", cmdtest.TestToken)
	r.Run("config", "unset", "token").Expect(t, 0, "",
		"Настройка token удалена из профиля «default» (из системной связки ключей и из "+path+").\n")
	r.KeepInKeychain("staging", "staging-token-0123456789")
	r.Run("config", "unset", "token", "--profile", "staging").Expect(t, 0, "",
		"Настройка token удалена из профиля «staging» (из системной связки ключей и из "+path+").\n")
	r.KeepInKeychain("staging", "staging-token-0123456789")
	r.Run("config", "unset", "token", "--profile", "staging").Expect(t, 0, "",
		"Настройка token удалена из профиля «staging» (из системной связки ключей).\n")

	r.Run("config", "use", "staging").Expect(t, 0, "", "Текущий профиль: «staging».\n")
	r.Env["PROMOCTL_PROFILE"] = "default"
	r.Run("config", "use", "staging").Expect(t, 0, "", apitest.Lines(
		"Текущий профиль: «staging».",
		"promoctl: предупреждение: задана переменная PROMOCTL_PROFILE=default: пока вы её не удалите, она важнее текущего профиля"))
	// Not found is said once: the profile's name and where it is not.
	res := r.Run("config", "use", "prod")
	if res.Code != 2 || strings.Contains(res.Stderr, "profile") || strings.Count(res.Stderr, "prod") != 1 {
		t.Errorf("config use prod: exit %d, stderr %q; want 2 and the profile named once, in Russian", res.Code, res.Stderr)
	}
}

// TestConfigTablesInRussian: config list and config explain have their
// headers, the keychain's mark and the sources of the settings in
// Russian; -o json and csv stay the same.
func TestConfigTablesInRussian(t *testing.T) {
	r := ruRunner(t)
	r.TTY = true
	r.Run("config", "list").Expect(t, 0, "ТЕКУЩИЙ  ПРОФИЛЬ  АДРЕС API  КЛЮЧ API  ID ПОЛЬЗОВАТЕЛЯ  ID САЙТА  ФОРМАТ  ТАЙМ-АУТ  ЯЗЫК\n",
		"В "+r.ConfigPath()+" пока нет профилей: выполните `promoctl auth login`.\n")
	r.TTY = false

	r.WithKeychain(nil)
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.KeepInKeychain("staging", "new-token-9876543210")
	r.Run("config", "list").Expect(t, 0, apitest.Lines(
		"ТЕКУЩИЙ  ПРОФИЛЬ  АДРЕС API               КЛЮЧ API                ID ПОЛЬЗОВАТЕЛЯ  ID САЙТА  ФОРМАТ  ТАЙМ-АУТ  ЯЗЫК",
		"*        default  https://api.lpmotor.ru  tok…56                  42               11111",
		"         staging  http://127.0.0.1:8787   new…10 (связка ключей)  43                         json    2m",
	), "")
	r.Run("config", "get", "token", "--profile", "staging").Expect(t, 0, "new…10 (связка ключей)\n", "")

	r.Env["PROMOCTL_OUTPUT"] = "table"
	path := r.ConfigPath()
	r.Run("config", "explain", "--timeout", "1m").Expect(t, 0, apitest.Lines(
		"НАСТРОЙКА    "+cmdtest.Pad("ЗНАЧЕНИЕ", len([]rune(path)))+"  ИСТОЧНИК",
		"config_file  "+path+"  по умолчанию",
		"profile      "+cmdtest.Pad("default", len([]rune(path)))+"  current_profile в файле "+path,
		"base_url     "+cmdtest.Pad("https://api.lpmotor.ru", len([]rune(path)))+"  профиль default в "+path,
		"token        "+cmdtest.Pad("tok…56", len([]rune(path)))+"  профиль default в "+path,
		"user_id      "+cmdtest.Pad("42", len([]rune(path)))+"  профиль default в "+path,
		"site_id      "+cmdtest.Pad("11111", len([]rune(path)))+"  профиль default в "+path,
		"output       "+cmdtest.Pad("table", len([]rune(path)))+"  переменная PROMOCTL_OUTPUT",
		"timeout      "+cmdtest.Pad("1m0s", len([]rune(path)))+"  флаг --timeout",
		"language     "+cmdtest.Pad("ru", len([]rune(path)))+"  переменная LANG",
	), "")

	for _, args := range [][]string{{"config", "list", "-o", "json"}, {"config", "list", "-o", "csv"}, {"config", "explain", "-o", "csv"}} {
		ru := r.Run(args...)
		r.Env["LANG"] = "C"
		en := r.Run(args...)
		r.Env["LANG"] = "ru_RU.UTF-8"
		if args[1] == "explain" {
			// The language row says the run's language itself.
			ru.Stdout = strings.Replace(ru.Stdout, "language,ru,", "language,en,", 1)
		}
		if ru.Code != 0 || ru.Stdout != en.Stdout || ru.Stdout == "" {
			t.Errorf("%v: %s in Russian, %s in English; want the same", args, ru.Stdout, en.Stdout)
		}
	}
}
