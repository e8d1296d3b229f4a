package plan

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestReadMemoryPerRow: what Read keeps of a row is the row's values, a
// few hundred bytes, not the row's text: a long column it ignores (a
// status of 4 KiB here) is not held through the code cut from the same
// row. docs/performance.md states the bound.
func TestReadMemoryPerRow(t *testing.T) {
	const n = 20_000
	var b bytes.Buffer
	b.WriteString("id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid,status\n")
	pad := strings.Repeat("x", 4<<10)
	for i := range n {
		fmt.Fprintf(&b, "%d,CODE%06d,%d,true,2,10.5,false,true,2026-06-01T00:00:00.000Z,2026-12-31T20:59:59.000Z,true,100,3,true,%s\n", 1000+i, i, i, pad)
	}
	data := bytes.NewReader(b.Bytes())
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	rows, err := ReadFrom("a.csv", data, ReadOptions{Loc: moscow})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	perRow := (float64(m1.HeapAlloc) - float64(m0.HeapAlloc)) / n
	if len(rows) != n || perRow > 512 {
		t.Errorf("%d rows held %.0f bytes each, want at most 512", len(rows), perRow)
	}
	runtime.KeepAlive(rows)
	runtime.KeepAlive(data)
}
