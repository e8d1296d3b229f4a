package output

import (
	"reflect"
	"runtime/debug"
	"testing"

	"github.com/promoctl/promoctl/internal/jsonscan"
)

// jqDecoder decodes any valid JSON to what jqInput gives gojq: the same
// maps, arrays, strings (invalid UTF-8 and escapes as encoding/json reads
// them), ints, big integers and floats.
func FuzzJQDecoderIsJQInput(f *testing.F) {
	for _, s := range []string{
		`{"id":100001,"code":"SUMMER10","is_enabled":true,"bonus_amount":12.5,"d_on":null,"n":[1,-2,3e2,{"a":[]}]}`,
		`123456789012345678901234567890`, `-0`, `1e400`, `-1.5E-3`, `0.1`, `255`, `256`,
		`"caf\u00e9 \"q\" \n"`, "\"\xff\xfeok\xc3\"", `{"\u006bey":1,"key":2}`, "{\"k\xff\":1}",
		` [ 1 , "a" , null ] `, `{}`, `[]`, `""`, `true`, `false`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !jsonscan.Valid(b) {
			return
		}
		want, werr := jqInput(b)
		var d jqDecoder
		got, err := d.value(b)
		if err != nil || werr != nil {
			if (err == nil) != (werr == nil) {
				t.Fatalf("%q: jqDecoder error %v, jqInput error %v", b, err, werr)
			}
			return
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\njqDecoder %#v\njqInput   %#v", b, got, want)
		}
		// Decoding again with the keys it kept gives the same.
		if again, _ := d.value(b); !reflect.DeepEqual(again, want) {
			t.Fatalf("%q decoded again: %#v", b, again)
		}
	})
}

// A promo code for --jq costs a quarter of the allocations of
// encoding/json's decoder (40): its map, its strings and its large
// numbers, and no more.
func TestJQDecoderAllocations(t *testing.T) {
	elem := []byte(`{"id":100001,"code":"SUMMERSALE00001","pos":2,"is_enabled":false,"bonus_type":3,"bonus_amount":2,` +
		`"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z",` +
		`"quantity_limit_is_enabled":false,"quantity_limit":100,"promo_used_count":1,"is_valid":false}`)
	var d jqDecoder
	d.value(elem)
	old := testing.AllocsPerRun(100, func() { jqInput(elem) })
	n := testing.AllocsPerRun(100, func() { d.value(elem) })
	if n > 11 {
		t.Errorf("jqDecoder: %v allocations per promo code, want at most 11 (jqInput makes %v)", n, old)
	}
	t.Logf("jqDecoder %v allocations per promo code, jqInput %v", n, old)
}

// collectSooner lowers GOGC for the run of a filter and puts it back; a
// lower setting, or the collector off, is left as the user set it.
func TestCollectSooner(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	restore := collectSooner(25)
	if got := debug.SetGCPercent(25); got != 25 {
		t.Errorf("GOGC while collecting sooner = %d, want 25", got)
	}
	restore()
	if got := debug.SetGCPercent(10); got != 100 {
		t.Errorf("GOGC after = %d, want 100 back", got)
	}
	for _, user := range []int{10, -1} {
		debug.SetGCPercent(user)
		restore := collectSooner(25)
		if got := debug.SetGCPercent(user); got != user {
			t.Errorf("GOGC under the user's %d = %d, want theirs kept", user, got)
		}
		restore()
	}
}
