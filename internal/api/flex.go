package api

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// The API is not consistent about types: the same id is a number in one
// place and a string in another, a flag is true/false or 0/1, dates may be
// null. These types accept every form seen and reject the rest with an
// error that names the value.

// Int is an integer sent as a number or as a string of digits; null is 0.
type Int int64

// UnmarshalJSON implements json.Unmarshaler.
func (n *Int) UnmarshalJSON(b []byte) error {
	b = unquote(b)
	if isNull(b) || len(b) == 0 {
		*n = 0
		return nil
	}
	if v, err := strconv.ParseInt(string(b), 10, 64); err == nil {
		*n = Int(v)
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return i18n.NewError(0, "api.json.want_integer", "Got", clip(b))
	}
	*n = Int(f)
	return nil
}

// Float is a number sent as a number or as a string; null is 0.
type Float float64

// UnmarshalJSON implements json.Unmarshaler.
func (n *Float) UnmarshalJSON(b []byte) error {
	b = unquote(b)
	if isNull(b) || len(b) == 0 {
		*n = 0
		return nil
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return i18n.NewError(0, "api.json.want_number", "Got", clip(b))
	}
	*n = Float(f)
	return nil
}

// Bool is a flag sent as true/false, 0/1 or a string of either; null is
// false.
type Bool bool

// UnmarshalJSON implements json.Unmarshaler.
func (v *Bool) UnmarshalJSON(b []byte) error {
	switch string(unquote(b)) {
	case "true", "1":
		*v = true
	case "false", "0", "null", "":
		*v = false
	default:
		return i18n.NewError(0, "api.json.want_bool", "Got", clip(b))
	}
	return nil
}

// String is text, also accepting a number (a code such as 2024 may arrive
// as one); null is "".
type String string

// UnmarshalJSON implements json.Unmarshaler.
func (s *String) UnmarshalJSON(b []byte) error {
	v, err := stringText(b)
	if err != nil {
		return err
	}
	*s = String(v)
	return nil
}

// stringText is the text of a String field: null is empty, a string its
// text, and a number as it is written. The result is b itself, or part of
// it, unless the string holds escapes.
func stringText(b []byte) ([]byte, error) {
	if isNull(b) {
		return nil, nil
	}
	if len(b) > 0 && b[0] == '"' {
		if v := unquote(b); len(v) < len(b) {
			return v, nil
		}
		v, err := jsonString(b)
		return []byte(v), err
	}
	if _, err := strconv.ParseFloat(string(b), 64); err == nil {
		return b, nil
	}
	return nil, i18n.NewError(0, "api.json.want_string", "Got", clip(b))
}

// Time is a date as the API writes it (2021-08-04T13:57:37.243Z); null or
// "" is the zero Time. Raw keeps the server's text.
type Time struct {
	time.Time
	Raw string
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Time) UnmarshalJSON(b []byte) error {
	*t = Time{}
	if isNull(b) {
		return nil
	}
	s, err := jsonString(b)
	if err != nil {
		return i18n.NewError(0, "api.json.want_date", "Got", clip(b))
	}
	if s == "" {
		return nil
	}
	v, err := promo.ParseAPITime(s)
	if err != nil {
		return err
	}
	t.Time, t.Raw = v, s
	return nil
}

// Set reports whether the server sent a date.
func (t Time) Set() bool { return t.Raw != "" }

// jsonString decodes a JSON string; one without escapes, the usual case,
// is not handed to encoding/json.
func jsonString(b []byte) (string, error) {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 {
		return string(b[1 : len(b)-1]), nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return "", i18n.NewError(0, "api.json.want_string", "Got", clip(b))
	}
	return s, nil
}

func isNull(b []byte) bool { return string(b) == "null" }

// unquote strips the quotes of a JSON string that holds no escapes; other
// values are returned as they are.
func unquote(b []byte) []byte {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' && bytes.IndexByte(b, '\\') < 0 {
		return b[1 : len(b)-1]
	}
	return b
}

func clip(b []byte) string {
	const n = 40
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
