package cmdutil

import (
	"errors"
	"fmt"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// notHere names its own exit code, as a noun's typed error does: the
// base knows no such type.
type notHere struct{}

func (notHere) Error() string { return "not here" }
func (notHere) ExitCode() int { return ExitNotFound }

// TestExitCodeAsksTheError: the exit code is the first one an error of
// the tree names (outermost first; 0 lets the wrapped error decide),
// whatever the error's type or words.
func TestExitCodeAsksTheError(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want int
	}{
		{"a type the base does not know", fmt.Errorf("get promo 5: %w", notHere{}), ExitNotFound},
		{"an error that lets the wrapped one decide", i18n.NewError(0, "inprocess.open", "Err", notHere{}), ExitNotFound},
		{"a usage error", fmt.Errorf("wrapped: %w", UsageErr(fmt.Errorf("bad"))), ExitUsage},
		{"missing credentials", fmt.Errorf("wrapped: %w", i18n.NewError(ExitAuth, "base.auth.no_token")), ExitAuth},
		{"a promo field's error", &promo.FieldError{Field: "--amount", Err: errors.New("bad")}, ExitUsage},
		{"a promo field's error names the wrapped one's code", &promo.FieldError{Field: "-f", Err: notHere{}}, ExitNotFound},
		{"plain words", errors.New("usage: unknown flag"), ExitFailure},
	} {
		if got := ExitCode(c.err); got != c.want {
			t.Errorf("%s: ExitCode(%v) = %d, want %d", c.name, c.err, got, c.want)
		}
	}
}
