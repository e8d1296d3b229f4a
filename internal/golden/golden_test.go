package golden

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPathNamesSubtestsAsFolders(t *testing.T) {
	t.Run("sub case", func(t *testing.T) {
		got := Path(t)
		want := filepath.Join("testdata", "TestPathNamesSubtestsAsFolders", "sub_case.golden")
		if got != want {
			t.Errorf("Path = %q, want %q", got, want)
		}
	})
}

func TestEqualUpdateThenCompare(t *testing.T) {
	t.Chdir(t.TempDir())
	old := *update
	t.Cleanup(func() { *update = old })

	*update = true
	Equal(t, "a  \nb\n")
	data, err := os.ReadFile(Path(t))
	if err != nil || string(data) != "a  \nb\n" {
		t.Fatalf("after -update the file holds %q (%v), want %q", data, err, "a  \nb\n")
	}

	*update = false
	Equal(t, "a  \nb\n") // the same output passes

	ft := &fakeTB{TB: t}
	Equal(ft, "a\nb\n")
	if !ft.failed {
		t.Error("Equal passed output that differs from the golden file")
	}
}

func TestFirstDiff(t *testing.T) {
	for _, c := range []struct{ got, want, diff string }{
		{"a\nb\n", "a\nb\n", "none"},
		{"a \n", "a\n", `line 1: got "a ", want "a"`},
		{"a\n", "a\nb\n", `line 2: got "", want "b"`},
		{"a\nb\nc", "a\nb", `line 3: got "c", want end of file`},
		{"a", "a\nb", `line 2: got end of output, want "b"`},
	} {
		if got := firstDiff(c.got, c.want); got != c.diff {
			t.Errorf("firstDiff(%q, %q) = %s, want %s", c.got, c.want, got, c.diff)
		}
	}
}

// fakeTB records a failure instead of failing the test.
type fakeTB struct {
	testing.TB
	failed bool
}

func (f *fakeTB) Helper()               {}
func (f *fakeTB) Errorf(string, ...any) { f.failed = true }
func (f *fakeTB) Fatalf(string, ...any) { f.failed = true }
