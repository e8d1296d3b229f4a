package view

import (
	"strconv"

	"github.com/promoctl/promoctl/internal/api"
)

// promoCSVRower returns promoCSVRow for a streamed list (PromoListStream),
// whose CSV writer is done with a row before it asks for the next: the
// row is reused, and its numbers are cut from one string per promo code,
// so that a long list makes almost no garbage per element (its peak
// memory then stays flat, docs/performance.md). Each row is valid until
// the next call, and its cells are exactly promoCSVRow's.
func promoCSVRower() func(p *api.Promo) []string {
	row := make([]string, 14)
	var num []byte
	var ends [6]int
	return func(p *api.Promo) []string {
		num = num[:0]
		optional := func(v *api.Int) {
			if v != nil {
				num = strconv.AppendInt(num, int64(*v), 10)
			}
		}
		optional(p.ID)
		ends[0] = len(num)
		optional(p.Pos)
		ends[1] = len(num)
		num = strconv.AppendInt(num, int64(p.BonusType), 10)
		ends[2] = len(num)
		num = strconv.AppendFloat(num, float64(p.BonusAmount), 'f', -1, 64)
		ends[3] = len(num)
		num = strconv.AppendInt(num, int64(p.QuantityLimit), 10)
		ends[4] = len(num)
		optional(p.PromoUsedCount)
		ends[5] = len(num)
		s := string(num)
		row[0], row[1], row[2], row[3] = s[:ends[0]], string(p.Code), s[ends[0]:ends[1]], fmtBool(bool(p.IsEnabled))
		row[4], row[5], row[6] = s[ends[1]:ends[2]], s[ends[2]:ends[3]], fmtBool(bool(p.BonusAmountIsInPercentages))
		row[7], row[8], row[9] = fmtBool(bool(p.TimeLimitIsEnabled)), p.DOn.Raw, p.DOff.Raw
		row[10], row[11], row[12], row[13] = fmtBool(bool(p.QuantityLimitIsEnabled)), s[ends[3]:ends[4]], s[ends[4]:ends[5]], csvBool(p.IsValid)
		return row
	}
}
