package sandbox

import (
	"bytes"
	"encoding/json"

	"github.com/promoctl/promoctl/internal/promo/spec"
)

// The sandbox models the API's fields of a promo code itself (promoInput,
// promoRec and the shapes of records.go), so that it checks the client
// rather than sharing its code. A field added to promoctl's table of
// fields (internal/promo/spec, data only) that the sandbox does not model
// is still kept: a create or update stores it as sent, checked by its
// kind, and the shapes the row names return it (the list item when the
// row is List, the record when it is Record), so that a new field can be
// tried on the sandbox before the sandbox learns its rules.

// modelled reports whether the sandbox reads and returns field name
// itself.
func modelled(name string) bool {
	switch name {
	case "id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit",
		"promo_used_count", "is_valid", "personal_limit_is_enabled":
		return true
	}
	return false
}

// extraFields are a promo code's values of fields the sandbox does not
// model, by API name, as JSON.
type extraFields map[string]json.RawMessage

// extraRows are the writable rows of the table of fields that the sandbox
// does not model.
func extraRows() []spec.Row {
	var out []spec.Row
	for _, f := range spec.Rows() {
		if f.Writable && !modelled(f.Name) {
			out = append(out, f)
		}
	}
	return out
}

// parseExtra reads the values of the extra rows from a request's body,
// each checked by its kind and kept in the form the API writes it; nil
// when there are none.
func parseExtra(obj map[string]json.RawMessage) (extraFields, error) {
	var out extraFields
	for _, f := range extraRows() {
		if _, ok := obj[f.Name]; !ok {
			continue
		}
		raw, err := parseField(obj, f)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = extraFields{}
		}
		out[f.Name] = raw
	}
	return out, nil
}

// parseField reads field f of a request's body by its kind, as the API
// writes such a value back.
func parseField(obj map[string]json.RawMessage, f spec.Row) (json.RawMessage, error) {
	var v any
	var err error
	switch f.Kind {
	case spec.KindText:
		v, err = stringField(obj, f.Name)
	case spec.KindInt, spec.KindBonusType:
		v, err = intField(obj, f.Name)
	case spec.KindAmount:
		v, err = numberField(obj, f.Name)
	case spec.KindBool:
		v, err = boolField(obj, f.Name)
	case spec.KindDate:
		var t *optionalTime
		if t, err = timeField(obj, f.Name); err == nil {
			v = optTime(t.t)
		}
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// shape is the part of e that a shape of the record returns: the rows
// that keep says.
func (e extraFields) shape(keep func(spec.Row) bool) extraFields {
	if len(e) == 0 {
		return nil
	}
	out := extraFields{}
	for _, f := range extraRows() {
		if v, ok := e[f.Name]; ok && keep(f) {
			out[f.Name] = v
		}
	}
	return out
}

// withExtra is the JSON object b with the fields of e added at its end,
// in the order of the table of fields.
func withExtra(b []byte, e extraFields) []byte {
	if len(e) == 0 {
		return b
	}
	var buf bytes.Buffer
	buf.Write(bytes.TrimSuffix(bytes.TrimSpace(b), []byte("}")))
	for _, f := range extraRows() {
		v, ok := e[f.Name]
		if !ok {
			continue
		}
		name, _ := json.Marshal(f.Name)
		buf.WriteByte(',')
		buf.Write(name)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// MarshalJSON writes the record with its extra fields.
func (o promoOut) MarshalJSON() ([]byte, error) {
	type plain promoOut
	b, err := json.Marshal(plain(o))
	if err != nil {
		return nil, err
	}
	return withExtra(b, o.extra), nil
}

// MarshalJSON writes the list item with its extra fields.
func (o promoItemOut) MarshalJSON() ([]byte, error) {
	type plain promoItemOut
	b, err := json.Marshal(plain(o))
	if err != nil {
		return nil, err
	}
	return withExtra(b, o.extra), nil
}
