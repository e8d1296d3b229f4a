package printcmd

import (
	"context"
	"strings"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sheetpdf"
)

// cardWriter says a promo code as a coupon card in the reader's language.
type cardWriter struct {
	msg      *i18n.Printer
	loc      *time.Location
	currency string // how money is marked: ₽, or RUB; "" when the site names none
	title    string
	note     string
	qr       string
}

// cardWriter is the card writer of opts, with the currency of site's
// record (GET /v3/public/site/ID), as promo list and promo get show it:
// a site whose record cannot be read or names no currency has amounts
// without one.
func (opts *promoPrintOptions) cardWriter(ctx context.Context, client *api.Client, site int64) *cardWriter {
	cw := &cardWriter{msg: opts.Msg, loc: opts.Loc, title: opts.Title, note: opts.Note, qr: opts.QR}
	if raw, err := client.GetSite(ctx, site); err == nil {
		cw.currency = moneyMark(cw.msg.Lang(), sitecurrency.Code(raw))
	}
	return cw
}

// moneyMark is how a card marks money in code: in a language that marks
// money by its sign (Russian: ₽) that sign when the sheet's fonts draw
// it, else (and in English) the code itself.
func moneyMark(lang i18n.Lang, code string) string {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" || code == "-" {
		return ""
	}
	if sym := i18n.CurrencySymbol(code); i18n.SignsMoney(lang) && sheetpdf.Covers(sym) {
		return sym
	}
	return code
}

// card is p's card.
func (cw *cardWriter) card(p *api.Promo) sheetpdf.Card {
	code := string(p.Code)
	return sheetpdf.Card{
		Title:    cw.title,
		Code:     code,
		Discount: cw.discount(p),
		Validity: cw.validity(p),
		Note:     cw.note,
		QR:       qrText(cw.qr, code),
	}
}

// discount is what p takes off: "Скидка 10 % на товары", "500.00 RUB off
// delivery".
func (cw *cardWriter) discount(p *api.Promo) string {
	lang := cw.msg.Lang()
	var amount string
	if p.BonusAmountIsInPercentages {
		amount = cw.msg.T("print.card.percent", "Number", i18n.Decimal(lang, float64(p.BonusAmount), -1))
	} else {
		amount = i18n.Decimal(lang, float64(p.BonusAmount), 2)
		if cw.currency != "" {
			amount = cw.msg.T("print.card.money", "Number", amount, "Currency", cw.currency)
		}
	}
	switch promo.BonusType(p.BonusType) {
	case promo.Goods:
		return cw.msg.T("print.card.goods", "Amount", amount)
	case promo.Delivery:
		return cw.msg.T("print.card.delivery", "Amount", amount)
	}
	return cw.msg.T("print.card.discount", "Amount", amount)
}

// validity is p's time limit when it is on: "до 31.12.2026", "с
// 01.12.2026 по 31.12.2026"; "" when it is off.
func (cw *cardWriter) validity(p *api.Promo) string {
	if !p.TimeLimitIsEnabled {
		return ""
	}
	day := func(t api.Time) string { return cw.msg.Day(t.In(cw.loc).Format("2006-01-02")) }
	switch {
	case p.DOn.Set() && p.DOff.Set():
		return cw.msg.T("print.card.valid_from_to", "From", day(p.DOn), "To", day(p.DOff))
	case p.DOff.Set():
		return cw.msg.T("print.card.valid_until", "To", day(p.DOff))
	case p.DOn.Set():
		return cw.msg.T("print.card.valid_from", "From", day(p.DOn))
	}
	return ""
}
