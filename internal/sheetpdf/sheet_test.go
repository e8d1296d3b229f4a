package sheetpdf

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestSheetIsAPDF: a sheet of 19 cards on pages of 8 is a PDF of three
// pages: each page's objects are written when it fills, the fonts and the
// cross-reference table at the end, and every offset there points at its
// object.
func TestSheetIsAPDF(t *testing.T) {
	var b bytes.Buffer
	s, err := New(&b, Options{Paper: paper(t, "A4"), PerPage: 8})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 19 {
		c := fullCard
		c.Code = fmt.Sprintf("XMAS%04d", i)
		if err := s.Add(c); err != nil {
			t.Fatal(err)
		}
		if i == 7 && !strings.Contains(b.String(), "/Type /Page ") {
			// the first page is out as soon as it is full (the
			// buffered writer flushes at 64 KiB, so look at the
			// document's own count)
			if len(s.d.kids) != 1 {
				t.Errorf("after 8 cards %d pages written, want 1", len(s.d.kids))
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	pdf := b.String()
	if got := strings.Count(pdf, "/Type /Page "); got != 3 || s.Pages() != 3 {
		t.Errorf("%d pages (Pages %d), want 3", got, s.Pages())
	}
	xref := strings.LastIndex(pdf, "\nxref\n")
	if xref < 0 || !strings.HasSuffix(pdf, "%%EOF\n") {
		t.Fatalf("no cross-reference table or end: %.100q", pdf[max(0, len(pdf)-100):])
	}
	var n int
	fmt.Sscanf(pdf[xref+len("\nxref\n0 "):], "%d", &n)
	lines := strings.Split(pdf[xref+1:], "\n")[3 : 3+n-1]
	for i, l := range lines {
		var off int
		fmt.Sscanf(l, "%d", &off)
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !strings.HasPrefix(pdf[off:], want) {
			t.Errorf("object %d: offset %d points at %.20q", i+1, off, pdf[off:])
		}
	}
}

// BenchmarkSheet10000 draws 10,000 cards (1,250 pages of 8) with URL QR
// codes: the time, and the bytes allocated a card. The peak heap is
// reported as peak-heap-MiB: flat, since a page is written when full.
const benchCards = 10000

func BenchmarkSheet10000(b *testing.B) {
	p, _ := PaperNamed("A4")
	for b.Loop() {
		s, err := New(io.Discard, Options{Paper: p, PerPage: 8})
		if err != nil {
			b.Fatal(err)
		}
		var peak uint64
		var ms runtime.MemStats
		for i := range benchCards {
			c := fullCard
			c.Code = fmt.Sprintf("XMAS%07d", i)
			c.QR = "https://shop.example/cart?promo=" + c.Code
			if err := s.Add(c); err != nil {
				b.Fatal(err)
			}
			if i%1000 == 999 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	}
}
