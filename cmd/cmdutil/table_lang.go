package cmdutil

import (
	"cmp"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/records"
)

// tableLocale shows tables in Russian (output.Locale): headers, keys and
// titles from the catalog (table.<header>), words of a status or a yes/no
// column, and numbers, money and dates in Russian forms through
// golang.org/x/text: 10 700,00 ₽, 31.12.2026 23:59. What a column holds
// is said by its English header (cellKinds), one row per header.
type tableLocale struct {
	p *i18n.Printer
	// currency is the site's (withSiteCurrency), for amounts of money
	// whose row names none: a promo code's discount.
	currency string
}

// NewTableLocale is the output.Locale of p's language, or nil for English,
// whose tables the views already write.
func NewTableLocale(p *i18n.Printer) output.Locale {
	if !p.Russian() {
		return nil
	}
	return &tableLocale{p: p}
}

// cellKind is what the cells of a column (or a record's row) hold.
type cellKind int

const (
	cellText     cellKind = iota
	cellStatus            // active, expired, ...
	cellYesNo             // yes, no
	cellBonus             // goods, delivery
	cellAmount            // 500.00, or 10% with a percent sign
	cellNumber            // 1.25
	cellMoney             // 10700.00, in the currency of the row's CURRENCY column
	cellDateTime          // 2026-12-31 23:59
	cellDay               // 2026-12-31
	cellWord              // none, unlimited
	cellSource            // where a setting comes from: flag --output, profile NAME in PATH
	cellSourced           // a value, then where it comes from: "1  (flag --sandbox)"
)

// cellKinds says what each column holds, by its header or key as the
// views write it, made a catalog id: lower case, "_" for spaces, no
// colon (table.<name> is its Russian).
func cellKinds() map[string]cellKind {
	return map[string]cellKind{
		"status": cellStatus, "published": cellYesNo, "visible": cellYesNo, "current": cellYesNo,
		"role":    cellWord,
		"enabled": cellYesNo, "valid": cellYesNo, "valid_now": cellYesNo, "once_per_customer": cellYesNo,
		"type": cellBonus, "bonus_type": cellBonus,
		"amount":      cellAmount,
		"order_total": cellMoney, "discount_total": cellMoney, "order_price": cellMoney, "discount": cellMoney,
		"price": cellAmount, "old_price": cellAmount, "weight": cellNumber,
		"starts": cellDateTime, "ends": cellDateTime, "date": cellDateTime, "first_order": cellDateTime, "last_order": cellDateTime,
		"day": cellDay, "used_at": cellDateTime,
		"discount_on": cellBonus, "delivery_price": cellMoney, "to_pay": cellMoney, "credentials": cellWord,
		"time_limit": cellWord, "max_uses": cellWord, "action": cellWord, "source": cellSource, "started": cellDateTime, "state": cellWord,
		"home": cellYesNo, "created_at": cellDateTime, "updated_at": cellDateTime,
		"base_url": cellSourced, "user_id": cellSourced, "api_key": cellSourced,
	}
}

// headerID is the name of a header or key: "ORDER TOTAL" and "Order
// total:" are both order_total.
func headerID(h string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), ":")), " ", "_")
}

func (l *tableLocale) Header(h string) string {
	id := "table." + headerID(h)
	if h == "" || !l.p.Has(id) {
		return h
	}
	s := l.p.T(id)
	if strings.HasSuffix(h, ":") {
		return s + ":" // a record's key, as the catalog writes it
	}
	if strings.ToUpper(h) == h && strings.IndexFunc(h, unicode.IsLetter) >= 0 {
		s = strings.ToUpper(s) // a column's header
	}
	return s
}

func (l *tableLocale) Row(header, row []string) []string {
	out := make([]string, len(row))
	currency := ""
	for i, h := range header {
		if headerID(h) == "currency" && i < len(row) {
			currency = row[i]
		}
	}
	kinds := cellKinds()
	for i, c := range row {
		k := cellText
		if i < len(header) {
			k = kinds[headerID(header[i])]
		}
		out[i] = l.cell(k, c, currency)
	}
	return out
}

func (l *tableLocale) Value(key, v string) string { return l.cell(cellKinds()[headerID(key)], v, "") }

func (l *tableLocale) English(header, cell string) string {
	k := cellKinds()[headerID(header)]
	if k != cellStatus && k != cellYesNo {
		return cell
	}
	for _, w := range []string{"active", "expired", "disabled", "used-up", "scheduled", "yes", "no"} {
		if l.word(w) == cell {
			return w
		}
	}
	return cell
}

func (l *tableLocale) Day(s string) string {
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t.Format("02.01.2006")
	}
	if t, err := time.Parse("01-02", s); err == nil {
		return t.Format("02.01")
	}
	if t, err := time.Parse("2006-01", s); err == nil {
		return t.Format("01.2006") // a month
	}
	return s
}

// word is a status or another word of a table in Russian (word.<w>), or
// w when the catalog has none.
func (l *tableLocale) word(w string) string {
	if id := "word." + w; l.p.Has(id) {
		return l.p.T(id)
	}
	return w
}

// cell is a cell of kind k in Russian; currency is its row's, if any.
func (l *tableLocale) cell(k cellKind, c, currency string) string {
	switch k {
	case cellStatus, cellYesNo, cellBonus, cellWord:
		return l.word(c)
	case cellAmount:
		if n, ok := strings.CutSuffix(c, "%"); ok {
			return l.decimal(n, -1) + "\u00a0%"
		}
		s := l.decimal(c, 2)
		if sym := i18n.CurrencySymbol(l.currency); sym != "" && s != c {
			s += "\u00a0" + sym
		}
		return s
	case cellNumber:
		return l.decimal(c, -1)
	case cellMoney:
		if amount, cur, ok := strings.Cut(c, " "); ok && !strings.Contains(cur, " ") {
			c, currency = amount, cur // "3500.00 RUB": the currency written after the amount
		}
		if currency == "" || currency == "-" {
			currency = l.currency // a row without one (a report's code without orders): the site's
		}
		s := l.decimal(c, 2)
		if sym := i18n.CurrencySymbol(currency); sym != "" && s != c {
			s += "\u00a0" + sym
		}
		return s
	case cellDateTime:
		if t, err := time.Parse("2006-01-02 15:04", c); err == nil {
			return t.Format("02.01.2006 15:04")
		}
		return l.Day(c)
	case cellDay:
		return l.Day(c)
	case cellSourced:
		v, src, ok := strings.Cut(c, "  (")
		if src, found := strings.CutSuffix(src, ")"); ok && found {
			return v + "  (" + l.cell(cellSource, src, "") + ")"
		}
		return c
	case cellSource:
		if id := "source." + strings.ReplaceAll(c, " ", "_"); l.p.Has("word." + id) {
			return l.word(id) // config file, not set
		}
		kind, rest, _ := strings.Cut(c, " ")
		said := l.word("source." + kind)
		if said == "source."+kind {
			return c
		}
		if rest == "" {
			return said
		}
		return said + " " + strings.Replace(rest, " in ", " "+l.word("in")+" ", 1)
	}
	return c
}

// decimal is a number as the views write it (10700.00) with a decimal
// comma and no-break spaces between thousands, with scale decimals (-1:
// as many as it has); anything else is left as it is.
func (l *tableLocale) decimal(s string, scale int) string {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "eEnN") {
		return s
	}
	if scale < 0 {
		scale = 0
		if _, frac, ok := strings.Cut(s, "."); ok {
			scale = len(frac)
		}
	}
	return i18n.Decimal(i18n.Russian, v, scale)
}

// WithSiteCurrency gives the session's Russian tables the currency of
// site's record (settings.currency, or currency), so that a promo code's
// discount in money shows it: 500,00 ₽. It costs one request (GET
// /v3/public/site/ID), made only for a table in Russian; when it fails, or
// the record names no currency, amounts are shown without one. Without a
// site (0), the currency is that of every site the user can view (GET
// /v3/public/site), when they all have the same one.
func (s *Session) WithSiteCurrency(ctx context.Context, client *api.Client, site int64) {
	tl, ok := s.Out.Locale.(*tableLocale)
	if !ok || !s.Out.Format.IsTable() || s.Out.JQ != nil {
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
		c := *tl
		c.currency = cur
		s.Out.Locale = &c
		s.Out.Currency = cur
	}
}

// Currency is the currency WithSiteCurrency gave the session's tables:
// "" when it gave none (English tables, another format, no currency).
func (s *Session) Currency() string {
	if tl, ok := s.Out.Locale.(*tableLocale); ok {
		return tl.currency
	}
	return ""
}

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

func (r SiteCurrencyRec) CurrencyCode() string { return cmp.Or(r.Settings.Currency, r.Currency) }

// CurrencyLabel names an ISO currency for people: "RUB (₽)", "GBP"; ""
// for none.
func CurrencyLabel(code string) string {
	sym := i18n.CurrencySymbol(code)
	if sym == "" || sym == code {
		return sym
	}
	return code + " (" + sym + ")"
}
