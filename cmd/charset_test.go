package cmd

import (
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// TestLocaleCharset: under LANG=ru_RU.KOI8-R the text for people on a
// terminal (a table, an error) is the Russian of a UTF-8 locale in
// KOI8-R, which such a terminal shows; machine output (-o json) and
// piped output stay UTF-8.
func TestLocaleCharset(t *testing.T) {
	run := func(lang string, tty bool, args ...string) cmdtest.RunResult {
		r := newRunner(t)
		r.Env["LANG"] = lang
		r.TTY, r.Width = tty, 120
		r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
		r.API.Handle("GET /v3/public/site/7", http.StatusOK, `{"id":7,"settings":{"currency":"RUB"}}`)
		return r.Run(args...)
	}
	koi8 := func(t *testing.T, s string) string {
		t.Helper()
		out, err := charmap.KOI8R.NewDecoder().String(s)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, args := range [][]string{
		{"promo", "list", "--site-id", "7"},
		{"promo", "list", "--site-id", "x"},
	} {
		utf := run("ru_RU.UTF-8", true, args...)
		got := run("ru_RU.KOI8-R", true, args...)
		// KOI8-R has no ₽ nor «»: a letter stands for each, one for one.
		stand := strings.NewReplacer("₽", "р", "«", `"`, "»", `"`)
		utf.Stdout, utf.Stderr = stand.Replace(utf.Stdout), stand.Replace(utf.Stderr)
		if got.Code != utf.Code || koi8(t, got.Stdout) != utf.Stdout || koi8(t, got.Stderr) != utf.Stderr {
			t.Errorf("%q in KOI8-R:\n%s%s\nwant, in KOI8-R:\n%s%s", args, koi8(t, got.Stdout), koi8(t, got.Stderr), utf.Stdout, utf.Stderr)
		}
		if utf.Stdout+utf.Stderr == got.Stdout+got.Stderr || utf8.ValidString(got.Stdout+got.Stderr) {
			t.Errorf("%q: KOI8-R output is the UTF-8 one", args)
		}
	}
	for _, c := range []struct {
		tty  bool
		args []string
	}{
		{true, []string{"promo", "list", "--site-id", "7", "-o", "json"}},
		{true, []string{"promo", "list", "--site-id", "x", "-o", "json"}},
		{false, []string{"promo", "list", "--site-id", "7"}},
		{false, []string{"promo", "list", "--site-id", "x"}},
	} {
		utf := run("ru_RU.UTF-8", c.tty, c.args...)
		got := run("ru_RU.KOI8-R", c.tty, c.args...)
		if got != utf {
			t.Errorf("%q (terminal %v) under KOI8-R:\n%s%s\nwant it as under UTF-8:\n%s%s", c.args, c.tty, got.Stdout, got.Stderr, utf.Stdout, utf.Stderr)
		}
	}
}
