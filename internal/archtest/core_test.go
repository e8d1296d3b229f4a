package archtest

import (
	"bufio"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The base of the commands, cmd/cmdutil, is what the nouns share: it
// exports nothing that fewer than two of its users use. Its users are the
// nouns (a package under a noun's counts as that noun: cmd/promocmd/jobrun
// is promo), the root package cmd and main, which put the tree together;
// not the base itself, not the test harness, not tests. A member counts as
// a name: a top-level name, and a method or field of an exported type
// (Session.Flags, Factory.Completions), found by the type checker, so that
// a field reached through an embedded *cmdutil.Session counts for its
// noun.

// staysInBase are the exported members of cmd/cmdutil that fewer than two
// users use but the base keeps, each with the reason. A key ending in ".*"
// covers every member of that type.
var staysInBase = map[string]string{
	// The run's seams and its start and end, which main and the root
	// (cmd/internal/rootcmd) alone call by design.
	"Options":            "the run's seams on the outside world: main gives the process's, the test harness its fakes",
	"Options.*":          "the run's seams on the outside world: main gives the process's, the test harness its fakes",
	"Keychain":           "the type of Options.Keychain: main gives the system's, the harness one in memory",
	"Prompter":           "the type of Options.Prompter, which PromptAs falls back on: the harness's prompters answer it",
	"NewFactory":         "the run's factory: built by the root (Execute, the docs' tree) and the harness",
	"Factory.Begin":      "the run's start, in the language the root decided before the flags were parsed",
	"Factory.End":        "the run's end, when the root has run the command: what it opened is closed",
	"Factory.Completing": "set by the root for a completion request: CompleteFlag registers only then",
	"Factory.Flags":      "the root's persistent flags, set by the root command: sessions and the redaction read them",
	"Factory.Warnings":   "the run's warnings: the root writes its error line as they write a warning (Clean)",
	// The contract's exit codes: one table, which the root reports with
	// and the nouns' tests check (tests are not counted as users).
	"ExitOK":        "the contract's exit codes are one table (contract: 0 ok)",
	"ExitFailure":   "the contract's exit codes are one table (contract: 1 failure)",
	"ExitAuth":      "the contract's exit codes are one table (contract: 3 auth)",
	"ExitNotFound":  "the contract's exit codes are one table (contract: 4 not found)",
	"ExitCancelled": "the contract's exit codes are one table (contract: 130 cancelled)",
	"ExitCode":      "the contract's map of errors to exit codes: the root reports with it, and every noun's tests check it",
	// Rules the base applies itself and a verb applies alike: one rule,
	// written once, in the base that applies it.
	"SandboxData":          "the data file of the in-process sandbox: the base resolves it for --sandbox (InProcessSandbox) and the completer, sandbox's verbs for their own; --data and --sandbox-data are one choice",
	"Accessible":           "the one rule of accessible mode (--accessible, PROMOCTL_ACCESSIBLE): the base's prompter and spinner follow it, and so do promo's bar and report",
	"NoAPI":                "the annotation the base's StartWith reads (a verb that sends no request keeps the sandbox's data file closed): the verb sets it, the base honours it (config explain today)",
	"UsageLine":            "how a command is called, as the base's argument errors (NoArgs, ExactArgs) show it: a verb's own argument error shows it alike (promo's selection today)",
	"PlainHTTP.Allow":      "the one rule of plain HTTP, which the base's clients follow: auth login checks a base URL before any setting holds it",
	"PlainHTTP.AllowSaved": "the one rule of plain HTTP, beside Allow: config set checks a base URL before it saves it (refused unless opted in, then said to need the opt-in on every command)",
	"APIKeys.Secret":       "the run's redaction of keys, which the base's factory holds: a verb that reads keys from the keychain itself learns them there (config list's allKeys)",
	"Session.PrintStream":  "the streamed form of the base's PrintList, beside it so that both say an empty list alike",
	// What the run holds and a session carries: a verb reads it from
	// the session or the factory rather than build its own.
	"Session.Now":           "the run's clock (Options.Now), which a session carries: a promo code's status depends on it",
	"Session.Warnings":      "the run's warnings, which a session carries: a verb that lists refusals cleans them as a warning is cleaned (promo's today)",
	"Session.Flags":         "the run's global flags as given (the root's, Factory.Flags): a command line a verb suggests repeats those that say where it goes (promo's today)",
	"Session.ClientOptions": "a new client's options of the session, built by the base's factory (settings, the run's transport or the in-process sandbox's, retries): a verb that builds clients of its own starts from them (promo's bulk jobs today)",
	"Factory.Location":      "the run's time zone (Options.Location), which sessions carry as Loc: a verb that reads dates in its flags reads them in it before a session exists",
	"Factory.Printers":      "the run's table of output formats (Options.Printers): version, which prints without a session, writes with it",
	"Factory.Settings":      "the run's settings, resolved once: a verb that chooses its world before it starts reads them (sandbox redeem and reset today)",
	"Factory.StartWith":     "Start on settings a verb resolved itself: sandbox redeem chooses its world, and checks its site, first",
	"Factory.ClientOptions": "the options every client of the run shares: a verb that checks credentials no setting holds yet builds its client from them (auth login)",
	"APIKeys":               "where the run keeps API keys (the factory's keychain and redaction): a ConfigSession's Keys (auth, config) and config list's",
	"Factory.APIKeys":       "where the run keeps API keys: a ConfigSession's Keys, and config list's, which starts as a command that prints settings",
}

// notYetShared is the ratchet of what the base still exports for one
// user or none (testdata/base-loners.txt, one member a line): a member not
// listed fails, and so does a listed one that is shared now or gone. The
// list only shrinks: move a member to its noun, unexport it, or say in
// staysInBase why the base keeps it.
const notYetShared = "testdata/base-loners.txt"

// baseUses loads the packages under cmd and main with their types, and
// says for each exported member of cmd/cmdutil which users use it.
func baseUses(t *testing.T) (decl map[string]string, users map[string][]string) {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedFiles, Dir: "../.."}
	pkgs, err := packages.Load(cfg, "./cmd/...", ".")
	if err != nil {
		t.Fatal(err)
	}
	var base *packages.Package
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("load %s: %v", p.PkgPath, e)
		}
		if p.PkgPath == module+"/cmd/cmdutil" {
			base = p
		}
	}
	if base == nil {
		t.Fatal("cmd/cmdutil not loaded")
	}
	members := exportedMembers(base.Types)
	decl = map[string]string{}
	for o, name := range members {
		decl[name] = base.Fset.Position(o.Pos()).String()
	}
	seen := map[string]map[string]bool{}
	for _, p := range pkgs {
		user := userOf(strings.TrimPrefix(strings.TrimPrefix(p.PkgPath, module), "/"))
		if user == "" {
			continue
		}
		for _, o := range p.TypesInfo.Uses {
			if name, ok := members[o]; ok {
				if seen[name] == nil {
					seen[name] = map[string]bool{}
				}
				seen[name][user] = true
			}
		}
	}
	users = map[string][]string{}
	for name := range decl {
		for u := range seen[name] {
			users[name] = append(users[name], u)
		}
		sort.Strings(users[name])
	}
	return decl, users
}

// exportedMembers are the exported top-level names of pkg and the
// exported methods and fields of its exported types, by their objects.
func exportedMembers(pkg *types.Package) map[types.Object]string {
	out := map[types.Object]string{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		o := scope.Lookup(name)
		if !o.Exported() {
			continue
		}
		out[o] = name
		tn, ok := o.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		for m := range named.Methods() {
			if m.Exported() && !implementsStd(m.Name()) {
				out[m] = name + "." + m.Name()
			}
		}
		if st, ok := named.Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if f.Exported() {
					out[f] = name + "." + f.Name()
				}
			}
		}
	}
	return out
}

// implementsStd says whether a method of that name serves an interface
// (error, fmt.Stringer, errors' Unwrap, an exit code), which calls it
// without naming it.
func implementsStd(name string) bool {
	return slices.Contains([]string{"Error", "Unwrap", "String", "ExitCode", "Message"}, name)
}

// rootRun is the package that runs the command tree for the root
// package cmd (and the test harness): it counts as the root.
const rootRun = "cmd/internal/rootcmd"

// userOf is the user a package of the module counts as: a noun (a
// package under a noun's counts as it), the root cmd (and rootRun), or
// main;
// "-" for the base, the test harness and the rest of the module.
func userOf(rel string) string {
	switch {
	case rel == "":
		return "main"
	case rel == "cmd", rel == rootRun:
		return "cmd"
	}
	return nounOf(rel)
}

// loners are the members of decl that fewer than two users use and that
// staysInBase does not name, sorted.
func loners(decl map[string]string, users map[string][]string) []string {
	var out []string
	for name := range decl {
		if len(users[name]) >= 2 {
			continue
		}
		typ, _, _ := strings.Cut(name, ".")
		if _, ok := staysInBase[name]; ok {
			continue
		}
		if _, ok := staysInBase[typ+".*"]; ok && strings.Contains(name, ".") {
			continue
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// TestBaseServesMoreThanOneNoun fails when cmd/cmdutil exports a member
// that fewer than two of its users use, unless staysInBase says why or the
// ratchet still lists it.
func TestBaseServesMoreThanOneNoun(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the commands")
	}
	t.Parallel()
	decl, users := baseUses(t)
	if len(users["Factory"]) < 2 || len(users["Session.IO"]) < 2 {
		t.Fatalf("Factory used by %v, Session.IO by %v: the reader is broken", users["Factory"], users["Session.IO"])
	}
	for name := range staysInBase {
		// A key "T.*" names the type T.
		if _, ok := decl[strings.TrimSuffix(name, ".*")]; !ok {
			t.Errorf("staysInBase names cmdutil.%s, which cmd/cmdutil does not export: take it off the list", name)
		}
	}
	listed := readLines(t, notYetShared)
	got := loners(decl, users)
	for _, name := range got {
		if !slices.Contains(listed, name) {
			t.Errorf("%s: cmdutil.%s is used by %s: move it to its noun (or unexport it, or say in staysInBase why the base keeps it)",
				decl[name], name, usedBy(users[name]))
		}
	}
	for _, name := range listed {
		if !slices.Contains(got, name) {
			t.Errorf("%s lists cmdutil.%s, which is shared now or gone: take it off the list", notYetShared, name)
		}
	}
	if len(listed) > 0 {
		t.Logf("%d members of cmdutil still serve fewer than two users (%s)", len(listed), notYetShared)
	}
}

// usedBy says who uses a member.
func usedBy(users []string) string {
	if len(users) == 0 {
		return "no noun (only the base, its tests or the harness)"
	}
	return strings.Join(users, " ") + " alone"
}

// readLines reads a list of the testdata, one item a line, # comments
// and blank lines aside.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLonersAreFound checks the counting on made-up members: one a noun
// alone uses, one two nouns use, one the base keeps with a reason, and a
// field only one noun reaches.
func TestLonersAreFound(t *testing.T) {
	t.Parallel()
	decl := map[string]string{"Alone": "", "Shared": "", "Options.Now": "", "Session.Bar": "", "Session.IO": "", "ExitOK": ""}
	users := map[string][]string{"Alone": {"cmd/site"}, "Shared": {"cmd/promocmd", "cmd/site"}, "Options.Now": nil,
		"Session.Bar": {"cmd/promocmd"}, "Session.IO": {"cmd/auth", "cmd/promocmd"}, "ExitOK": {"cmd"}}
	if got, want := loners(decl, users), []string{"Alone", "Session.Bar"}; !slices.Equal(got, want) {
		t.Errorf("loners = %q, want %q", got, want)
	}
	for rel, want := range map[string]string{"cmd/promocmd/jobrun": "cmd/promocmd", "cmd/site": "cmd/site", "": "main", "cmd": "cmd",
		"cmd/cmdutil": "", "cmd/internal/cmdtest": "", "internal/promo": ""} {
		if got := userOf(rel); got != want {
			t.Errorf("userOf(%q) = %q, want %q", rel, got, want)
		}
	}
}

// TestNoCommandPackageIsLarge fails when a package under cmd holds more
// than maxCmdLines lines of non-test Go (the base, cmd/cmdutil, more than
// maxBaseLines): a noun that large is several rooms. A package being
// split into packages may be given a ceiling over the limit (ceilings),
// lowered as it shrinks; none has one today
// (cmd/promocmd is in rooms: its verbs' packages and shared).
func TestNoCommandPackageIsLarge(t *testing.T) {
	t.Parallel()
	const maxCmdLines = 2500
	// The base every noun imports is smaller still.
	const maxBaseLines = 1500
	ceilings := map[string]int{}
	lines := map[string]int{}
	err := filepath.WalkDir("../../cmd", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../../"))
		lines[rel] += strings.Count(string(b), "\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, n := range lines {
		limit, ok := ceilings[pkg]
		if !ok {
			limit = maxCmdLines
		}
		if n > limit {
			t.Errorf("%s has %d lines of non-test Go, over %d: split it into packages of what it does", pkg, n, limit)
		}
	}
	for pkg, c := range ceilings {
		switch n := lines[pkg]; {
		case n <= maxCmdLines:
			t.Errorf("%s has %d lines, within %d: take it off the ceilings", pkg, n, maxCmdLines)
		case n < c-200:
			t.Errorf("%s has %d lines, well under its ceiling %d: lower the ceiling to %d", pkg, n, c, n)
		}
	}
	if n := lines["cmd/cmdutil"]; n > maxBaseLines {
		t.Errorf("cmd/cmdutil has %d lines of non-test Go, over %d: the base holds what the nouns share; what one noun uses goes to it, a mechanism of its own to a package of the base's (cmd/cmdutil/…)", n, maxBaseLines)
	}
}
