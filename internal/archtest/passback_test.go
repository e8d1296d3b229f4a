package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// passBacks lists, as "path:line", the calls x.Expect(t, code, stdout,
// stderr) in file whose stdout or stderr is a field Stdout or Stderr of
// any value (res.Stdout): a check that compares the output with itself.
func passBacks(fset *token.FileSet, rel string, file *ast.File) []string {
	var out []string
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 4 {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Expect" {
			return true
		}
		for i, field := range map[int]string{2: "Stdout", 3: "Stderr"} {
			if sel, ok := call.Args[i].(*ast.SelectorExpr); ok && sel.Sel.Name == field {
				out = append(out, fmt.Sprintf("%s:%d", rel, fset.Position(call.Pos()).Line))
				break
			}
		}
		return true
	})
	return out
}

// TestCommandTestsAssertTheirOutput fails on a command test that passes a
// run's own stdout or stderr to Expect, so that it is compared with
// itself: assert the text (exact, or the test's golden file with
// RunResult.ExpectGolden); a test that checks stdout in parts takes it
// from RunResult.Succeeded.
func TestCommandTestsAssertTheirOutput(t *testing.T) {
	t.Parallel()
	eachGoFile(t, "../..", testsOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		for _, at := range passBacks(fset, rel, file) {
			t.Errorf("%s: Expect is given the run's own output: assert the text (exact, or RunResult.ExpectGolden)", at)
		}
	})
}

// TestPassBacksAreFound checks the checker on a made-up file.
func TestPassBacksAreFound(t *testing.T) {
	t.Parallel()
	src := `package x

func TestA(t *testing.T) {
	res := r.Run("x")
	res.Expect(t, 0, res.Stdout, "")
	res.Expect(t, 0, "a\n", res.Stderr)
	res.Expect(t, 0, "a\n", "")
	golden.Expect(t, 0, out.Stdout, "", 5)
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x_test.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := passBacks(fset, "x_test.go", file), []string{"x_test.go:5", "x_test.go:6"}; !slices.Equal(got, want) {
		t.Errorf("passBacks = %q, want %q", got, want)
	}
}
