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

	"github.com/promoctl/promoctl/internal/i18n"
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

// cut is s for a message to quote (Quoted), its first 40 characters
// and … when it goes on: a message never echoes a long value whole.
func cut(s string) string {
	i, n := 0, 0
	for i < len(s) && n < 40 {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	if i < len(s) {
		return Quoted(s[:i]) + "…"
	}
	return Quoted(s)
}

// ParseFile reads a JSON or YAML object of API field names (spec 2.3): one
// object, nothing after it. Keys the API does not know are refused, so
// that a typo is not silently ignored; read-only fields and null values
// are skipped. Dates without a zone are read in loc; a d_on without a time
// is the start of that day, a d_off the end of it.
func ParseFile(data []byte, loc *time.Location) (File, error) {
	var out File
	if len(bytes.TrimSpace(data)) == 0 {
		return out, i18n.NewError(0, "promofile.empty")
	}
	doc, err := oneDocument(data)
	if err != nil {
		return out, err
	}
	var m map[string]any
	if err := doc.Decode(&m); err != nil {
		return out, notObject(err)
	}
	if m == nil {
		return out, notObject(nil)
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
			return out, i18n.NewError(0, "promofile.unknown_field", "Field", cut(k))
		}
		if text, ok := v.(string); ok && utf8.RuneCountInString(text) > maxFileValue {
			return out, &FieldError{k, i18n.NewError(0, "promofile.value_long", "Max", maxFileValue, "Value", cut(text))}
		}
		if k == "site_id" {
			var id int64
			if id, err = toInt(v); err == nil && id < 1 {
				err = i18n.NewError(0, "value.positive_integer", "N", id)
			}
			out.SiteID = &id
		} else if f, ok := Lookup(k); ok && f.Writable {
			if f.Typed() {
				v = asWritten(k, v)
			}
			err = f.SetFile(c, v, loc)
		} else {
			return out, i18n.NewError(0, "promofile.unknown_field", "Field", cut(k))
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
			return nil, notObject(nil)
		}
		return nil, notObject(err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
		return &doc, nil
	case err == nil:
		return nil, i18n.NewError(0, "promofile.documents")
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
		return i18n.NewError(0, "promofile.after_object")
	}
	end := int(dec.InputOffset())
	rest := bytes.TrimLeft(data[end:], " \t\r\n")
	if len(rest) > 0 && rest[0] == '{' {
		return i18n.NewError(0, "promofile.objects")
	}
	line := 1 + bytes.Count(data[:len(data)-len(rest)], []byte("\n"))
	return i18n.NewError(0, "promofile.after_object_line", "Line", line)
}

// notObject refuses a file that is not one object; err is the YAML
// parser's, whose first line says where (nil for none).
func notObject(err error) error {
	if err == nil {
		return i18n.NewError(0, "promofile.not_object")
	}
	return i18n.NewError(0, "promofile.not_object_parser", "Detail", yamlMessage(err))
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
	return "", i18n.NewError(0, "value.want_text", "Type", fmt.Sprintf("%T", v))
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
	return false, notValue("value.not_bool", v)
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
	return 0, notValue("value.not_whole", v)
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
	return 0, notValue("value.want_number", v)
}

// toTime reads a date field with parse (ParseStart or ParseEnd).
func toTime(v any, loc *time.Location, parse func(string, *time.Location) (time.Time, error)) (time.Time, error) {
	switch x := v.(type) {
	case time.Time:
		return x, nil
	case string:
		return parse(x, loc)
	}
	return time.Time{}, notValue("value.want_date", v)
}

// notValue refuses v, a file's value, with the message id: a string is
// quoted in the message (id), anything else, such as a number, is not
// (id_value).
func notValue(id string, v any) error {
	if s, ok := v.(string); ok {
		return i18n.NewError(0, id, "Value", Quoted(s))
	}
	return i18n.NewError(0, id+"_value", "Value", fmt.Sprint(v))
}
