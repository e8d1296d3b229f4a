package auth

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// TestAuthLoginSpeaksTheRunsLanguage: what auth login says (its
// refusals, the hint for the key, the note after it, the warnings of an
// environment that overrides what it saved) is said in the run's
// language, English under LANG=C and Russian under ru_RU.UTF-8, with the
// same exit code.
func TestAuthLoginSpeaksTheRunsLanguage(t *testing.T) {
	type said struct{ en, ru string }
	for _, c := range []struct {
		name  string
		stdin string
		tty   bool
		env   map[string]string
		// keychain is why the system keychain fails; "": it works.
		keychain string
		status   int // the fake API's answer to the check; 0: no request
		args     []string
		code     int
		stderr   said // with {url} and {path} for the fake API's and the config file's
	}{
		{name: "no terminal and no --with-token", args: []string{"--user-id", "42"}, code: 2, stderr: said{
			"promoctl: --with-token is required when not running interactively: printf '%s' \"$KEY\" | promoctl auth login --with-token --user-id N\n",
			"promoctl: без терминала нужен --with-token: printf '%s' \"$KEY\" | promoctl auth login --with-token --user-id N\n"}},
		{name: "no user id", stdin: cmdtest.TestToken, args: []string{"--with-token"}, code: 2, stderr: said{
			"promoctl: --user-id is required when not running interactively (it is \"Your ID\" in the account menu of the site admin)\n",
			"promoctl: без терминала нужен --user-id (это «Ваш ID» в меню аккаунта в админке сайта)\n"}},
		{name: "empty stdin", args: []string{"--with-token", "--user-id", "42"}, code: 2, stderr: said{
			"promoctl: --with-token: standard input is empty; pipe the API key: printf '%s' \"$KEY\" | promoctl auth login --with-token\n",
			"promoctl: --with-token: стандартный ввод пуст; передайте ключ API: printf '%s' \"$KEY\" | promoctl auth login --with-token\n"}},
		{name: "stdin too long", stdin: strings.Repeat("k", maxTokenBytes+1), args: []string{"--with-token", "--user-id", "42"}, code: 2, stderr: said{
			"promoctl: --with-token: standard input is longer than 64 KiB; pipe only the API key\n",
			"promoctl: --with-token: на стандартном вводе больше 64 КиБ; передайте туда только ключ API\n"}},
		{name: "a space in the key", stdin: "tok en-123456789\n", args: []string{"--with-token", "--user-id", "42"}, code: 2, stderr: said{
			"promoctl: --with-token: the API key read from standard input has spaces, line breaks or control characters in it\n",
			"promoctl: --with-token: в ключе API со стандартного ввода есть пробелы, переводы строк или управляющие символы\n"}},
		{name: "both token sources", stdin: cmdtest.TestToken, args: []string{"--with-token", "--token", cmdtest.TestToken, "--user-id", "42"}, code: 2, stderr: said{
			"promoctl: --with-token and --token cannot be used together: pipe the key to --with-token\n",
			"promoctl: --with-token и --token вместе нельзя: передайте ключ через --with-token\n"}},
		{name: "sandbox", args: []string{"--sandbox"}, code: 2, stderr: said{
			"promoctl: auth login saves credentials for the real service; --sandbox needs none\n",
			"promoctl: auth login сохраняет данные для входа в настоящий сервис; для --sandbox они не нужны\n"}},
		{name: "refused", stdin: cmdtest.TestToken, status: http.StatusUnauthorized, args: []string{"--with-token", "--user-id", "42"}, code: 3, stderr: said{
			"promoctl: the server refused the credentials, so nothing was saved: authentication failed: check the token and user id (promoctl auth status) (API error 16: invalid token)\n",
			"promoctl: сервер не принял данные для входа, поэтому ничего не сохранено: "}},
		{name: "not checked", stdin: cmdtest.TestToken, status: http.StatusInternalServerError, args: []string{"--with-token", "--user-id", "42"}, code: 1, stderr: said{
			"promoctl: saved profile \"default\" in {path}, but could not check the key: server error (API error 0: unknown error)\n",
			"promoctl: профиль «default» сохранён в {path}, но проверить ключ не удалось: "}},
		{name: "logged in on a terminal", stdin: cmdtest.TestToken, tty: true, status: http.StatusOK, args: []string{"--with-token", "--user-id", "42", "--profile", "shop"}, stderr: said{
			"Paste the API key, then press Enter\nLogged in to {url} as user 42: the credentials work. Saved as profile \"shop\" (the current profile) in {path}, with the API key in the system keychain.\n",
			"Вставьте ключ API и нажмите Enter\nВход в {url} выполнен, пользователь 42: данные для входа работают. Они сохранены в профиле «shop» (теперь он текущий) в {path}, а ключ API — в системной связке ключей.\n"}},
		{name: "logged in without a keychain", stdin: cmdtest.TestToken, tty: true, keychain: "no secret service", status: http.StatusOK, args: []string{"--with-token", "--user-id", "42"}, stderr: said{
			"Paste the API key, then press Enter\n" +
				"promoctl: warning: no system keychain to keep the API key in (keychain: no secret service): it is saved in the config file {path}, which only you can read\n" +
				"Logged in to {url} as user 42: the credentials work. Saved as profile \"default\" (the current profile) in {path}.\n",
			"Вставьте ключ API и нажмите Enter\n" +
				"promoctl: предупреждение: нет системной связки ключей для ключа API (связка ключей: no secret service): ключ сохранён в файле настроек {path}, который можете читать только вы\n" +
				"Вход в {url} выполнен, пользователь 42: данные для входа работают. Они сохранены в профиле «default» (теперь он текущий) в {path}.\n"}},
		{name: "overridden by the environment", stdin: cmdtest.TestToken, status: http.StatusOK,
			env:  map[string]string{"PROMOCTL_TOKEN": "another-token-0123456789", "PROMOCTL_USER_ID": "7", "PROMOCTL_BASE_URL": "https://other.test", "PROMOCTL_PROFILE": "other"},
			args: []string{"--with-token", "--user-id", "42", "--profile", "shop"}, stderr: said{
				apitest.Lines(
					"promoctl: warning: PROMOCTL_TOKEN is set and overrides the saved API key until you unset it",
					"promoctl: warning: PROMOCTL_USER_ID is set and overrides the saved user id until you unset it",
					"promoctl: warning: PROMOCTL_BASE_URL is set and overrides the saved base URL until you unset it",
					"promoctl: warning: PROMOCTL_PROFILE is set and overrides the saved current profile until you unset it"),
				apitest.Lines(
					"promoctl: предупреждение: задана переменная PROMOCTL_TOKEN: пока вы её не удалите, она важнее сохранённого ключа API",
					"promoctl: предупреждение: задана переменная PROMOCTL_USER_ID: пока вы её не удалите, она важнее сохранённого ID пользователя",
					"promoctl: предупреждение: задана переменная PROMOCTL_BASE_URL: пока вы её не удалите, она важнее сохранённого адреса API",
					"promoctl: предупреждение: задана переменная PROMOCTL_PROFILE: пока вы её не удалите, она важнее текущего профиля")}},
	} {
		for _, lang := range []string{"C", "ru_RU.UTF-8"} {
			t.Run(c.name+" "+lang, func(t *testing.T) {
				r := newBareRunner(t)
				var kcErr error
				if c.keychain != "" {
					kcErr = errors.New(c.keychain)
				}
				r.WithKeychain(kcErr)
				r.Env["LANG"], r.Stdin, r.TTY = lang, c.stdin, c.tty
				for k, v := range c.env {
					r.Env[k] = v
				}
				switch c.status {
				case http.StatusOK:
					r.API.Handle("GET /v3/public/site", c.status, `[]`)
				case http.StatusUnauthorized:
					r.API.Handle("GET /v3/public/site", c.status, apitest.Error(401, 16, "invalid token"))
				case http.StatusInternalServerError:
					r.API.Handle("GET /v3/public/site", c.status, apitest.Error(500, 0, "unknown error"))
				}
				want := c.stderr.en
				if lang != "C" {
					want = c.stderr.ru
				}
				want = strings.NewReplacer("{url}", r.API.URL, "{path}", r.ConfigPath()).Replace(want)
				res := r.Run(append([]string{"auth", "login", "--base-url", r.API.URL}, c.args...)...)
				// A Russian error ends with the API error's words, which
				// are another area's: the part said here is checked.
				if res.Code != c.code || res.Stdout != "" || !(res.Stderr == want || lang != "C" && c.code != 0 && c.code != 2 && strings.HasPrefix(res.Stderr, want)) {
					t.Errorf("exit %d\nstdout %q\nstderr %q\nwant exit %d, no stdout and stderr %q", res.Code, res.Stdout, res.Stderr, c.code, want)
				}
			})
		}
	}
}

// TestAuthStatusSpeaksTheRunsLanguage: auth status's card, on stdout when
// the credentials work and on stderr with the error when they do not, has
// its keys, its sources and its verdict in the run's language; -o json is
// the same in both.
func TestAuthStatusSpeaksTheRunsLanguage(t *testing.T) {
	// runner is a run in lang of a profile with a key in the file, the
	// fake API answering the check with status and body.
	runner := func(t *testing.T, lang string, status int, body string) *cmdtest.Runner {
		r := newBareRunner(t)
		r.WriteConfig("profiles:\n  default:\n    token: " + cmdtest.TestToken + "\n    user_id: 42\n")
		r.Env["PROMOCTL_BASE_URL"], r.Env["LANG"] = r.API.URL, lang
		r.API.Handle("GET /v3/public/site", status, body)
		return r
	}
	r := runner(t, "ru_RU.UTF-8", http.StatusOK, `[]`)
	r.Run("auth", "status").Expect(t, 0, keyValueTable(
		"Профиль:", "default",
		"Файл настроек:", r.ConfigPath(),
		"Адрес API:", r.API.URL+"  (переменная PROMOCTL_BASE_URL)",
		"ID пользователя:", "42  (профиль default)",
		"Ключ API:", "tok…56  (файл настроек)",
		"Данные для входа:", "работают",
	), "")
	r.Run("--sandbox", "auth", "status").Expect(t, 0, keyValueTable(
		"Профиль:", "default",
		"Файл настроек:", r.ConfigPath(),
		"Адрес API:", "http://sandbox.localhost  (флаг --sandbox)",
		"ID пользователя:", "1  (флаг --sandbox)",
		"Ключ API:", "****  (флаг --sandbox)",
		"Данные для входа:", "работают",
	), "")
	ru := r.Run("auth", "status", "-o", "json").Stdout
	r.Env["LANG"] = "C"
	if en := r.Run("auth", "status", "-o", "json").Stdout; en != ru || !strings.Contains(en, `"credentials":"valid"`) {
		t.Errorf("-o json: %s in English, %s in Russian; want the same, credentials valid", en, ru)
	}

	refused, failed := apitest.Error(401, 16, "invalid token"), apitest.Error(500, 0, "unknown error")
	for _, c := range []struct {
		lang      string
		status    int
		body      string
		card, err string // {url} for the fake API's
		code      int
	}{
		{"C", http.StatusUnauthorized, refused, keyValueTable(
			"Profile:", "default",
			"Config file:", "{path}",
			"Base URL:", "{url}  (env PROMOCTL_BASE_URL)",
			"User ID:", "42  (flag --user-id)",
			"API key:", "tok…56  (config file)",
			"Credentials:", "refused by the server (HTTP 401)",
		), "promoctl: the server refused the credentials of profile \"default\": authentication failed: check the token and user id (promoctl auth status) (API error 16: invalid token)\n", 3},
		{"C", http.StatusInternalServerError, failed, keyValueTable(
			"Profile:", "default",
			"Config file:", "{path}",
			"Base URL:", "{url}  (env PROMOCTL_BASE_URL)",
			"User ID:", "42  (flag --user-id)",
			"API key:", "tok…56  (config file)",
			"Credentials:", "not checked: the server could not be reached or answered with an error",
		), "promoctl: could not check the credentials of profile \"default\": server error (API error 0: unknown error)\n", 1},
		{"ru_RU.UTF-8", http.StatusUnauthorized, refused, keyValueTable(
			"Профиль:", "default",
			"Файл настроек:", "{path}",
			"Адрес API:", "{url}  (переменная PROMOCTL_BASE_URL)",
			"ID пользователя:", "42  (флаг --user-id)",
			"Ключ API:", "tok…56  (файл настроек)",
			"Данные для входа:", "сервер их не принял (HTTP 401)",
		), "promoctl: сервер не принял данные для входа профиля «default»: ", 3},
		{"ru_RU.UTF-8", http.StatusInternalServerError, failed, keyValueTable(
			"Профиль:", "default",
			"Файл настроек:", "{path}",
			"Адрес API:", "{url}  (переменная PROMOCTL_BASE_URL)",
			"ID пользователя:", "42  (флаг --user-id)",
			"Ключ API:", "tok…56  (файл настроек)",
			"Данные для входа:", "не проверены: сервер недоступен или ответил ошибкой",
		), "promoctl: не удалось проверить данные для входа профиля «default»: ", 1},
	} {
		t.Run(c.lang+" "+http.StatusText(c.status), func(t *testing.T) {
			r := runner(t, c.lang, c.status, c.body)
			res := r.Run("auth", "status", "--user-id", "42")
			want := strings.NewReplacer("{url}", r.API.URL, "{path}", r.ConfigPath()).Replace(c.card) + c.err
			// The Russian error ends with the API error's words, which are
			// another area's: the part said here is checked.
			if res.Code != c.code || res.Stdout != "" || !strings.HasPrefix(res.Stderr, want) || c.lang == "C" && res.Stderr != want {
				t.Errorf("exit %d\nstdout %q\nstderr:\n%s\nwant exit %d, no stdout and stderr:\n%s", res.Code, res.Stdout, res.Stderr, c.code, want)
			}
		})
	}
}
