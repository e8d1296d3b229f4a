package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// passBackCeilings are the folders whose command tests still hand a run's
// own stdout or stderr back to its Expect, with how many such calls each
// may hold: the count only goes down. Everywhere else there are none.
var passBackCeilings = map[string]int{
	// Being moved into its verbs' packages; assert their output there.
	"cmd/promocmd": 11,
}

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
	counts := map[string]int{}
	eachGoFile(t, "../..", testsOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		for _, at := range passBacks(fset, rel, file) {
			if dir := ceilingOf(rel); dir != "" {
				counts[dir]++
				continue
			}
			t.Errorf("%s: Expect is given the run's own output: assert the text (exact, or RunResult.ExpectGolden)", at)
		}
	})
	for dir, c := range passBackCeilings {
		switch n := counts[dir]; {
		case n > c:
			t.Errorf("%s: %d Expect calls given the run's own output, over its ceiling %d: assert the text", dir, n, c)
		case n < c:
			t.Errorf("%s: %d Expect calls given the run's own output, under its ceiling %d: lower it to %d", dir, n, c, n)
		}
	}
}

// ceilingOf is the folder of passBackCeilings that holds rel, or "".
func ceilingOf(rel string) string {
	for dir := range passBackCeilings {
		if strings.HasPrefix(rel, dir+"/") {
			return dir
		}
	}
	return ""
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
