package api

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestIntUnmarshal(t *testing.T) {
	good := []struct {
		in   string
		want Int
	}{
		{`12`, 12}, {`"12"`, 12}, {`-3`, -3}, {`"-3"`, -3}, {`0`, 0},
		{`null`, 0}, {`""`, 0}, {`12.0`, 12}, {`"1e3"`, 1000}, {`1E2`, 100},
		{`9007199254740993`, 9007199254740993}, // beyond float64 precision: read as an integer
		{`"9223372036854775807"`, 9223372036854775807},
	}
	for _, tt := range good {
		n := Int(99)
		if err := n.UnmarshalJSON([]byte(tt.in)); err != nil || n != tt.want {
			t.Errorf("Int.UnmarshalJSON(%s) = %d, %v; want %d, nil", tt.in, n, err, tt.want)
		}
	}
	bad := []struct{ in, want string }{
		{`1.5`, "want an integer, got 1.5"},
		{`"abc"`, "want an integer, got abc"},
		{`true`, "want an integer, got true"},
		{`{}`, "want an integer, got {}"},
		{`[1]`, "want an integer, got [1]"},
		{`1e300`, "want an integer, got 1e300"},
		{`"NaN"`, "want an integer, got NaN"},
		{`"Infinity"`, "want an integer, got Infinity"},
		{`" 12"`, "want an integer, got  12"},
		{`"` + strings.Repeat("x", 60) + `"`, "want an integer, got " + strings.Repeat("x", 40) + "…"},
	}
	for _, tt := range bad {
		var n Int
		if err := n.UnmarshalJSON([]byte(tt.in)); err == nil || err.Error() != tt.want {
			t.Errorf("Int.UnmarshalJSON(%s) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestFloatUnmarshal(t *testing.T) {
	good := []struct {
		in   string
		want Float
	}{
		{`12.5`, 12.5}, {`"12.5"`, 12.5}, {`1`, 1}, {`"0.01"`, 0.01}, {`-0.5`, -0.5}, {`1e2`, 100},
		{`null`, 0}, {`""`, 0},
	}
	for _, tt := range good {
		f := Float(99)
		if err := f.UnmarshalJSON([]byte(tt.in)); err != nil || f != tt.want {
			t.Errorf("Float.UnmarshalJSON(%s) = %v, %v; want %v, nil", tt.in, f, err, tt.want)
		}
	}
	bad := []struct{ in, want string }{
		{`"abc"`, "want a number, got abc"},
		{`true`, "want a number, got true"},
		{`[]`, "want a number, got []"},
		{`"NaN"`, "want a number, got NaN"},
		{`"Infinity"`, "want a number, got Infinity"},
		{`"-Inf"`, "want a number, got -Inf"},
		{`1e400`, "want a number, got 1e400"},
		{`"12,5"`, "want a number, got 12,5"},
	}
	for _, tt := range bad {
		var f Float
		if err := f.UnmarshalJSON([]byte(tt.in)); err == nil || err.Error() != tt.want {
			t.Errorf("Float.UnmarshalJSON(%s) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestBoolUnmarshal(t *testing.T) {
	good := []struct {
		in   string
		want Bool
	}{
		{`true`, true}, {`false`, false}, {`1`, true}, {`0`, false},
		{`"1"`, true}, {`"0"`, false}, {`"true"`, true}, {`"false"`, false},
		{`null`, false}, {`""`, false},
	}
	for _, tt := range good {
		b := !tt.want // start from the other value, so a no-op is caught
		if err := b.UnmarshalJSON([]byte(tt.in)); err != nil || b != tt.want {
			t.Errorf("Bool.UnmarshalJSON(%s) = %v, %v; want %v, nil", tt.in, b, err, tt.want)
		}
	}
	for _, in := range []string{`2`, `-1`, `1.0`, `"yes"`, `"True"`, `"on"`, `{}`, `[true]`} {
		var b Bool
		if err := b.UnmarshalJSON([]byte(in)); err == nil || err.Error() != "want true or false, got "+in {
			t.Errorf("Bool.UnmarshalJSON(%s) error = %v, want %q", in, err, "want true or false, got "+in)
		}
	}
}

func TestStringUnmarshal(t *testing.T) {
	good := []struct{ in, want string }{
		{`"SUMMER"`, "SUMMER"},
		{`"a\"b\\c"`, `a"b\c`},
		{`"\u00e9t\u00e9"`, "été"},
		{`"Промо"`, "Промо"},
		{`2024`, "2024"},
		{`1.50`, "1.50"}, // the number's text as sent
		{`-7`, "-7"},
		{`null`, ""},
		{`""`, ""},
	}
	for _, tt := range good {
		s := String("old")
		if err := s.UnmarshalJSON([]byte(tt.in)); err != nil || string(s) != tt.want {
			t.Errorf("String.UnmarshalJSON(%s) = %q, %v; want %q, nil", tt.in, s, err, tt.want)
		}
	}
	for _, in := range []string{`true`, `{}`, `["a"]`, `"unterminated\"`} {
		var s String
		if err := s.UnmarshalJSON([]byte(in)); err == nil || !strings.HasPrefix(err.Error(), "want a string, got ") {
			t.Errorf("String.UnmarshalJSON(%s) error = %v, want a string error", in, err)
		}
	}
}

func TestTimeUnmarshal(t *testing.T) {
	good := []struct {
		in, want, raw string
	}{
		{`"2021-08-04T13:57:37.243Z"`, "2021-08-04T13:57:37.243Z", "2021-08-04T13:57:37.243Z"},
		{`"2021-08-04T16:57:37.243+03:00"`, "2021-08-04T13:57:37.243Z", "2021-08-04T16:57:37.243+03:00"},
		{`"2021-08-04 13:57:37"`, "2021-08-04T13:57:37Z", "2021-08-04 13:57:37"},
		{`"2021-08-04T13:57:37.243\u005a"`, "2021-08-04T13:57:37.243Z", "2021-08-04T13:57:37.243Z"},
	}
	for _, tt := range good {
		var v Time
		if err := v.UnmarshalJSON([]byte(tt.in)); err != nil {
			t.Errorf("Time.UnmarshalJSON(%s) error: %v", tt.in, err)
			continue
		}
		want, _ := time.Parse(time.RFC3339Nano, tt.want)
		if !v.Equal(want) || v.Raw != tt.raw || !v.Set() {
			t.Errorf("Time.UnmarshalJSON(%s) = %v raw %q set %v; want %v raw %q set true", tt.in, v.Time, v.Raw, v.Set(), want, tt.raw)
		}
	}
	for _, in := range []string{`null`, `""`} {
		v := Time{Time: time.Now(), Raw: "old"}
		if err := v.UnmarshalJSON([]byte(in)); err != nil || v.Set() || !v.IsZero() {
			t.Errorf("Time.UnmarshalJSON(%s) = %v raw %q, %v; want the zero Time, nil", in, v.Time, v.Raw, err)
		}
	}
	bad := []struct{ in, want string }{
		{`123`, "want a date, got 123"},
		{`true`, "want a date, got true"},
		{`{}`, "want a date, got {}"},
		{`"garbage"`, `cannot read date "garbage" from the server`},
		{`"04.08.2021"`, `cannot read date "04.08.2021" from the server`},
	}
	for _, tt := range bad {
		var v Time
		if err := v.UnmarshalJSON([]byte(tt.in)); err == nil || err.Error() != tt.want {
			t.Errorf("Time.UnmarshalJSON(%s) error = %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestPromoDecodesDriftingTypes reads one record in every form the API has
// been seen to send, through encoding/json as the client does.
func TestPromoDecodesDriftingTypes(t *testing.T) {
	raw := `{"id": "1001", "code": 2024, "pos": null, "is_enabled": 1, "bonus_type": "3", "bonus_amount": "12.50",
		"bonus_amount_is_in_percentages": "0", "time_limit_is_enabled": true, "d_on": "2026-12-01T00:00:00.000Z",
		"d_off": null, "quantity_limit_is_enabled": "true", "quantity_limit": "10", "promo_used_count": 3,
		"is_valid": false, "personal_limit_is_enabled": null, "some_new_field": {"nested": [1, 2]}}`
	var p Promo
	if err := json.Unmarshal([]byte(raw), &p); err != nil {
		t.Fatalf("Unmarshal error: %v", err)
	}
	if p.ID == nil || *p.ID != 1001 || p.Code != "2024" || p.Pos != nil || !bool(p.IsEnabled) || p.BonusType != 3 ||
		p.BonusAmount != 12.5 || bool(p.BonusAmountIsInPercentages) || !bool(p.TimeLimitIsEnabled) ||
		!p.DOn.Set() || p.DOff.Set() || !bool(p.QuantityLimitIsEnabled) || p.QuantityLimit != 10 ||
		p.PromoUsedCount == nil || *p.PromoUsedCount != 3 || p.IsValid == nil || bool(*p.IsValid) || p.PersonalLimitIsEnabled != nil {
		t.Errorf("decoded %+v, not the record sent", p)
	}
	f := p.Record()
	if f.Code != "2024" || f.BonusType != 3 || f.DOn == nil || *f.DOn != "2026-12-01T00:00:00.000Z" || f.DOff != nil || f.QuantityLimit != 10 {
		t.Errorf("Fields() = %+v, want the writable fields with d_on kept as sent and d_off nil", f)
	}
}
