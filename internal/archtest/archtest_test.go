package archtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/promoctl/promoctl"

// rule forbids a package to depend on others, directly or through any
// package it imports.
type rule struct {
	pkg       string   // a package of the module, relative: internal/output
	forbidden []string // packages it must not depend on
	why       string
}

func rules() []rule {
	out := []rule{
		{pkg: "internal/config", forbidden: []string{"internal/output", "internal/api"},
			why: "the settings are read before any output or client exists"},
		{pkg: "internal/output", forbidden: []string{"internal/api", "internal/sandbox", "internal/view", "internal/promo", "internal/config", "internal/prompt", "cmd"},
			why: "output only renders Data; internal/view turns API values into rows"},
		{pkg: "internal/view", forbidden: []string{"cmd", "internal/config", "internal/prompt", "internal/sandbox", "internal/plan"},
			why: "a view turns values into rows and knows no command, setting or prompt; it takes its own or the domain's types, " +
				"so neither the sandbox nor the plan is needed to show them (the command converts)"},
		{pkg: "internal/promo", forbidden: []string{"cmd", "internal/output", "internal/prompt", "internal/api", "internal/view"},
			why: "the domain knows no transport, rendering or prompting"},
		{pkg: "internal/sandbox", forbidden: []string{"internal/api", "cmd"},
			why: "the sandbox implements the API on its own, so it can check the client"},
		{pkg: "internal/api", forbidden: []string{"cmd", "internal/output", "internal/view", "internal/config", "internal/prompt"},
			why: "the client returns values; others show them"},
		{pkg: "internal/promoform", forbidden: []string{"cmd", "internal/output", "internal/prompt", "internal/api", "internal/view", "internal/config"},
			why: "the promo form's layout is values and their reading: the prompter draws it, the wizard runs it"},
		{pkg: "internal/prompt", forbidden: []string{"internal/config", "internal/api", "internal/output", "cmd"},
			why: "the prompter only asks; the rules come from its caller"},
		{pkg: "internal/records", forbidden: []string{"internal/", "cmd"},
			why: "the one reader of undocumented records is a leaf"},
		{pkg: "internal/csvcell", forbidden: []string{"internal/", "cmd"},
			why: "the CSV writer and the CSV reader share the formula guard: a leaf both may import"},
		{pkg: "internal/bulk", forbidden: []string{"cmd", "internal/output", "internal/view", "internal/prompt", "internal/config"},
			why: "the bulk engine does the writes; commands draw its progress and results"},
		{pkg: "internal/report", forbidden: []string{"cmd", "internal/output", "internal/view", "internal/prompt", "internal/config", "internal/bulk"},
			why: "the report only aggregates statistics; the command reads them and a view shows them"},
		{pkg: "internal/sheet", forbidden: []string{"cmd", "internal/plan", "internal/promo", "internal/output", "internal/api", "internal/view", "internal/config", "internal/bulk"},
			why: "the workbook reader knows sheets and cells, not promo codes: plan reads its cells as a file's rows"},
		{pkg: "internal/sheetpdf", forbidden: []string{"internal/", "cmd"},
			why: "a sheet lays out and draws cards whose lines it is given: it knows no promo code, language or output format"},
		{pkg: "internal/plan", forbidden: []string{"cmd", "internal/output", "internal/view", "internal/prompt", "internal/config", "internal/bulk"},
			why: "a plan is computed, not shown, asked or run: the view prints it, the command confirms it and hands its writes to the bulk engine"},
		{pkg: "internal/browse", forbidden: []string{"cmd", "internal/config", "internal/prompt", "internal/bulk", "internal/sandbox"},
			why: "promo browse's view only shows and asks: the command reads the list and runs the actions on the bulk engine, as functions the model calls"},
	}
	// The commands: the base (cmdutil: factory, session, errors, shared
	// flags; and its packages) and the test harness import no noun, and no
	// noun imports another; only the root package cmd puts the nouns
	// together.
	for _, b := range bases {
		out = append(out, rule{pkg: b, forbidden: nouns,
			why: "the base is what the commands build on; a noun builds on it, never the other way"})
	}
	out = append(out, rule{pkg: "cmd/internal/cmdtest", forbidden: nouns,
		why: "a noun's tests import the harness: the harness is given the commands it runs"})
	out = append(out, rule{pkg: rootRun, forbidden: nouns,
		why: "the run of the tree is given the nouns it puts in it (cmd's addNouns)"})
	for _, n := range nouns {
		out = append(out, nounRule(n, n))
	}
	return out
}

// nounRule is the rule of pkg, the noun n or one of its packages
// (cmd/promocmd/jobrun belongs to promo): no other noun.
func nounRule(pkg, n string) rule {
	return rule{pkg: pkg, forbidden: append(slices.DeleteFunc(slices.Clone(nouns), func(o string) bool { return o == n }), rootRun),
		why: "a noun stands on the base alone: what two nouns share goes to cmd/cmdutil; the run of the tree is the root's"}
}

// nouns are the packages of promoctl's commands, one per noun of the
// command line (TestEveryNounHasItsRules keeps the list complete); a
// package under a noun's belongs to that noun.
var nouns = []string{"cmd/apicmd", "cmd/auth", "cmd/completion", "cmd/configcmd", "cmd/page", "cmd/product", "cmd/promocmd", "cmd/sandboxcmd", "cmd/site", "cmd/version"}

// bases are the packages the nouns build on: cmdutil and its own.
var bases = []string{"cmd/cmdutil", "cmd/cmdutil/complete", "cmd/cmdutil/errtext", "cmd/cmdutil/helplang", "cmd/cmdutil/input", "cmd/cmdutil/sitecurrency", "cmd/cmdutil/warnings"}

// nounOf is the noun a package under cmd belongs to: itself, or the noun
// whose folder holds it; "" for none.
func nounOf(rel string) string {
	for _, n := range nouns {
		if rel == n || strings.HasPrefix(rel, n+"/") {
			return n
		}
	}
	return ""
}

// pkgInfo is what go list says of a package.
type pkgInfo struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Deps       []string
}

// violations lists the forbidden packages r.pkg depends on, as
// "internal/output → internal/api (via internal/view)" when indirect.
func violations(pkgs map[string]pkgInfo, r rule) []string {
	p, ok := pkgs[module+"/"+r.pkg]
	if !ok {
		return []string{r.pkg + " is not a package of the module"}
	}
	var out []string
	for _, dep := range p.Deps {
		rel, ok := strings.CutPrefix(dep, module+"/")
		if !ok || strings.HasPrefix(rel, r.pkg+"/") {
			continue // a package's own subpackages are part of it
		}
		for _, f := range r.forbidden {
			if rel == f || (strings.HasSuffix(f, "/") && strings.HasPrefix(rel, f)) || strings.HasPrefix(rel, f+"/") {
				s := r.pkg + " → " + rel
				if !slices.Contains(p.Imports, dep) {
					s += " (indirectly)"
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// listPackages runs go list on the module.
func listPackages(t *testing.T) map[string]pkgInfo {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", module+"/...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string]pkgInfo{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkgInfo
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("read go list: %v", err)
		}
		pkgs[p.ImportPath] = p
		watch(t, p)
	}
	return pkgs
}

// watch opens the directory and the source files of p, so that go test's
// cache, which tracks what a test opens (but not what a child process
// reads), runs the test again when a file or an import changes.
func watch(t *testing.T, p pkgInfo) {
	t.Helper()
	if _, err := os.ReadDir(p.Dir); err != nil {
		t.Fatalf("read %s: %v", p.Dir, err)
	}
	for _, name := range p.GoFiles {
		f, err := os.Open(filepath.Join(p.Dir, name))
		if err != nil {
			t.Fatalf("open %s: %v", name, err)
		}
		f.Close()
	}
}

// TestDependenciesPointDown fails when a package depends on one above it
// or beside it that it must not know.
func TestDependenciesPointDown(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	t.Parallel()
	pkgs := listPackages(t)
	for _, r := range rules() {
		t.Run(strings.ReplaceAll(r.pkg, "/", "_"), func(t *testing.T) {
			if vs := violations(pkgs, r); len(vs) > 0 {
				t.Errorf("forbidden dependencies: %s\n%s", strings.Join(vs, ", "), r.why)
			}
		})
	}
}

// TestEveryNounHasItsRules fails when a package under cmd is neither the
// root, the base, a test harness nor one of nouns or a package of one, so
// that a new noun package gets the rules of the others; and when a
// package of a noun (cmd/promocmd/jobrun) imports another noun.
func TestEveryNounHasItsRules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	t.Parallel()
	pkgs := listPackages(t)
	for path := range pkgs {
		rel, ok := strings.CutPrefix(path, module+"/")
		if !ok || !strings.HasPrefix(rel, "cmd/") || slices.Contains(bases, rel) || strings.HasPrefix(rel, "cmd/internal/") {
			continue
		}
		n := nounOf(rel)
		switch {
		case n == "" && strings.HasPrefix(rel, "cmd/cmdutil/"):
			t.Errorf("%s is not in archtest's bases: add it, so that it imports no noun", rel)
		case n == "":
			t.Errorf("%s is not in archtest's nouns: add it, so that it imports no other noun and the base imports none", rel)
		case n != rel:
			if vs := violations(pkgs, nounRule(rel, n)); len(vs) > 0 {
				t.Errorf("forbidden dependencies: %s\n%s", strings.Join(vs, ", "), nounRule(rel, n).why)
			}
		}
	}
}

// TestViolationsAreFound checks the checker on made-up packages.
func TestViolationsAreFound(t *testing.T) {
	t.Parallel()
	pkgs := map[string]pkgInfo{
		module + "/internal/output": {ImportPath: module + "/internal/output",
			Imports: []string{module + "/internal/view", "fmt"},
			Deps:    []string{"fmt", module + "/internal/api", module + "/internal/view"}},
		module + "/internal/records": {ImportPath: module + "/internal/records",
			Imports: []string{module + "/internal/jsonscan"}, Deps: []string{module + "/internal/jsonscan"}},
		module + "/internal/promo": {ImportPath: module + "/internal/promo", Deps: []string{"time"}},
	}
	for _, c := range []struct {
		r    rule
		want []string
	}{
		{rule{pkg: "internal/output", forbidden: []string{"internal/api", "internal/view"}},
			[]string{"internal/output → internal/api (indirectly)", "internal/output → internal/view"}},
		{rule{pkg: "internal/records", forbidden: []string{"internal/"}}, []string{"internal/records → internal/jsonscan"}},
		{rule{pkg: "internal/promo", forbidden: []string{"cmd"}}, nil},
	} {
		if got := violations(pkgs, c.r); !slices.Equal(got, c.want) {
			t.Errorf("violations(%s) = %q, want %q", c.r.pkg, got, c.want)
		}
	}
}
