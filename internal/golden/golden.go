// Package golden compares a test's output with a file committed next to the
// test, testdata/<TestName>.golden, the way GoReleaser's internal/golden
// does. Run the tests with -update to rewrite the files from the current
// output, then review the diff before committing it:
//
//	go test ./cmd -update
package golden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update is read when a comparison is made, not when the package is
// initialised, so that it sees the parsed command line.
var update = flag.Bool("update", false, "rewrite the .golden files from the current output")

// Path returns the golden file of the running test: testdata/<TestName>.golden,
// where a subtest's name becomes a folder (TestX/sub.golden).
func Path(tb testing.TB) string {
	return filepath.Join("testdata", filepath.FromSlash(tb.Name())+".golden")
}

// Equal fails tb when got differs from the test's golden file, or rewrites
// the file with got under -update.
func Equal(tb testing.TB, got string) {
	tb.Helper()
	path := Path(tb)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatalf("golden: %v", err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.Fatalf("golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("golden: %v (run go test with -update to create it)", err)
	}
	if got != string(want) {
		tb.Errorf("output differs from %s (rerun with -update to accept it)\ngot:\n%s\nwant:\n%s\nfirst difference: %s",
			path, got, want, firstDiff(got, string(want)))
	}
}

// firstDiff describes the first line where got and want differ, quoted so
// that trailing spaces and control bytes show.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		switch {
		case i >= len(g):
			return fmt.Sprintf("line %d: got end of output, want %q", i+1, w[i])
		case i >= len(w):
			return fmt.Sprintf("line %d: got %q, want end of file", i+1, g[i])
		case g[i] != w[i]:
			return fmt.Sprintf("line %d: got %q, want %q", i+1, g[i], w[i])
		}
	}
	return "none"
}
