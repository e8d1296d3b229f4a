package archtest

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docNamesNotCode are backticked words of docs/architecture.md and the
// package docs that look like Go identifiers but name something else,
// each with what it is.
var docNamesNotCode = map[string]string{
	"Fprintf":           "fmt's, named without its package",
	"Sprintf":           "fmt's, named without its package",
	"RunE":              "a field of cobra.Command",
	"Short":             "a field of cobra.Command",
	"Example":           "a field of cobra.Command",
	"ValidArgsFunction": "a field of cobra.Command",
	"SetFlagErrorFunc":  "a method of cobra.Command",
	"MarkFlagFilename":  "a method of cobra.Command",
}

// backticked is a `span` of a Markdown text or a doc comment.
var backticked = regexp.MustCompile("`([^`\n]+)`")

// goName is a span that reads as a Go identifier, maybe qualified
// (pkg.Name, Type.Method, opts.Msg.T) and maybe called (Registry()).
var goName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(\(\))?$`)

// fileExts end a span that is a file name (factory.go, en.toml), not code.
var fileExts = []string{"go", "md", "toml", "yaml", "yml", "json", "jsonl", "csv", "txt", "xlsx", "ods", "pdf", "db", "golden", "sh"}

// TestDocsNameTheCode: every backticked Go identifier of
// docs/architecture.md and of the packages' doc comments names something
// the code declares (a package, or a function, type, method, field,
// constant or variable of the module, tests included), so that the map
// does not drift from the code it maps. A span is taken as an identifier
// when it holds a capital letter or a dot between names (a catalog id,
// all lower case, is not one; neither is a file name); for pkg.Name or
// Type.Member the last name must be declared, and the first a package or
// a declared name. A package outside the module (time.Duration) is taken
// as it is.
func TestDocsNameTheCode(t *testing.T) {
	declared := map[string]bool{} // every name declared in the module
	pkgs := map[string]bool{}     // the names of the module's packages and of what they import
	type docFile struct{ where, text string }
	var docs []docFile
	for _, kind := range []int{sourcesOnly, testsOnly} {
		eachGoFile(t, "../..", kind, func(fset *token.FileSet, rel string, file *ast.File) {
			pkgs[file.Name.Name] = true
			for _, imp := range file.Imports {
				p := strings.Trim(imp.Path.Value, `"`)
				pkgs[filepath.Base(p)] = true
				if imp.Name != nil {
					pkgs[imp.Name.Name] = true
				}
			}
			if file.Doc != nil && kind == sourcesOnly {
				docs = append(docs, docFile{rel, file.Doc.Text()})
			}
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					declared[n.Name.Name] = true
				case *ast.TypeSpec:
					declared[n.Name.Name] = true
				case *ast.ValueSpec:
					for _, id := range n.Names {
						declared[id.Name] = true
					}
				case *ast.Field:
					for _, id := range n.Names {
						declared[id.Name] = true
					}
				case *ast.AssignStmt:
					if n.Tok == token.DEFINE {
						for _, e := range n.Lhs {
							if id, ok := e.(*ast.Ident); ok {
								declared[id.Name] = true
							}
						}
					}
				case *ast.KeyValueExpr:
					// a table's row names (map keys) are not declarations
				}
				return true
			})
		})
	}
	arch, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, docFile{"docs/architecture.md", string(arch)})
	unused := map[string]bool{}
	for k := range docNamesNotCode {
		unused[k] = true
	}
	var missing []string
	for _, d := range docs {
		for _, m := range backticked.FindAllStringSubmatch(d.text, -1) {
			span := m[1]
			if !goName.MatchString(span) {
				continue
			}
			name := strings.TrimSuffix(span, "()")
			parts := strings.Split(name, ".")
			if slices.Contains(fileExts, parts[len(parts)-1]) {
				continue
			}
			if len(parts) == 1 && (!strings.ContainsFunc(name, func(r rune) bool { return r >= 'A' && r <= 'Z' }) || name == strings.ToUpper(name)) {
				continue // a word (table, wide) or an environment variable (PROMOCTL_TOKEN), not a name
			}
			if len(parts) > 1 && !strings.ContainsFunc(name, func(r rune) bool { return r >= 'A' && r <= 'Z' }) {
				continue // a catalog id (help.promo.list.short), a key
			}
			if _, ok := docNamesNotCode[span]; ok {
				delete(unused, span)
				continue
			}
			first, last := parts[0], parts[len(parts)-1]
			switch {
			case len(parts) == 1 && declared[name]:
			case len(parts) > 1 && pkgs[first] && !declared[last] && !moduleOwns(first):
				// another module's package: time.Duration, huh.Confirm
			case len(parts) > 1 && (pkgs[first] || declared[first]) && declared[last]:
			default:
				missing = append(missing, d.where+": `"+span+"`")
			}
		}
	}
	slices.Sort(missing)
	for _, m := range slices.Compact(missing) {
		t.Errorf("%s names nothing the code declares: rename it as the code has it, or add it to docNamesNotCode with what it is", m)
	}
	for k := range unused {
		t.Errorf("docNamesNotCode has %q, which no doc says now: take it off", k)
	}
}

// moduleOwns reports whether a package of that name is in the module: its
// names must resolve.
func moduleOwns(pkg string) bool {
	for _, dir := range []string{"../../internal/" + pkg, "../../cmd/" + pkg, "../../cmd/cmdutil"} {
		if filepath.Base(dir) != pkg {
			continue
		}
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return true
		}
	}
	return false
}
