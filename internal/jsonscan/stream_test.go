package jsonscan

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads every element of src through an ArrayReader fed by wrap.
func readAll(src string, wrap func(io.Reader) io.Reader) ([]string, error) {
	a := NewArrayReader(wrap(strings.NewReader(src)))
	var out []string
	for {
		e, err := a.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, string(e))
	}
}

func plain(r io.Reader) io.Reader { return r }

func TestArrayReaderElements(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // larger than the first buffer
	for _, src := range []string{
		`[]`, ` [ ] `, `[1]`, `[1,2,3]`, ` [ 1 , "a" , null , true , false , -1.5e3 ] `,
		`[{"a":[1,{"b":"]"}]},{"c":"\"},{"}]`, `[[],{},[[]]]`, `["` + long + `",{"k":"` + long + `"}]`,
		"[\n  {\"id\": 1},\n  {\"id\": 2}\n]\n", `["\u00e9\\"]`,
	} {
		var want []string
		Elements([]byte(strings.TrimSpace(src)), func(e []byte) error { want = append(want, string(e)); return nil })
		for name, wrap := range map[string]func(io.Reader) io.Reader{"whole": plain, "byte by byte": iotest.OneByteReader, "half": iotest.HalfReader} {
			got, err := readAll(src, wrap)
			if err != nil || strings.Join(got, "\x00") != strings.Join(want, "\x00") {
				t.Errorf("%s: %.60q: got %d elements, %v; want %d", name, src, len(got), err, len(want))
			}
		}
	}
}

func TestArrayReaderErrors(t *testing.T) {
	for _, c := range []struct {
		src  string
		want error
	}{
		{``, ErrTruncated},
		{`[`, ErrTruncated},
		{`[{"id":1,"code":"SUMM`, ErrTruncated},      // inside a string
		{`[{"id":1},`, ErrTruncated},                 // at an element boundary
		{`[{"id":1},{"id":`, ErrTruncated},           // in the middle of an element
		{`[{"id":1},{"is_enabled":tr`, ErrTruncated}, // inside a literal
		{`[{"id":1}`, ErrTruncated},
		{`[1,]`, ErrInvalid},
		{`[1 2]`, ErrInvalid},
		{`[1] x`, ErrInvalid},
		{`{"a":1}`, ErrInvalid},
		{`[{"id":1},{"id":tru},{"id":3},{"id":4}]`, ErrInvalid},
		{`[{"id":1},{"id":"a` + "\x01" + `"},{"id":3},{"id":4}]`, ErrInvalid},
		{`[` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `,1,2,3,4,5,6]`, ErrTooDeep},
	} {
		for name, wrap := range map[string]func(io.Reader) io.Reader{"whole": plain, "byte by byte": iotest.OneByteReader} {
			_, err := readAll(c.src, wrap)
			if !errors.Is(err, c.want) {
				t.Errorf("%s: %.60q: error %v, want %v", name, c.src, err, c.want)
			}
		}
	}
	// An element's own fault says which element.
	_, err := readAll(`[1,{"a":nul},3,4,5,6,7]`, plain)
	if ee := (*ElementError)(nil); !errors.As(err, &ee) || ee.Index != 1 {
		t.Errorf("error %v, want an *ElementError for item 2", err)
	}
	// A read error is returned as it is.
	boom := errors.New("boom")
	a := NewArrayReader(io.MultiReader(strings.NewReader(`[1,2,`), iotest.ErrReader(boom)))
	for {
		if _, err = a.Next(); err != nil {
			break
		}
	}
	if err != boom {
		t.Errorf("error %v, want the reader's", err)
	}
}

// FuzzArrayReader: the reader accepts exactly the arrays encoding/json
// accepts, and hands out the same elements whatever the read sizes.
func FuzzArrayReader(f *testing.F) {
	for _, s := range []string{`[]`, `[1,"a",{"b":[null]}]`, `[{"a":"\u00e9"}`, `[1,]`, ` [ 1e5 , -0 ] `, `[tru]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		whole, err1 := readAll(string(b), plain)
		bytewise, err2 := readAll(string(b), iotest.OneByteReader)
		if (err1 == nil) != (err2 == nil) || strings.Join(whole, "\x00") != strings.Join(bytewise, "\x00") {
			t.Fatalf("%q: whole %q %v, byte by byte %q %v", b, whole, err1, bytewise, err2)
		}
		trimmed := bytes.TrimSpace(b)
		want := json.Valid(b) && len(trimmed) > 0 && trimmed[0] == '['
		if (err1 == nil) != want {
			t.Fatalf("%q: error %v, json.Valid array %t", b, err1, want)
		}
	})
}
