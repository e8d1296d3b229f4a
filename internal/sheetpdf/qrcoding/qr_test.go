package qrcoding

import (
	"bytes"
	"strings"
	"testing"

	"rsc.io/qr/coding"
)

// TestCodesAsRSCQR: every version, level and mask gives rsc.io/qr/coding's
// code, bit for bit, for texts of each encoding (numbers, the
// alphanumeric set, bytes).
func TestCodesAsRSCQR(t *testing.T) {
	texts := []string{"12345678", "SUMMER25 $%*+-./:", "https://shop.example/cart?promo=XMAS0O1I", strings.Repeat("Ы", 40)}
	for v := Version(MinVersion); v <= MaxVersion; v += 3 {
		for l := range Level(4) {
			for m := range Mask(8) {
				p, err := NewPlan(v, l, m)
				if err != nil {
					t.Fatal(err)
				}
				want, err := coding.NewPlan(coding.Version(v), coding.Level(l), coding.Mask(m))
				if err != nil {
					t.Fatal(err)
				}
				for _, text := range texts {
					enc := []Encoding{Num(digitsOnly(text)), Alpha(alphaOnly(text)), String(text)}
					bits := 0
					for _, e := range enc {
						bits += e.Bits(v)
					}
					if bits > v.DataBytes(l)*8 {
						continue
					}
					got, err := p.Encode(enc...)
					if err != nil {
						t.Fatal(err)
					}
					exp, err := want.Encode(coding.Num(digitsOnly(text)), coding.Alpha(alphaOnly(text)), coding.String(text))
					if err != nil {
						t.Fatal(err)
					}
					if got.Size != exp.Size || got.Stride != exp.Stride || !bytes.Equal(got.Bitmap, exp.Bitmap) {
						t.Fatalf("version %d level %d mask %d, %q: not rsc.io/qr/coding's code", v, l, m, text)
					}
				}
			}
		}
	}
}

// digitsOnly and alphaOnly are text's characters of the numeric and the
// alphanumeric encoding.
func digitsOnly(text string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, text)
}

func alphaOnly(text string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(alphabet, r) {
			return r
		}
		return -1
	}, text)
}
