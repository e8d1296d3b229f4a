package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// maxClosureLines is a screen: a closure longer than this (a command's
// RunE above all) decides things that belong in named steps, complete,
// validate and run (docs/architecture.md).
const maxClosureLines = 40

// longClosures names the function literals of file longer than max lines,
// as "path:line: closure of N lines".
func longClosures(fset *token.FileSet, file *ast.File, max int) []string {
	var out []string
	ast.Inspect(file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			start, end := fset.Position(lit.Pos()), fset.Position(lit.End())
			if lines := end.Line - start.Line; lines > max {
				out = append(out, fmt.Sprintf("%s:%d: closure of %d lines", start.Filename, start.Line, lines))
			}
		}
		return true
	})
	return out
}

// TestNoClosureLongerThanAScreen fails when a closure in cmd/ (but the
// tests) is longer than maxClosureLines: a verb's RunE stays a few lines
// that call complete, validate and run.
func TestNoClosureLongerThanAScreen(t *testing.T) {
	t.Parallel()
	var found []string
	eachGoFile(t, "../../cmd", sourcesOnly, func(fset *token.FileSet, _ string, file *ast.File) {
		found = append(found, longClosures(fset, file, maxClosureLines)...)
	})
	if len(found) > 0 {
		t.Errorf("closures longer than %d lines: move their steps into complete, validate and run\n%s", maxClosureLines, strings.Join(found, "\n"))
	}
}

// TestLongClosuresAreFound keeps the rule able to fail: a RunE of 41 lines
// is named, one of 40 is not.
func TestLongClosuresAreFound(t *testing.T) {
	t.Parallel()
	src := func(body int) string {
		return "package p\n\nvar c = cobra.Command{\n\tRunE: func() error {\n" +
			strings.Repeat("\t\t_ = 0\n", body) + "\t\treturn nil\n\t},\n}\n"
	}
	for _, tc := range []struct {
		body int
		want string
	}{
		{38, ""}, // func line to closing brace: 40 lines
		{39, "p.go:4: closure of 41 lines"},
	} {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "p.go", src(tc.body), parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(longClosures(fset, file, maxClosureLines), "\n")
		if got != tc.want {
			t.Errorf("a RunE with %d statements: got %q, want %q", tc.body+1, got, tc.want)
		}
	}
}
