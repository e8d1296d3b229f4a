package config

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestErrorsSayThemselvesInEachLanguage: the settings' errors and
// warnings are catalog messages made where they arise, said in English
// and in Russian from the catalogs alone (no English read back).
func TestErrorsSayThemselvesInEachLanguage(t *testing.T) {
	const path = "/home/u/.config/promoctl/config.yaml"
	en, ru := i18n.New(i18n.English), i18n.New(i18n.Russian)
	errOf := func(_ any, err error) error {
		t.Helper()
		if err == nil {
			t.Fatal("no error")
		}
		return err
	}
	twoProfiles := &File{Profiles: map[string]*Profile{"default": {}, "shop": {}}}
	for _, c := range []struct {
		name   string
		err    error
		en, ru string
	}{
		{"a YAML mistake", errOf(ParseDoc(path, []byte("profiles:\n  default:\n    token: a: b\n"))),
			"config file " + path + " is not valid: line 3: mapping values are not allowed in this context (fix or remove the file)",
			"файл настроек " + path + " не читается как YAML: строка 3: здесь не может быть пары «ключ: значение» (проверьте отступы; значение с «: » возьмите в кавычки) (исправьте или удалите его)"},
		{"a tab", errOf(ParseDoc(path, []byte("profiles:\n\tdefault:\n"))),
			"config file " + path + " is not valid: line 2: found character that cannot start any token (fix or remove the file)",
			"файл настроек " + path + " не читается как YAML: строка 2: недопустимый символ (например, табуляция в отступе) (исправьте или удалите его)"},
		{"a key twice", errOf(ParseDoc(path, []byte("profiles:\n  default:\n    token: a\n    token: b\n"))),
			"config file " + path + ` is not valid: line 4: mapping key "token" already defined at line 3 (fix or remove the file)`,
			"файл настроек " + path + " не читается как YAML: строка 4: ключ «token» уже есть в строке 3 (исправьте или удалите его)"},
		{"a reason without an entry", errOf(ParseDoc(path, []byte("a: *x\n"))),
			"config file " + path + " is not valid: unknown anchor 'x' referenced (fix or remove the file)",
			"файл настроек " + path + " не читается как YAML: unknown anchor 'x' referenced (исправьте или удалите его)"},
		{"the wrong shape", errOf(ParseDoc(path, []byte("profiles:\n  default: yes\n"))),
			"config file " + path + ` is not valid: line 2: profile "default" must be a mapping of settings such as base_url and token, found the value "yes" (fix or remove the file)`,
			"файл настроек " + path + " не подходит: строка 2: в профиле «default» должны быть настройки, такие как base_url и token, а здесь значение «yes» (исправьте или удалите его)"},
		{"a setting a list", errOf(ParseDoc(path, []byte("profiles:\n  default:\n    token: [a]\n"))),
			"config file " + path + ` is not valid: line 3: token in profile "default" must be a single value, found a list (fix or remove the file)`,
			"файл настроек " + path + " не подходит: строка 3: у token в профиле «default» должно быть одно значение, а здесь список (исправьте или удалите его)"},
		{"a bad profile name", CheckProfileName("my shop"),
			`profile name "my shop" may hold only Latin letters, digits, '.', '_' and '-'`,
			"в имени профиля «my shop» допустимы только латинские буквы, цифры, «.», «_» и «-»"},
		{"an empty profile name", CheckProfileName(""), "the profile name is empty", "имя профиля пустое"},
		{"an unknown setting", errOf(CheckValue("colour", "red", nil)),
			`unknown setting "colour": use one of base_url, token, user_id, site_id, output, timeout, language`,
			"нет настройки «colour»: укажите одну из: base_url, token, user_id, site_id, output, timeout, language"},
		{"a timeout not a duration", errOf(CheckValue(KeyTimeout, "soon", nil)),
			`"soon" is not a duration such as 30s or 2m`, "«soon» — не длительность: нужно, например, 30s или 2m"},
		{"a timeout of zero", errOf(ParseTimeout("0")), `"0s" must be longer than zero`, "«0s»: длительность должна быть больше нуля"},
		{"an id not a number", errOf(ParseID("abc")), `"abc" is not a positive integer`, "«abc»: нужно целое положительное число"},
		{"an empty token", errOf(CheckToken("")), "the token is empty", "ключ API пустой"},
		{"a profile the file has not", ProfileNotFound(path, twoProfiles, "prod"),
			`"prod" is not in ` + path + " (profiles: default, shop)",
			"профиля «prod» нет в " + path + " (профили: default, shop)"},
		{"no profiles yet", ProfileNotFound(path, &File{}, "prod"),
			`"prod" is not in ` + path + ", which has no profiles yet: run `promoctl auth login --profile prod`",
			"профиля «prod» нет в " + path + ": профилей там пока нет, создайте его: `promoctl auth login --profile prod`"},
	} {
		if got := en.ErrorText(c.err); got != c.en || c.err.Error() != c.en {
			t.Errorf("%s in English:\n got %q\nwant %q", c.name, got, c.en)
		}
		if got := ru.ErrorText(c.err); got != c.ru {
			t.Errorf("%s in Russian:\n got %q\nwant %q", c.name, got, c.ru)
		}
	}
}

// TestLockTimeoutSaysItself: a config file locked past the wait is said
// in Russian with the time out in Russian too, and is still the
// context's deadline for errors.Is.
func TestLockTimeoutSaysItself(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	unlock, err := Lock(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0)) // already past
	defer cancel()
	_, _, err = Edit(ctx, path, func(*Doc) (bool, error) { return false, nil })
	if err == nil {
		t.Fatal("Edit of a locked file succeeded")
	}
	ru := i18n.New(i18n.Russian).ErrorText(err)
	if want := "файл настроек " + path + " сейчас изменяет другой promoctl, дождаться его не удалось: время ожидания истекло"; ru != want {
		t.Errorf("in Russian:\n got %q\nwant %q", ru, want)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v is not the context's deadline", err)
	}
}

// TestLooseFileWarningsInRussian: the warnings of a file and a folder
// others can read are said in Russian.
func TestLooseFileWarningsInRussian(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no modes")
	}
	dir := filepath.Join(t.TempDir(), "promoctl")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	path := filepath.Join(dir, "config.yaml")
	w, err := WriteFile(path, []byte("profiles:\n  default:\n    token: abc\n"))
	if err != nil {
		t.Fatal(err)
	}
	ru := i18n.New(i18n.Russian)
	if len(w) != 1 || ru.Say(w[0]) != "папку с файлом настроек "+dir+" могут читать другие пользователи (права 0755): выполните chmod 700 "+dir {
		t.Errorf("folder warnings %v, want one in Russian", w)
	}
	os.Chmod(path, 0o644)
	d, err := LoadDoc(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "файл настроек " + path + " с ключом API могут читать другие пользователи (права 0644): выполните chmod 600 " + path; len(d.Warnings) != 1 || ru.Say(d.Warnings[0]) != want {
		t.Errorf("file warnings %v, want [%q]", d.Warnings, want)
	}
}
