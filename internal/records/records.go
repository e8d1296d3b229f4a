// Package records reads JSON whose shape the API does not document: the
// lists of sites and pages, and their records. It is the one place that
// decides what such a response holds, so that the tables, shell completion
// and the create wizard's choice of site see the same records. These are
// short responses on cold paths: it uses the standard library only.
package records

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strconv"
	"strings"
)

// WrapperKeys are the names under which APIs commonly wrap a list, in the
// order they are preferred when an object holds more than one array.
func WrapperKeys() []string {
	return []string{"data", "items", "result", "results", "records", "list", "rows", "sites", "pages"}
}

// Field is one field of a JSON object: its decoded key and raw value.
type Field struct {
	Key   string
	Value json.RawMessage
}

// Items finds the records of a list: the elements of an array, or of the
// array an object wraps (see Wrapped); null is an empty list. ok is false
// when raw is not a list: an object that wraps none, or a plain value. err
// is set only for JSON that cannot be read.
func Items(raw []byte) (items []json.RawMessage, ok bool, err error) {
	switch Kind(raw) {
	case '[':
		items, err = Elements(raw)
		return items, err == nil, err
	case '{':
		arr, err := Wrapped(raw)
		if err != nil || arr == nil {
			return nil, false, err
		}
		return Items(arr)
	case 'n':
		return nil, true, nil
	}
	return nil, false, nil
}

// Wrapped returns the array an object wraps: its only array field, or
// among several the first with a WrapperKeys name; an object whose only
// field is an object is looked into once ({"result": {"items": [...]}}).
// It is nil when the object wraps no list.
func Wrapped(obj []byte) (json.RawMessage, error) {
	return wrapped(obj, 0)
}

func wrapped(obj []byte, depth int) (json.RawMessage, error) {
	fs, err := Fields(obj)
	if err != nil {
		return nil, err
	}
	var arrays []Field
	for _, f := range fs {
		if Kind(f.Value) == '[' {
			arrays = append(arrays, f)
		}
	}
	switch {
	case len(arrays) == 1:
		return arrays[0].Value, nil
	case len(arrays) > 1:
		for _, name := range WrapperKeys() {
			for _, f := range arrays {
				if strings.EqualFold(f.Key, name) {
					return f.Value, nil
				}
			}
		}
	case len(fs) == 1 && Kind(fs[0].Value) == '{' && depth == 0:
		return wrapped(fs[0].Value, depth+1)
	}
	return nil, nil
}

// ErrMalformed is returned for input that is not the JSON value expected
// (the JSON decoder's own errors are returned as they are). records says
// nothing to a person: its callers say either in the user's language
// (view.Records: view.not_json).
var ErrMalformed error = malformedError{}

type malformedError struct{}

func (malformedError) Error() string { return "malformed JSON" }

// Elements returns the raw elements of the JSON array arr, in order.
func Elements(arr []byte) ([]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(arr))
	if err := expectDelim(dec, '['); err != nil {
		return nil, err
	}
	var out []json.RawMessage
	for dec.More() {
		var e json.RawMessage
		if err := dec.Decode(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, expectEnd(dec, ']')
}

// Fields returns the fields of the JSON object obj in the order the server
// sent them.
func Fields(obj []byte) ([]Field, error) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	var out []Field
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := t.(string)
		if !ok {
			return nil, ErrMalformed
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, Field{key, v})
	}
	return out, expectEnd(dec, '}')
}

func expectDelim(dec *json.Decoder, d json.Delim) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t != d {
		return ErrMalformed
	}
	return nil
}

// expectEnd reads the closing delimiter and checks that nothing follows.
func expectEnd(dec *json.Decoder, d json.Delim) error {
	if err := expectDelim(dec, d); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return ErrMalformed
	}
	return nil
}

// Get returns the value of the first field named key.
func Get(fs []Field, key string) (json.RawMessage, bool) {
	for _, f := range fs {
		if f.Key == key {
			return f.Value, true
		}
	}
	return nil, false
}

// Kind is the first byte of a JSON value: '{', '[', '"', 't', 'f', 'n', a
// digit or '-'; 0 for nothing.
func Kind(v []byte) byte {
	for _, c := range v {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}

// Scalar is a JSON string or number as text, as sent; "" for anything
// else.
func Scalar(v json.RawMessage) string {
	switch Kind(v) {
	case '"':
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		if json.Unmarshal(v, &n) == nil {
			return n.String()
		}
	}
	return ""
}

// Ref is a record as a chooser lists it: its id and a name for it, both as
// the server sent them (not yet terminal-safe).
type Ref struct {
	ID   string
	Name string // "" when the record has none
}

// Int is the id as a positive whole number (sent as 7, "7" or 7.0), or 0
// when it is not one.
func (r Ref) Int() int64 {
	s := strings.TrimSpace(r.ID)
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return max(n, 0)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || f <= 0 || f > 1<<53 {
		return 0
	}
	return int64(f)
}

// Refs reads the records of a list (see Items) as ids and names: each
// object's "id", named by the first of nameKeys it has as non-empty text
// or a number. Records that are not objects, or have no id, are left out.
// ok is false when raw is not a list.
func Refs(raw []byte, nameKeys ...string) (refs []Ref, ok bool, err error) {
	items, ok, err := Items(raw)
	if err != nil || !ok {
		return nil, ok, err
	}
	refs = []Ref{}
	for _, it := range items {
		if Kind(it) != '{' {
			continue
		}
		fs, err := Fields(it)
		if err != nil {
			continue
		}
		v, _ := Get(fs, "id")
		id := Scalar(v)
		if id == "" {
			continue
		}
		r := Ref{ID: id}
		for _, k := range nameKeys {
			if v, ok := Get(fs, k); ok {
				if r.Name = Scalar(v); r.Name != "" {
					break
				}
			}
		}
		refs = append(refs, r)
	}
	return refs, true, nil
}
