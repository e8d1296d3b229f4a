package cmd

import (
	"strings"
	"testing"
)

// TestCompletionDescriptionsInTheRunsLanguage: the descriptions of
// --by's and --bonus-type's values and api's endpoints are said in the run's language; the
// values stay as typed.
func TestCompletionDescriptionsInTheRunsLanguage(t *testing.T) {
	cases := []struct {
		lang string
		args []string
		want string
	}{
		{"C", []string{"promo", "report", "--by", ""},
			"code\ta row per code and currency\nday\ta row per day and currency\n:4\n"},
		{"ru_RU.UTF-8", []string{"promo", "report", "--by", ""},
			"code\tстрока на каждый промокод и валюту\nday\tстрока на каждый день и валюту\n:4\n"},
		{"C", []string{"promo", "create", "--bonus-type", ""},
			"goods\tdiscount on the cost of the goods (2)\ndelivery\tdiscount on the cost of delivery (3)\n:4\n"},
		{"ru_RU.UTF-8", []string{"promo", "update", "X", "--bonus-type", ""},
			"goods\tскидка на стоимость товаров (2)\ndelivery\tскидка на стоимость доставки (3)\n:4\n"},
		{"ru_RU.UTF-8", []string{"promo", "generate", "--bonus-type", "d"},
			"delivery\tскидка на стоимость доставки (3)\n:4\n"},
		{"C", []string{"api", "GET", "/v3/public/site/"},
			"/v3/public/site/\tone site; /page for its pages\n/v3/public/site/page/\tone page\n:6\n"},
		{"ru_RU.UTF-8", []string{"api", "GET", "/v3/public/site/"},
			"/v3/public/site/\tодин сайт; /page — его страницы\n/v3/public/site/page/\tодна страница\n:6\n"},
		{"ru_RU.UTF-8", []string{"api", "/v1/promo/"},
			"/v1/promo/\tодин промокод; /statistics — его применения\n:6\n"},
	}
	for _, c := range cases {
		r := newBareRunner(t)
		r.Env["LC_ALL"] = ""
		r.Env["LANG"] = c.lang
		res := r.Run(append([]string{"__complete"}, c.args...)...)
		if res.Stdout != c.want {
			t.Errorf("LANG=%s __complete %q: stdout\n%q\nwant\n%q", c.lang, c.args, res.Stdout, c.want)
		}
	}
}

// TestGenerateHelpWritesTheLimitAsRussianWritesNumbers: the limit of
// --count is written with a space between thousands in Russian help.
func TestGenerateHelpWritesTheLimitAsRussianWritesNumbers(t *testing.T) {
	for lang, want := range map[string]string{
		"C":           "how many promo codes to create (1-100000)",
		"ru_RU.UTF-8": "сколько промокодов создать (от 1 до 100\u00a0000)",
	} {
		r := newBareRunner(t)
		r.Env["LC_ALL"] = ""
		r.Env["LANG"] = lang
		res := r.Run("promo", "generate", "--help")
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("LANG=%s promo generate --help: no %q in\n%s", lang, want, res.Stdout)
		}
	}
}
