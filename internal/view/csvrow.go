package view

import "github.com/promoctl/promoctl/internal/api"

// promoCSVRower returns what makes a promo code's row of the list CSV,
// from the promo code and its code's text (as api.PromoDecoder.DecodeCode
// gives them): every cell is cut from one buffer that each call reuses,
// so that a streamed list (PromoListStream), whose CSV writer is done
// with a row before it asks for the next, makes no garbage per element
// and its peak memory stays flat (docs/performance.md). Each row is valid
// until the next call; promoCSVRow has it as strings.
func promoCSVRower() func(p *api.Promo, code []byte) [][]byte {
	cols := promoColumns()
	row := make([][]byte, len(cols))
	ends := make([]int, len(cols)+1)
	var buf []byte
	return func(p *api.Promo, code []byte) [][]byte {
		buf = buf[:0]
		for i, name := range cols {
			buf = appendPromoCell(buf, p, code, name)
			ends[i+1] = len(buf)
		}
		for i := range row {
			row[i] = buf[ends[i]:ends[i+1]]
		}
		return row
	}
}
