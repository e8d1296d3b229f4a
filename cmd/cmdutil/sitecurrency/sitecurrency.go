// Package sitecurrency is the currency of a shop's site, which Russian
// tables show with amounts of money: Use gives a session's tables the
// currency of a site's record, Of says which it gave, Code reads it from
// a site's record.
package sitecurrency

import (
	"cmp"
	"context"
	"encoding/json"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/records"
)

// Use gives the session's tables in a language other than English
// (output.Options.Say, Currency) the currency of
// site's record (settings.currency, or currency), so that a promo code's
// discount in money shows it: 500,00 ₽. It costs one request (GET
// /v3/public/site/ID), made only for a table in Russian; when it fails, or
// the record names no currency, amounts are shown without one. Without a
// site (0), the currency is that of every site the user can view (GET
// /v3/public/site), when they all have the same one.
func Use(ctx context.Context, s *cmdutil.Session, client *api.Client, site int64) {
	if s.Out.Say == nil || s.Out.Say.Lang() == i18n.English || !s.Out.Format.IsTable() || s.Out.JQ != nil {
		return
	}
	cur := ""
	if site != 0 {
		raw, err := client.GetSite(ctx, site)
		if err != nil {
			return
		}
		cur = Code(raw)
	} else {
		cur = usersCurrency(ctx, client)
	}
	if cur != "" {
		s.Out.Currency = cur
	}
}

// Of is the currency Use gave the session's tables: "" when it gave none
// (English tables, another format, no currency).
func Of(s *cmdutil.Session) string { return s.Out.Currency }

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
		c := Code(it)
		if c == "" || (cur != "" && c != cur) {
			return ""
		}
		cur = c
	}
	return cur
}

// Code is the currency a site's record names: settings.currency (v3),
// else currency; "" when it names none or is not a record.
func Code(raw []byte) string {
	var rec struct {
		Currency string `json:"currency"`
		Settings struct {
			Currency string `json:"currency"`
		} `json:"settings"`
	}
	if json.Unmarshal(raw, &rec) != nil {
		return ""
	}
	return cmp.Or(rec.Settings.Currency, rec.Currency)
}
