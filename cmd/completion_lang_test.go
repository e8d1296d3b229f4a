package cmd

import (
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/apitest"
)

// TestCompletionDescriptionsInTheRunsLanguage: what completion says of a
// flag's values (--bonus-type, --by, --status) and of api's endpoints is
// read by people, so it is said in the run's language; the values stay
// Latin.
func TestCompletionDescriptionsInTheRunsLanguage(t *testing.T) {
	for _, c := range []struct {
		line   []string
		en, ru string
	}{
		{[]string{"promo", "create", "--bonus-type", ""},
			apitest.Lines("goods\tdiscount on the cost of the goods (2)", "delivery\tdiscount on the cost of delivery (3)", ":4"),
			apitest.Lines("goods\tскидка на стоимость товаров (2)", "delivery\tскидка на стоимость доставки (3)", ":4")},
		{[]string{"promo", "report", "--by", ""},
			apitest.Lines("code\ta row per code and currency", "day\ta row per day and currency", ":4"),
			apitest.Lines("code\tстрока на каждый промокод и валюту", "day\tстрока на каждый день и валюту", ":4")},
		{[]string{"promo", "list", "--status", "active,e"},
			apitest.Lines("active,expired\tits end has passed", ":4"),
			apitest.Lines("active,expired\tистёк: срок действия закончился", ":4")},
		{[]string{"promo", "list", "--status", "s"},
			apitest.Lines("scheduled\tstarts later", ":4"),
			apitest.Lines("scheduled\tзапланирован: начнёт действовать позже", ":4")},
		{[]string{"api", "GET", "/v3/"},
			apitest.Lines("/v3/public/site\tyour sites", "/v3/public/site/\tone site; /page for its pages", "/v3/public/site/page/\tone page", ":6"),
			apitest.Lines("/v3/public/site\tваши сайты", "/v3/public/site/\tодин сайт; /page — его страницы", "/v3/public/site/page/\tодна страница", ":6")},
	} {
		r := newRunner(t)
		// A path is completed without a space after it (ShellCompDirectiveNoSpace):
		// stdout is what is asserted.
		complete := func() string { return r.Run(append([]string{cobra.ShellCompRequestCmd}, c.line...)...).Stdout }
		r.Env["LANG"] = "C"
		if got := complete(); got != c.en {
			t.Errorf("%q under LANG=C:\n%s\nwant:\n%s", c.line, got, c.en)
		}
		r.Env["LANG"] = "ru_RU.UTF-8"
		if got := complete(); got != c.ru {
			t.Errorf("%q in Russian:\n%s\nwant:\n%s", c.line, got, c.ru)
		}
		r.ExpectNoRequests(t)
	}
}
