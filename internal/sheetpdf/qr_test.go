package sheetpdf

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/sheetpdf/qrcoding"
)

// TestQRMaskOfLeastPenalty: of the eight masked codes of a text, encode
// keeps one of the least penalty, and (for most texts) not the mask 0
// that rsc.io/qr's own Encode always uses; the same encoder, with its
// plans kept, gives the same code again.
func TestQRMaskOfLeastPenalty(t *testing.T) {
	var q qrEncoder
	notZero := 0
	texts := []string{"XMAS0O1I", "SUMMER25", "https://shop.example/cart?promo=XMAS0O1I", "12345678", strings.Repeat("Ы", 40)}
	for _, text := range texts {
		got, err := q.encode(text)
		if err != nil {
			t.Fatal(err)
		}
		gotPen := q.penalty(got)
		least, mask := -1, -1
		for m := range qrcoding.Mask(8) {
			var v qrcoding.Version
			for v = 1; v <= 40; v++ {
				if q.plans[v] != nil {
					break
				}
			}
			c, err := q.plans[v][m].Encode(qrEncoding(text))
			if err != nil {
				t.Fatal(err)
			}
			pen := q.penalty(c)
			if least < 0 || pen < least {
				least, mask = pen, int(m)
			}
			if bytes.Equal(c.Bitmap, got.Bitmap) && m != 0 {
				notZero++
			}
		}
		if gotPen != least {
			t.Errorf("%q: penalty %d, the least of the masks is %d (mask %d)", text, gotPen, least, mask)
		}
		again, _ := q.encode(text)
		if !bytes.Equal(again.Bitmap, got.Bitmap) {
			t.Errorf("%q: encoded twice, two codes", text)
		}
		q.plans = nil // the next text may be of another version
	}
	if notZero == 0 {
		t.Errorf("every text kept mask 0: the masks are not scored")
	}
}

// TestQRTooLong: a text no QR code holds is refused, as --qr's check
// relies on.
func TestQRTooLong(t *testing.T) {
	if err := CheckQR(strings.Repeat("x", 3000)); err == nil {
		t.Error("3,000 bytes fit in a QR code?")
	}
	if err := CheckQR("https://shop.example/cart?promo=" + strings.Repeat("W", 15)); err != nil {
		t.Errorf("a URL of a code: %v", err)
	}
}

// TestRefusalsAreTyped: what stops a sheet is a typed error (a sheet
// knows no language: promoctl says each in the user's), the QR encoder's
// wrapped in a QRError.
func TestRefusalsAreTyped(t *testing.T) {
	_, err := New(io.Discard, Options{Paper: Paper{W: 210, H: 297}, PerPage: 0})
	var pe *PerPageError
	if !errors.As(err, &pe) || pe.N != 0 {
		t.Errorf("0 cards a page: %v", err)
	}
	if _, err := New(io.Discard, Options{PerPage: MinPerPage}); !errors.Is(err, ErrNoPaper) {
		t.Errorf("no paper: %v", err)
	}
	if err := CheckQR(strings.Repeat("x", 3000)); !errors.Is(err, ErrQRTooLong) {
		t.Errorf("a long text: %v", err)
	}
	var b bytes.Buffer
	s, err := New(&b, Options{Paper: Papers()[0], PerPage: MinPerPage})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Add(Card{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Add after Close: %v", err)
	}
}
