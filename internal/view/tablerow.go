package view

import (
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// promoTableRower returns what makes a promo code's row of the list
// table at now, from the promo code and its code's text (as
// api.PromoDecoder.DecodeCode gives them): the row is built in one buffer
// that each call reuses, so that a streamed list (PromoListStream), whose
// table copies a row before it asks for the next, makes no garbage per
// element and its heap does not grow (docs/performance.md). Each row is
// valid until the next call; promoTableRow has it as strings.
func promoTableRower(date func(api.Time) string, now time.Time) func(p *api.Promo, code []byte) [][]byte {
	var text []byte
	var ends [10]int // a cell's end in text, one per column of promoHeader
	row := make([][]byte, len(ends))
	return func(p *api.Promo, code []byte) [][]byte {
		t := text[:0]
		if p.ID != nil {
			t = strconv.AppendInt(t, int64(*p.ID), 10)
		}
		ends[0] = len(t)
		t = termsafe.Append(t, code)
		ends[1] = len(t)
		t = append(t, p.StatusFields().StatusAt(now)...)
		ends[2] = len(t)
		t = append(t, YesNo(bool(p.IsEnabled))...)
		ends[3] = len(t)
		t = append(t, promo.BonusType(p.BonusType).String()...)
		ends[4] = len(t)
		t = appendAmount(t, float64(p.BonusAmount), bool(p.BonusAmountIsInPercentages))
		ends[5] = len(t)
		if p.TimeLimitIsEnabled {
			t = append(t, date(p.DOn)...)
			ends[6] = len(t)
			t = append(t, date(p.DOff)...)
		} else {
			t = append(t, '-')
			ends[6] = len(t)
			t = append(t, '-')
		}
		ends[7] = len(t)
		if p.PromoUsedCount != nil {
			t = strconv.AppendInt(t, int64(*p.PromoUsedCount), 10)
		}
		if p.QuantityLimitIsEnabled {
			t = strconv.AppendInt(append(t, '/'), int64(p.QuantityLimit), 10)
		}
		ends[8] = len(t)
		t = append(t, optBool(p.IsValid)...)
		ends[9] = len(t)
		text = t
		start := 0
		for i, end := range ends {
			row[i] = t[start:end:end]
			start = end
		}
		return row
	}
}
