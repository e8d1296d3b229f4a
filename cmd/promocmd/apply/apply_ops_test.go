package apply

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/view"
)

// TestApplyOpsKeepEachAction checks the plan → bulk engine hand-over:
// each plan action becomes the bulk action of the same meaning, with the
// entry's id, code and body, in the plan's order.
func TestApplyOpsKeepEachAction(t *testing.T) {
	p := plan.Plan{Site: 1, Entries: []plan.Entry{
		{Action: plan.ActionCreate, Code: "NEW1", Body: json.RawMessage(`{"code":"NEW1"}`)},
		{Action: plan.ActionUpdate, ID: 2, Code: "UP", Body: json.RawMessage(`{"bonus_amount":30}`)},
		{Action: plan.ActionDelete, ID: 3, Code: "GONE"},
		{Action: plan.ActionDisable, ID: 4, Code: "OFF"},
	}}
	want := []bulk.Op{
		{Action: bulk.ActionCreate, Code: "NEW1", Body: json.RawMessage(`{"code":"NEW1"}`)},
		{Action: bulk.ActionUpdate, ID: 2, Code: "UP", Body: json.RawMessage(`{"bonus_amount":30}`)},
		{Action: bulk.ActionDelete, ID: 3, Code: "GONE"},
		{Action: bulk.ActionDisable, ID: 4, Code: "OFF"},
	}
	if got := applyOps(p); !reflect.DeepEqual(got, want) {
		t.Errorf("applyOps = %+v\nwant %+v", got, want)
	}
}

// TestPlanViewKeepsEveryEntry checks that the view is given each entry of
// the plan as it is.
func TestPlanViewKeepsEveryEntry(t *testing.T) {
	old, next := promo.Record{Code: "A", BonusAmount: 10}, promo.Record{Code: "A", BonusAmount: 20}
	p := plan.Plan{Entries: []plan.Entry{
		{Action: plan.ActionUpdate, ID: 7, Code: "A", Line: 2, Old: old, New: next, Changed: []string{"bonus_amount"},
			OldUnknown: map[string]bool{"personal_limit_is_enabled": true}},
		{Action: plan.ActionCreate, Code: "B", New: promo.Record{Code: "B"}, Changed: []string{"code"}},
	}}
	want := []view.PlanEntry{
		{Action: "update", ID: 7, Code: "A", Old: old, New: next, Changed: []string{"bonus_amount"},
			OldUnknown: map[string]bool{"personal_limit_is_enabled": true}},
		{Action: "create", Code: "B", New: promo.Record{Code: "B"}, Changed: []string{"code"}},
	}
	if got := planView(p); !reflect.DeepEqual(got, want) {
		t.Errorf("planView = %+v\nwant %+v", got, want)
	}
}
