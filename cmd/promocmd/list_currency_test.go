package promocmd

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestListShowsTheSitesCurrencyInRussian: a list said in Russian from its
// declared heads shows a discount in money in the site's currency
// (Session.WithSiteCurrency, output.Options.Currency), with no legacy
// table locale; in English, and for a percentage, none is asked for.
func TestListShowsTheSitesCurrencyInRussian(t *testing.T) {
	list := cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK,
		Body: `[{"id":1001,"code":"MINUS500","is_enabled":true,"bonus_type":2,"bonus_amount":500,"bonus_amount_is_in_percentages":false}]`}
	site := cmdtest.Answer{Route: "GET /v3/public/site/7", Status: http.StatusOK, Body: `{"id":7,"settings":{"currency":"RUB"}}`}
	e := cmdtest.NewVerbEnv(t, true, format.Table, list, site)
	ru := i18n.New(i18n.Russian)
	e.Sess.Msg, e.Sess.Out.Say = ru, ru
	if err := runPromoList(context.Background(), &promoListOptions{Session: e.Sess, SiteID: 7}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.Stdout.String(), "500,00\u00a0₽") {
		t.Errorf("no 500,00 ₽ in the Russian list:\n%s", e.Stdout)
	}
	e = cmdtest.NewVerbEnv(t, true, format.Table, list)
	if err := runPromoList(context.Background(), &promoListOptions{Session: e.Sess, SiteID: 7}); err != nil {
		t.Fatal(err)
	}
	if got := e.API.Routes(); len(got) != 1 {
		t.Errorf("requests %q in English, want the list's alone", got)
	}
}
