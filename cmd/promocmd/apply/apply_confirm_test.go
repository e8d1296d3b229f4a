package apply

import (
	"context"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/plan"
)

// noteConfirm says no, and keeps the description of each confirmation.
type noteConfirm struct{ notes []string }

// A delete cannot be undone, a disable can: the confirmation of
// --disable-missing does not say otherwise.
func TestPromoApplyConfirmationNote(t *testing.T) {
	for _, c := range []struct {
		missing plan.Missing
		want    string
	}{
		{plan.Delete, "This cannot be undone."},
		{plan.Disable, "A disabled promo code can be enabled again with promoctl promo enable."},
	} {
		e, _, opts := newApplyEnv(t, format.Table, "code\nWELCOME10\nSUMMER25\n")
		e.Sess.IO.SetTTY(true, true, true)
		ask := &noteConfirm{}
		opts.Missing, opts.Prompter = c.missing, ask
		if err := runPromoApply(context.Background(), opts); cmdutil.ExitCode(err) != cmdutil.ExitCancelled {
			t.Errorf("error %v, want cancelled", err)
		}
		if len(ask.notes) != 1 || ask.notes[0] != c.want {
			t.Errorf("missing %v: confirmation notes %q, want %q", c.missing, ask.notes, c.want)
		}
	}
}

func (s *noteConfirm) Confirm(_ context.Context, _, description string, _ bool) (bool, error) {
	s.notes = append(s.notes, description)
	return false, nil
}
