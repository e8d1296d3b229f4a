package wizard

import (
	"slices"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promoform"
)

// TestSummaryShowsEveryFormField: the wizard's summaries show each field
// the form asks for in its last group (promoform.More), by its form
// label, said in Russian too. (Today's registry has none: the test of a
// new row, fieldgen's TestAddingAFieldIsOneRow, runs this with one.)
func TestSummaryShowsEveryFormField(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	en := i18n.New(i18n.English)
	for _, f := range promoform.More() {
		v := promoform.Default()
		v.More = map[string]string{f.Name: "42"}
		for _, p := range []*i18n.Printer{en, ru} {
			rows := CreateSummary(p, v, 1, "", time.UTC, time.Now())
			if !slices.Contains(rows, summaryRow{p.T(f.Label), "42"}) {
				t.Errorf("%s: create summary %+v, want %q: 42", f.Name, rows, p.T(f.Label))
			}
		}
		old := promoform.Default()
		if ch := ChangeSummary(en, old, v, time.UTC, time.Now()); !slices.Contains(ch, summaryRow{en.T(f.Label), " → 42"}) {
			t.Errorf("%s: change summary %+v, want  → 42", f.Name, ch)
		}
	}
}
