package promocmd

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/promo"
)

// TestFieldFlagsAreTheRegistrys: the flag of every writable field of
// promo.Registry is a flag of promo update, and of promo create but the
// --no-… flags (they remove a limit, and a new code has none).
func TestFieldFlagsAreTheRegistrys(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	root := newTree(cmdutil.NewFactory(cmdutil.Options{IO: ios}))
	for _, verb := range []string{"create", "update"} {
		c, _, err := root.Find([]string{"promo", verb})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range promo.Registry() {
			if !f.Writable || (verb == "create" && f.Negated()) {
				continue
			}
			if fl := c.Flags().Lookup(f.FlagName()); fl == nil {
				t.Errorf("promo %s has no flag %q of field %s", verb, f.Flag, f.Name)
			}
		}
	}
}
