package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// kindLiterals lists where a .Kind (a setting's source, an error's
// subject) is compared with, or switched over, a string literal other
// than "" rather than with its named constant (config.FromFlag,
// api.SubjectPromo): a constant renamed or a word mistyped then compiles
// and is silently false.
func kindLiterals(fset *token.FileSet, rel string, file *ast.File) []string {
	isKind := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Kind"
	}
	isWord := func(e ast.Expr) bool {
		lit, ok := e.(*ast.BasicLit)
		return ok && lit.Kind == token.STRING && lit.Value != `""` && lit.Value != "``"
	}
	var out []string
	at := func(n ast.Node) { out = append(out, fmt.Sprintf("%s:%d", rel, fset.Position(n.Pos()).Line)) }
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) &&
				(isKind(n.X) && isWord(n.Y) || isKind(n.Y) && isWord(n.X)) {
				at(n)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil || !isKind(n.Tag) {
				return true
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					if isWord(e) {
						at(e)
					}
				}
			}
		}
		return true
	})
	return out
}

// TestKindsAreComparedByName fails on a .Kind compared with a word
// rather than its constant.
func TestKindsAreComparedByName(t *testing.T) {
	t.Parallel()
	var found []string
	for _, root := range []string{"../../cmd", "../../internal"} {
		eachGoFile(t, root, sourcesOnly, func(fset *token.FileSet, rel string, file *ast.File) {
			found = append(found, kindLiterals(fset, rel, file)...)
		})
	}
	if len(found) > 0 {
		t.Errorf("a Kind compared with a word: compare it with its named constant (config.FromFlag, api.SubjectPromo…)\n%s", strings.Join(found, "\n"))
	}
}

// TestKindLiteralsAreFound keeps the rule able to fail.
func TestKindLiteralsAreFound(t *testing.T) {
	t.Parallel()
	src := `package p

func f(s Source) bool {
	if s.Kind == config.FromFlag || s.Kind == "" {
		return true
	}
	switch s.Kind {
	case config.FromEnv, "":
	case "profile":
	}
	return "flag" != s.Kind
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(kindLiterals(fset, "p.go", file), " "), "p.go:9 p.go:11"; got != want {
		t.Errorf("found %q, want %q", got, want)
	}
}
