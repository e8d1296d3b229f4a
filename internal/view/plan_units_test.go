package view

import (
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
)

// planOf is a plan of an update that renames a code, changes a discount
// in money, an end and a yes/no field, and of a create with a percentage.
func planOf() []PlanEntry {
	end, no := "2026-12-31T20:59:00.000Z", false
	return []PlanEntry{
		{Action: "update", ID: 1003, Code: "MINUS500",
			Old:     promo.Record{Code: "MINUS50", BonusAmount: 500, IsEnabled: false},
			New:     promo.Record{Code: "MINUS500", BonusAmount: 750.5, IsEnabled: true, DOff: &end, PersonalLimitIsEnabled: &no},
			Changed: []string{"code", "is_enabled", "bonus_amount", "d_off", "personal_limit_is_enabled"}, OldUnknown: map[string]bool{"personal_limit_is_enabled": true}},
		{Action: "create", Code: "NEW1", New: promo.Record{Code: "NEW1", BonusAmount: 12.5, BonusAmountIsInPercentages: true, BonusType: promo.Goods},
			Changed: []string{"code", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages"}},
	}
}

// TestPlanInTheLanguagesUnits: the plan's table says its changes in the
// run's language and units — Russian field names, 12,5 %, 750,50 ₽ in
// the site's currency, 31.12.2026 23:59 in the local zone, да/нет —
// English as before; its CSV is English whatever the language, and its
// JSON the API's values, the same in both.
func TestPlanInTheLanguagesUnits(t *testing.T) {
	msk := time.FixedZone("MSK", 3*3600)
	ru, en := i18n.New(i18n.Russian), i18n.New(i18n.English)
	cells := func(msg *i18n.Printer, currency string, csv bool) []string {
		d, err := Plan(planOf(), msk, msg, currency)
		if err != nil {
			t.Fatal(err)
		}
		var g output.Grid
		if csv {
			g, err = d.CSV()
		} else {
			var gs []output.Grid
			gs, err = d.Tables()
			g = gs[0]
		}
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range g.Rows {
			out = append(out, r[0]+" | "+r[3])
		}
		return out
	}
	nb := "\u00a0"
	for _, c := range []struct {
		name string
		got  []string
		want []string
	}{
		{"Russian table", cells(ru, "RUB", false), []string{
			"изменить | переименовать MINUS50 → MINUS500, включён нет → да, скидка 500,00" + nb + "₽ → 750,50" + nb + "₽, конец — → 31.12.2026 23:59, один раз на покупателя ? → нет",
			"создать | скидка на товары, скидка 12,5" + nb + "%, скидка в процентах да",
		}},
		{"English table", cells(en, "", false), []string{
			"update | rename MINUS50 → MINUS500, is_enabled no → yes, bonus_amount 500.00 → 750.50, d_off - → 2026-12-31 23:59, personal_limit_is_enabled ? → no",
			"create | bonus_type goods, bonus_amount 12.5%, bonus_amount_is_in_percentages yes",
		}},
		{"CSV of a Russian run", cells(ru, "RUB", true), cells(en, "", true)},
	} {
		if strings.Join(c.got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, strings.Join(c.got, "\n"), strings.Join(c.want, "\n"))
		}
	}
	dru, _ := Plan(planOf(), msk, ru, "RUB")
	den, _ := Plan(planOf(), msk, en, "")
	if string(dru.JSON) != string(den.JSON) || !strings.Contains(string(den.JSON), `"bonus_amount":[500,750.5]`) {
		t.Errorf("JSON differs by language or is not in API units:\n%s\n%s", dru.JSON, den.JSON)
	}
}
