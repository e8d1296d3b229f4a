package view

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

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
	Old, New promo.Fields
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
// or disable, each changed field as old → new in the units people read
// (25% → 30%, dates in loc); in JSON and YAML an array of
// {"action", "id", "code", "changes": {"field": [old, new]}}.
func Plan(plan []PlanEntry, loc *time.Location) (output.Data, error) {
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
		return output.Data{}, fmt.Errorf("the plan as JSON: %w", err)
	}
	grid := func() output.Grid {
		g := output.Grid{Header: []string{"ACTION", "ID", "CODE", "CHANGES"}}
		g.Rows = make([][]string, len(plan))
		for i, e := range plan {
			id := ""
			if e.ID != 0 {
				id = strconv.FormatInt(e.ID, 10)
			}
			g.Rows[i] = []string{e.Action, id, termsafe.String(e.Code), termsafe.String(Changes(e, loc))}
		}
		return g
	}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			return []output.Grid{grid()}, nil
		},
		CSV: func() (output.Grid, error) {
			g := grid()
			g.Header = []string{"action", "id", "code", "changes"}
			g.Kinds = []output.Kind{output.KindText, output.KindNumber}
			return g, nil
		},
	}, nil
}

// Changes is an entry's changed fields as people read them:
// "bonus_amount 25% → 30%, d_off 2026-08-31 23:59:59 → 2026-09-30 23:59:59";
// a rename first, as "rename OLD → NEW"; for a create, the fields it gets:
// "is_enabled yes, bonus_amount 10%".
func Changes(e PlanEntry, loc *time.Location) string {
	parts := make([]string, 0, len(e.Changed))
	for _, f := range e.Changed {
		if f == "code" && e.Action == "create" {
			continue
		}
		nv := FieldText(e.New, f, loc)
		switch {
		case f == "code":
			// A rename, said as such: customers' codes stop working.
			parts = append(parts, "rename "+e.Old.Code+" → "+nv)
		case e.Action == "create":
			parts = append(parts, f+" "+nv)
		case e.OldUnknown[f]:
			parts = append(parts, f+" ? → "+nv)
		default:
			parts = append(parts, f+" "+FieldText(e.Old, f, loc)+" → "+nv)
		}
	}
	return strings.Join(parts, ", ")
}

// FieldText is field name of f as the tables show it: yes/no, goods,
// 25% or 300.00, a date in loc to the second ("-" for none).
func FieldText(f promo.Fields, name string, loc *time.Location) string {
	switch v := f.Value(name).(type) {
	case bool:
		return YesNo(v)
	case string:
		if name == "d_on" || name == "d_off" {
			t, err := promo.ParseAPITime(v)
			if err != nil {
				return v
			}
			return promo.FormatLocal(t, loc)
		}
		return v
	case nil:
		return "-"
	}
	switch name {
	case "bonus_type":
		return f.BonusType.String()
	case "bonus_amount":
		return Amount(f.BonusAmount, f.BonusAmountIsInPercentages)
	}
	return fmt.Sprint(f.Value(name))
}
