package cmd

import (
	"strings"
	"testing"
)

// TestHelpSaysNumbersAsTheLanguageWritesThem: a number in a flag's
// description is written with thousands spaces in Russian (100 000), as
// every other number a Russian run says.
func TestHelpSaysNumbersAsTheLanguageWritesThem(t *testing.T) {
	r := newRunner(t)
	r.Env["LANG"] = "C"
	if out := r.Run("promo", "generate", "--help").Stdout; !strings.Contains(out, "how many promo codes to create (1-100000)") {
		t.Errorf("English help of --count:\n%s", out)
	}
	r.Env["LANG"] = "ru_RU.UTF-8"
	if out := r.Run("promo", "generate", "--help").Stdout; !strings.Contains(out, "сколько промокодов создать (от 1 до 100\u00a0000)") {
		t.Errorf("Russian help of --count:\n%s", out)
	}
}
