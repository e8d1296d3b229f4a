package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// reExports lists the exported top-level names of file that only repeat a name of
// another package of the module: a type alias (type F = format.Format), a
// constant or variable set to one (const D = baseurl.Default), or a
// function whose whole body returns a call of one with its own arguments
// (func P(s string) … { return baseurl.Parse(s) }). Each concept has one
// name: callers import the package that owns it.
func reExports(fset *token.FileSet, file *ast.File) []string {
	own := map[string]bool{} // local names of the module's packages
	for _, imp := range file.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		rel, ok := strings.CutPrefix(path, module+"/")
		if !ok {
			continue
		}
		name := filepath.Base(rel)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		own[name] = true
	}
	fromOwn := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		x, ok := sel.X.(*ast.Ident)
		return ok && own[x.Name]
	}
	var out []string
	at := func(n ast.Node, name string) {
		if ast.IsExported(name) {
			out = append(out, fset.Position(n.Pos()).String()+": "+name)
		}
	}
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					if spec.Assign.IsValid() && fromOwn(spec.Type) {
						at(spec, spec.Name.Name)
					}
				case *ast.ValueSpec:
					for i, v := range spec.Values {
						if fromOwn(v) && i < len(spec.Names) {
							at(spec, spec.Names[i].Name)
						}
					}
				}
			}
		case *ast.FuncDecl:
			if d.Recv != nil || d.Body == nil || len(d.Body.List) != 1 {
				continue
			}
			ret, ok := d.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			call, ok := ret.Results[0].(*ast.CallExpr)
			if !ok || !fromOwn(call.Fun) {
				continue
			}
			var params []string
			for _, f := range d.Type.Params.List {
				for _, n := range f.Names {
					params = append(params, n.Name)
				}
			}
			var args []string
			for _, a := range call.Args {
				if id, ok := a.(*ast.Ident); ok {
					args = append(args, id.Name)
				}
			}
			if len(args) == len(call.Args) && slices.Equal(args, params) {
				at(d, d.Name.Name)
			}
		}
	}
	return out
}

// TestNoReExportedNames fails when a package gives another package's name
// a second name of its own. It reads every Go source of the module but the
// tests (and testdata).
func TestNoReExportedNames(t *testing.T) {
	t.Parallel()
	var found []string
	eachGoFile(t, "../..", sourcesOnly, func(fset *token.FileSet, _ string, file *ast.File) {
		found = append(found, reExports(fset, file)...)
	})
	if len(found) > 0 {
		t.Errorf("names that only repeat another package's: use that package's name instead\n%s", strings.Join(found, "\n"))
	}
}

// TestReExportsAreFound checks the checker on made-up files.
func TestReExportsAreFound(t *testing.T) {
	t.Parallel()
	src := `package output

import (
	"strings"

	"github.com/promoctl/promoctl/internal/format"
	bu "github.com/promoctl/promoctl/internal/baseurl"
)

type Format = format.Format
type Builder = strings.Builder
type Own struct{ F format.Format }

const (
	Table = format.Table
	Name  = "table"
)

var Default = bu.Default

func ParseFormat(s string) (Format, error) { return format.Parse(s) }
func Check(s string) error                  { _, err := format.Parse(strings.TrimSpace(s)); return err }
func Trim(s string) string                  { return strings.TrimSpace(s) }
func Names(extra string) []string           { return format.Names() }
func parse(s string) (Format, error)        { return format.Parse(s) }
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "output.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"output.go:10:6: Format", "output.go:15:2: Table", "output.go:19:5: Default", "output.go:21:1: ParseFormat"}
	if got := reExports(fset, file); !slices.Equal(got, want) {
		t.Errorf("reExports = %q\nwant %q", got, want)
	}
}
