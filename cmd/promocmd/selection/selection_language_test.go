package selection

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// TestSelectionSkipsSayStatuses: a selection's reason for skipping a code
// whose status changed says both statuses in the run's language.
func TestSelectionSkipsSayStatuses(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.Russian, "теперь его статус «выключен», а не «активен» или «запланирован»"},
		{i18n.English, "it is disabled now, not active or scheduled"},
	} {
		opts := &promoSelectOptions{Session: &cmdutil.Session{Msg: i18n.New(c.lang)},
			Sel: shared.Selection{Filter: shared.PromoFilter{Statuses: []promo.Status{"active", "scheduled"}}}}
		if got := opts.statusNow("disabled"); got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
}
