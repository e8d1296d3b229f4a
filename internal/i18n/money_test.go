package i18n

import "testing"

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		lang  Lang
		v     float64
		scale int
		want  string
	}{
		{English, 500, 2, "500.00"},
		{English, 12.5, -1, "12.5"},
		{English, 10700.5, 2, "10700.50"},
		{Russian, 500, 2, "500,00"},
		{Russian, 10700.5, 2, "10\u00a0700,50"},
		{Russian, 10, -1, "10"},
		{Russian, 12.5, -1, "12,5"},
	} {
		if got := Decimal(c.lang, c.v, c.scale); got != c.want {
			t.Errorf("Decimal(%s, %v, %d) = %q, want %q", c.lang, c.v, c.scale, got, c.want)
		}
	}
}
