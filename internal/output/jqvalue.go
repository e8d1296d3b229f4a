package output

import (
	"encoding/json"
	"math/big"
	"strconv"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/jsonscan"
)

// jqDecoder decodes the elements of a streamed list for gojq, as jqInput
// decodes JSON, but from bytes already checked (jsonscan.ArrayReader) and
// with a tenth of the garbage: no decoder per element, and each key made
// into a string once for the whole list. A list filtered element by
// element then keeps the garbage collector, and its peak memory, low.
type jqDecoder struct {
	keys map[string]string
}

// jqKeysMax bounds the keys a jqDecoder keeps.
const jqKeysMax = 1024

// value decodes b, which must be valid JSON.
func (d *jqDecoder) value(b []byte) (any, error) {
	b = trimSpace(b)
	if len(b) == 0 {
		return nil, jsonscan.ErrMalformed
	}
	switch b[0] {
	case '{':
		m := make(map[string]any, 16)
		err := jsonscan.Fields(b, func(k, v []byte) error {
			x, err := d.value(v)
			m[d.key(k)] = x
			return err
		})
		return m, err
	case '[':
		a := []any{}
		err := jsonscan.Elements(b, func(e []byte) error {
			x, err := d.value(e)
			a = append(a, x)
			return err
		})
		return a, err
	case '"':
		return jsonStringText(b)
	case 't':
		return true, nil
	case 'f':
		return false, nil
	case 'n':
		return nil, nil
	}
	return jqNumberBytes(b), nil
}

// key is the text of a key, as one string for every element that has it.
func (d *jqDecoder) key(k []byte) string {
	if s, ok := d.keys[string(k)]; ok {
		return s
	}
	s := validString(k)
	if d.keys == nil {
		d.keys = map[string]string{}
	}
	if len(d.keys) < jqKeysMax {
		d.keys[string(k)] = s
	}
	return s
}

// jsonStringText decodes a JSON string as encoding/json does.
func jsonStringText(q []byte) (string, error) {
	inner := q[1 : len(q)-1]
	for _, c := range inner {
		if c == '\\' {
			var s string
			err := json.Unmarshal(q, &s)
			return s, err
		}
	}
	return validString(inner), nil
}

// validString is b as encoding/json gives it: each byte that is not part
// of valid UTF-8 becomes U+FFFD.
func validString(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	s := make([]byte, 0, len(b)+8)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		s = utf8.AppendRune(s, r)
		b = b[n:]
	}
	return string(s)
}

// jqNumberBytes is jqNumber of a number's bytes.
func jqNumberBytes(b []byte) any {
	integer := true
	for _, c := range b {
		if c == '.' || c == 'e' || c == 'E' {
			integer = false
			break
		}
	}
	if integer {
		if i, err := strconv.ParseInt(string(b), 10, 0); err == nil {
			return int(i)
		}
		if n, ok := new(big.Int).SetString(string(b), 10); ok {
			return n
		}
	}
	f, _ := strconv.ParseFloat(string(b), 64)
	return f
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\n' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
