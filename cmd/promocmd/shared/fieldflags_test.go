package shared

import (
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
	"github.com/spf13/pflag"
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
				reg  func(*FieldFlags, *pflag.FlagSet)
			}{
				{"update", true, func(ff *FieldFlags, fs *pflag.FlagSet) { ff.Register(fs, true) }},
				{"create", !f.Negated(), func(ff *FieldFlags, fs *pflag.FlagSet) { ff.Register(fs, false) }},
				{"generate", !f.Negated() && !f.Required, func(ff *FieldFlags, fs *pflag.FlagSet) {
					ff.RegisterFields(fs, func(f promo.FieldSpec) bool { return !f.Required && !f.Negated() })
				}},
			} {
				var ff FieldFlags
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
