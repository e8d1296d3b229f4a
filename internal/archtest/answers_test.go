package archtest

import (
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// answers are the questions docs/architecture.md answers in "Where a
// change goes", by the bold words that start the answer, and by the words
// that start its line in the list of tests under "## Tests".
var answers = []struct{ entry, tests string }{
	{"**A setting**", "a setting:"},
	{"**A verb**", "a verb:"},
	{"**A promo field**", "a promo field:"},
	{"**An output format**", "an output format:"},
	{"**A language**", "a language:"},
	{"**Retries**", "retries:"},
}

// testName is a backticked test function's name.
var testName = regexp.MustCompile("`(Test[A-Za-z0-9_]+)`")

// TestTheMapAnswersHowToChangeIt: docs/architecture.md answers how to add
// a setting, a verb, a promo field, an output format and a language and
// how to change retries, and "## Tests" names for each answer the tests
// that keep it true (TestDocsNameTheCode holds the names to the code).
func TestTheMapAnswersHowToChangeIt(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	where, _, _ := strings.Cut(doc[strings.Index(doc, "## Where a change goes"):], "\n## ")
	_, tests, ok := strings.Cut(doc, "\n## Tests\n")
	if !ok {
		t.Fatal("docs/architecture.md has no \"## Tests\"")
	}
	for _, a := range answers {
		if !strings.Contains(where, "\n- "+a.entry) {
			t.Errorf("\"Where a change goes\" has no answer %s", a.entry)
		}
		i := strings.Index(tests, "\n  - "+a.tests)
		if i < 0 {
			t.Errorf("\"## Tests\" does not say which tests keep %s true (a line \"  - %s\")", a.entry, a.tests)
			continue
		}
		line := tests[i+1:]
		if end := strings.Index(line[1:], "\n  - "); end >= 0 {
			line = line[:end+1]
		}
		if end := strings.Index(line, "\n- "); end >= 0 {
			line = line[:end]
		}
		if !testName.MatchString(line) {
			t.Errorf("\"## Tests\" names no test for %s:\n%s", a.entry, line)
		}
	}
}

// russianByName are the places outside the catalogs that ask whether the
// language is Russian (i18n.Russian), by path (or its
// end) and function, each with what it does for Russian alone: a new
// language goes there too (docs/architecture.md, "A language"). A new
// place fails TestLanguagesAreNamedWhereTheMapSays until it is listed
// here; a place that no longer asks fails too.
var russianByName = map[string]string{}

// TestLanguagesAreNamedWhereTheMapSays keeps the answer to "how do I add
// a language" true: what is not in the catalog files is in the places
// russianByName lists.
func TestLanguagesAreNamedWhereTheMapSays(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	eachGoFile(t, "../..", sourcesOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			at := rel + ":" + funcName(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Russian" {
					return true
				}
				if key, ok := listedAt(russianByName, at); ok {
					used[key] = true
					return true
				}
				t.Errorf("%s (line %d) asks for Russian by name: list it in russianByName with what it does, so that a new language goes there too", at, fset.Position(sel.Pos()).Line)
				return true
			})
		}
	})
	for key := range russianByName {
		if !used[key] {
			t.Errorf("russianByName names %s, which no longer asks for Russian: remove it", key)
		}
	}
}

// listedAt is the key of list for "path:Func": the key's path is the
// file's, or the end of it.
func listedAt(list map[string]string, at string) (string, bool) {
	file, fn, _ := strings.Cut(at, ":")
	for key := range list {
		kfile, kfn, _ := strings.Cut(key, ":")
		if kfn == fn && (kfile == file || strings.HasSuffix(file, "/"+kfile)) {
			return key, true
		}
	}
	return "", false
}
