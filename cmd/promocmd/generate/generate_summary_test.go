package generate

import (
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// The rate in generate's summary is a number as the language writes it:
// thousands apart in Russian, plain digits in English.
func TestGenerateSummaryRateInTheLanguagesDigits(t *testing.T) {
	ru := summaryLine(i18n.New(i18n.Russian), 2000, 2000, 2000, 1, time.Second, false)
	if want := "(2\u00a0000 в секунду)"; !strings.Contains(ru, want) {
		t.Errorf("Russian summary %q, want it to contain %q", ru, want)
	}
	en := summaryLine(i18n.New(i18n.English), 2000, 2000, 2000, 1, time.Second, false)
	if want := "(2000/s)"; !strings.Contains(en, want) {
		t.Errorf("English summary %q, want it to contain %q", en, want)
	}
}
