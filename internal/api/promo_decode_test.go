package api

import (
	"fmt"
	"reflect"
	"testing"
)

// FuzzDecodeCode: DecodeCode decodes an element as Decode does, the code
// handed over as bytes instead of put in the promo code.
func FuzzDecodeCode(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"code":"SUMMER","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,` +
			`"time_limit_is_enabled":true,"d_on":"2026-12-01T00:00:00.000Z","d_off":"2026-12-31T00:00:00.000Z",` +
			`"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":3,"is_valid":true}`,
		`{"code":2024}`, `{"code":1.50}`, `{"code":null}`, `{"code":"a\"b\\"}`, `{"code":"\u00e9\u001b[31m"}`, `{"code":"\u00e9"}`,
		`{"code":true}`, `{"code":{}}`, `{"code":"A","code":"B"}`, `{"code":"A","id":"x"}`, `{}`, `[]`, `1`, ``,
		`{"id":"2","is_enabled":"1","bonus_amount":"0.01","d_on":null,"extra":{"code":"inner"}}`, "{\"code\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, elem []byte) {
		var d, dc PromoDecoder
		var want, got Promo
		werr := d.Decode(elem, &want)
		code, gerr := dc.DecodeCode(elem, &got)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("DecodeCode(%q) error %v, Decode's %v", elem, gerr, werr)
		}
		if werr != nil {
			return
		}
		if string(code) != string(want.Code) || got.Code != "" {
			t.Fatalf("DecodeCode(%q) code %q and Code %q, want %q and none", elem, code, got.Code, want.Code)
		}
		got.Code = want.Code
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("DecodeCode(%q) =\n%+v\nDecode gives\n%+v", elem, got, want)
		}
	})
}

// TestDecodeCodeAllocatesNothing: decoding a list's codes for a table
// makes no garbage per element once the decoder has seen their dates.
func TestDecodeCodeAllocatesNothing(t *testing.T) {
	elems := make([][]byte, 100)
	for i := range elems {
		elems[i] = fmt.Appendf(nil, `{"id":%d,"code":"SUMMER%05d","pos":%d,"is_enabled":true,"bonus_type":2,"bonus_amount":%d.5,`+
			`"time_limit_is_enabled":true,"d_on":"2026-12-01T00:00:00.000Z","d_off":"2026-12-31T00:00:00.000Z",`+
			`"quantity_limit_is_enabled":true,"quantity_limit":100,"promo_used_count":%d,"is_valid":true,"personal_limit_is_enabled":false}`,
			i, i, i, i%9, i%7)
	}
	var d PromoDecoder
	var p Promo
	n := testing.AllocsPerRun(10, func() {
		for _, e := range elems {
			if _, err := d.DecodeCode(e, &p); err != nil {
				t.Fatal(err)
			}
		}
	})
	if n != 0 {
		t.Errorf("DecodeCode: %v allocations per 100 promo codes, want none", n)
	}
}

// The code's buffer is reused: one element's code does not linger into
// the next, which has none.
func TestDecodeCodeForgetsTheLastCode(t *testing.T) {
	var d PromoDecoder
	var p Promo
	if code, err := d.DecodeCode([]byte(`{"code":"LONGERCODE"}`), &p); err != nil || string(code) != "LONGERCODE" {
		t.Fatalf("DecodeCode = %q, %v; want LONGERCODE", code, err)
	}
	if code, err := d.DecodeCode([]byte(`{"id":1}`), &p); err != nil || len(code) != 0 {
		t.Errorf("a promo code without a code gave %q, %v; want none", code, err)
	}
}
