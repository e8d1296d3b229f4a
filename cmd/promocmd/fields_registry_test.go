package promocmd

import (
	"slices"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// flagSample is a value of each kind as a user types it on the command
// line: a new field of a known kind needs nothing here.
var flagSample = map[spec.Kind]string{
	spec.KindText: "NEWCODE1", spec.KindInt: "5", spec.KindAmount: "25.5",
	spec.KindDate: "2026-12-01", spec.KindBonusType: "delivery",
}

// TestEveryFieldHasItsFlag walks promo.Registry: every row with a Flag is
// a flag of promo update and (but --no-… flags) of create, and of promo
// generate but the code's; given, it names its field in the changes, a
// --no-… flag turning the switch off.
func TestEveryFieldHasItsFlag(t *testing.T) {
	for _, f := range promo.Registry() {
		if f.Flag == "" {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			for _, cmd := range []struct {
				name string
				want bool
				reg  func(*fieldFlags, *pflag.FlagSet)
			}{
				{"update", true, func(ff *fieldFlags, fs *pflag.FlagSet) { ff.register(fs, true) }},
				{"create", !f.Negated(), func(ff *fieldFlags, fs *pflag.FlagSet) { ff.register(fs, false) }},
				{"generate", !f.Negated() && !f.Required, func(ff *fieldFlags, fs *pflag.FlagSet) {
					ff.registerFields(fs, func(f promo.FieldSpec) bool { return !f.Required && !f.Negated() })
				}},
			} {
				var ff fieldFlags
				fs := pflag.NewFlagSet(cmd.name, pflag.ContinueOnError)
				cmd.reg(&ff, fs)
				fl := fs.Lookup(f.FlagName())
				if (fl != nil) != cmd.want {
					t.Fatalf("promo %s: flag %s registered %v, want %v", cmd.name, f.Flag, fl != nil, cmd.want)
				}
				if fl == nil {
					continue
				}
				if fl.Usage != f.Usage || f.Usage == "" {
					t.Errorf("promo %s %s: usage %q, want the registry's %q", cmd.name, f.Flag, fl.Usage, f.Usage)
				}
				args := []string{f.Flag}
				if f.Kind != spec.KindBool {
					args = append(args, flagSample[f.Kind])
				}
				if err := fs.Parse(args); err != nil {
					t.Fatal(err)
				}
				c, err := ff.changes(fs, time.UTC)
				if err != nil {
					t.Fatalf("promo %s %v: %v", cmd.name, args, err)
				}
				if !f.Named(c) {
					t.Errorf("promo %s %v: %s is not named in %+v", cmd.name, args, f.Name, c)
				}
				want := any(true)
				if f.Negated() {
					want = false
				}
				if f.Kind == spec.KindBool && f.Value(c.Apply(promo.Record{})) != want {
					t.Errorf("promo %s %v: %s is %v, want %v", cmd.name, args, f.Name, f.Value(c.Apply(promo.Record{})), want)
				}
			}
		})
	}
}

// TestSummaryShowsEveryFormField: the wizard's summaries show each field
// the form asks for in its last group (promo.MoreFields), by its form
// label, said in Russian too. (Today's registry has none: the test of a
// new row, fieldgen's TestAddingAFieldIsOneRow, runs this with one.)
func TestSummaryShowsEveryFormField(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	en := i18n.New(i18n.English)
	for _, f := range promo.MoreFields() {
		v := promo.DefaultFormValues()
		v.More = map[string]string{f.Name: "42"}
		for _, p := range []*i18n.Printer{en, ru} {
			rows := createSummary(p, v, 1, "", time.UTC, time.Now())
			if !slices.Contains(rows, summaryRow{p.T(f.Label), "42"}) {
				t.Errorf("%s: create summary %+v, want %q: 42", f.Name, rows, p.T(f.Label))
			}
		}
		old := promo.DefaultFormValues()
		if ch := changeSummary(en, old, v, time.UTC, time.Now()); !slices.Contains(ch, summaryRow{en.T(f.Label), " → 42"}) {
			t.Errorf("%s: change summary %+v, want  → 42", f.Name, ch)
		}
	}
}
