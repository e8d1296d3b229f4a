package baseurl

import (
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

func TestParse(t *testing.T) {
	good := map[string]string{
		"https://api.lpmotor.ru":        "https://api.lpmotor.ru",
		"https://api.lpmotor.ru/":       "https://api.lpmotor.ru",
		" http://127.0.0.1:8787/api// ": "http://127.0.0.1:8787/api",
	}
	for in, want := range good {
		u, err := Parse(in)
		if err != nil || u.String() != want {
			t.Errorf("Parse(%q) = %v, %v; want %s", in, u, err, want)
		}
	}
	for _, in := range []string{"", "api.lpmotor.ru", "ftp://api.lpmotor.ru", "https://", "/v1", "http//x", "https://a b"} {
		if u, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", in, u)
		} else if !strings.HasPrefix(err.Error(), "invalid base URL") {
			t.Errorf("Parse(%q) error = %q, want it to start with invalid base URL", in, err)
		}
	}
	_, err := Parse("api.lpmotor.ru")
	for _, c := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.English, `invalid base URL "api.lpmotor.ru": want an absolute http or https URL such as https://api.lpmotor.ru`},
		{i18n.Russian, "адрес API «api.lpmotor.ru» не подходит: нужен полный адрес http или https, например https://api.lpmotor.ru"},
	} {
		if got := i18n.New(c.lang).ErrorText(err); got != c.want {
			t.Errorf("in %s: %q, want %q", c.lang, got, c.want)
		}
	}
	_, err = Parse("https://me:hunter2@api.lpmotor.ru")
	if err == nil || err.Error() != `invalid base URL "https://me:xxxxx@api.lpmotor.ru": credentials in the URL are not supported, use the token setting` {
		t.Errorf("Parse(with password) error = %v, want a refusal that does not repeat the password", err)
	}
	want := "адрес API «https://me:xxxxx@api.lpmotor.ru» не подходит: логин и пароль в адресе не поддерживаются, ключ API задаётся настройкой token"
	if got := i18n.New(i18n.Russian).ErrorText(err); got != want {
		t.Errorf("in Russian: %q, want %q", got, want)
	}
}
