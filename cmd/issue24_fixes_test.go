package cmd

import (
	"context"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/plan"
)

// noteConfirm says no, and keeps the description of each confirmation.
type noteConfirm struct{ notes []string }

func (s *noteConfirm) Confirm(_ context.Context, _, description string, _ bool) (bool, error) {
	s.notes = append(s.notes, description)
	return false, nil
}

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
		e, _, opts := newApplyEnv(t, output.Table, "code\nWELCOME10\nSUMMER25\n")
		e.sess.IO.SetTTY(true, true, true)
		ask := &noteConfirm{}
		opts.Missing, opts.Prompter = c.missing, ask
		if err := runPromoApply(context.Background(), opts); exitCode(err) != exitCancelled {
			t.Errorf("error %v, want cancelled", err)
		}
		if len(ask.notes) != 1 || ask.notes[0] != c.want {
			t.Errorf("missing %v: confirmation notes %q, want %q", c.missing, ask.notes, c.want)
		}
	}
}

// promo enable --help shows promo enable, and promo disable --help promo
// disable, in every example.
func TestPromoToggleHelpExamples(t *testing.T) {
	for _, verb := range []string{"enable", "disable"} {
		res := newRunner(t).run("promo", verb, "--help")
		_, examples, ok := strings.Cut(res.stdout, "Examples:\n")
		examples, _, _ = strings.Cut(examples, "\n\n")
		if res.code != 0 || !ok {
			t.Fatalf("promo %s --help: exit %d, no examples:\n%s", verb, res.code, res.stdout)
		}
		for _, line := range strings.Split(examples, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "promoctl promo "+verb+" ") {
				t.Errorf("promo %s --help shows %q", verb, strings.TrimSpace(line))
			}
		}
	}
}
