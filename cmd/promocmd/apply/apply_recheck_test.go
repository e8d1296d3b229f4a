package apply

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
)

// confirmThen answers yes after running meanwhile: what a colleague does
// while the question waits.
type confirmThen struct {
	meanwhile func()
	asked     []string
}

// TestPromoApplyPruneRecheckedAfterTheConfirmation: the site's list is read
// again after a terminal confirmation of --prune or --disable-missing; a
// code deleted or renamed meanwhile is skipped and named on stderr, the
// others are done; exit 0.
func TestPromoApplyPruneRecheckedAfterTheConfirmation(t *testing.T) {
	for _, c := range []struct {
		missing plan.Missing
		write   string
		routes  []string
	}{
		{plan.Delete, "DELETE /v1/promo/5001 ", []string{"GET /v1/promo?site_id=1", "GET /v1/promo?site_id=1", "DELETE /v1/promo/5001"}},
		{plan.Disable, `PUT /v1/promo/5001 {"code":"KEEP5","is_enabled":false,`,
			[]string{"GET /v1/promo?site_id=1", "GET /v1/promo?site_id=1", "GET /v1/promo/5001", "PUT /v1/promo/5001"}},
	} {
		t.Run(string(c.write[:3]), func(t *testing.T) {
			e, s, opts := newApplyEnv(t, format.Table, "code\nWELCOME10\n")
			s.add(applyRec{ID: 5001, Record: promo.Record{Code: "KEEP5", IsEnabled: true, BonusType: 3, BonusAmount: 100}})
			e.Sess.IO.SetTTY(true, true, true)
			ask := &confirmThen{meanwhile: func() {
				s.mu.Lock()
				defer s.mu.Unlock()
				delete(s.recs, 1003)
				s.recs[1002].Code = "SUMMER26"
			}}
			opts.Missing, opts.Prompter = c.missing, ask
			if err := runPromoApply(context.Background(), opts); err != nil {
				t.Fatalf("run: %v\n%s", err, e.Stderr)
			}
			if len(ask.asked) != 1 {
				t.Errorf("asked %q, want one question", ask.asked)
			}
			if got := writes(e); len(got) != 1 || !strings.HasPrefix(got[0], c.write) {
				t.Errorf("writes %q, want only %s…", got, c.write)
			}
			for _, want := range []string{
				"promoctl: skipped SUMMER25 (id 1002): changed since the confirmation: it is named SUMMER26 now\n",
				"promoctl: skipped OLD1 (id 1003): changed since the confirmation: it is no longer on site 1\n",
			} {
				if !strings.Contains(e.Stderr.String(), want) {
					t.Errorf("stderr:\n%s\nwant the line %q", e.Stderr, want)
				}
			}
			if got := e.API.Routes(); !slices.Equal(got, c.routes) {
				t.Errorf("routes %q, want %q (the list read again after the confirmation)", got, c.routes)
			}
		})
	}
}

func (c *confirmThen) Confirm(_ context.Context, title, _ string, _ bool) (bool, error) {
	c.asked = append(c.asked, title)
	c.meanwhile()
	return true, nil
}
