package view

import (
	"strconv"

	"github.com/promoctl/promoctl/internal/api"
)

// promoCSVRower returns what makes a promo code's row of the list CSV,
// from the promo code and its code's text (as api.PromoDecoder.DecodeCode
// gives them): every cell is cut from one buffer that each call reuses,
// so that a streamed list (PromoListStream), whose CSV writer is done
// with a row before it asks for the next, makes no garbage per element
// and its peak memory stays flat (docs/performance.md). Each row is valid
// until the next call; promoCSVRow has it as strings.
func promoCSVRower() func(p *api.Promo, code []byte) [][]byte {
	row := make([][]byte, 14)
	var buf []byte
	var ends [15]int
	return func(p *api.Promo, code []byte) [][]byte {
		buf = buf[:0]
		n := 0
		cell := func() { n++; ends[n] = len(buf) }
		optional := func(v *api.Int) {
			if v != nil {
				buf = strconv.AppendInt(buf, int64(*v), 10)
			}
			cell()
		}
		boolean := func(b bool) { buf = strconv.AppendBool(buf, b); cell() }
		optional(p.ID)
		buf = append(buf, code...)
		cell()
		optional(p.Pos)
		boolean(bool(p.IsEnabled))
		buf = strconv.AppendInt(buf, int64(p.BonusType), 10)
		cell()
		buf = strconv.AppendFloat(buf, float64(p.BonusAmount), 'f', -1, 64)
		cell()
		boolean(bool(p.BonusAmountIsInPercentages))
		boolean(bool(p.TimeLimitIsEnabled))
		buf = append(buf, p.DOn.Raw...)
		cell()
		buf = append(buf, p.DOff.Raw...)
		cell()
		boolean(bool(p.QuantityLimitIsEnabled))
		buf = strconv.AppendInt(buf, int64(p.QuantityLimit), 10)
		cell()
		optional(p.PromoUsedCount)
		if p.IsValid != nil {
			buf = strconv.AppendBool(buf, bool(*p.IsValid))
		}
		cell()
		for i := range row {
			row[i] = buf[ends[i]:ends[i+1]]
		}
		return row
	}
}
