package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
	"unicode/utf8"
)

var decoderSeeds = []string{
	`[]`, `null`, ` [ ] `, `[{}]`, `[null]`, `{}`, `"x"`, `1`, ``, `[`, `]`, `[{]`, `[{"id":1}`, `<html>`,
	`[{"id":1,"code":"SUMMER","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,` +
		`"time_limit_is_enabled":true,"d_on":"2026-12-01T00:00:00.000Z","d_off":"2026-12-31T00:00:00.000Z",` +
		`"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":3,"is_valid":true}]`,
	`[{"id":"2","code":2024,"is_enabled":"1","bonus_amount":"0.01","d_on":null,"extra":{"a":[1,"]",{"b":"}"}]}}]`,
	`[{"code":"a\"b\\","is_enabled":0},{"code":"\u00e9"}]`,
	`[{"id":1.5}]`, `[{"is_enabled":2}]`, `[{"d_on":"garbage"}]`, `[{"id":1,"id":"x"}]`, `[{"ID":1}]`,
	`[1,2,3]`, `[{"a":1} {"b":2}]`, `[{"a":1},]`, `[{"code":"x"}]x`, "[{\"code\":\"\xff\"}]",
}

// promoFields is Promo without its decoder: encoding/json reads it by
// reflection, through the same field types. It is the reference the fast
// decoder is held to.
type promoFields Promo

var promoKeys = func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeFor[Promo]()
	for i := range t.NumField() {
		keys[t.Field(i).Tag.Get("json")] = true
	}
	return keys
}()

// referencePromos decodes a list with encoding/json, matching keys exactly
// as the API names them (encoding/json alone would also take "ID" for id).
func referencePromos(raw []byte) ([]Promo, error) {
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	out := make([]Promo, len(items))
	for i, m := range items {
		for k := range m {
			if !promoKeys[k] {
				delete(m, k)
			}
		}
		b, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, (*promoFields)(&out[i])); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// FuzzDecodePromos feeds arbitrary bodies through the list decoder: the
// check every 2xx body passes, then DecodePromos. Nothing may panic; a body
// accepted as a list is valid JSON, decodes to one promo code per element,
// and to what encoding/json makes of it.
func FuzzDecodePromos(f *testing.F) {
	for _, s := range decoderSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		// Whatever the bytes, the decoders do not panic.
		DecodePromos(body)
		DecodeStats(body)

		raw, err := checkJSON(&Response{Status: 200, Body: body}, '[')
		trimmed := bytes.TrimSpace(body)
		wantOK := json.Valid(trimmed) && (len(trimmed) > 0 && trimmed[0] == '[' || string(trimmed) == "null")
		if (err == nil) != wantOK {
			t.Fatalf("checkJSON(%q) error = %v, want accepted = %v (json.Valid = %v)", body, err, wantOK, json.Valid(trimmed))
		}
		if err != nil {
			return
		}
		if !json.Valid(raw) {
			t.Fatalf("checkJSON(%q) = %q, which is not valid JSON", body, raw)
		}
		ps, err := DecodePromos(raw)
		if err != nil {
			return
		}
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			t.Fatalf("DecodePromos(%q) succeeded on what encoding/json refuses: %v", raw, err)
		}
		if len(ps) != len(elems) {
			t.Fatalf("DecodePromos(%q) = %d promo codes, want %d, one per element", raw, len(ps), len(elems))
		}
		want, err := referencePromos(raw)
		if err != nil {
			t.Fatalf("DecodePromos(%q) succeeded, encoding/json with the same field types fails: %v", raw, err)
		}
		if !reflect.DeepEqual(ps, want) {
			t.Fatalf("DecodePromos(%q) =\n%+v\nencoding/json gives\n%+v", raw, ps, want)
		}
	})
}

// FuzzDecodeError feeds arbitrary error bodies to decodeError: it never
// panics, always keeps the status, and its message is one line of
// printable, valid UTF-8 whatever the server sent.
func FuzzDecodeError(f *testing.F) {
	for _, s := range []string{
		`{"title":"user cant view site","error":30,"code":403}`, `{"title":"x","error":"40"}`, `{"title":null}`,
		`{"title":"\u001b[2J\u009b31m"}`, `<html><body>502</body></html>`, ``, `upstream down`, "bad\xff\x1b[31m",
		`{"error":1e400}`, `[]`, `null`, `{"title":"` + string(bytes.Repeat([]byte("ж"), 200)) + `"}`,
	} {
		f.Add(403, false, []byte(s))
		f.Add(502, true, []byte(s))
	}
	f.Fuzz(func(t *testing.T, status int, plain bool, body []byte) {
		h := http.Header{"Content-Type": {"application/json"}}
		if plain {
			h.Set("Content-Type", "text/plain")
		}
		err := decodeError(status, h, body)
		e, ok := err.(*Error)
		if !ok || e.Status != status {
			t.Fatalf("decodeError(%d, %q) = %#v, want *Error with that status", status, body, err)
		}
		msg := e.Error()
		if !utf8.ValidString(msg) {
			t.Fatalf("decodeError(%q).Error() = %q is not valid UTF-8", body, msg)
		}
		for i := 0; i < len(msg); i++ {
			if msg[i] < 0x20 || msg[i] == 0x7f {
				t.Fatalf("decodeError(%q).Error() = %q holds control byte %#x", body, msg, msg[i])
			}
		}
		if n := utf8.RuneCountInString(e.Title); n > 201 {
			t.Fatalf("decodeError(%q) title has %d characters, want at most 200 and an ellipsis", body, n)
		}
	})
}
