package baseurl

import (
	"strings"
	"testing"
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
	_, err := Parse("https://me:hunter2@api.lpmotor.ru")
	if err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), "credentials in the URL are not supported") {
		t.Errorf("Parse(with password) error = %v, want a refusal that does not repeat the password", err)
	}
}
