package format

import "testing"

func TestSet(t *testing.T) {
	s := Set{{Name: Table}, {Name: JSON, ErrorsAsJSON: true}, {Name: "tsv"}}
	for in, want := range map[string]Format{"table": Table, " JSON ": JSON, "Tsv": "tsv"} {
		if got, err := s.Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := s.Parse("xml")
	if want := `unknown output format "xml": use table, json or tsv`; err == nil || err.Error() != want {
		t.Errorf("Parse(xml) error = %v, want %q", err, want)
	}
	if spec, ok := s.Lookup("json"); !ok || !spec.ErrorsAsJSON {
		t.Errorf("Lookup(json) = %+v, %v", spec, ok)
	}
	for _, c := range []struct {
		items []string
		want  string
	}{{nil, ""}, {[]string{"a"}, "a"}, {[]string{"a", "b"}, "a or b"}, {[]string{"a", "b", "c"}, "a, b or c"}} {
		if got := Or(c.items, "or"); got != c.want {
			t.Errorf("Or(%q) = %q, want %q", c.items, got, c.want)
		}
	}
}
