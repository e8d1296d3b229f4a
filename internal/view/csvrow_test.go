package view

import (
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
)

// promoJSON is n promo codes shaped like the API's (those of
// BenchmarkList), one element each; every third lacks its optional fields.
func promoJSON(n int) [][]byte {
	elems := make([][]byte, n)
	for i := range elems {
		opt := fmt.Sprintf(`"id":%d,"pos":%d,"promo_used_count":%d,"is_valid":%t,`, 100000+i, i+1, i%7, i%2 == 0)
		if i%3 == 2 {
			opt = `"id":null,`
		}
		elems[i] = fmt.Appendf(nil, `{%s"code":"SUMMERSALE%05d","is_enabled":%t,"bonus_type":%d,"bonus_amount":%d.%d,`+
			`"bonus_amount_is_in_percentages":%t,"time_limit_is_enabled":%t,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z",`+
			`"quantity_limit_is_enabled":%t,"quantity_limit":%d}`,
			opt, i, i%2 == 0, 2+i%2, 1+i%90, i%4, i%3 == 0, i%4 == 0, i%5 == 0, 100*(i%5))
	}
	return elems
}

type elems struct{ rest [][]byte }

func (e *elems) Next() ([]byte, error) {
	if len(e.rest) == 0 {
		return nil, io.EOF
	}
	x := e.rest[0]
	e.rest = e.rest[1:]
	return x, nil
}

// TestPromoListStreamAllocations: the CSV and the table of a streamed
// promo list make no garbage per code (decoded, made a row, and written,
// or stored and drawn), so that the Go runtime need not collect and
// their peak memory stays flat however long the list
// (docs/performance.md). What a list costs once does not count: the
// allocations of a short list are taken from those of a long one (a
// table's rows go to a temporary file past some 4,000 codes).
func TestPromoListStreamAllocations(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	all := promoJSON(20000)
	for _, c := range []struct {
		format      format.Format
		short, long int
	}{
		{format.CSV, 1000, 5000},
		{format.Table, 5000, 20000},
	} {
		allocs := func(n int) float64 {
			src := &elems{}
			return testing.AllocsPerRun(3, func() {
				src.rest = all[:n]
				if err := output.WriteList(io.Discard, PromoListStream(src, time.UTC, viewNow), output.Options{Format: c.format}); err != nil {
					t.Fatal(err)
				}
			})
		}
		per := (allocs(c.long) - allocs(c.short)) / float64(c.long-c.short)
		if per > 0.01 {
			t.Errorf("-o %s: %.3f allocations per promo code, want none", c.format, per)
		}
		t.Logf("-o %s: %.4f allocations per promo code", c.format, per)
	}
}
