package apply

import (
	"context"
	"testing"

	"github.com/promoctl/promoctl/cmd/promocmd/jobrun"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
)

// TestApplyUsesItsEnvironmentsThrottle: promo apply builds its one throttle
// from its job environment, so that a test's clock (and the factory's)
// paces the clients and the engine alike.
func TestApplyUsesItsEnvironmentsThrottle(t *testing.T) {
	counting := func(env *jobrun.Env) *int {
		n := 0
		env.Throttle = func() *bulk.Throttle { n++; return bulk.NewThrottle(0) }
		return &n
	}
	e, _, opts := newApplyEnv(t, format.JSON, `[{"code":"NEW5","bonus_amount":5}]`)
	n := counting(&opts.Env)
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	if *n != 1 {
		t.Errorf("the session's throttle was built %d times, want 1", *n)
	}
}
