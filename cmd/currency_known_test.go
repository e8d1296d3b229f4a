package cmd

import (
	"slices"
	"strings"
	"testing"
)

// TestMoneyShowsTheCurrencyWhenTheSiteIsKnown: in Russian tables, money
// has its currency wherever the site is known — promo get without
// --site-id and the product card take it from the user's sites when they
// all have one; a report's code without orders has the site's.
func TestMoneyShowsTheCurrencyWhenTheSiteIsKnown(t *testing.T) {
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"--sandbox", "promo", "get", "1004"}, "Скидка:                  200,00 ₽"},
		{[]string{"--sandbox", "product", "get", "101"}, "Цена:                 3 500,00 ₽"},
		// a code without orders: its money in the site's currency
		{[]string{"--sandbox", "promo", "report", "--site-id", "1", "--status", "scheduled"},
			"1006  NEWYEAR2099  -       0        0,00 ₽         0,00 ₽        -             -"},
	} {
		res := r.Run(c.args...)
		// Russian money has no-break spaces: 3\u00a0500,00\u00a0₽.
		if out := strings.ReplaceAll(res.Stdout, "\u00a0", " "); res.Code != 0 || !slices.Contains(strings.Split(out, "\n"), c.line) {
			t.Errorf("%s: exit %d, stdout:\n%s\nwant the line %q", strings.Join(c.args, " "), res.Code, res.Stdout, c.line)
		}
	}
}
