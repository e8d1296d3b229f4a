package promo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// File is what a -f file holds: the changes it names and, for create, the
// site it names.
type File struct {
	Changes Changes
	SiteID  *int64
}

// readOnly are fields a file may carry, typically because it is the output
// of `promo get -o json`, which the client never sends: the read-only
// fields of Registry, and the user_id of a create's body.
func readOnly(key string) bool {
	f, ok := Lookup(key)
	return (ok && !f.Writable) || key == "user_id"
}

// MaxFileSize is the largest -f file, in bytes. A promo code file holds one
// object of a dozen fields, a few hundred bytes: anything near this is the
// wrong file.
const MaxFileSize = 1 << 20

// maxFileValue is the most characters a field's value may have in a -f
// file, far more than any has (a code has 15): a longer one is refused
// before it is parsed, and not echoed whole.
const maxFileValue = 100

// cut is s quoted for a message, its first 40 characters and … when it
// goes on: a message never echoes a long value whole.
func cut(s string) string {
	i, n := 0, 0
	for i < len(s) && n < 40 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	if i < len(s) {
		return strconv.Quote(s[:i]) + "…"
	}
	return strconv.Quote(s)
}

// oneObject says why a file is refused when it holds more than one thing.
const oneObject = ": a promo code file holds one object"

// ParseFile reads a JSON or YAML object of API field names (spec 2.3): one
// object, nothing after it. Keys the API does not know are refused, so
// that a typo is not silently ignored; read-only fields and null values
// are skipped. Dates without a zone are read in loc; a d_on without a time
// is the start of that day, a d_off the end of it.
func ParseFile(data []byte, loc *time.Location) (File, error) {
	var out File
	if len(bytes.TrimSpace(data)) == 0 {
		return out, errors.New("the file is empty")
	}
	doc, err := oneDocument(data)
	if err != nil {
		return out, err
	}
	var m map[string]any
	if err := doc.Decode(&m); err != nil {
		return out, fmt.Errorf("not a JSON or YAML object: %s", yamlMessage(err))
	}
	if m == nil {
		return out, errors.New("not a JSON or YAML object")
	}
	// YAML types unquoted scalars, losing what the user wrote: a code
	// 0012345 becomes the octal number 5349, a date 2026-12-01 UTC midnight.
	// Codes and dates are read from the text as written.
	var nodes map[string]yaml.Node
	_ = doc.Decode(&nodes)
	asWritten := func(k string, v any) any {
		switch v.(type) {
		case int, int64, uint64, float64, time.Time:
			if n, ok := nodes[k]; ok && n.Kind == yaml.ScalarNode {
				return n.Value
			}
		}
		return v
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	c := &out.Changes
	for _, k := range keys {
		v := m[k]
		if v == nil || readOnly(k) {
			continue
		}
		if _, known := Lookup(k); !known && k != "site_id" {
			return out, fmt.Errorf("unknown field %s", cut(k))
		}
		if text, ok := v.(string); ok && utf8.RuneCountInString(text) > maxFileValue {
			return out, &FieldError{k, fmt.Errorf("a value longer than %d characters: %s", maxFileValue, cut(text))}
		}
		if k == "site_id" {
			var id int64
			if id, err = toInt(v); err == nil && id < 1 {
				err = fmt.Errorf("must be a positive integer, got %d", id)
			}
			out.SiteID = &id
		} else if f, ok := Lookup(k); ok && f.Writable {
			if f.Typed() {
				v = asWritten(k, v)
			}
			err = f.SetFile(c, v, loc)
		} else {
			return out, fmt.Errorf("unknown field %s", cut(k))
		}
		if err != nil {
			return out, &FieldError{k, err}
		}
	}
	// A file that sets a maximum but says the limit is off keeps it off.
	if c.MaxUses != nil && c.QuantityLimit != nil && !*c.QuantityLimit && *c.MaxUses == 0 {
		c.MaxUses = nil
	}
	return out, nil
}

// oneDocument returns the single YAML document of data (JSON is YAML),
// refusing a second one or anything else after it: otherwise NDJSON, two
// objects or a stray "---" would be read as their first object, the rest
// silently dropped.
func oneDocument(data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF { // only comments
			return nil, errors.New("not a JSON or YAML object")
		}
		return nil, fmt.Errorf("not a JSON or YAML object: %s", yamlMessage(err))
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
		return &doc, nil
	case err == nil:
		return nil, errors.New("more than one YAML document" + oneObject)
	}
	return nil, afterJSON(data)
}

// afterJSON describes what follows the first value of data when that is
// JSON: another object, or other text and its line. YAML's parser says
// neither.
func afterJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var first json.RawMessage
	if dec.Decode(&first) != nil {
		return errors.New("unexpected text after the object" + oneObject)
	}
	end := int(dec.InputOffset())
	rest := bytes.TrimLeft(data[end:], " \t\r\n")
	if len(rest) > 0 && rest[0] == '{' {
		return errors.New("more than one object" + oneObject)
	}
	line := 1 + bytes.Count(data[:len(data)-len(rest)], []byte("\n"))
	return fmt.Errorf("unexpected text after the object on line %d%s", line, oneObject)
}

// yamlMessage is the first line of a YAML error; for a type error, the
// first of its details, which name the line.
func yamlMessage(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		return te.Errors[0]
	}
	return firstLine(err.Error())
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func toString(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case int, int64, uint64, float64:
		return fmt.Sprint(x), nil
	}
	return "", fmt.Errorf("want a string, got %T", v)
}

func toBool(v any) (bool, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case int:
		if x == 0 || x == 1 {
			return x == 1, nil
		}
	case string:
		if b, err := ParseBool(x); err == nil {
			return b, nil
		}
	}
	return false, fmt.Errorf("want true or false, got %v", v)
}

func toInt(v any) (int64, error) {
	switch x := v.(type) {
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x), nil
		}
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x), nil
		}
	case string:
		if n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil {
			return n, nil
		}
	}
	return 0, fmt.Errorf("want a whole number, got %v", v)
}

// toAmount reads an amount by the rule of ParseAmount: a number is checked
// as it is written in the file, so 0.001 and 1e3 are refused there too.
func toAmount(v any) (float64, error) {
	switch x := v.(type) {
	case int:
		return float64(x), nil
	case int64:
		return float64(x), nil
	case uint64:
		return float64(x), nil
	case float64:
		return ParseAmount(strconv.FormatFloat(x, 'f', -1, 64))
	case string:
		return ParseAmount(x)
	}
	return 0, fmt.Errorf("want a number, got %v", v)
}

// toTime reads a date field with parse (ParseStart or ParseEnd).
func toTime(v any, loc *time.Location, parse func(string, *time.Location) (time.Time, error)) (time.Time, error) {
	switch x := v.(type) {
	case time.Time:
		return x, nil
	case string:
		return parse(x, loc)
	}
	return time.Time{}, fmt.Errorf("want a date, got %v", v)
}
