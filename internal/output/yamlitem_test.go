package output

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
)

// TestYAMLItemsMatchYAMLv3: flat objects written field by field read
// exactly as yaml.v3 writes them, whatever the keys and strings: values
// YAML would read as another type, quoting, escapes, long lines, repeated
// and odd keys (which yaml.v3 then writes itself).
func TestYAMLItemsMatchYAMLv3(t *testing.T) {
	values := []string{
		`""`, `"true"`, `"True"`, `"TRUE"`, `"yes"`, `"Yes"`, `"Y"`, `"y"`, `"n"`, `"no"`, `"on"`, `"Off"`,
		`"null"`, `"Null"`, `"~"`, `"2024"`, `"1e5"`, `"0x1F"`, `"0o17"`, `"1_000"`, `".5"`, `"-"`, `"- a"`,
		`"a: b"`, `"a:b"`, `"a #b"`, `"#a"`, `"a b"`, `"é"`, `"\u00e9"`, `"\/x"`, `"line\nbreak"`, `"tab\there"`,
		`"2026-06-01T00:00:00.000Z"`, `"2026-06-01"`, `"12:30"`, `"1:20:30"`, `"<<"`, `"="`, `"a'b"`, `"a\"b"`,
		`"  lead"`, `"trail "`, `"-1"`, `"+1"`, `".inf"`, `"NaN"`, `"nan"`, `"a.b"`, `"A-B_c.9"`, `"SUMMERSALE00001"`,
		`"E5"`, `"e"`, `"x"`, `"..."`, `"---"`, `"a..."`, `"a---b"`, `"\u0000"`, `"\ud83d\ude00"`, `"a\\b"`,
		`"` + strings.Repeat("word ", 30) + `"`, `"` + strings.Repeat("x", 200) + `"`, `"` + strings.Repeat("ab-", 40) + `"`,
		`0`, `-0`, `1.5e-7`, `100000000000000000000001`, `-12.50`, `true`, `false`, `null`,
		`{}`, `[]`, `{"a":1}`, `[1,"b"]`,
	}
	keys := []string{`"k"`, `"true"`, `"y"`, `"1"`, `"a b"`, `""`, `"\u0061"`, `"<<"`, `"é"`, `"Key.Name-2"`,
		`"` + strings.Repeat("k", 70) + `"`, `"` + strings.Repeat("k", 130) + `"`}
	var items []string
	for _, v := range values {
		items = append(items, `{"id":1,"v":`+v+`,"code":"A1"}`, `{"v":`+v+`}`)
	}
	for _, k := range keys {
		items = append(items, `{"id":1,`+k+`:"x","z":2}`, `{`+k+`:2}`)
	}
	items = append(items, `{"a":1,"b":2,"a":3}`, `{"a":1,"\u0061":3}`, `{}`, `{ "a" : 1 , "b" : "c" }`, `[1]`, `"s"`, `2`, `null`)
	list := "[" + strings.Join(items, ",") + "]"
	o := Options{Format: format.YAML}
	got := writeListString(t, listOf(t, list), o)
	want := writeString(t, dataOf(t, list), o)
	if got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d: streamed %q, yaml.v3 %q", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("streamed %d lines, yaml.v3 %d", len(gl), len(wl))
	}
	// Each item alone too: a field's line does not depend on its neighbours.
	for _, it := range items {
		list := "[" + it + "]"
		if got, want := writeListString(t, listOf(t, list), o), writeString(t, dataOf(t, list), o); got != want {
			t.Errorf("%s:\nstreamed %q\nyaml.v3  %q", it, got, want)
		}
	}
}

// promoElements is n promo codes shaped like the API's (those of
// BenchmarkList), as a stream hands them out.
func promoElements(n int) [][]byte {
	elems := make([][]byte, n)
	for i := range elems {
		elems[i] = fmt.Appendf(nil, `{"id":%d,"code":"SUMMERSALE%05d","pos":%d,"is_enabled":%t,"bonus_type":%d,"bonus_amount":%d,`+
			`"bonus_amount_is_in_percentages":%t,"time_limit_is_enabled":%t,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z",`+
			`"quantity_limit_is_enabled":%t,"quantity_limit":%d,"promo_used_count":%d,"is_valid":%t}`,
			100000+i, i, i+1, i%2 == 0, 2+i%2, 1+i%90, i%3 == 0, i%4 == 0, i%5 == 0, 100*(i%5), i%7, i%2 == 0)
	}
	return elems
}

// allocsPerElement is the allocations per element of writing a list of
// promo codes in the format o: those of 5,000 codes less those of 1,000,
// over 4,000, so that what a list costs once (buffers, the cache of
// dates) does not count.
func allocsPerElement(t *testing.T, l func(src Elements) List, o Options) float64 {
	t.Helper()
	const short, long = 1000, 5000
	elems := promoElements(long)
	allocs := func(n int) float64 {
		src := &sliceElements{}
		return testing.AllocsPerRun(5, func() {
			src.elems = elems[:n]
			if err := WriteList(io.Discard, l(src), o); err != nil {
				t.Fatal(err)
			}
		})
	}
	return (allocs(long) - allocs(short)) / (long - short)
}

// TestStreamYAMLAllocatesNothingPerElement: -o yaml of a promo list
// makes no garbage per code, so that its peak memory stays flat however
// long the list (docs/performance.md).
func TestStreamYAMLAllocatesNothingPerElement(t *testing.T) {
	per := allocsPerElement(t, func(src Elements) List { return List{Elements: src} }, Options{Format: format.YAML})
	if per > 0.01 {
		t.Errorf("-o yaml: %.3f allocations per promo code, want at most 0.01", per)
	}
	t.Logf("-o yaml: %.3f allocations per promo code", per)
}
