package output

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/itchyny/gojq"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
	"go.yaml.in/yaml/v3"
)

// writeIndentedJSON writes JSON indented by two spaces, streaming, so that
// a 30 MiB list needs no second copy in memory. Strings are copied as they
// are: nothing the server sent is changed. src must be valid JSON (Data
// says so): the API client checks every body once, and checking it again
// here would cost a third of the time of `promo list -o json`. Output is
// built in a local buffer and written in large pieces, which is several
// times faster than a bufio call per token.
func writeIndentedJSON(w io.Writer, src []byte) error {
	var in indenter
	out, err := in.write(w, make([]byte, 0, indentFlushAt+4096), src, 0)
	if err != nil {
		return err
	}
	out = append(out, '\n')
	_, err = w.Write(out)
	return err
}

// indentFlushAt is how much indented output is built before it is written.
const indentFlushAt = 256 << 10

// indenter indents JSON by two spaces a level.
type indenter struct {
	indent []byte // a newline and spaces, grown to the deepest level seen
}

// write appends src, indented as if it stood at the given depth, to out,
// writing out to w each time it reaches indentFlushAt, and returns what
// is left unwritten.
func (in *indenter) write(w io.Writer, out, src []byte, depth int) ([]byte, error) {
	if in.indent == nil {
		in.indent = []byte("\n" + strings.Repeat("  ", 16))
	}
	indent := in.indent
	defer func() { in.indent = indent }()
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			j := stringEnd(src, i)
			out = append(out, src[i:j]...)
			i = j - 1
		case '{', '[':
			k := skipSpace(src, i+1)
			if k < len(src) && (src[k] == '}' || src[k] == ']') {
				out = append(out, c, src[k])
				i = k
				break
			}
			depth++
			out = append(out, c)
			out, indent = appendIndent(out, indent, depth)
		case '}', ']':
			depth--
			out, indent = appendIndent(out, indent, depth)
			out = append(out, c)
		case ',':
			out = append(out, ',')
			out, indent = appendIndent(out, indent, depth)
		case ':':
			out = append(out, ':', ' ')
		default:
			j := i + 1
			for j < len(src) && !isDelim(src[j]) {
				j++
			}
			out = append(out, src[i:j]...)
			i = j - 1
		}
		if len(out) >= indentFlushAt {
			if _, err := w.Write(out); err != nil {
				return out, err
			}
			out = out[:0]
		}
	}
	return out, nil
}

// appendIndent appends a newline and depth levels of indentation, growing
// the template when the JSON is deeper than any before.
func appendIndent(out, indent []byte, depth int) ([]byte, []byte) {
	for 1+2*depth > len(indent) {
		indent = append(indent, "  "...)
	}
	return append(out, indent[:1+2*depth]...), indent
}

// stringEnd returns the index after the JSON string starting at src[i].
func stringEnd(src []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(src[j:], '"')
		if k < 0 {
			return len(src)
		}
		j += k
		// Count the backslashes before the quote: an odd number escapes it.
		n := 0
		for b := j - 1; b > i && src[b] == '\\'; b-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j
		}
	}
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

func isDelim(c byte) bool {
	switch c {
	case ',', ':', '{', '}', '[', ']', ' ', '\t', '\n', '\r', '"':
		return true
	}
	return false
}

// writeYAML converts JSON to YAML keeping the order of object keys. The
// tree is built from encoding/json's tokens rather than by reading the JSON
// as YAML: YAML refuses escapes JSON allows, such as \/ (which PHP writes
// in every URL) and the surrogate pairs of emoji (\ud83d\ude00).
func writeYAML(w io.Writer, src []byte) error {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	n, err := yamlNode(dec)
	if err != nil {
		return i18n.NewError(0, "output.yaml", "Err", err)
	}
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	return enc.Close()
}

// yamlNode reads one JSON value as a YAML node. Strings are tagged as
// strings, so that the encoder quotes one that would read as another type
// ("2024", "true"); numbers, booleans and null are written as JSON has them.
func yamlNode(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &yaml.Node{Kind: yaml.SequenceNode}
		if v == '{' {
			n.Kind = yaml.MappingNode
		}
		var keys map[string]int // key → index of its value; for large objects
		for dec.More() {
			at := -1 // where the value goes: -1 for a new entry
			if n.Kind == yaml.MappingNode {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				at, keys = findKey(n.Content, keys, key)
				if at < 0 {
					n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key})
				}
			}
			c, err := yamlNode(dec)
			if err != nil {
				return nil, err
			}
			if at >= 0 {
				n.Content[at] = c
			} else {
				n.Content = append(n.Content, c)
			}
		}
		if _, err := dec.Token(); err != nil { // the closing } or ]
			return nil, err
		}
		return n, nil
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v}, nil
	case json.Number:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: v.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: fmt.Sprint(v)}, nil
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: "null"}, nil
}

// findKey returns the index of key's value among the key/value pairs of a
// mapping's content, or -1. JSON may repeat a key in an object, YAML may
// not (and parsers refuse such a document): a repeated key keeps its first
// place and takes its last value, as jq shows such an object, and as
// encoding/json (and so --jq) reads it. Small objects are searched; from
// 64 keys on (a promo code has about 20), an index is kept
// (and returned, to be passed back).
func findKey(content []*yaml.Node, index map[string]int, key string) (int, map[string]int) {
	const indexFrom = 64
	if len(content) < 2*indexFrom {
		for i := 0; i < len(content); i += 2 {
			if content[i].Value == key {
				return i + 1, index
			}
		}
		return -1, index
	}
	if index == nil {
		index = make(map[string]int, len(content))
		for i := 0; i < len(content); i += 2 {
			if _, ok := index[content[i].Value]; !ok {
				index[content[i].Value] = i + 1
			}
		}
	}
	if at, ok := index[key]; ok {
		return at, index
	}
	index[key] = len(content) + 1
	return -1, index
}

// writeJQ runs the compiled query over the JSON and writes each result on
// its own line: strings as they are (like gh --jq and jq -r), everything
// else as compact JSON. On a terminal, strings are made terminal-safe.
func writeJQ(ctx context.Context, w io.Writer, src []byte, code *gojq.Code, terminal bool) error {
	v, err := jqInput(src)
	if err != nil {
		return i18n.NewError(0, "output.filter", "Err", err)
	}
	var out bytes.Buffer
	if _, err := runJQ(ctx, &out, code, v, terminal); err != nil {
		return err
	}
	_, err = w.Write(out.Bytes())
	return err
}

// jqWriter is where runJQ writes: a bytes.Buffer or a bufio.Writer.
type jqWriter interface {
	io.Writer
	io.ByteWriter
	io.StringWriter
}

// runJQ runs code on v and writes each result on its own line. halted
// says the filter stopped with halt, so that no further input is run.
func runJQ(ctx context.Context, out jqWriter, code *gojq.Code, v any, terminal bool) (halted bool, err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	iter := code.RunWithContext(ctx, v)
	for {
		r, ok := iter.Next()
		if !ok {
			return false, nil
		}
		if err, ok := r.(error); ok {
			var halt *gojq.HaltError
			if errors.As(err, &halt) && halt.Value() == nil {
				return true, nil
			}
			return false, i18n.NewError(0, "output.jq", "Err", err)
		}
		if s, ok := r.(string); ok {
			if terminal {
				s = termsafe.String(s)
			}
			out.WriteString(s)
		} else {
			b, err := gojq.Marshal(r)
			if err != nil {
				return false, i18n.NewError(0, "output.jq", "Err", err)
			}
			out.Write(b)
		}
		if err := out.WriteByte('\n'); err != nil {
			return false, err
		}
	}
}

// jqInput decodes JSON for gojq without losing digits: encoding/json
// would make every number a float64, so that 9007199254740993 became
// 9007199254740992 and 100000000000000000000001 became 1e+23. Integers
// become int, or *big.Int beyond it (gojq computes with both exactly and
// prints them in full); only numbers with a fraction or an exponent become
// float64, as in jq.
func jqInput(src []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, i18n.NewError(0, "output.json_after")
	}
	return jqNumbers(v), nil
}

// jqNumbers replaces the json.Numbers in v, in place.
func jqNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		return jqNumber(v)
	case map[string]any:
		for k, e := range v {
			v[k] = jqNumbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = jqNumbers(e)
		}
	}
	return v
}

// jqNumber is a JSON number as gojq computes with it.
func jqNumber(n json.Number) any {
	s := n.String()
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 0); err == nil {
			return int(i)
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return b
		}
	}
	// Out of float64's range, ParseFloat gives ±Inf, which gojq prints as
	// ±1.7976931348623157e+308, as jq does.
	f, _ := strconv.ParseFloat(s, 64)
	return f
}
