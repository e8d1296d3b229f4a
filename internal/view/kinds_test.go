package view

import (
	"slices"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/report"
)

// TestReportXLSXKinds: the report's CSV columns say what they hold, so a
// workbook has days as dates, counts as numbers and sums as money in the
// row's currency.
func TestReportXLSXKinds(t *testing.T) {
	d, err := ReportByDay(report.Report{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := d.CSV()
	if err != nil {
		t.Fatal(err)
	}
	want := []output.Kind{output.KindDate, output.KindText, output.KindNumber, output.KindMoney, output.KindMoney}
	if !slices.Equal(g.Kinds, want) || len(g.Kinds) != len(g.Header) {
		t.Errorf("by day: kinds %v for %q, want %v", g.Kinds, g.Header, want)
	}
	c, err := ReportByCode(report.Report{}, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	if g, _ = c.CSV(); len(g.Kinds) != len(g.Header) || g.Kinds[1] != output.KindText || g.Kinds[6] != output.KindTime {
		t.Errorf("by code: kinds %v for %q", g.Kinds, g.Header)
	}
}

// TestPromoKinds: a promo code's CSV columns say what they hold: the code
// text, dates as API dates, one kind per column.
func TestPromoKinds(t *testing.T) {
	k, h := promoKinds(), promoColumns()
	if len(k) != len(h) {
		t.Fatalf("%d kinds for %d columns", len(k), len(h))
	}
	want := map[string]output.Kind{"id": output.KindNumber, "code": output.KindText, "is_enabled": output.KindBool,
		"bonus_amount": output.KindNumber, "d_on": output.KindTime, "d_off": output.KindTime, "quantity_limit": output.KindNumber, "is_valid": output.KindBool}
	for i, c := range h {
		if w, ok := want[c]; ok && k[i] != w {
			t.Errorf("column %s is %v, want %v", c, k[i], w)
		}
	}
}
