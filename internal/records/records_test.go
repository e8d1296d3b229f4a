package records

import (
	"encoding/json"
	"reflect"
	"testing"
)

// Shapes are the list shapes seen from this API and its relatives, with
// the ids of the records each holds; nil ids mean "not a list".
func shapes() []struct {
	name, raw string
	ids       []string
} {
	return []struct {
		name, raw string
		ids       []string
	}{
		{"bare array", `[{"id":1,"name":"A"},{"id":"2","title":"B"}]`, []string{"1", "2"}},
		{"result", `{"result":[{"id":1},{"id":2}]}`, []string{"1", "2"}},
		{"records", `{"records":[{"id":3}],"total":1}`, []string{"3"}},
		{"nested items", `{"result":{"items":[{"id":4},{"id":5}]}}`, []string{"4", "5"}},
		{"an object", `{"id":9,"name":"Only"}`, nil},
		{"result beside meta", `{"result":[{"id":6}],"meta":[]}`, []string{"6"}},
		{"the only array", `{"count":1,"list_of_sites":[{"id":7}]}`, []string{"7"}},
		{"null", `null`, []string{}},
		{"empty", `[]`, []string{}},
		{"plain value", `"text"`, nil},
	}
}

func TestItemsAndRefsAgree(t *testing.T) {
	t.Parallel()
	for _, c := range shapes() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			refs, ok, err := Refs([]byte(c.raw), "name")
			if err != nil {
				t.Fatalf("Refs(%s): %v", c.raw, err)
			}
			if ok != (c.ids != nil) {
				t.Fatalf("Refs(%s) ok = %v, want %v", c.raw, ok, c.ids != nil)
			}
			got := []string{}
			for _, r := range refs {
				got = append(got, r.ID)
			}
			if ok && !reflect.DeepEqual(got, c.ids) {
				t.Errorf("Refs(%s) ids = %q, want %q", c.raw, got, c.ids)
			}
			items, iok, err := Items([]byte(c.raw))
			if err != nil || iok != ok || len(items) != len(got) {
				t.Errorf("Items(%s) = %d items, %v, %v; want %d, %v", c.raw, len(items), iok, err, len(got), ok)
			}
		})
	}
}

func TestRefsNames(t *testing.T) {
	t.Parallel()
	raw := `[{"id":1,"name":"Shop"},{"id":"2","title":"Landing"},{"id":3,"domain":"three.example"},{"id":4},` +
		`{"id":5,"name":"","title":"Title"},{"id":6,"name":{"ru":"x"},"domain":"six.example"},{"name":"no id"},{"id":null},"text",5]`
	refs, ok, err := Refs([]byte(raw), "name", "title", "domain")
	if err != nil || !ok {
		t.Fatalf("Refs = %v, %v", ok, err)
	}
	want := []Ref{{"1", "Shop"}, {"2", "Landing"}, {"3", "three.example"}, {"4", ""}, {"5", "Title"}, {"6", "six.example"}}
	if !reflect.DeepEqual(refs, want) {
		t.Errorf("Refs = %#v, want %#v", refs, want)
	}
}

func TestRefInt(t *testing.T) {
	t.Parallel()
	for id, want := range map[string]int64{"7": 7, " 8 ": 8, "9.0": 9, "0": 0, "-1": 0, "1.5": 0, "x": 0, "": 0} {
		if got := (Ref{ID: id}).Int(); got != want {
			t.Errorf("Ref{ID: %q}.Int() = %d, want %d", id, got, want)
		}
	}
}

func TestFieldsKeepOrderAndRawValues(t *testing.T) {
	t.Parallel()
	fs, err := Fields([]byte(` {"b":1.50e2,"a\u0041":"x","c":[1, 2]} `))
	if err != nil {
		t.Fatal(err)
	}
	want := []Field{{"b", json.RawMessage(`1.50e2`)}, {"aA", json.RawMessage(`"x"`)}, {"c", json.RawMessage(`[1, 2]`)}}
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("Fields = %q, want %q", fs, want)
	}
}

func TestMalformed(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{`[1,`, `{"a":}`, `[1] x`, `{"a":1`} {
		if _, _, err := Items([]byte(raw)); err == nil {
			t.Errorf("Items(%s) = nil error, want one", raw)
		}
	}
}
