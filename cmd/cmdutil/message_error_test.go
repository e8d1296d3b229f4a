package cmdutil

import (
	"fmt"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/internal/i18n"
)

// An error born as a catalog message exits with the code it names, through
// any wrapping, and is said in the run's language at the edge.
func TestMessageErrorExitCodeAndLanguage(t *testing.T) {
	err := fmt.Errorf("x: %w", i18n.NewError(ExitNotFound, "error.api.unknown_outcome", "Err", i18n.NewError(0, "error.cancelled")))
	if got := ExitCode(err); got != ExitNotFound {
		t.Errorf("ExitCode = %d, want %d", got, ExitNotFound)
	}
	if got, want := errtext.Say(i18n.New(i18n.Russian), err), "x: неизвестно, выполнен ли запрос: соединение оборвалось после отправки (отменено)"; got != want {
		t.Errorf("Russian errtext.Say = %q, want %q", got, want)
	}
	if got, want := errtext.Say(i18n.New(i18n.English), err), "x: the outcome is unknown: the connection broke after the request was sent (cancelled)"; got != want {
		t.Errorf("English errtext.Say = %q, want %q", got, want)
	}
	// Exit code 0 lets the chain decide: a cancelled run is still 130.
	if got := ExitCode(i18n.NewError(0, "error.api.unknown_outcome", "Err", i18n.NewError(ExitCancelled, "error.cancelled"))); got != ExitCancelled {
		t.Errorf("ExitCode of a 0-code error wrapping a cancellation = %d, want %d", got, ExitCancelled)
	}
}
