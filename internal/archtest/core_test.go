package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// staysInCore are the names of cmd/cmdutil that one noun alone uses but that
// core keeps, each with the reason.
var staysInCore = map[string]string{
	"CurrencyLabel": "the Russian tables' currency signs are core's table language (table_lang.go), which promo generate's header shares",
	"DataFlag":      "core's completer reads the sandbox's --data flag (SandboxData), which DataFlag defines",
}

// coreUse is where the exported top-level names of cmd/cmdutil are used.
type coreUse struct {
	decl   map[string]string          // name → where core declares it
	inCore map[string]bool            // used by core's own code
	users  map[string]map[string]bool // name → packages under cmd that use it
}

// coreUses reads the non-test Go files under dir (the module's cmd): the
// exported top-level names of cmd/cmdutil, and which packages use each, by
// its qualified name (cmdutil.X) or, in core, its bare name.
func coreUses(t *testing.T, dir string) coreUse {
	t.Helper()
	u := coreUse{decl: map[string]string{}, inCore: map[string]bool{}, users: map[string]map[string]bool{}}
	fset := token.NewFileSet()
	files := map[string][]*ast.File{} // package dir relative to the module → files
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), filepath.Dir(path))
		files[filepath.ToSlash(rel)] = append(files[filepath.ToSlash(rel)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	declared := map[token.Pos]bool{}
	for _, f := range files["cmd/cmdutil"] {
		for _, d := range f.Decls {
			var names []*ast.Ident
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names = append(names, d.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names = append(names, s.Name)
					case *ast.ValueSpec:
						names = append(names, s.Names...)
					}
				}
			}
			for _, n := range names {
				if ast.IsExported(n.Name) {
					u.decl[n.Name] = fset.Position(n.Pos()).String()
					declared[n.Pos()] = true
				}
			}
		}
	}
	for pkg, fs := range files {
		for _, f := range fs {
			if pkg == "cmd/cmdutil" {
				ast.Inspect(f, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && !declared[id.Pos()] {
						u.inCore[id.Name] = true
					}
					return true
				})
				continue
			}
			local := ""
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); p == module+"/cmd/cmdutil" {
					local = "cmdutil"
					if imp.Name != nil {
						local = imp.Name.Name
					}
				}
			}
			if local == "" {
				continue
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == local {
						if u.users[sel.Sel.Name] == nil {
							u.users[sel.Sel.Name] = map[string]bool{}
						}
						u.users[sel.Sel.Name][pkg] = true
					}
				}
				return true
			})
		}
	}
	return u
}

// TestCoreServesMoreThanOneNoun fails when cmd/cmdutil exports a name that
// core itself does not use and only one noun's code does (its tests aside):
// core is what the commands share, and what one noun alone needs lives in
// that noun's package. (Methods and fields are not checked: without types
// a selector on a value does not say whose it is.)
func TestCoreServesMoreThanOneNoun(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("../../cmd/cmdutil"); err != nil {
		t.Fatal(err)
	}
	u := coreUses(t, "../../cmd")
	if len(u.decl) == 0 || len(u.users["Factory"]) < 2 {
		t.Fatalf("found %d exported names in cmd/cmdutil, Factory used by %v: the reader is broken", len(u.decl), u.users["Factory"])
	}
	for name := range staysInCore {
		if _, ok := u.decl[name]; !ok {
			t.Errorf("staysInCore names core.%s, which cmd/cmdutil does not declare: take it off the list", name)
		}
	}
	for _, name := range loners(u) {
		if _, ok := staysInCore[name]; !ok {
			t.Errorf("%s: core.%s is used by %s alone: move it there (or say in staysInCore why core keeps it)", u.decl[name], name, onlyUser(u, name))
		}
	}
	for name := range staysInCore {
		if _, ok := u.decl[name]; ok && !slices.Contains(loners(u), name) {
			t.Errorf("core.%s is in staysInCore, but more than one noun, or core itself, uses it: take it off the list", name)
		}
	}
}

// loners are the exported names of cmd/cmdutil that core does not use and
// one noun alone does, sorted.
func loners(u coreUse) []string {
	var out []string
	for name := range u.decl {
		if !u.inCore[name] && len(u.users[name]) == 1 && slices.Contains(nouns, onlyUser(u, name)) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// onlyUser is a package that uses name.
func onlyUser(u coreUse, name string) string {
	for p := range u.users[name] {
		return p
	}
	return ""
}

// TestLonersAreFound checks the reader and loners on made-up packages: a
// name one noun uses, one that two nouns use, one core uses itself, and
// one only a noun's test uses.
func TestLonersAreFound(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "cmd")
	for name, src := range map[string]string{
		"cmdutil/cmdutil.go": "package cmdutil\n\nfunc Alone() {}\n\nfunc Shared() {}\n\ntype Own int\n\nvar x Own\n\nconst Tested = 1\n",
		"promocmd/a.go":      "package promocmd\n\nimport \"" + module + "/cmd/cmdutil\"\n\nvar _ = cmdutil.Shared\n\nfunc f() { cmdutil.Alone() }\n",
		"site/b.go":          "package site\n\nimport c \"" + module + "/cmd/cmdutil\"\n\nvar _ c.Own\n\nfunc g() { c.Shared() }\n",
		"site/b_test.go":     "package site\n\nimport \"" + module + "/cmd/cmdutil\"\n\nvar _ = cmdutil.Tested\n",
	} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	u := coreUses(t, dir)
	if got, want := loners(u), []string{"Alone"}; !slices.Equal(got, want) {
		t.Errorf("loners = %q, want %q", got, want)
	}
}
