package prompt

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
)

// runPromoIn runs the promo form in lang's words, accessibly, on input.
func runPromoIn(t *testing.T, lang i18n.Lang, input string, form PromoForm) string {
	t.Helper()
	var out bytes.Buffer
	if form.Loc == nil {
		form.Loc = moscow(t)
	}
	h := &Huh{In: strings.NewReader(input), Out: &out, Accessible: true, Msg: i18n.New(lang)}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := h.Promo(ctx, form); err != nil {
		t.Fatalf("Promo: %v\n%s", err, out.String())
	}
	return out.String()
}

// TestPromoFormAmountTitleFollowsTheUnit: the amount's title says the
// unit chosen just before it: a percentage, or a sum in the site's
// currency (its sign when the site's record names one), in each language.
func TestPromoFormAmountTitleFollowsTheUnit(t *testing.T) {
	rub := func(site int64) string {
		if site == 7 {
			return "RUB"
		}
		return ""
	}
	for _, tc := range []struct {
		lang     i18n.Lang
		unit     string // the answer to the unit's question: 1 a percentage, 2 money
		currency func(int64) string
		want     string
	}{
		{i18n.Russian, "1", rub, "\nРазмер скидки, % [10] \n"},
		{i18n.Russian, "2", rub, "\nСумма скидки, ₽ [10] \n"},
		{i18n.Russian, "2", nil, "\nСумма скидки [10] \n"},
		{i18n.English, "1", rub, "\nAmount, % [10] \n"},
		{i18n.English, "2", rub, "\nAmount, ₽ [10] \n"},
		{i18n.English, "2", nil, "\nAmount of money [10] \n"},
	} {
		out := runPromoIn(t, tc.lang, lines("SUMMER25", "", tc.unit, "", "", "", "", "", ""),
			PromoForm{Values: promoform.Default(), Site: 7, Currency: tc.currency})
		if !strings.Contains(out, tc.want) {
			t.Errorf("%s, unit %s: no %q in the form:\n%s", tc.lang, tc.unit, tc.want, out)
		}
	}
}

// TestPromoFormDrawsItsLayout: the form asks its fields in the order
// promoform.Layout gives, whatever that order is: every field of the
// layout is asked, by its label. (Accessible mode shows no page titles;
// TestPromoFormFirstScreen shows the first page drawn.)
func TestPromoFormDrawsItsLayout(t *testing.T) {
	en := i18n.New(i18n.English)
	label := func(name string) string {
		if name == promoform.SiteField {
			return en.T("form.promo.site")
		}
		f, ok := promo.Lookup(name)
		if !ok {
			t.Fatalf("the layout names %q, no field of the registry", name)
		}
		return en.T(f.Label)
	}
	reversed := func(groups []promoform.Group) []promoform.Group {
		var out []promoform.Group
		for i := len(groups) - 1; i >= 0; i-- {
			g := groups[i]
			var fields []string
			for j := len(g.Fields) - 1; j >= 0; j-- {
				fields = append(fields, g.Fields[j])
			}
			out = append(out, promoform.Group{Title: g.Title, Fields: fields})
		}
		return out
	}
	for _, layout := range [][]promoform.Group{promoform.Layout(), reversed(promoform.Layout())} {
		// Enter keeps every value; the code is the only field that must
		// be typed, wherever it comes.
		var answers []string
		for _, g := range layout {
			for _, name := range g.Fields {
				if name == "code" {
					answers = append(answers, "SUMMER25")
				} else {
					answers = append(answers, "")
				}
			}
		}
		out := runPromoIn(t, i18n.English, lines(answers...), PromoForm{
			Title: "New promo code", Values: promoform.Default(), Layout: layout,
			Sites: []Site{{ID: 1, Name: "Demo shop"}, {ID: 2}},
		})
		at := 0
		for _, g := range layout {
			for _, name := range g.Fields {
				w := label(name)
				i := strings.Index(out[at:], "\n"+w)
				if i < 0 {
					t.Fatalf("%q is not asked after what came before it:\n%s", w, out)
				}
				at += i + 1
			}
		}
	}
}
