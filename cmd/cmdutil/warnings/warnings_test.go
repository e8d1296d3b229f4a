package warnings

import (
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestWarnMsgSaysTheMessageOnce: a warning is said in the run's language,
// once per run.
func TestWarnMsgSaysTheMessageOnce(t *testing.T) {
	var buf strings.Builder
	w := &Writer{Out: &buf, Msg: i18n.New(i18n.Russian)}
	w.WarnMsg(i18n.C("count.promo", 3))
	w.WarnMsg(i18n.C("count.promo", 3))
	if got, want := buf.String(), "promoctl: предупреждение: 3 промокода\n"; got != want {
		t.Errorf("WarnMsg wrote %q, want %q", got, want)
	}
}
