package cmd

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/config"
)

// TestSettingsErrorsInRussian: what is wrong with the config file, a
// setting or a profile's name is said in Russian under a Russian locale,
// on one line and with the exit code of English runs; the English is
// what the other tests of the settings read.
func TestSettingsErrorsInRussian(t *testing.T) {
	const corrupt = "current_profile: default\nprofiles:\n  default:\n    token: a: b\n"
	for _, c := range []struct {
		name   string
		config string
		args   []string
		env    map[string]string
		code   int
		stderr string // {path} is the config file
	}{
		{"a broken file", corrupt, []string{"config", "get", "site_id"}, nil, 2,
			"promoctl: файл настроек {path} не читается как YAML: строка 4: здесь не может быть пары «ключ: значение» (проверьте отступы; значение с «: » возьмите в кавычки) (исправьте или удалите его)\n"},
		{"a broken file, written to", corrupt, []string{"config", "set", "site_id", "1"}, nil, 2,
			"promoctl: файл настроек {path} не читается как YAML: строка 4: здесь не может быть пары «ключ: значение» (проверьте отступы; значение с «: » возьмите в кавычки) (исправьте или удалите его)\n"},
		{"a file of the wrong shape", "profiles:\n  - default\n", []string{"promo", "list", "--site-id", "1"}, nil, 2,
			"promoctl: файл настроек {path} не подходит: строка 2: в profiles должны быть профили с их настройками, а здесь список (исправьте или удалите его)\n"},
		{"a bad profile name", "", []string{"config", "set", "site_id", "1", "--profile", "my shop"}, nil, 2,
			"promoctl: в имени профиля «my shop» допустимы только латинские буквы, цифры, «.», «_» и «-»\n"},
		{"a timeout not a duration", "", []string{"config", "set", "timeout", "soon"}, nil, 2,
			"promoctl: неверное значение timeout: «soon» — не длительность: нужно, например, 30s или 2m\n"},
		{"a timeout from the environment", "profiles:\n  default:\n    site_id: 1\n", []string{"promo", "list"}, map[string]string{"PROMOCTL_TIMEOUT": "0"}, 2,
			"promoctl: неверное значение timeout (переменная PROMOCTL_TIMEOUT): «0s»: длительность должна быть больше нуля\n"},
		{"a site id not a number", "profiles:\n  default:\n    site_id: abc\n", []string{"promo", "list"}, nil, 2,
			"promoctl: неверное значение site_id (профиль default в {path}): «abc»: нужно целое положительное число\n"},
		{"a profile the file has not", "profiles:\n  default: {}\n  shop: {}\n", []string{"promo", "list", "--profile", "prod", "--site-id", "1"}, nil, 2,
			"promoctl: неверное значение profile (флаг --profile): профиля «prod» нет в {path} (профили: default, shop)\n"},
		{"config use of a profile the file has not", "profiles:\n  default: {}\n", []string{"config", "use", "prod"}, nil, 2,
			"promoctl: профиля «prod» нет в {path} (профили: default)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newBareRunner(t)
			r.Env["LANG"] = "ru_RU.UTF-8"
			for k, v := range c.env {
				r.Env[k] = v
			}
			if c.config != "" {
				r.WriteConfig(c.config)
			}
			r.Run(c.args...).Expect(t, c.code, "", strings.ReplaceAll(c.stderr, "{path}", r.ConfigPath()))
			r.ExpectNoRequests(t)
		})
	}
}

// TestConfigLockAndLooseFileInRussian: the wait for a locked config file
// and the warning of a file others can read are said in Russian.
func TestConfigLockAndLooseFileInRussian(t *testing.T) {
	r := newBareRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	path := r.WriteConfig("profiles:\n  default:\n    token: saved-token-0123456789\n")
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	r.Run("config", "get", "site_id").Expect(t, 0, "",
		"promoctl: предупреждение: файл настроек "+path+" с ключом API могут читать другие пользователи (права 0644): выполните chmod 600 "+path+"\n")
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	unlock, err := config.Lock(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	r.Run("config", "set", "site_id", "1", "--timeout", "10ms").Expect(t, 1, "",
		"promoctl: файл настроек "+path+" сейчас изменяет другой promoctl, дождаться его не удалось: время ожидания истекло\n")
}
