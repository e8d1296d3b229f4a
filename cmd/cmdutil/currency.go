package cmdutil

import (
	"cmp"
	"context"
	"encoding/json"

	"github.com/promoctl/promoctl/cmd/cmdutil/legacylang"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/records"
)

// The site's currency, which Russian tables show with amounts of money.

// WithSiteCurrency gives the session's tables in a language other than
// English (Options.Say; output.Options.Currency) the currency of
// site's record (settings.currency, or currency), so that a promo code's
// discount in money shows it: 500,00 ₽. It costs one request (GET
// /v3/public/site/ID), made only for a table in Russian; when it fails, or
// the record names no currency, amounts are shown without one. Without a
// site (0), the currency is that of every site the user can view (GET
// /v3/public/site), when they all have the same one.
func (s *Session) WithSiteCurrency(ctx context.Context, client *api.Client, site int64) {
	if s.Out.Say == nil || s.Out.Say.Lang() == i18n.English || !s.Out.Format.IsTable() || s.Out.JQ != nil {
		return
	}
	cur := ""
	if site != 0 {
		raw, err := client.GetSite(ctx, site)
		if err != nil {
			return
		}
		var rec SiteCurrencyRec
		if json.Unmarshal(raw, &rec) != nil {
			return
		}
		cur = rec.CurrencyCode()
	} else {
		cur = usersCurrency(ctx, client)
	}
	if cur != "" {
		s.Out.Currency = cur
		if tl, ok := s.Out.Locale.(*legacylang.TableLocale); ok {
			s.Out.Locale = tl.WithCurrency(cur) // for a table that declares no heads yet
		}
	}
}

// Currency is the currency WithSiteCurrency gave the session's tables:
// "" when it gave none (English tables, another format, no currency).
func (s *Session) Currency() string { return s.Out.Currency }

// usersCurrency is the currency of every site the user can view, when
// they all have the same one; "" otherwise.
func usersCurrency(ctx context.Context, client *api.Client) string {
	raw, err := client.ListSites(ctx)
	if err != nil {
		return ""
	}
	items, _, err := records.Items(raw)
	if err != nil {
		return ""
	}
	cur := ""
	for _, it := range items {
		var rec SiteCurrencyRec
		if json.Unmarshal(it, &rec) != nil || rec.CurrencyCode() == "" || (cur != "" && rec.CurrencyCode() != cur) {
			return ""
		}
		cur = rec.CurrencyCode()
	}
	return cur
}

// SiteCurrencyRec is the currency of a site's record: settings.currency
// (v3), else currency.
type SiteCurrencyRec struct {
	ID       int64  `json:"id"`
	Currency string `json:"currency"`
	Settings struct {
		Currency string `json:"currency"`
	} `json:"settings"`
}

// CurrencyCode is the site's currency: settings.currency, else currency.
func (r SiteCurrencyRec) CurrencyCode() string { return cmp.Or(r.Settings.Currency, r.Currency) }
