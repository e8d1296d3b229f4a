package i18n

import (
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// TestRussianDecimalAsXText: Decimal in Russian writes what
// golang.org/x/text/message writes for language.Russian with
// number.Decimal and number.Scale (the formatter it was, before its tables
// cost every start), for amounts, counts, ties, negatives and the edges.
func TestRussianDecimalAsXText(t *testing.T) {
	p := message.NewPrinter(language.Russian)
	values := []float64{0, 1, 9, 10, 999, 1000, 9999, 10000, 10700.5, 123456.789, 1234567, 1e9, 1e15, 123456789012.34,
		0.5, 1.5, 2.5, 0.125, 0.375, 1.005, 1.115, 2.675, 0.045, 1e-7, -0.001, -1234.5, -0.5, math.Copysign(0, -1),
		math.MaxInt32, 9007199254740993, 1e21, math.NaN(), math.Inf(1), math.Inf(-1)}
	r := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		values = append(values, math.Round(r.Float64()*1e8)/100, r.NormFloat64()*1e6, float64(r.IntN(1e7))+float64(r.IntN(200))/200)
	}
	for _, v := range values {
		for scale := range 5 {
			want := p.Sprint(number.Decimal(v, number.Scale(scale)))
			if got := Decimal(Russian, v, scale); got != want {
				t.Errorf("Decimal(ru, %v, %d) = %q, x/text writes %q", v, scale, got, want)
			}
		}
	}
}
