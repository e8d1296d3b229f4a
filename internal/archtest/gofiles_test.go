package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Which Go files of the module a rule reads.
const (
	sourcesOnly = iota // the code, not its tests
	testsOnly          // the tests alone
)

// eachGoFile parses every Go file under root (a folder of the module, as
// seen from this package) that kind says, but those in hidden folders and
// testdata, and calls f with its path relative to the module's root.
func eachGoFile(t *testing.T, root string, kind int, f func(fset *token.FileSet, rel string, file *ast.File)) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") != (kind == testsOnly) {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		f(fset, filepath.ToSlash(strings.TrimPrefix(path, "../../")), file)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// unused are the keys of an allow-list that the rule's walk did not use,
// sorted: an entry that allows what is no more fails, so that the list
// only shrinks.
func unused[V any](allowed map[string]V, used map[string]bool) []string {
	var out []string
	for key := range allowed {
		if !used[key] {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}
