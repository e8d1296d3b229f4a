package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sleepsAllowed are the tests that sleep on the wall clock, by file and
// function, each with why no other way will do. A sleep inside
// synctest.Test's function needs no entry: it runs on the bubble's clock.
// Everything else orders events with channels, synctest (testing/synctest:
// a fake server over net.Pipe, as internal/bulk's newBubbleAPI), an
// injected clock (bulk.Options.Now and Sleep, bulk.NewThrottleClock) or a
// fence the other side answers (the sandbox's log, logUpTo). An entry that
// no longer sleeps fails too, so that the list only shrinks.
var sleepsAllowed = map[string]string{
	// Waiting on another process: no bubble spans processes, and the
	// other side says nothing when it is ready but what the test polls.
	"main_test.go:waitServer":                            "polls until a server a script started answers",
	"wizard_pty_test.go:term.expect":                     "polls the screen of a promoctl on a pseudo-terminal",
	"generate_e2e_test.go:TestGenerateResumesAfterKill9": "polls a child promoctl's journal until a fifth of the job is done, then kills it",
	"internal/sandbox/serve_test.go:TestKillDurability":  "polls the writes a child sandbox acknowledged before killing it",
	"generate_kill_e2e_test.go:slowShop.carryOut":        "the latency of a shop a child promoctl talks to: a bubble cannot hold another process",
	"cmd/perf_test.go:BenchmarkApply10000":               "a benchmark against a child sandbox: waits for its log's last lines",
	"cmd/perf_report_test.go:BenchmarkReport10000":       "a benchmark against a child sandbox: waits for its log's last lines",

	// The fake API's latency: fakeAPI.create fails a test that sets it
	// on a fake reached over loopback rather than in a bubble.
	"internal/bulk/fake_test.go:fakeAPI.create": "the fake API's latency, on the bubble's clock in every test that sets it (newBubbleAPI)",

	// Real sockets and files in this process, not yet in a bubble.
	"internal/config/lock_test.go:TestEditKeepsEveryConcurrentChange": "widens the window of the race the file lock prevents; the assertion holds whatever the timing",
}

// wallSleeps lists the calls of time.Sleep in file as "path:Func" (a
// method as Type.Method), leaving out those inside the function given to
// synctest.Test.
func wallSleeps(fset *token.FileSet, path string, file *ast.File) []string {
	timeName, synctestName := "", ""
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := filepath.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		switch p {
		case "time":
			timeName = name
		case "testing/synctest":
			synctestName = name
		}
	}
	if timeName == "" {
		return nil
	}
	isCall := func(n ast.Node, pkg, fn string) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || pkg == "" {
			return false
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		x, ok := sel.X.(*ast.Ident)
		return ok && x.Name == pkg && sel.Sel.Name == fn
	}
	var out []string
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			t := fd.Recv.List[0].Type
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			if id, ok := t.(*ast.Ident); ok {
				name = id.Name + "." + name
			}
		}
		walk := func(n ast.Node) bool {
			if isCall(n, synctestName, "Test") {
				return false // the bubble's clock
			}
			if isCall(n, timeName, "Sleep") {
				out = append(out, fmt.Sprintf("%s:%s (line %d)", path, name, fset.Position(n.Pos()).Line))
			}
			return true
		}
		ast.Inspect(fd.Body, walk)
	}
	return out
}

// TestNoWallClockSleepsInTests fails on a test that sleeps on the wall
// clock to order events, unless sleepsAllowed names it with its reason.
func TestNoWallClockSleepsInTests(t *testing.T) {
	t.Parallel()
	var found []string
	eachGoFile(t, "../..", testsOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		found = append(found, wallSleeps(fset, rel, file)...)
	})
	used := map[string]bool{}
	for _, f := range found {
		key, _, _ := strings.Cut(f, " (")
		if _, ok := sleepsAllowed[key]; ok {
			used[key] = true
			continue
		}
		t.Errorf("%s sleeps on the wall clock: order events with channels, synctest or an injected clock (or, for a wait on another process, add it to sleepsAllowed with the reason)", f)
	}
	for _, key := range unused(sleepsAllowed, used) {
		t.Errorf("sleepsAllowed names %s, which sleeps no more: remove it", key)
	}
}

// TestWallSleepsAreFound checks the checker on a made-up file.
func TestWallSleepsAreFound(t *testing.T) {
	t.Parallel()
	src := `package x

import (
	"testing"
	"testing/synctest"
	clock "time"
)

func TestA(t *testing.T) {
	clock.Sleep(clock.Millisecond)
	synctest.Test(t, func(t *testing.T) { clock.Sleep(clock.Hour) })
}

func (s *server) serve() { go func() { clock.Sleep(1) }() }
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x_test.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := wallSleeps(fset, "x_test.go", file)
	want := []string{"x_test.go:TestA (line 10)", "x_test.go:server.serve (line 14)"}
	if !slices.Equal(got, want) {
		t.Errorf("wallSleeps = %q, want %q", got, want)
	}
}
