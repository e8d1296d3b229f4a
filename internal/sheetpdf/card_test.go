package sheetpdf

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

func newTestSheet(t *testing.T, paperName string, perPage int) *Sheet {
	t.Helper()
	s, err := New(io.Discard, Options{Paper: paper(t, paperName), PerPage: perPage})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fullCard has every line, in Russian.
var fullCard = Card{Title: "Новогодняя распродажа", Code: "XMAS0O1I", Discount: "Скидка 10\u00a0% на товары",
	Validity: "с 01.12.2026 по 31.12.2026", Note: "Один заказ на промокод", QR: "https://shop.example/cart?promo=XMAS0O1I"}

// TestPlaceCard pins where the lines of the first card of an A4 page of 8
// go: the title, the code in the mono font and largest, the discount, the
// validity and the note, top down, left of the QR code.
func TestPlaceCard(t *testing.T) {
	s := newTestSheet(t, "A4", 8)
	cl, err := s.Place(0, fullCard)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range cl.Lines {
		got = append(got, fmt.Sprintf("%d %.1f %.1f %.1f %s", l.Font, l.Size, l.X, l.Y, l.Text))
	}
	want := []string{
		"1 9.5 49.5 739.3 Новогодняя распродажа",
		"2 24.4 49.5 711.9 XMAS0O1I",
		"1 10.1 49.5 697.2 Скидка 10\u00a0% на товары",
		"0 9.3 49.5 685.8 с 01.12.2026 по 31.12.2026",
		"0 9.3 49.5 674.4 Один заказ на промокод",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if q := cl.QR; !near(q.X, 181.98) || !near(q.Y, 661.06) || !near(q.W, 100.18) || q.W != q.H {
		t.Errorf("QR code at %+v, want a square of 100.18 at (181.98, 661.06)", q)
	}
}

// TestCardsFit: on every paper and number of cards a page, with long
// lines too, each line of each card is inside its card, left of its QR
// code, below the line above it; the QR code is a square inside the card;
// a line too long even at the smallest size ends in an ellipsis.
func TestCardsFit(t *testing.T) {
	long := fullCard
	long.Title = strings.Repeat("Очень длинный заголовок ", 8)
	long.Note = strings.Repeat("note ", 40)
	for _, p := range Papers() {
		for _, n := range []int{1, 2, 5, 8, 12, 24, 40} {
			s := newTestSheet(t, p.Name, n)
			for i, r := range s.Layout().Cards {
				for _, c := range []Card{fullCard, long, {Code: "AB", QR: "AB"}} {
					cl, err := s.Place(i, c)
					if err != nil {
						t.Fatal(err)
					}
					what := fmt.Sprintf("%s×%d card %d %q", p.Name, n, i, c.Title)
					q := cl.QR
					if q.W != q.H || q.X < r.X || q.Y < r.Y || q.X+q.W > r.X+r.W+0.01 || q.Y+q.H > r.Y+r.H+0.01 {
						t.Errorf("%s: QR %+v outside the card %+v", what, q, r)
					}
					top := r.Y + r.H
					for _, l := range cl.Lines {
						w, err := s.fonts[l.Font].width(l.Text, l.Size)
						if err != nil {
							t.Fatal(err)
						}
						if l.X < r.X || l.X+w > q.X+0.01 || l.Y+l.Size*ascent > top+0.01 || l.Y < r.Y {
							t.Errorf("%s: line %q (%.1fpt at %.1f,%.1f, %.1f wide) outside its room", what, l.Text, l.Size, l.X, l.Y, w)
						}
						top = l.Y
					}
				}
			}
			cl, _ := s.Place(0, long)
			if !strings.HasSuffix(cl.Lines[0].Text, ellipsis) && n >= 24 {
				t.Errorf("%s×%d: a long title not cut: %q", p.Name, n, cl.Lines[0].Text)
			}
		}
	}
}
