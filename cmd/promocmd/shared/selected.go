package shared

import (
	"context"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Selected is a promo code of a selection.
type Selected struct {
	ID      int64
	Code    string       // "" when named by an id the list was not read for
	Status  promo.Status // "" when not known
	Enabled *bool        // nil when not known
	// Matches says a list read again finds it still taken by the
	// selection.
	Matches bool
}

// ReadAgain reads site's list after a confirmation: the promo codes of
// targets that are still on it (by id), as they are now, and whether
// match (nil: any) takes each.
func ReadAgain(ctx context.Context, s *cmdutil.Session, targets []Selected, site int64, match func(*api.Promo) bool) (map[int64]Selected, error) {
	client, err := s.Client()
	if err != nil {
		return nil, err
	}
	want := map[int64]bool{}
	for _, t := range targets {
		want[t.ID] = true
	}
	now := map[int64]Selected{}
	at := s.Now()
	lctx, cancel := s.WithTimeout(ctx)
	defer cancel()
	err = scanPromos(lctx, client, site, func(p *sitePromo) bool {
		if want[p.ID] {
			sel := SelectedOf(&p.Promo, at)
			sel.Matches = match == nil || match(&p.Promo)
			now[p.ID] = sel
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	return now, nil
}

// Name is how messages in msg's language name a selected promo code:
// "SUMMER25 (id 1002)", "SUMMER25 (ID 1002)", or "1002" when its code is
// not known.
func (s Selected) Name(msg *i18n.Printer) string {
	if s.Code == "" {
		return strconv.FormatInt(s.ID, 10)
	}
	return msg.T("confirm.name", "Code", termsafe.String(s.Code), "ID", s.ID)
}

// SelectedOf is p as a selection holds it.
func SelectedOf(p *api.Promo, now time.Time) Selected {
	on := bool(p.IsEnabled)
	return Selected{ID: int64(*p.ID), Code: string(p.Code), Status: p.StatusFields().StatusAt(now), Enabled: &on}
}
