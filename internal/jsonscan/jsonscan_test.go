package jsonscan

import (
	"fmt"
	"testing"
)

func TestObjectElementsReadsEachObjectOnce(t *testing.T) {
	t.Parallel()
	var got []string
	err := ObjectElements([]byte(` [ {"a":1,"b":{"c":[1,"]"]}} , {} ,{"a":"x\"y"} ] `),
		func(i int) error { got = append(got, fmt.Sprintf("#%d", i)); return nil },
		func(k, v []byte) error { got = append(got, string(k)+"="+string(v)); return nil })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"#0", "a=1", `b={"c":[1,"]"]}`, "#1", "#2", `a="x\"y"`}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ObjectElements walked %q, want %q", got, want)
	}
	for _, bad := range []string{`[1]`, `[{"a":1},null]`, `[{"a":1}`, `[{"a":}]`, `{}`, ``} {
		err := ObjectElements([]byte(bad), func(int) error { return nil }, func(_, _ []byte) error { return nil })
		if err == nil {
			t.Errorf("ObjectElements(%q) = nil, want an error", bad)
		}
	}
}
