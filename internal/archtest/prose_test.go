package archtest

import (
	"bufio"
	"errors"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The prose check: every sentence a person reads is a catalog message,
// created where it arises (i18n.M, i18n.NewError) and said in the run's
// language at the edge. TestProseGoesThroughTheCatalog reads every
// non-test package of the module and finds the string literals that read
// as prose (two or more words of letters, Latin or Cyrillic, side by side:
// "unknown column %q"; in a table header a single word: "STATUS") and
// reach a sink without the catalog:
//   - error constructors: fmt.Errorf, errors.New, any function or method
//     named *errorf or *usagef in any case;
//   - writers of what a person reads: fmt.Fprint*/Print*, log.Print*/Fatal*,
//     io.WriteString, Write([]byte(…)), Note/Notef/Warn/Warnf/Warning…, and
//     cmdutil's PrintList/PrintStream (their empty-list line) and
//     StdinReader (its hint);
//   - prompts: huh's Title, Description, Affirmative, Negative, Placeholder
//     and NewOption, and every function and method of internal/prompt;
//   - tables: tablewriter's Header/SetHeader, the Header and Title of an
//     output.Grid, and what a function named *header* returns; an
//     output.Grid's Rows (a card's labels) as text.
//
// A literal anywhere inside the sink's arguments counts
// (Warn(fmt.Sprintf("…"))), and so does a named string constant whose
// value is prose. Help (cobra's Use, Short, Long, Example) is not a sink:
// it has its own catalogs, keyed by command; nor are the sandbox's API
// error titles (they are the API's data, as the real service's are). What
// the check cannot see: prose built into a variable or returned by a
// helper first (a card's label from a func) and printed later.
//
// Since the conversion goes package by package, the check is a ratchet:
// testdata/prose/<package path, / as ->.txt (root.txt for the module's
// root) lists, one a line, `file.go<TAB>literal` (the literal as Go quotes
// it) for what is still English at the source. A prose literal not listed
// fails, and so does a listed one no longer found: the lists only shrink.
//
// Measured when the check was added (main at 5e2322c): 472 prose literals
// outside the catalogs in 26 packages.

// proseLists is the folder of the ratchet's lists, one per package.
const proseLists = "testdata/prose"

// proseExempt are the packages that are not promoctl and so speak to
// developers only, each with why.
var proseExempt = map[string]string{
	"internal/gen":            "a go:generate tool for developers, not part of promoctl",
	"internal/promo/fieldgen": "a go:generate tool for developers, not part of promoctl",
	"cmd/internal/cmdtest":    "test support: compiled into tests only, it speaks to the developer",
	"internal/apitest":        "test support: compiled into tests only, it speaks to the developer",
	"internal/golden":         "test support: compiled into tests only, it speaks to the developer",
}

// latinProse are literals (as Go quotes them) that read as prose but stay
// Latin in every language, as the CLI contract says (command and flag
// names, API field names, what programs read), each with why.
var latinProse = map[string]string{
	`"%d beginbfchar\n"`: "PDF syntax: what a PDF reader reads, not a person",
	`"BT /%s %s Tf "`:    "PDF syntax: what a PDF reader reads, not a person",
	`"HTTP %d"`:          "a protocol and its status code, written so in every language",
}

// proseSite is a prose literal reaching a sink: the file (base name) and
// the literal as Go quotes it.
type proseSite struct{ file, lit string }

func (s proseSite) String() string { return s.file + "\t" + s.lit }

// TestProseGoesThroughTheCatalog is the check described above.
func TestProseGoesThroughTheCatalog(t *testing.T) {
	found := proseSites(t, "../..", module)
	for pkg := range found {
		if _, ok := proseExempt[pkg]; ok {
			delete(found, pkg)
		}
	}
	for pkg := range proseExempt {
		if _, err := os.Stat(filepath.Join("../..", pkg)); err != nil {
			t.Errorf("proseExempt names %s, which is gone: take it off", pkg)
		}
	}
	listed := readProseLists(t, proseLists)
	total, unlisted, stale := 0, 0, 0
	for _, pkg := range sortedKeys(found, listed) {
		have, want := found[pkg], listed[pkg]
		total += len(have)
		for _, s := range sortedSites(have) {
			if !want[s] {
				unlisted++
				t.Errorf("%s: prose %s reaches a person without the catalog: make it a catalog message where it arises (i18n.M / i18n.NewError with its id in the package's catalog pair)", filepath.Join(pkg, s.file), s.lit)
			}
		}
		for _, s := range sortedSites(want) {
			if !have[s] {
				stale++
				t.Errorf("%s lists %s %s, which is no longer prose outside the catalog: take it off the list", proseListFile(pkg), s.file, s.lit)
			}
		}
	}
	t.Logf("%d prose literals outside the catalogs in %d packages (%d not listed, %d listed but gone)", total, len(found), unlisted, stale)
	if t.Failed() {
		t.Errorf("total: %d prose literals outside the catalogs", total)
	}
}

// proseListFile is the ratchet list of the package at dir (module
// relative).
func proseListFile(dir string) string {
	if dir == "." || dir == "" {
		return filepath.Join(proseLists, "root.txt")
	}
	return filepath.Join(proseLists, strings.ReplaceAll(dir, "/", "-")+".txt")
}

// readProseLists reads the ratchet's lists, by package.
func readProseLists(t *testing.T, dir string) map[string]map[proseSite]bool {
	t.Helper()
	out := map[string]map[proseSite]bool{}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok {
			t.Errorf("%s: not a list (want <package>.txt)", filepath.Join(dir, e.Name()))
			continue
		}
		pkg := strings.ReplaceAll(name, "-", "/")
		if name == "root" {
			pkg = "."
		}
		if _, err := os.Stat(filepath.Join("../..", pkg)); err != nil {
			t.Errorf("%s: no package %s: remove the list", filepath.Join(dir, e.Name()), pkg)
			continue
		}
		f, err := os.Open(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		set := map[proseSite]bool{}
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			file, lit, ok := strings.Cut(line, "\t")
			if !ok {
				t.Errorf("%s: %q is not file.go<TAB>literal", filepath.Join(dir, e.Name()), line)
				continue
			}
			set[proseSite{file, lit}] = true
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		out[pkg] = set
	}
	return out
}

func sortedKeys[V any](maps ...map[string]V) []string {
	var keys []string
	for _, m := range maps {
		for k := range m {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	return keys
}

func sortedSites(m map[proseSite]bool) []proseSite {
	out := make([]proseSite, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b proseSite) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		return strings.Compare(a.lit, b.lit)
	})
	return out
}

// goFile is a parsed file of a package.
type goFile struct {
	rel  string // the path from the walk's root's module
	file *ast.File
}

// proseSites finds the prose literals reaching a sink in the non-test
// files under root, by package folder (relative to the module's root,
// whose import path is mod). The latinProse entries are left out.
func proseSites(t *testing.T, root, mod string) map[string]map[proseSite]bool {
	t.Helper()
	var files []goFile
	consts := map[string]string{} // "dir.Name" → a string constant's value
	eachGoFile(t, root, sourcesOnly, func(_ *token.FileSet, rel string, file *ast.File) {
		if file.Name.Name == "main" && filepath.Dir(rel) != "." {
			return // a tool of its own, not promoctl
		}
		files = append(files, goFile{rel, file})
		dir := filepath.ToSlash(filepath.Dir(rel))
		for _, d := range file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i < len(vs.Values) {
						if s, ok := stringValue(vs.Values[i]); ok {
							consts[dir+"."+name.Name] = s
						}
					}
				}
			}
		}
	})
	promptFuncs := map[string]bool{}
	for _, f := range files {
		if !strings.HasSuffix(filepath.ToSlash(filepath.Dir(f.rel)), "internal/prompt") {
			continue
		}
		for _, d := range f.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && ast.IsExported(fd.Name.Name) {
				promptFuncs[fd.Name.Name] = true
			}
		}
	}
	out := map[string]map[proseSite]bool{}
	for _, f := range files {
		dir := filepath.ToSlash(filepath.Dir(f.rel))
		base := filepath.Base(f.rel)
		imports := map[string]string{} // local name → path
		for _, imp := range f.file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			name := filepath.Base(p)
			if strings.HasPrefix(name, "v") && strings.Count(p, "/") > 1 && isDigits(name[1:]) {
				name = filepath.Base(filepath.Dir(p)) // a major version: example.com/y/v2 is y
			}
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imports[name] = p
		}
		add := func(s string, header bool) {
			if _, ok := latinProse[strconv.Quote(s)]; ok {
				return
			}
			if !isProse(s, header) {
				return
			}
			if out[dir] == nil {
				out[dir] = map[proseSite]bool{}
			}
			out[dir][proseSite{base, strconv.Quote(s)}] = true
		}
		// inspect finds the literals and prose constants inside n.
		inspect := func(n ast.Node, header bool) {
			ast.Inspect(n, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BasicLit:
					if n.Kind == token.STRING {
						if s, err := strconv.Unquote(n.Value); err == nil {
							add(s, header)
						}
					}
				case *ast.Ident:
					if s, ok := consts[dir+"."+n.Name]; ok {
						add(s, header)
					}
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok {
						if p, ok := imports[x.Name]; ok {
							if rel, ok := strings.CutPrefix(p, mod+"/"); ok {
								if s, ok := consts[rel+"."+n.Sel.Name]; ok {
									add(s, header)
								}
							}
							return false
						}
					}
				}
				return true
			})
		}
		ast.Inspect(f.file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				switch sinkOf(n, imports, promptFuncs) {
				case sinkText:
					for _, a := range n.Args {
						inspect(a, false)
					}
				case sinkHeader:
					for _, a := range n.Args {
						inspect(a, true)
					}
				}
			case *ast.CompositeLit:
				if typeName(n.Type) == "Grid" {
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if k, ok := kv.Key.(*ast.Ident); ok {
								switch k.Name {
								case "Header", "Title":
									inspect(kv.Value, true)
								case "Rows": // a card's labels, a table's words
									inspect(kv.Value, false)
								}
							}
						}
					}
				}
			case *ast.FuncDecl:
				if n.Body != nil && strings.Contains(strings.ToLower(n.Name.Name), "header") {
					ast.Inspect(n.Body, func(m ast.Node) bool {
						if r, ok := m.(*ast.ReturnStmt); ok {
							for _, e := range r.Results {
								inspect(e, true)
							}
						}
						return true
					})
				}
			}
			return true
		})
	}
	return out
}

// The kinds of sink.
const (
	sinkNone   = iota
	sinkText   // an error, a line written for a person, a prompt
	sinkHeader // a table's header: one word is already prose
)

// sinkOf is the kind of sink call is.
func sinkOf(call *ast.CallExpr, imports map[string]string, promptFuncs map[string]bool) int {
	var pkg, name string
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		name = fn.Name
	case *ast.SelectorExpr:
		name = fn.Sel.Name
		if x, ok := fn.X.(*ast.Ident); ok {
			pkg = imports[x.Name]
		}
	default:
		return sinkNone
	}
	lower := strings.ToLower(name)
	switch {
	case pkg == "fmt" && (strings.HasPrefix(name, "Fprint") || strings.HasPrefix(name, "Print") || name == "Errorf"),
		pkg == "errors" && name == "New",
		pkg == "log" && (strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic")),
		pkg == "io" && name == "WriteString",
		strings.HasSuffix(lower, "errorf"), strings.HasSuffix(lower, "usagef"),
		slices.Contains([]string{"Note", "Notef", "Warn", "Warnf", "Warning", "Warningf", "PrintList", "PrintStream", "StdinReader"}, name):
		return sinkText
	case pkg == "":
		// A method: a writer's Write([]byte(…)), huh's prompt texts, the
		// functions of internal/prompt.
		if name == "Write" && len(call.Args) == 1 && isByteConversion(call.Args[0]) {
			return sinkText
		}
		if slices.Contains([]string{"Title", "Description", "Affirmative", "Negative", "Placeholder"}, name) && len(call.Args) == 1 {
			return sinkText
		}
		if name == "Header" || name == "SetHeader" {
			if len(call.Args) > 0 {
				return sinkHeader
			}
		}
		if promptFuncs[name] {
			return sinkText
		}
	case strings.HasSuffix(pkg, "charmbracelet/huh") && name == "NewOption":
		return sinkText
	case strings.HasSuffix(pkg, "internal/prompt") && promptFuncs[name]:
		return sinkText
	}
	return sinkNone
}

func isByteConversion(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	at, ok := c.Fun.(*ast.ArrayType)
	if !ok || at.Len != nil {
		return false
	}
	id, ok := at.Elt.(*ast.Ident)
	return ok && id.Name == "byte"
}

// typeName is the last name of a composite literal's type: Grid for
// output.Grid.
func typeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.StarExpr:
		return typeName(e.X)
	}
	return ""
}

// stringValue is the value of a constant's expression when it is string
// literals, maybe added together.
func stringValue(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok1 := stringValue(e.X)
		y, ok2 := stringValue(e.Y)
		return x + y, ok1 && ok2
	case *ast.ParenExpr:
		return stringValue(e.X)
	}
	return "", false
}

func isDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// fmtVerb is a whole token that is one fmt verb: %s, %-6d, %[1]q.
var fmtVerb = regexp.MustCompile(`^%[-+# 0-9.*\[\]]*[a-zA-Z]$`)

// flagName is a flag, which stands in a sentence like a value:
// "no --amount given".
var flagName = regexp.MustCompile(`^-{1,2}[a-z][a-z0-9-]*$`)

// wordTrim is what may surround a word: brackets, quotes and punctuation.
const wordTrim = `()[]{}"'«»“”‘’,.:;!?…`

// notWords are Latin tokens that are names in every language, never
// English words: the binary's name.
var notWords = map[string]bool{"promoctl": true}

// isProse reports whether s reads as prose: two or more words side by
// side (a fmt verb standing for one beside a real word: "%d codes"), or in
// a header (header) one word of two or more letters with a capital, other
// than ID and URL (a lower-case one is a CSV column: an API field name).
// A word is letters (Latin or Cyrillic), maybe joined by - or ': not an
// identifier (snake_case, camelCase with digits), a flag (--code), a URL,
// a MIME type, a file name (config.yaml) or a format-only string.
func isProse(s string, header bool) bool {
	const (
		other = iota
		word
		verb
	)
	kind := func(tok string) int {
		tok = strings.Trim(tok, wordTrim)
		if fmtVerb.MatchString(tok) || flagName.MatchString(tok) {
			return verb
		}
		if tok == "" || notWords[tok] {
			return other
		}
		letters := 0
		for i, r := range tok {
			switch {
			case unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Cyrillic, r):
				letters++
			case (r == '-' || r == '\'' || r == '’') && i > 0 && i < len(tok)-1:
			default:
				return other
			}
		}
		if letters == 0 {
			return other
		}
		return word
	}
	prev := other
	for _, tok := range strings.Fields(s) {
		k := kind(tok)
		if k == word && header {
			if t := strings.Trim(tok, wordTrim); len([]rune(t)) >= 2 && t != "ID" && t != "URL" && strings.ContainsFunc(t, unicode.IsUpper) {
				return true
			}
		}
		if k != other && prev != other && (k == word || prev == word) {
			return true
		}
		prev = k
	}
	return false
}

// TestProseDetector proves the check on a package made for it
// (testdata/prosesample): it finds prose through each kind of sink and
// nothing that is not prose or not at a sink.
func TestProseDetector(t *testing.T) {
	got := proseSites(t, "testdata/prosesample", "example.com/sample")
	want := map[proseSite]bool{}
	for _, lit := range []string{
		`"unknown column %q"`,                      // fmt.Errorf
		`"the row names neither an id nor a code"`, // errors.New
		`"%s: want a whole number"`,                // a func named *Errorf
		`"need --code: give it"`,                   // usagef
		`"press Ctrl-C to stop"`,                   // fmt.Fprintln
		`"listening on %s\n"`,                      // fmt.Printf
		`"this cannot be undone"`,                  // io.WriteString
		`"done at last"`,                           // Write([]byte(…))
		`"no --amount given"`,                      // Warn(fmt.Sprintf(…))
		`"%d codes"`,                               // Notef: a verb beside a word
		`"Delete promo code?"`,                     // huh Title
		`"It is gone for good"`,                    // huh Description
		`"Yes please"`,                             // huh Affirmative
		`"пока нет"`,                               // huh Negative, Cyrillic
		`"type a code"`,                            // huh Placeholder
		`"Discount on goods"`,                      // huh.NewOption
		`"Are you sure"`,                           // a function of internal/prompt
		`"STATUS"`,                                 // Grid Header, one word
		`"Totals per currency"`,                    // Grid Title
		`"CODE"`,                                   // a *header function's return
		`"ORDER TOTAL"`,                            // tablewriter Header
		`"a constant sentence"`,                    // a named constant
		`"Valid now:"`,                             // Grid Rows
		`"No promo codes."`,                        // PrintList's empty line
	} {
		want[proseSite{"sample.go", lit}] = true
	}
	have := got["testdata/prosesample"]
	for s := range want {
		if !have[s] {
			t.Errorf("missed %s", s)
		}
	}
	for s := range have {
		if !want[s] {
			t.Errorf("found %s, which is not prose at a sink", s)
		}
	}
	if len(got) != 1 {
		t.Errorf("found prose in %v, want only testdata/prosesample", sortedKeys(got))
	}
}

// TestIsProse pins the line between prose and the rest.
func TestIsProse(t *testing.T) {
	for s, want := range map[string]bool{
		"unknown column %q":         true,
		"%d codes":                  true,
		"line %d: %w":               true,
		"нет такого кода":           true,
		"read-modify-write failed":  true,
		"no --amount given":         true,
		"--code --site-id":          false,
		"%s: %w":                    false,
		"%s %s":                     false,
		"promoctl: %w":              false,
		"--code":                    false,
		"https://api.lpmotor.ru/v1": false,
		"application/json":          false,
		"GET":                       false,
		"bonus_amount":              false,
		"config.yaml":               false,
		"cancelled":                 false,
		"%-6s %s\n":                 false,
		"":                          false,
	} {
		if got := isProse(s, false); got != want {
			t.Errorf("isProse(%q) = %v, want %v", s, got, want)
		}
	}
	for s, want := range map[string]bool{"STATUS": true, "ID": false, "URL": false, "id": false, "bonus_amount": false, "Код": true} {
		if got := isProse(s, true); got != want {
			t.Errorf("isProse(%q, header) = %v, want %v", s, got, want)
		}
	}
}
