package cmd

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/i18n"
)

// untranslatedMessagesFile lists the messages for people that are still
// written in English only: the string literals of fmt.Errorf, errors.New,
// usagef, and fmt.Fprint* to the streams, in cmd's packages and internal/prompt,
// that neither go through the catalogs (Msg.T) nor are matched by one of
// their error.msg.* entries (errorText). One a line: file, a tab, the
// literal as Go quotes it. It only shrinks: TestMessagesGoThroughCatalogs
// fails for a new site and for a listed one that is translated or gone.
const untranslatedMessagesFile = "testdata/untranslated-messages.txt"

// verbRE is a fmt verb of a format string.
var verbRE = regexp.MustCompile(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

// TestMessagesGoThroughCatalogs is the check that no message for a person
// bypasses the translation layer; see untranslatedMessagesFile.
func TestMessagesGoThroughCatalogs(t *testing.T) {
	r := &cmdutil.ErrorRenderer{P: i18n.New(i18n.Russian)}
	// "--amount: %v": a flag's name, then an error that is said in its
	// turn (errorText says the flag as it is, and the rest by the
	// catalogs).
	flagThenError := regexp.MustCompile(`^-{1,2}[a-z][a-z-]*: (%v|%w|%s)$`)
	translated := func(format string) bool {
		if flagThenError.MatchString(format) {
			return true
		}
		n := 0
		for _, part := range strings.Split(format, "%w") {
			part = strings.Trim(part, ":;, \n")
			if part == "" {
				continue
			}
			first := n + 1
			// Each value is told apart: "X3", or 900003 for a number
			// (a count, which a plural entry matches as digits only).
			var values []string
			sample := verbRE.ReplaceAllStringFunc(part, func(v string) string {
				if v == "%%" {
					return "%"
				}
				n++
				x := fmt.Sprintf("X%d", n)
				if strings.HasSuffix(v, "d") {
					x = fmt.Sprint(900000 + n)
				}
				values = append(values, x)
				return x
			})
			// The entry must match the message exactly: each placeholder
			// one of the format's values, in order.
			_, m := r.Match(sample)
			if m == nil || len(m)-1 != n-first+1 {
				return false
			}
			for i, c := range m[1:] {
				if c != values[i] {
					return false
				}
			}
		}
		return true
	}
	var sites []string
	for _, dir := range append(cmdPackageDirs(t), "../internal/prompt") {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			for _, m := range messageLiterals(t, file) {
				lit := m.lit
				s, err := strconv.Unquote(lit)
				words := strings.ReplaceAll(verbRE.ReplaceAllString(s, ""), "promoctl:", "")
				// What fmt.Fprint* writes never goes through the catalogs,
				// whatever they hold: only an error is said by errorText.
				if err != nil || !strings.ContainsFunc(words, func(c rune) bool { return c >= 'a' && c <= 'z' }) || !m.written && translated(s) {
					continue
				}
				sites = append(sites, filepath.ToSlash(filepath.Join("cmd", file))+"\t"+lit)
			}
		}
	}
	allowed := map[string]bool{}
	f, err := os.Open(untranslatedMessagesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			allowed[line] = true
		}
	}
	found := map[string]bool{}
	for _, s := range sites {
		found[s] = true
		if !allowed[s] {
			t.Errorf("a message bypasses the catalogs (say it with Msg.T, or add an error.msg entry): %s", s)
		}
	}
	var stale []string
	for s := range allowed {
		if !found[s] {
			stale = append(stale, s)
		}
	}
	slices.Sort(stale)
	for _, s := range stale {
		t.Errorf("%s lists a message that is translated or gone: remove it: %s", untranslatedMessagesFile, s)
	}
	if t.Failed() && os.Getenv("PROMOCTL_WRITE_UNTRANSLATED") != "" {
		slices.Sort(sites)
		sites = slices.Compact(sites)
		head := "# Messages for people still in English only: file, a tab, the literal (see\n" +
			"# TestMessagesGoThroughCatalogs in cmd/errorcheck_test.go). This list only\n" +
			"# shrinks. After a merge, PROMOCTL_WRITE_UNTRANSLATED=1 go test ./cmd -run\n" +
			"# TestMessagesGoThroughCatalogs rewrites it when the test fails.\n"
		os.WriteFile(untranslatedMessagesFile, []byte(head+strings.Join(sites, "\n")+"\n"), 0o644)
	}
}

// messageLiteral is a string literal given as a message; written says it
// is written to a stream (fmt.Fprint*) rather than made an error.
type messageLiteral struct {
	lit     string
	written bool
}

// cmdPackageDirs are the directories of cmd's packages (cmd, cmd/core, one
// per noun), relative to cmd.
func cmdPackageDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// messageLiterals are the string literals that file's calls give as a
// message: the format of fmt.Errorf and usagef, errors.New's text, and
// what fmt.Fprint* write to the streams, but for a call marked
// //i18n:data.
func messageLiterals(t *testing.T, file string) []messageLiteral {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	// A call marked "//i18n:data" on its line writes data, not a message
	// (JSON built with Fprintf): not for people, so not for the catalogs.
	data := map[int]bool{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//i18n:data") {
				data[fset.Position(c.Slash).Line] = true
			}
		}
	}
	var out []messageLiteral
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name := ""
		switch fn := call.Fun.(type) {
		case *ast.SelectorExpr:
			if x, ok := fn.X.(*ast.Ident); ok {
				name = x.Name + "." + fn.Sel.Name
			}
		case *ast.Ident:
			name = fn.Name
		}
		arg := -1
		switch name {
		case "fmt.Errorf", "errors.New", "usagef", "Usagef", "cmdutil.Usagef":
			arg = 0
		case "fmt.Fprintf", "fmt.Fprintln", "fmt.Fprint":
			arg = 1
		}
		if arg < 0 || len(call.Args) <= arg {
			return true
		}
		if lit, ok := call.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING && !data[fset.Position(call.End()).Line] {
			out = append(out, messageLiteral{lit: lit.Value, written: arg == 1})
		}
		return true
	})
	return out
}
