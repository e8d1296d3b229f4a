package view

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// PlanEntry is one write of promo apply's plan, as the view shows it; the
// command fills it from the plan's entry.
type PlanEntry struct {
	Action string // create, update, delete or disable
	// ID is the promo code acted on; 0 for a create.
	ID   int64
	Code string
	// Old and New are the promo code's fields before and after; Old is the
	// zero value for a create.
	Old, New promo.Record
	// Changed names the fields that change, in the API's order.
	Changed []string
	// OldUnknown names fields whose old value is not known.
	OldUnknown map[string]bool
}

// planEntry is one write of a plan in JSON: the action, the promo code's
// id (null for a create), its code, and each changed field as [old, new]
// in the API's values (old is null for a create).
type planEntry struct {
	Action  string             `json:"action"`
	ID      *int64             `json:"id"`
	Code    string             `json:"code"`
	Changes map[string]*[2]any `json:"changes"`
}

// Plan shows what promo apply will do: one row per create, update, delete
// or disable, each changed field as old → new in the units people read,
// in msg's language (English: bonus_amount 25% → 30%, d_off … →
// 2026-12-31 23:59:59; Russian: скидка 25 % → 30 %, 500,00 ₽, 31.12.2026
// 23:59), money with the sign of currency when it is known; CSV in
// English without a currency whatever the language; in JSON and YAML an
// array of {"action", "id", "code", "changes": {"field": [old, new]}} in
// the API's values.
func Plan(plan []PlanEntry, loc *time.Location, msg *i18n.Printer, currency string) (output.Data, error) {
	entries := make([]planEntry, len(plan))
	for i, e := range plan {
		pe := planEntry{Action: e.Action, Code: e.Code, Changes: map[string]*[2]any{}}
		if e.ID != 0 {
			id := e.ID
			pe.ID = &id
		}
		for _, f := range e.Changed {
			var old any
			if e.Action != "create" && !e.OldUnknown[f] {
				old = e.Old.Value(f)
			}
			pe.Changes[f] = &[2]any{old, e.New.Value(f)}
		}
		entries[i] = pe
	}
	raw, err := json.Marshal(entries)
	if err != nil {
		return output.Data{}, i18n.NewError(0, "plan.json", "Err", err)
	}
	grid := func(u Units) output.Grid {
		// The action and the changes are said in u's language already.
		g := columns(h("action", text), h("id", text), h("code", text), h("changes", text))
		g.Rows = make([][]string, len(plan))
		for i, e := range plan {
			id := ""
			if e.ID != 0 {
				id = strconv.FormatInt(e.ID, 10)
			}
			g.Rows[i] = []string{u.Msg.T("word." + e.Action), id, termsafe.String(e.Code), termsafe.String(Changes(e, u))}
		}
		return g
	}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			return []output.Grid{grid(Units{Msg: msg, Loc: loc, Currency: currency})}, nil
		},
		CSV: func() (output.Grid, error) {
			g := grid(Units{Msg: i18n.New(i18n.English), Loc: loc})
			g.Header = []string{"action", "id", "code", "changes"}
			g.Kinds = []output.Kind{output.KindText, output.KindNumber}
			return g, nil
		},
	}, nil
}

// Units say how a plan's values are written: in Msg's language (its
// names of the fields, plan.field.*, and its forms of numbers and
// dates), dates in Loc, money with the sign of Currency (none: "").
type Units struct {
	Msg      *i18n.Printer
	Loc      *time.Location
	Currency string
}

// Changes is an entry's changed fields as people read them, in u's
// language: "bonus_amount 25% → 30%, d_off 2026-08-31 23:59:59 →
// 2026-09-30 23:59:59"; a rename first, as "rename OLD → NEW"; for a
// create, the fields it gets: "is_enabled yes, bonus_amount 10%".
func Changes(e PlanEntry, u Units) string {
	parts := make([]string, 0, len(e.Changed))
	for _, f := range e.Changed {
		if f == "code" && e.Action == "create" {
			continue
		}
		nv := FieldText(e.New, f, u)
		name := u.Msg.T("plan.field." + f)
		switch {
		case f == "code":
			// A rename, said as such: customers' codes stop working.
			parts = append(parts, u.Msg.T("plan.rename", "Old", e.Old.Code, "New", nv))
		case e.Action == "create":
			parts = append(parts, u.Msg.T("plan.set", "Field", name, "New", nv))
		case e.OldUnknown[f]:
			parts = append(parts, u.Msg.T("plan.change", "Field", name, "Old", u.Msg.T("plan.unknown"), "New", nv))
		default:
			parts = append(parts, u.Msg.T("plan.change", "Field", name, "Old", FieldText(e.Old, f, u), "New", nv))
		}
	}
	return strings.Join(parts, ", ")
}

// FieldText is field name of f as people read it in u's language:
// yes/no, goods, 25% or 300.00 (Russian 25 %, 300,00 ₽), a date in u.Loc
// (English to the second when it has seconds, Russian 31.12.2026 23:59;
// plan.none for none).
func FieldText(f promo.Record, name string, u Units) string {
	switch v := f.Value(name).(type) {
	case bool:
		return u.Msg.T("word." + YesNo(v))
	case string:
		if name == "d_on" || name == "d_off" {
			t, err := promo.ParseAPITime(v)
			if err != nil {
				return v
			}
			return u.Msg.DateTime(t, u.Loc)
		}
		return v
	case nil:
		return u.Msg.T("plan.none")
	}
	switch name {
	case "bonus_type":
		if w := f.BonusType.String(); u.Msg.Has("word." + w) {
			return u.Msg.T("word." + w)
		}
		return f.BonusType.String()
	case "bonus_amount":
		s := u.Msg.Amount(f.BonusAmount, f.BonusAmountIsInPercentages)
		if sym := i18n.CurrencySymbol(u.Currency); sym != "" && !f.BonusAmountIsInPercentages {
			s += "\u00a0" + sym
		}
		return s
	case "quantity_limit":
		return u.Msg.Decimal(float64(f.QuantityLimit))
	}
	return fmt.Sprint(f.Value(name))
}
