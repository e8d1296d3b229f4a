package output

import (
	"bytes"
	"encoding/json"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/jsonscan"
)

// yamlItems writes the items of a streamed YAML sequence without building
// a node tree for each: a flat JSON object (a promo code: scalar values
// only, keys without escapes, none repeated) is written field by field,
// reusing one buffer, so that a long list makes no garbage per element.
// Its text is the text yaml.v3 gives for the same object, by construction:
//
//   - a key or a string that yaml.v3 is sure to write plain (ASCII letters,
//     digits, '_', '.' and '-', starting with a letter, and not a word
//     YAML reads as a bool or null) is written as it is;
//   - numbers, true, false and null are written as JSON has them, as
//     yamlNode hands them to yaml.v3, which writes them plain;
//   - any other string field (a date, which YAML would read as a
//     timestamp and yaml.v3 quotes; text with spaces or escapes) is
//     written by yaml.v3 itself as the one field of an item, and the line
//     it gives is kept for the next time the same field and value come
//     (dates repeat through a list); only one-line results are used.
//
// Anything else (an empty object, nested values, repeated keys, a field
// that yaml.v3 writes on several lines, an element that is not an object)
// is not flat: item returns false and the caller encodes it with yaml.v3.
type yamlItems struct {
	out   []byte // the item being written
	keys  []byte // its keys so far, each followed by a 0 byte
	flat  bool   // no field so far needed the caller
	fn    func(k, v []byte) error
	lines map[string][]byte // field line by "key\x00raw value"
	lkey  []byte            // scratch for a key of lines
	lsize int               // bytes held by lines
	enc   bytes.Buffer      // yaml.v3's output, when it writes a field
}

// Bounds of the cache of fields written by yaml.v3: the dates of a list
// are few, and a value met once costs only its encoding.
const (
	yamlLinesMax   = 1024
	yamlLinesBytes = 256 << 10
)

// notFlat stops the walk of an element that is not flat.
type notFlat struct{}

func (notFlat) Error() string { return "not a flat object" }

// item appends the YAML item for the JSON element e (a sequence entry,
// "- " and its fields) to dst, or returns dst and false when e is not a
// flat object.
func (y *yamlItems) item(dst, e []byte) ([]byte, bool) {
	if len(e) == 0 || e[0] != '{' {
		return dst, false
	}
	if y.fn == nil {
		y.fn = y.field
	}
	y.out, y.keys, y.flat = dst, y.keys[:0], true
	err := jsonscan.Fields(e, y.fn)
	out := y.out
	y.out = nil
	if err != nil || !y.flat || len(y.keys) == 0 {
		return dst, false
	}
	return out, true
}

// field appends one field of a flat object.
func (y *yamlItems) field(k, v []byte) error {
	if !yamlPlain(k) || len(k) > 64 || y.repeated(k) || len(v) == 0 {
		y.flat = false
		return notFlat{}
	}
	first := len(y.keys) == 0
	y.keys = append(append(y.keys, k...), 0)
	if first {
		y.out = append(y.out, "- "...)
	} else {
		y.out = append(y.out, "  "...)
	}
	switch c := v[0]; {
	case c == '{' || c == '[':
		y.flat = false
		return notFlat{}
	case c == '"':
		if s := v[1 : len(v)-1]; yamlPlain(s) {
			y.out = append(append(append(append(y.out, k...), ':', ' '), s...), '\n')
			return nil
		}
		line, ok := y.line(k, v)
		if !ok {
			y.flat = false
			return notFlat{}
		}
		y.out = append(y.out, line...)
	default: // a number, true, false or null: as JSON has it
		y.out = append(append(append(append(y.out, k...), ':', ' '), v...), '\n')
	}
	return nil
}

// repeated says k is already a key of the item.
func (y *yamlItems) repeated(k []byte) bool {
	for rest := y.keys; len(rest) > 0; {
		i := bytes.IndexByte(rest, 0)
		if bytes.Equal(rest[:i], k) {
			return true
		}
		rest = rest[i+1:]
	}
	return false
}

// line returns the field k: v as yaml.v3 writes it in an item, without
// the item's indentation, when that is one line.
func (y *yamlItems) line(k, v []byte) ([]byte, bool) {
	y.lkey = append(append(append(y.lkey[:0], k...), 0), v...)
	if l, ok := y.lines[string(y.lkey)]; ok {
		return l, true
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	val, err := yamlNode(dec)
	if err != nil {
		return nil, false
	}
	item := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
		{Kind: yaml.ScalarNode, Tag: "!!str", Value: string(k)}, val}}
	y.enc.Reset()
	enc := yaml.NewEncoder(&y.enc)
	enc.SetIndent(2)
	if enc.Encode(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{item}}) != nil || enc.Close() != nil {
		return nil, false
	}
	text := y.enc.Bytes()
	if !bytes.HasPrefix(text, []byte("- ")) || bytes.IndexByte(text, '\n') != len(text)-1 {
		return nil, false
	}
	l := bytes.Clone(text[2:])
	if len(y.lines) < yamlLinesMax && y.lsize+len(y.lkey)+len(l) <= yamlLinesBytes {
		if y.lines == nil {
			y.lines = map[string][]byte{}
		}
		y.lines[string(y.lkey)] = l
		y.lsize += len(y.lkey) + len(l)
	}
	return l, true
}

// yamlPlain says yaml.v3 writes s, as a key or a string value, plain and
// as it is: ASCII letters, digits, '_', '.' and '-', starting with a
// letter (so that YAML cannot read it as a number, a date or an
// indicator), and not one of the words YAML 1.1 or 1.2 read as a bool or
// null. It is stricter than yaml.v3 needs: what it refuses, yaml.v3
// writes.
func yamlPlain(s []byte) bool {
	if len(s) == 0 || !isLetter(s[0]) {
		return false
	}
	for _, c := range s[1:] {
		if !isLetter(c) && !('0' <= c && c <= '9') && c != '_' && c != '.' && c != '-' {
			return false
		}
	}
	if len(s) <= 5 {
		var low [5]byte
		for i, c := range s {
			low[i] = c | 0x20
		}
		switch string(low[:len(s)]) {
		case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
