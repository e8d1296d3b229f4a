package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// promoInput holds the writable fields of spec 2.3 that a request body
// carries; nil means the field was omitted.
type promoInput struct {
	siteID          *int64
	code            *string
	isEnabled       *bool
	bonusType       *int64
	bonusAmount     *float64
	isPercent       *bool
	timeLimit       *bool
	dOn, dOff       *optionalTime
	quantityLimitOn *bool
	quantityLimit   *int64
	personalLimit   *bool
	extra           extraFields // fields the sandbox does not model (extra.go)
}

// optionalTime is a date-time field that may be null.
type optionalTime struct{ t *time.Time }

// apply copies the present fields onto p. site_id is not applied: it is
// taken at create time only.
func (in *promoInput) apply(p *promoRec) {
	setIf(&p.Code, in.code)
	setIf(&p.IsEnabled, in.isEnabled)
	setIf(&p.BonusType, in.bonusType)
	setIf(&p.BonusAmount, in.bonusAmount)
	setIf(&p.IsPercent, in.isPercent)
	setIf(&p.TimeLimit, in.timeLimit)
	if in.dOn != nil {
		p.DOn = in.dOn.t
	}
	if in.dOff != nil {
		p.DOff = in.dOff.t
	}
	setIf(&p.QuantityLimitOn, in.quantityLimitOn)
	setIf(&p.QuantityLimit, in.quantityLimit)
	setIf(&p.PersonalLimit, in.personalLimit)
	for name, v := range in.extra {
		if p.Extra == nil {
			p.Extra = extraFields{}
		}
		p.Extra[name] = v
	}
}

func setIf[T any](dst *T, src *T) {
	if src != nil {
		*dst = *src
	}
}

// decodeObject parses a request body that must be one JSON object and
// returns its members undecoded.
func decodeObject(body []byte) (map[string]json.RawMessage, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, invalidf("request body is empty; send a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, invalidf("request body must be a JSON object, got %s", typeErr.Value)
		}
		return nil, invalidf("malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if obj == nil {
		return nil, invalidf("request body must be a JSON object, got null")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, invalidf("malformed JSON: unexpected data after the object")
	}
	return obj, nil
}

// parsePromoInput reads the writable fields from a decoded body. withSite
// says whether site_id is taken (create) or ignored (update). user_id and
// fields the API does not define are ignored.
func parsePromoInput(obj map[string]json.RawMessage, withSite bool) (*promoInput, error) {
	in := &promoInput{}
	var err error
	if withSite {
		if in.siteID, err = intField(obj, "site_id"); err != nil {
			return nil, err
		}
		if in.siteID != nil && *in.siteID <= 0 {
			return nil, invalidf("site_id must be a positive integer")
		}
	}
	if in.code, err = stringField(obj, "code"); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		dst  **bool
	}{
		{"is_enabled", &in.isEnabled},
		{"bonus_amount_is_in_percentages", &in.isPercent},
		{"time_limit_is_enabled", &in.timeLimit},
		{"quantity_limit_is_enabled", &in.quantityLimitOn},
		{"personal_limit_is_enabled", &in.personalLimit},
	} {
		if *f.dst, err = boolField(obj, f.name); err != nil {
			return nil, err
		}
	}
	if in.bonusType, err = intField(obj, "bonus_type"); err != nil {
		return nil, err
	}
	if in.bonusAmount, err = numberField(obj, "bonus_amount"); err != nil {
		return nil, err
	}
	if in.quantityLimit, err = intField(obj, "quantity_limit"); err != nil {
		return nil, err
	}
	if in.dOn, err = timeField(obj, "d_on"); err != nil {
		return nil, err
	}
	if in.dOff, err = timeField(obj, "d_off"); err != nil {
		return nil, err
	}
	if in.extra, err = parseExtra(obj); err != nil {
		return nil, err
	}
	return in, nil
}

// Field decoders. Each returns nil when the field is absent and a 400 kind 10
// error naming the field when its value has the wrong type.

func stringField(obj map[string]json.RawMessage, name string) (*string, error) {
	raw, ok := obj[name]
	if !ok {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil || isNull(raw) {
		return nil, invalidf("%s must be a string", name)
	}
	return &s, nil
}

// boolField accepts JSON booleans and, as the API itself drifts between the
// two, the numbers 0 and 1.
func boolField(obj map[string]json.RawMessage, name string) (*bool, error) {
	raw, ok := obj[name]
	if !ok {
		return nil, nil
	}
	switch strings.TrimSpace(string(raw)) {
	case "true", "1":
		v := true
		return &v, nil
	case "false", "0":
		v := false
		return &v, nil
	}
	return nil, invalidf("%s must be a boolean (true or false)", name)
}

// intField accepts a JSON number with an integral value or a string holding
// a decimal integer (the reference types some ids as strings).
func intField(obj map[string]json.RawMessage, name string) (*int64, error) {
	raw, ok := obj[name]
	if !ok {
		return nil, nil
	}
	text, ok := numberText(raw)
	if ok {
		if v, err := strconv.ParseInt(text, 10, 64); err == nil {
			return &v, nil
		}
		if f, err := strconv.ParseFloat(text, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			v := int64(f)
			return &v, nil
		}
	}
	return nil, invalidf("%s must be an integer", name)
}

// numberField accepts a JSON number or a string holding a decimal number.
func numberField(obj map[string]json.RawMessage, name string) (*float64, error) {
	raw, ok := obj[name]
	if !ok {
		return nil, nil
	}
	if text, ok := numberText(raw); ok {
		if f, err := strconv.ParseFloat(text, 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return &f, nil
		}
	}
	return nil, invalidf("%s must be a number", name)
}

// numberText returns the text of a JSON number, or of a JSON string that
// holds one in JSON number syntax.
func numberText(raw json.RawMessage) (string, bool) {
	if isNull(raw) {
		return "", false
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil || n == "" {
		return "", false
	}
	return string(n), true
}

// timeField accepts null or an RFC 3339 date-time with or without fractional
// seconds, such as 2026-12-01T00:00:00.000Z or 2026-12-01T03:00:00+03:00.
func timeField(obj map[string]json.RawMessage, name string) (*optionalTime, error) {
	raw, ok := obj[name]
	if !ok {
		return nil, nil
	}
	if isNull(raw) {
		return &optionalTime{}, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, invalidf("%s must be an RFC 3339 date-time string such as 2026-12-01T00:00:00.000Z, or null", name)
	}
	t, err := parseAPITime(s)
	if err != nil {
		return nil, invalidf("%s must be an RFC 3339 date-time such as 2026-12-01T00:00:00.000Z, or null; got %q", name, s)
	}
	if !inAPIRange(t) {
		return nil, invalidf("%s must be between %s and %s in UTC; got %q", name, apiTimeMin, apiTimeMax, s)
	}
	return &optionalTime{t: &t}, nil
}

func isNull(raw json.RawMessage) bool {
	return strings.TrimSpace(string(raw)) == "null"
}
