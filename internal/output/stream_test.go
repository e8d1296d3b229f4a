package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// sliceElements hands out the elements of a JSON array, as a stream does.
type sliceElements struct {
	elems [][]byte
	err   error // returned after the elements instead of io.EOF, when set
}

func elementsOf(t *testing.T, list string) *sliceElements {
	t.Helper()
	s := &sliceElements{}
	if err := jsonscan.Elements([]byte(list), func(e []byte) error { s.elems = append(s.elems, e); return nil }); err != nil {
		t.Fatalf("bad test list %q: %v", list, err)
	}
	return s
}

func (s *sliceElements) Next() ([]byte, error) {
	if len(s.elems) == 0 {
		if s.err != nil {
			return nil, s.err
		}
		return nil, io.EOF
	}
	e := s.elems[0]
	s.elems = s.elems[1:]
	return e, nil
}

// listOf is a List over the JSON array list whose table and CSV rows are
// the values of the given fields.
func listOf(t *testing.T, list string, fields ...string) List {
	src := elementsOf(t, list)
	rows := func(add func([]string) error) error {
		for {
			e, err := src.Next()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			var m map[string]any
			json.Unmarshal(e, &m)
			row := make([]string, len(fields))
			for i, f := range fields {
				row[i] = termsafe.String(fmt.Sprint(m[f]))
			}
			if err := add(row); err != nil {
				return err
			}
		}
	}
	header := make([]string, len(fields))
	for i, f := range fields {
		header[i] = strings.ToUpper(f)
	}
	reused := reusedRows(rows)
	return List{Elements: src, Header: header, Rows: reused, CSVHeader: fields, CSVRows: reused,
		Tone: func(col int, cell string) Tone {
			if col == 1 {
				return StatusTone(cell, Bad)
			}
			return Plain
		}}
}

// reusedRows gives the rows of rows as a table's, each built in the
// buffer of the one before, as a view that makes no garbage builds them.
func reusedRows(rows func(add func([]string) error) error) func(add func([][]byte) error) error {
	return func(add func([][]byte) error) error {
		var text []byte
		var ends []int
		var row [][]byte
		return rows(func(r []string) error {
			text, ends, row = text[:0], ends[:0], row[:0]
			for _, c := range r {
				text = append(text, c...)
				ends = append(ends, len(text))
			}
			start := 0
			for _, end := range ends {
				row = append(row, text[start:end])
				start = end
			}
			return add(row)
		})
	}
}

// dataOf is the same list given whole, as Write takes it.
func dataOf(t *testing.T, list string, fields ...string) Data {
	l := listOf(t, list, fields...)
	grid := func() (Grid, error) {
		g := Grid{Header: l.Header}
		err := l.CSVRows(func(r [][]byte) error {
			row := make([]string, len(r))
			for i, c := range r {
				row[i] = string(c)
			}
			g.Rows = append(g.Rows, row)
			return nil
		})
		g.Tone = func(row, col int) Tone { return l.Tone(col, g.Rows[row][col]) }
		return g, err
	}
	return Data{JSON: json.RawMessage(list),
		Tables: func() ([]Grid, error) { g, err := grid(); return []Grid{g}, err },
		CSV: func() (Grid, error) {
			g, err := grid()
			g.Header = fields
			return g, err
		}}
}

func writeListString(t *testing.T, l List, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteList(&b, l, o); err != nil {
		t.Fatalf("WriteList: %v", err)
	}
	return b.String()
}

func writeString(t *testing.T, d Data, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, d, o); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.String()
}

// bigList is n promo-like objects.
func bigList(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"code":"CODE%05d","is_enabled":%t,"amount":%d.5,"note":"%s","tags":[%d,{"k":null}]}`,
			1000+i, i, i%3 == 0, i%7, strings.Repeat("é", i%4), i)
	}
	b.WriteByte(']')
	return b.String()
}

// TestWriteListMatchesWrite: every format shows a streamed list exactly
// as Write shows the whole list.
func TestWriteListMatchesWrite(t *testing.T) {
	lists := map[string]string{
		"empty":    `[]`,
		"one":      `[{"id":1,"code":"A1","is_enabled":true}]`,
		"odd":      `[{"id":1,"code":"2024","is_enabled":"yes","s":"line\nbreak","u":"\u00e9\/x","deep":{"a":[[],{}],"b":[1,{"c":"d"}]}},{"id":2},3,"x",null,[1,2]]`,
		"big":      bigList(1200), // over bulkRows: the aligned writer
		"indented": "[\n  {\"id\": 1, \"code\": \"A\"},\n  {\"id\": 2, \"code\": \"B\"}\n]",
	}
	fields := []string{"id", "is_enabled", "code"}
	for name, list := range lists {
		for _, o := range []Options{
			{Format: format.Table}, {Format: format.Table, NoHeaders: true}, {Format: format.Table, Color: true},
			{Format: format.JSON, Terminal: true}, {Format: format.YAML}, {Format: format.CSV}, {Format: format.CSV, NoHeaders: true}, {Format: format.CSV, Terminal: true},
		} {
			if name == "odd" && (o.Format == format.Table || o.Format == format.CSV) {
				continue
			}
			got := writeListString(t, listOf(t, list, fields...), o)
			want := writeString(t, dataOf(t, list, fields...), o)
			if got != want {
				t.Errorf("%s, %+v:\nstreamed %.300q\nwhole    %.300q", name, o, got, want)
			}
		}
	}
}

func TestWriteListJSONPassesTheElementsThrough(t *testing.T) {
	list := `[{"id":1,"code":"A"},{"id":2,"x":[1,2],"y":"\u00e9"}]`
	if got := writeListString(t, listOf(t, list), Options{Format: format.JSON}); got != list+"\n" {
		t.Errorf("piped JSON = %q, want the list as sent", got)
	}
	if got := writeListString(t, listOf(t, `[]`), Options{Format: format.JSON}); got != "[]\n" {
		t.Errorf("empty list = %q, want []", got)
	}
}

// TestWriteListJSONLRoundTrips: -o jsonl gives the same objects as -o
// json, one a line, whatever white space the server put in them.
func TestWriteListJSONLRoundTrips(t *testing.T) {
	list := "[\n {\"id\": 1,\n  \"code\": \"A\\nB\"},\r\n {\"id\":2,\"big\":100000000000000000000001} , [1, 2]\n]"
	out := writeListString(t, listOf(t, list), Options{Format: format.JSONL})
	var want []any
	dec := json.NewDecoder(strings.NewReader(list))
	dec.UseNumber()
	dec.Decode(&want)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("jsonl %q: %d lines, want %d", out, len(lines), len(want))
	}
	for i, l := range lines {
		d := json.NewDecoder(strings.NewReader(l))
		d.UseNumber()
		var v any
		if err := d.Decode(&v); err != nil || fmt.Sprint(v) != fmt.Sprint(want[i]) {
			t.Errorf("line %d %q = %v, %v; want %v", i+1, l, v, err, want[i])
		}
	}
	// Write, for data given whole, agrees.
	if got := writeString(t, Data{JSON: json.RawMessage(list)}, Options{Format: format.JSONL}); got != out {
		t.Errorf("Write jsonl = %q, WriteList %q", got, out)
	}
	if got := writeString(t, Data{JSON: json.RawMessage("{\n\"a\": 1}")}, Options{Format: format.JSONL}); got != "{\"a\":1}\n" {
		t.Errorf("Write jsonl of a record = %q", got)
	}
}

// TestWriteListStopsCleanly: when the list fails part way, the output is
// whole elements, JSON without its closing bracket, and the error.
func TestWriteListStopsCleanly(t *testing.T) {
	cut := fmt.Errorf("list promo codes of site 7: the JSON is malformed or truncated")
	list := `[{"id":1,"code":"A"},{"id":2,"code":"B"}]`
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Format: format.JSON}, `[{"id":1,"code":"A"},{"id":2,"code":"B"}`},
		{Options{Format: format.JSON, Terminal: true}, "[\n  {\n    \"id\": 1,\n    \"code\": \"A\"\n  },\n  {\n    \"id\": 2,\n    \"code\": \"B\"\n  }"},
		{Options{Format: format.JSONL}, "{\"id\":1,\"code\":\"A\"}\n{\"id\":2,\"code\":\"B\"}\n"},
		{Options{Format: format.YAML}, "- id: 1\n  code: A\n- id: 2\n  code: B\n"},
		{Options{Format: format.CSV}, "id,code\n1,A\n2,B\n"},
		{Options{Format: format.Table}, ""},
	} {
		l := listOf(t, list, "id", "code")
		l.Elements.(*sliceElements).err = cut
		var b bytes.Buffer
		err := WriteList(&b, l, c.o)
		if err != cut || b.String() != c.want {
			t.Errorf("%s: %q, %v; want %q and the list's error", c.o.Format, b.String(), err, c.want)
		}
		if c.o.Format == format.JSON && json.Valid(b.Bytes()) {
			t.Errorf("%s: a cut list reads as complete JSON: %q", c.o.Format, b.String())
		}
	}
	// An element that is not valid JSON is worded as Write words it.
	l := listOf(t, `[{"id":1}]`, "id")
	l.Elements.(*sliceElements).err = &jsonscan.ElementError{Index: 1, Err: jsonscan.ErrTooDeep}
	err := WriteList(io.Discard, l, Options{Format: format.JSON})
	if want := "unexpected response from the server: " + jsonscan.ErrTooDeep.Error(); err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

func TestCompileJQEach(t *testing.T) {
	for expr, streams := range map[string]bool{
		".[].code": true, ".[] | select(.is_enabled) | .id": true, ".[]": true, ".[] | .a, .b": true,
		".[][0]": true, ".[] | {id, code}": true,
		"map(.id)": false, "length": false, ".[0]": false, ".[]?": false, ".[] as $x | $x.id": false,
		"def f: .id; .[] | f": false, "[.[] | .id]": false, "(.[] | .id), 1": false, ".[]?.id": false,
	} {
		code, err := CompileJQEach(expr)
		if err != nil || (code != nil) != streams {
			t.Errorf("CompileJQEach(%q) = %v, %v; want streaming %t", expr, code, err, streams)
		}
	}
}

// TestJQStreamsAsItWouldWhole: a filter run element by element gives what
// it gives on the whole list, large integers exact.
func TestJQStreamsAsItWouldWhole(t *testing.T) {
	list := `[{"id":9007199254740993,"code":"A1","is_enabled":true},{"id":2,"code":"B2","is_enabled":false},` +
		`{"id":100000000000000000000001,"code":"C3","is_enabled":true,"x":[1.5,2e3]}]`
	for _, expr := range []string{
		".[].code", ".[] | select(.is_enabled) | .id", "map(.id)", "length", ".[0]", ".[] | .x", ".[] | {id, code}",
		".[] | .id + 1", "first(.[] | .code)", ".[] | if .id == 2 then halt else .code end",
	} {
		code, err := CompileJQ(expr)
		if err != nil {
			t.Fatal(err)
		}
		each, _ := CompileJQEach(expr)
		whole := writeString(t, Data{JSON: json.RawMessage(list)}, Options{JQ: code})
		held := writeListString(t, listOf(t, list), Options{JQ: code})
		if held != whole {
			t.Errorf("%s: held %q, whole %q", expr, held, whole)
		}
		if each != nil {
			if got := writeListString(t, listOf(t, list), Options{JQ: code, JQEach: each}); got != whole {
				t.Errorf("%s: streamed %q, whole %q", expr, got, whole)
			}
		}
	}
}
