package prompt

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestKeyMapRussian: every key hint huh shows under a form is Russian when
// the forms are, its keys unchanged; English keeps huh's own hints; Esc
// cancels in both.
func TestKeyMapRussian(t *testing.T) {
	ru, en := keyMap(i18n.New(i18n.Russian)), keyMap(i18n.New(i18n.English))
	var ruHelp, enHelp []key.Help
	eachBinding(reflect.ValueOf(ru).Elem(), func(b *key.Binding) { ruHelp = append(ruHelp, b.Help()) })
	eachBinding(reflect.ValueOf(en).Elem(), func(b *key.Binding) { enHelp = append(enHelp, b.Help()) })
	if len(ruHelp) < 40 || len(ruHelp) != len(enHelp) {
		t.Fatalf("%d bindings in Russian, %d in English: want the same, all of huh's", len(ruHelp), len(enHelp))
	}
	for i, h := range enHelp {
		if h.Key != ruHelp[i].Key {
			t.Errorf("binding %d: key %q in Russian, %q in English", i, ruHelp[i].Key, h.Key)
		}
		if h.Desc != "" && ruHelp[i].Desc == h.Desc {
			t.Errorf("binding %d: hint %q %q is not translated", i, h.Key, h.Desc)
		}
	}
	for _, c := range []struct{ got, want key.Help }{
		{ru.Input.Next.Help(), key.Help{Key: "enter", Desc: "далее"}},
		{ru.Input.Prev.Help(), key.Help{Key: "shift+tab", Desc: "назад"}},
		{ru.Confirm.Submit.Help(), key.Help{Key: "enter", Desc: "готово"}},
		{ru.Select.Filter.Help(), key.Help{Key: "/", Desc: "поиск"}},
		{en.Input.Next.Help(), key.Help{Key: "enter", Desc: "next"}},
	} {
		if c.got != c.want {
			t.Errorf("got %+v, want %+v", c.got, c.want)
		}
	}
	for _, km := range []*key.Binding{&ru.Quit, &en.Quit} {
		if got := km.Keys(); !reflect.DeepEqual(got, []string{"ctrl+c", "esc"}) {
			t.Errorf("Quit keys %q, want ctrl+c and esc", got)
		}
	}
}

// TestPromoFormCurrency: the form asks the caller for the currency of the
// site chosen, and of no site when none is; the hint of an amount of
// money names it.
func TestPromoFormCurrency(t *testing.T) {
	var asked []int64
	form := PromoForm{Currency: func(site int64) string {
		asked = append(asked, site)
		if site == 1 {
			return "RUB"
		}
		return ""
	}}
	if got := form.currencyOf(1); got != "RUB" {
		t.Errorf("currencyOf(1) = %q, want RUB", got)
	}
	if got := form.currencyOf(3); got != "" {
		t.Errorf("currencyOf(3) = %q, want none", got)
	}
	if got := form.currencyOf(0); got != "" || len(asked) != 2 {
		t.Errorf("currencyOf(0) = %q after asking for %v: want none, and no site 0 asked", got, asked)
	}
	if got := (PromoForm{}).currencyOf(1); got != "" {
		t.Errorf("no Currency: %q, want none", got)
	}
	ru := i18n.New(i18n.Russian)
	if got, want := ru.T("form.promo.amount.money_in", "Currency", "RUB (₽)"), "Сумма скидки в валюте магазина: RUB (₽)."; got != want {
		t.Errorf("Russian hint %q, want %q", got, want)
	}
}
