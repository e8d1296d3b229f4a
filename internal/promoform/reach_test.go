package promoform

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// reachBase is the record the walk of the form changes one field of: a
// valid promo code with a validity period and a limit switched on and
// nothing else set.
func reachBase() promo.Record {
	once := false
	return promo.Record{Code: "BASE1", BonusType: promo.Goods, BonusAmount: 10, BonusAmountIsInPercentages: true,
		TimeLimitIsEnabled: true, QuantityLimitIsEnabled: true, QuantityLimit: 1, PersonalLimitIsEnabled: &once}
}

// reachSample is a value of f as people type it, other than its value in
// base: one per kind, so that a new row needs no sample here.
func reachSample(t *testing.T, f promo.FieldSpec, base promo.Record) string {
	t.Helper()
	switch f.Kind {
	case spec.KindText:
		return "NEWCODE1"
	case spec.KindInt:
		return "5"
	case spec.KindAmount:
		return "25.5"
	case spec.KindBool:
		if f.Value(base) == true {
			return "false"
		}
		return "true"
	case spec.KindDate:
		return "2026-12-01"
	case spec.KindBonusType:
		return "delivery"
	}
	t.Fatalf("%s: no sample of kind %v: add one", f.Name, f.Kind)
	return ""
}

// TestFormReachesEveryWritableField walks promo.Registry: every writable
// field is in the form, by a label of its own or through the field that
// sets it (FormVia); an answer that changes it changes it (Of, then
// ChangesFrom); and the command line the form prints (Flags) names it and
// reads back to the same value. TestRegistryWalk (internal/promo) holds
// the rest of a field's way through promoctl; TestAddingAFieldIsOneRow
// runs this for a new row.
func TestFormReachesEveryWritableField(t *testing.T) {
	t.Parallel()
	loc := time.UTC
	base := reachBase()
	for _, f := range promo.Registry() {
		if !f.Writable {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			if f.Label == "" {
				via, ok := promo.Lookup(f.FormVia)
				if !ok || via.Label == "" {
					t.Errorf("%s has no form label and is set by no form field (FormVia %q)", f.Name, f.FormVia)
				}
				return
			}
			var change promo.Changes
			text := reachSample(t, f, base)
			if err := f.Set(&change, text, loc); err != nil {
				t.Fatalf("%s: the sample %q does not read: %v", f.Name, text, err)
			}
			next := change.Apply(base)
			want, _ := json.Marshal(f.Value(next))
			if was, _ := json.Marshal(f.Value(base)); string(was) == string(want) {
				t.Fatalf("%s: the sample %q is the base's value %s", f.Name, text, was)
			}

			// The command line the form prints names it, and reads back.
			if args := Flags(change, loc); f.Kind != spec.KindBool {
				i := slices.Index(args, f.Flag)
				var back promo.Changes
				if i < 0 || i+1 == len(args) || f.Set(&back, args[i+1], loc) != nil {
					t.Errorf("Flags: %v, want %s and its value", args, f.Flag)
				} else if got, _ := json.Marshal(f.Value(back.Apply(base))); string(got) != string(want) {
					t.Errorf("Flags: %s %s reads back as %s, want %s", f.Flag, args[i+1], got, want)
				}
			} else if !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, f.Flag) }) {
				t.Errorf("Flags: %v, want %s", args, f.Flag)
			}

			// An answer that changes it changes it.
			c, err := Of(next, loc).ChangesFrom(Of(base, loc), loc)
			if err != nil {
				t.Fatalf("form: %v", err)
			}
			if !f.Named(c) {
				t.Errorf("form: an answer that changes %s does not change it (%+v)", f.Name, c)
			}
		})
	}
}
