package output

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/format"
)

// stdIndent is what writeIndentedJSON promises: json.Indent with two
// spaces and a final newline. json.Indent keeps whitespace after the value
// as it is; the client ends the output with exactly one newline.
func stdIndent(t testing.TB, src []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Indent(&b, src, "", "  "); err != nil {
		t.Fatalf("json.Indent(%q): %v", src, err)
	}
	return strings.TrimRight(b.String(), " \t\r\n") + "\n"
}

func indentString(t testing.TB, src []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeIndentedJSON(&b, src); err != nil {
		t.Fatalf("writeIndentedJSON(%q): %v", src, err)
	}
	return b.String()
}

var indentInputs = []string{
	`{}`, `[]`, `{ }`, "[\n\t]", `null`, `true`, `false`, `0`, `-12.5e+3`, `1E-7`, `"text"`, `""`,
	` {"a" : 1 , "b":[ 1,2 , 3 ] } `,
	`{"a":{},"b":[],"c":{"d":[]},"e":[{}],"f":[[]]}`,
	`[{"id":1,"code":"SUMMER","d_on":"2026-12-01T00:00:00.000Z","d_off":null,"is_valid":true}]`,
	`{"nested":{"deeper":{"deepest":[1,[2,[3,{"x":null}]]]}}}`,
	`{"q":"say \"hi\"","b":"back\\slash","e":"\\\"","t":"tab\tnewline\n","u":"\u00e9\u2028\ud83d\ude00"}`,
	`["\\", "\\\\", "\"", "\\\"", "a\\\"b"]`,
	`{"ru":"Промокод","cjk":"中文","emoji":"😀","mixed":"a]b}c,d:e{f[g"}`,
	`{"":"empty key","  ":"spaces","{":"brace"}`,
	`[0,-0,1.0,1e10,1E+2,-1.5e-3,12345678901234567890,0.1]`,
	"{\r\n  \"windows\": [\r\n    1\r\n  ]\r\n}\r\n",
	`[{"a":[{"b":[{"c":[{"d":[{"e":[{"f":[{"g":[{"h":[{"i":[{"j":[{"k":[{"l":[{"m":[{"n":[{"o":[{"p":[{"q":[{"r":1}]}]}]}]}]}]}]}]}]}]}]}]}]}]}]}]}]}]`,
	"\"raw \xff bytes\"",
}

func TestIndentJSONMatchesStdlib(t *testing.T) {
	t.Parallel()
	for _, in := range indentInputs {
		if !json.Valid([]byte(in)) {
			t.Fatalf("test input %q is not valid JSON", in)
		}
		if got, want := indentString(t, []byte(in)), stdIndent(t, []byte(in)); got != want {
			t.Errorf("writeIndentedJSON(%q) =\n%s\nwant\n%s", in, got, want)
		}
	}
}

// TestIndentJSONLarge crosses the writer's flush threshold and a nesting
// deeper than its indentation template.
func TestIndentJSONLarge(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("[")
	for i := range 5000 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"id":1001,"code":"SUMMER2026","title":"Скидка \"10%\" на доставку","d_on":"2026-12-01T00:00:00.000Z","list":[1,2,{"x":[]}]}`)
	}
	b.WriteString("]")
	deep := strings.Repeat(`{"k":[`, 300) + "1" + strings.Repeat("]}", 300)
	for _, in := range []string{b.String(), deep} {
		if got, want := indentString(t, []byte(in)), stdIndent(t, []byte(in)); got != want {
			t.Errorf("writeIndentedJSON of %d bytes differs from json.Indent", len(in))
		}
	}
}

// FuzzIndentJSON holds writeIndentedJSON to json.Indent for every valid
// JSON value the fuzzer finds.
func FuzzIndentJSON(f *testing.F) {
	for _, in := range indentInputs {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !json.Valid(src) {
			return // callers pass only JSON the API client has checked
		}
		if got, want := indentString(t, src), stdIndent(t, src); got != want {
			t.Fatalf("writeIndentedJSON(%q) =\n%q\njson.Indent gives\n%q", src, got, want)
		}
	})
}

func yamlString(t *testing.T, src string) string {
	t.Helper()
	var b bytes.Buffer
	if err := writeYAML(&b, []byte(src)); err != nil {
		t.Fatalf("writeYAML(%s): %v", src, err)
	}
	return b.String()
}

func TestWriteYAML(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"z":1,"a":2,"m":3}`, "z: 1\na: 2\nm: 3\n"},
		{`[{"id":1,"code":"AB"},{"id":2,"code":"CD"}]`, "- id: 1\n  code: AB\n- id: 2\n  code: CD\n"},
		{`{"a":{},"b":[],"c":null}`, "a: {}\nb: []\nc: null\n"},
		{`{"nested":{"list":[1,"two",{"three":3}]}}`, "nested:\n  list:\n    - 1\n    - two\n    - three: 3\n"},
		{`{"n":2024,"f":12.5,"t":true}`, "n: 2024\nf: 12.5\nt: true\n"},
		{`{"name":"Промокод 中文"}`, "name: Промокод 中文\n"},
		{`[]`, "[]\n"},
		{`"text"`, "text\n"},
		// Escapes JSON allows and YAML does not: PHP writes \/ in every URL,
		// and emoji as surrogate pairs (TestWriteYAMLRoundTrip reads one back).
		{`{"url":"https:\/\/cdn.example\/a.png"}`, "url: https://cdn.example/a.png\n"},
		{`{"name":"\u041f\u0440\u043e\u043c\u043e"}`, "name: Промо\n"},
		{`{"lone":"\ud800"}`, "lone: \ufffd\n"},
		{`{"big":12345678901234567890,"exp":1E2,"neg":-0}`, "big: 12345678901234567890\nexp: 1E2\nneg: -0\n"},
		{`{"2024":"key that looks like a number"}`, "\"2024\": key that looks like a number\n"},
	}
	for _, tt := range tests {
		if got := yamlString(t, tt.in); got != tt.want {
			t.Errorf("writeYAML(%s) =\n%s\nwant\n%s", tt.in, got, tt.want)
		}
	}
}

// TestWriteYAMLQuotesLookalikes: a string that YAML would read as another
// type must stay a string.
func TestWriteYAMLQuotesLookalikes(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"2024", "007", "0x1F", "1e3", "12.50", "-1", ".5", "true", "false", "True", "yes", "no", "on", "off",
		"y", "n", "null", "Null", "~", "", " ", "2021-08-04T13:57:37.243Z", "2021-08-04", ".inf", ".NaN", "- item", "key: value",
		"#comment", "@at", "`tick", "'single'", "\"double\"", "line\nbreak", "trailing ", "multi\nline\n", "&anchor", "*alias", "!tag", "%"} {
		src, _ := json.Marshal(map[string]string{"code": s})
		out := yamlString(t, string(src))
		var back map[string]any
		if err := yaml.Unmarshal([]byte(out), &back); err != nil {
			t.Errorf("writeYAML(%s) = %q, which does not parse: %v", src, out, err)
			continue
		}
		if got, ok := back["code"].(string); !ok || got != s {
			t.Errorf("writeYAML(%s) = %q, which reads back as %#v, want the string %q", src, out, back["code"], s)
		}
	}
	if got := yamlString(t, `{"code":"2024","n":2024}`); got != "code: \"2024\"\nn: 2024\n" {
		t.Errorf("writeYAML = %q, want the string quoted and the number plain", got)
	}
}

// TestWriteYAMLRoundTrip: the YAML holds the same data as the JSON.
func TestWriteYAMLRoundTrip(t *testing.T) {
	t.Parallel()
	for _, in := range indentInputs {
		if strings.ContainsRune(in, 0xfffd) || !json.Valid([]byte(in)) || strings.Contains(in, "\xff") {
			continue
		}
		out := yamlString(t, in)
		var fromYAML any
		if err := yaml.Unmarshal([]byte(out), &fromYAML); err != nil {
			t.Errorf("writeYAML(%s) = %q does not parse: %v", in, out, err)
			continue
		}
		b, err := json.Marshal(fromYAML)
		if err != nil {
			t.Errorf("writeYAML(%s) = %q: %v", in, out, err)
			continue
		}
		var got, want any
		json.Unmarshal(b, &got)
		json.Unmarshal([]byte(in), &want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("writeYAML(%s) =\n%s\nreads back as %s", in, out, b)
		}
	}
}

func jqString(t *testing.T, expr, src string) (string, error) {
	t.Helper()
	code, err := CompileJQ(expr)
	if err != nil {
		t.Fatalf("CompileJQ(%q): %v", expr, err)
	}
	var b bytes.Buffer
	err = writeJQ(context.Background(), &b, []byte(src), code, false)
	return b.String(), err
}

func TestWriteJQ(t *testing.T) {
	t.Parallel()
	const list = `[{"id":1,"code":"SUMMER","amount":10.5,"tags":["a","b"]},{"id":2,"code":"AB","amount":null,"tags":[]}]`
	tests := []struct{ expr, want string }{
		{`.[0].code`, "SUMMER\n"},
		{`.[].code`, "SUMMER\nAB\n"},
		{`.[].id`, "1\n2\n"},
		{`.[0].amount`, "10.5\n"},
		{`.[1].amount`, "null\n"},
		{`.[0].tags`, `["a","b"]` + "\n"},
		{`map(.code)`, `["SUMMER","AB"]` + "\n"},
		{`.[0] | {code, id}`, `{"code":"SUMMER","id":1}` + "\n"},
		{`length`, "2\n"},
		{`.[] | select(.id > 5)`, ""},
		{`"multi\nline"`, "multi\nline\n"},
		{`.[0].code | test("SUM")`, "true\n"},
		{`"a", halt, "b"`, "a\n"},
		{`empty`, ""},
	}
	for _, tt := range tests {
		got, err := jqString(t, tt.expr, list)
		if err != nil || got != tt.want {
			t.Errorf("--jq %s = %q, %v; want %q", tt.expr, got, err, tt.want)
		}
	}
}

func TestWriteJQErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ expr, src, want string }{
		{`error("boom")`, `[]`, "--jq: error: boom"},
		{`.[0].code.x`, `[{"code":"AB"}]`, "--jq: expected an object but got: string"},
		{`.[] | if .id == 2 then error("bad id") else .code end`, `[{"id":1,"code":"AB"},{"id":2}]`, "--jq: error: bad id"},
		{`"x" | halt_error`, `[]`, "--jq: halt error: x"},
	}
	for _, tt := range tests {
		got, err := jqString(t, tt.expr, tt.src)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("--jq %s error = %v, want it to start with %q", tt.expr, err, tt.want)
		}
		if got != "" {
			t.Errorf("--jq %s wrote %q before failing, want nothing", tt.expr, got)
		}
	}
	for _, expr := range []string{`.[`, `.a |`, `$undefined`, `undefined_function(1)`} {
		if _, err := CompileJQ(expr); err == nil || !strings.HasPrefix(err.Error(), "invalid --jq expression: ") {
			t.Errorf("CompileJQ(%q) error = %v, want invalid --jq expression", expr, err)
		}
	}
}

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]format.Format{"table": format.Table, "JSON": format.JSON, "jsonl": format.JSONL, " yaml ": format.YAML, "Csv": format.CSV} {
		if got, err := Formats(Printers()).Parse(in); err != nil || got != want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "xml", "yml", "ndjson"} {
		_, err := Formats(Printers()).Parse(in)
		if want := `unknown output format "` + in + `": use table, wide, json, jsonl, yaml, csv or xlsx`; err == nil || err.Error() != want {
			t.Errorf("ParseFormat(%q) error = %v, want %q", in, err, want)
		}
	}
}

func TestWrite(t *testing.T) {
	t.Parallel()
	grid := func() ([]Grid, error) {
		return []Grid{{Header: []string{"ID", "CODE"}, Rows: [][]string{{"1", "AB"}}}, {Header: []string{"N"}, Rows: [][]string{{"2"}}}}, nil
	}
	csvGrid := func() (Grid, error) { return Grid{Header: []string{"id"}, Rows: [][]string{{"1"}}}, nil }
	d := Data{JSON: []byte(`[{"id":1,"code":"AB"}]`), Tables: grid, CSV: csvGrid}
	jq, _ := CompileJQ(`.[0].code`)
	tests := []struct {
		name string
		d    Data
		o    Options
		want string
	}{
		{"table", d, Options{Format: format.Table}, "ID  CODE\n1   AB\n\nN\n2\n"},
		{"table without headers", d, Options{Format: format.Table, NoHeaders: true}, "1  AB\n\n2\n"},
		{"json piped is the JSON as it came", d, Options{Format: format.JSON}, `[{"id":1,"code":"AB"}]` + "\n"},
		{"json piped keeps the server's spacing", Data{JSON: []byte(`{"a" : 1,  "b":[ ]}`)}, Options{Format: format.JSON}, `{"a" : 1,  "b":[ ]}` + "\n"},
		{"json on a terminal is indented", d, Options{Format: format.JSON, Terminal: true}, "[\n  {\n    \"id\": 1,\n    \"code\": \"AB\"\n  }\n]\n"},
		{"yaml", d, Options{Format: format.YAML}, "- id: 1\n  code: AB\n"},
		{"csv", d, Options{Format: format.CSV}, "id\n1\n"},
		{"csv without headers", d, Options{Format: format.CSV, NoHeaders: true}, "1\n"},
		{"jq wins over the format", d, Options{Format: format.CSV, JQ: jq}, "AB\n"},
		{"table of data without tables is JSON", Data{JSON: []byte(`{"a":1}`)}, Options{Format: format.Table}, "{\"a\":1}\n"},
		{"... indented on a terminal", Data{JSON: []byte(`{"a":1}`)}, Options{Format: format.Table, Terminal: true}, "{\n  \"a\": 1\n}\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := Write(&b, tt.d, tt.o); err != nil {
			t.Errorf("%s: Write error: %v", tt.name, err)
			continue
		}
		if b.String() != tt.want {
			t.Errorf("%s: Write =\n%q\nwant\n%q", tt.name, b.String(), tt.want)
		}
	}

	failing := errors.New("cannot build rows")
	for _, tc := range []struct {
		name string
		d    Data
		o    Options
		want string
	}{
		{"no CSV form", Data{JSON: []byte(`{}`)}, Options{Format: format.CSV}, "this command has no CSV form: use --output json or yaml"},
		{"tables fail", Data{JSON: []byte(`{}`), Tables: func() ([]Grid, error) { return nil, failing }}, Options{Format: format.Table}, failing.Error()},
		{"csv fails", Data{JSON: []byte(`{}`), CSV: func() (Grid, error) { return Grid{}, failing }}, Options{Format: format.CSV}, failing.Error()},
	} {
		var b bytes.Buffer
		err := Write(&b, tc.d, tc.o)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: Write error = %v, want %q", tc.name, err, tc.want)
		}
		if b.Len() != 0 {
			t.Errorf("%s: Write wrote %q before failing, want nothing", tc.name, b.String())
		}
	}
}

func TestTerminalSafeCSVAndJQOnlyOnATerminal(t *testing.T) {
	t.Parallel()
	raw := []byte(`[{"code":"A\u001b[31mB\u0007"}]`)
	d := Data{JSON: raw, CSV: func() (Grid, error) {
		return Grid{Header: []string{"code"}, Rows: [][]string{{"A\x1b[31mB\x07"}}}, nil
	}}
	code, err := CompileJQ(".[0].code")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		o    Options
		want string
	}{
		{"csv piped", Options{Format: format.CSV}, "code\nA\x1b[31mB\x07\n"},
		{"csv on a terminal", Options{Format: format.CSV, Terminal: true}, "code\nAB\n"},
		{"jq piped", Options{Format: format.JSON, JQ: code}, "A\x1b[31mB\x07\n"},
		{"jq on a terminal", Options{Format: format.JSON, JQ: code, Terminal: true}, "AB\n"},
	} {
		var b bytes.Buffer
		if err := Write(&b, d, c.o); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if b.String() != c.want {
			t.Errorf("%s: got %q, want %q", c.name, b.String(), c.want)
		}
	}
}

func TestJQStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	code, err := CompileJQ("last(range(1e12))")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	var b bytes.Buffer
	err = Write(&b, Data{JSON: []byte(`[]`)}, Options{Format: format.JSON, JQ: code, Context: ctx})
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("endless --jq with a 100ms context: err %v after %s, want an error within seconds", err, time.Since(start))
	}
	if b.Len() != 0 {
		t.Errorf("cancelled --jq wrote %q, want nothing", b.String())
	}
}

// TestWriteYAMLDuplicateKeys: a key repeated in a JSON object appears once
// in the YAML, where it first appeared, with its last value; in small
// objects and in ones large enough to be indexed.
func TestWriteYAMLDuplicateKeys(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"code":"A","id":1,"code":"B"}`, "code: B\nid: 1\n"},
		{`{"a":1,"a":{"b":1,"b":2},"a":[3]}`, "a:\n  - 3\n"},
		{`[{"k":1,"k":2},{"k":3}]`, "- k: 2\n- k: 3\n"},
	}
	// 100 keys, then the 6th and the last again, then a new one.
	var in, want strings.Builder
	in.WriteString("{")
	for i := range 100 {
		fmt.Fprintf(&in, `"k%d":%d,`, i, i)
		v := i
		if i == 5 || i == 99 {
			v = -i
		}
		fmt.Fprintf(&want, "k%d: %d\n", i, v)
	}
	in.WriteString(`"k5":-5,"k99":-99,"new":1}`)
	want.WriteString("new: 1\n")
	tests = append(tests, struct{ in, want string }{in.String(), want.String()})
	for _, tt := range tests {
		got := yamlString(t, tt.in)
		if got != tt.want {
			t.Errorf("writeYAML(%s) =\n%s\nwant\n%s", tt.in, got, tt.want)
		}
		var back any
		if err := yaml.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("writeYAML(%s) = %q does not parse: %v", tt.in, got, err)
		}
	}
}
