package create

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// promo create -f with a value of 600,000 characters: one short line, in
// the run's language, exit 2, nothing sent.
func TestPromoCreateFileEchoesValuesShort(t *testing.T) {
	path := filepath.Join(t.TempDir(), "promo.json")
	if err := os.WriteFile(path, []byte(`{"code":"A1","d_off":"`+strings.Repeat("9", 600_000)+`"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{
		"en_US.UTF-8": "promoctl: --file " + path + `: d_off: a value longer than 100 characters: "9999999999999999999999999999999999999999…"` + "\n",
		"ru_RU.UTF-8": "promoctl: --file " + path + `: d_off: значение длиннее 100 символов: «9999999999999999999999999999999999999999…»` + "\n",
	} {
		r := newRunner(t)
		r.Env["LANG"] = lang
		r.Run("promo", "create", "-f", path, "--site-id", "1").Expect(t, 2, "", want)
		r.ExpectNoRequests(t)
	}
}
