package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// These rules keep docs/architecture.md's answer to "how do I change
// retries" true: every retry knob is a field of api.RetryPolicy, the one
// policy; a request is retried by the API client, a bulk job's item by the
// engine and its throttle; and Retry-After has one reader. Code that
// retried on its own, with a knob, a timer or a Retry-After read of its
// own, would make the answer stale: it fails here.

// retryAfterReaders are the functions a Retry-After header's value may be
// handed to as it is read: the one parser, and the client's wrapper of it
// (which says "no header" as a negative wait).
var retryAfterReaders = []string{"ParseRetryAfter", "retryAfter"}

// waitsAllowed are the places outside tests that wait on the clock (call
// or name time.Sleep, time.After, time.AfterFunc, time.NewTimer,
// time.NewTicker or time.Tick), by path (or its end) and function, each with what it
// waits for. The two marked retry are where a request waits before it is
// tried again; no other place may. An entry that no longer waits fails
// too, so that the list stays the code's.
var waitsAllowed = map[string]struct {
	retry bool
	why   string
}{
	"internal/api/client.go:Client.wait":        {true, "the pause between attempts of a request: api.RetryPolicy.Wait, or a timer"},
	"internal/bulk/throttle.go:realClock.Sleep": {true, "the bulk engine's clock: the throttle's pause after a 429 (Retry-After or api.RetryPolicy.Pause) before an item is tried again, and Execute's settling wait"},

	"internal/bulk/run.go:Run":                      {false, "the grace Ctrl-C leaves operations in flight"},
	"internal/bulk/sitelock.go:LockSite":            {false, "polls the lock of a site's job held by another process"},
	"internal/bulk/journal.go:lockJournal":          {false, "polls the lock of a journal held by another process"},
	"internal/config/lock.go:Lock":                  {false, "polls the config file's lock held by another process"},
	"internal/sandbox/open.go:locker.open":          {false, "polls the data file's lock held by another process"},
	"internal/keychain/keychain.go:System.call":     {false, "bounds a keychain call that may hang"},
	"internal/progress/progress.go:New":             {false, "the spinner's delay and frames (Options.After in tests)"},
	"internal/sandbox/faults.go:newFaults":          {false, "the sandbox's latency faults, --latency and --create-latency (a test's waits in tests)"},
	"generate.go:promoGenerateOptions.printCreated": {false, "reads the site's list again, a little later each time, until the codes created show (a list that lags), up to --timeout after the last create"},
}

// clockWaits are time's functions that wait.
var clockWaits = []string{"Sleep", "After", "AfterFunc", "NewTimer", "NewTicker", "Tick"}

// waitsIn lists, as "path:Func (line N)", where file names one of time's
// functions that wait (called, or taken as a value).
func waitsIn(fset *token.FileSet, rel string, file *ast.File) []string {
	timeName := ""
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "time" {
			timeName = "time"
			if imp.Name != nil {
				timeName = imp.Name.Name
			}
		}
	}
	if timeName == "" {
		return nil
	}
	var out []string
	for _, decl := range file.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := funcName(fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == timeName && slices.Contains(clockWaits, sel.Sel.Name) {
				out = append(out, fmt.Sprintf("%s:%s (line %d)", rel, name, fset.Position(sel.Pos()).Line))
			}
			return true
		})
	}
	return out
}

// funcName is a function's name, a method's as Type.Method.
func funcName(fd *ast.FuncDecl) string {
	name := fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		t := fd.Recv.List[0].Type
		if star, ok := t.(*ast.StarExpr); ok {
			t = star.X
		}
		if ix, ok := t.(*ast.IndexExpr); ok { // a generic type's method
			t = ix.X
		}
		if ix, ok := t.(*ast.IndexListExpr); ok {
			t = ix.X
		}
		if id, ok := t.(*ast.Ident); ok {
			name = id.Name + "." + name
		}
	}
	return name
}

// TestWaitsHaveTheirPlaces fails on code that waits on the clock where
// waitsAllowed does not say it may: a retry loop of its own would wait so.
// A request is retried by the API client (api.RetryPolicy); an item of a
// bulk job by the engine, paused by its throttle.
func TestWaitsHaveTheirPlaces(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	eachGoFile(t, "../..", sourcesOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		for _, w := range waitsIn(fset, rel, file) {
			at, _, _ := strings.Cut(w, " (")
			if key, ok := allowedWait(at); ok {
				used[key] = true
				continue
			}
			t.Errorf("%s waits on the clock: a request is retried by api.RetryPolicy, a bulk job's item by the engine's throttle (docs/architecture.md, \"Retries\"); any other wait goes in waitsAllowed with what it waits for", w)
		}
	})
	for _, key := range unused(waitsAllowed, used) {
		t.Errorf("waitsAllowed names %s, which waits no more: remove it", key)
	}
}

// allowedWait is the entry of waitsAllowed for a wait at "path:Func": the
// entry's path is the file's, or the end of it ("generate.go" names a file
// of that name in whatever folder its noun keeps it).
func allowedWait(at string) (string, bool) {
	file, fn, _ := strings.Cut(at, ":")
	for key := range waitsAllowed {
		kfile, kfn, _ := strings.Cut(key, ":")
		if kfn == fn && (kfile == file || strings.HasSuffix(file, "/"+kfile)) {
			return key, true
		}
	}
	return "", false
}

// TestRetryAfterHasOneReader fails on code that reads a Retry-After
// header other than by handing it straight to api.ParseRetryAfter (or the
// client's retryAfter, which calls it), or that declares a second parser.
func TestRetryAfterHasOneReader(t *testing.T) {
	t.Parallel()
	eachGoFile(t, "../..", sourcesOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		for _, bad := range retryAfterReads(fset, rel, file) {
			t.Error(bad)
		}
	})
}

// retryAfterReads lists what file does with a "Retry-After" literal that
// is not a header's write (Set, Add) nor a read handed to
// retryAfterReaders, and any ParseRetryAfter declared outside internal/api.
func retryAfterReads(fset *token.FileSet, rel string, file *ast.File) []string {
	var out []string
	for _, decl := range file.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "ParseRetryAfter" && path.Dir(rel) != "internal/api" {
			out = append(out, fmt.Sprintf("%s:%d: a second ParseRetryAfter: Retry-After has one reader, api.ParseRetryAfter", rel, fset.Position(fd.Pos()).Line))
		}
	}
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if v, _ := strconv.Unquote(lit.Value); !strings.EqualFold(v, "Retry-After") {
			return true
		}
		if !handedToReader(stack) {
			out = append(out, fmt.Sprintf("%s:%d: Retry-After read other than by api.ParseRetryAfter: hand the header's value to it (docs/architecture.md, \"Retries\")", rel, fset.Position(lit.Pos()).Line))
		}
		return true
	})
	return out
}

// handedToReader reports whether the literal at the top of stack is the
// key of a header's Set or Add, or of a Get whose result is given straight
// to one of retryAfterReaders.
func handedToReader(stack []ast.Node) bool {
	if len(stack) < 3 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Set", "Add":
		return true
	case "Get":
	default:
		return false
	}
	outer, ok := stack[len(stack)-3].(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fn := outer.Fun.(type) {
	case *ast.Ident:
		return slices.Contains(retryAfterReaders, fn.Name)
	case *ast.SelectorExpr:
		return slices.Contains(retryAfterReaders, fn.Sel.Name)
	}
	return false
}

// TestRetryRulesCatch checks the checkers on made-up files.
func TestRetryRulesCatch(t *testing.T) {
	t.Parallel()
	src := `package x

import (
	"net/http"
	"strconv"
	clock "time"

	"github.com/promoctl/promoctl/internal/api"
)

func ParseRetryAfter(v string) int { return 0 }

func (c *client) again(resp *http.Response, w http.ResponseWriter) {
	n, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	clock.Sleep(clock.Duration(n) * clock.Second)
	d, _ := api.ParseRetryAfter(resp.Header.Get("Retry-After"), clock.Now())
	w.Header().Set("Retry-After", "1")
	<-clock.After(d)
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "cmd/x/x.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := retryAfterReads(fset, "cmd/x/x.go", file)
	if len(got) != 2 || !strings.Contains(got[0], "x.go:11:") || !strings.Contains(got[1], "x.go:14:") {
		t.Errorf("retryAfterReads = %q, want the second parser (line 11) and the read by strconv (line 14)", got)
	}
	waits := waitsIn(fset, "cmd/x/x.go", file)
	want := []string{"cmd/x/x.go:client.again (line 15)", "cmd/x/x.go:client.again (line 18)"}
	if !slices.Equal(waits, want) {
		t.Errorf("waitsIn = %q, want %q", waits, want)
	}
	knobs := `package x

const DefaultRateRetries = 20

var defaultPause = 1

type Options struct {
	Retry       api.RetryPolicy
	MaxRetryAfter time.Duration
	pauseUntil  time.Time
}
`
	file, err = parser.ParseFile(fset, "internal/x/x.go", knobs, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := retryKnobsIn("internal/x/x.go", file), []string{"internal/x/x.go:DefaultRateRetries", "internal/x/x.go:Options.MaxRetryAfter"}; !slices.Equal(got, want) {
		t.Errorf("retryKnobsIn = %q, want %q", got, want)
	}
}

// retryKnob is a name that says it tunes retries: how often, how long
// between, how long a server may ask to wait.
var retryKnob = regexp.MustCompile(`(?i)retries|attempts|pause|retryafter|backoff|basedelay|maxdelay`)

// notRetryKnobs are the exported constants, variables and fields outside
// api.RetryPolicy that retryKnob matches but that tune nothing, each with
// what it is. An entry that no longer exists fails too.
var notRetryKnobs = map[string]string{
	"internal/api/errors.go:Error.Attempts":        "how often the request was sent, said in its error",
	"internal/api/retryafter.go:RetryAfterCeiling": "the largest value ParseRetryAfter reads: a bound of the parser, beyond every policy",
}

// retryKnobsIn lists, as "path:Name" (a field as "path:Type.Field"), the
// exported constants, variables and struct fields of file whose names say
// they tune retries.
func retryKnobsIn(rel string, file *ast.File) []string {
	var out []string
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch s := spec.(type) {
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.IsExported() && retryKnob.MatchString(n.Name) {
						out = append(out, rel+":"+n.Name)
					}
				}
			case *ast.TypeSpec:
				st, ok := s.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, f := range st.Fields.List {
					for _, n := range f.Names {
						if n.IsExported() && retryKnob.MatchString(n.Name) {
							out = append(out, rel+":"+s.Name.Name+"."+n.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// TestRetryKnobsAreThePolicys fails on an exported constant, variable or
// struct field named as a retry knob (RateRetries, DefaultPause,
// MaxRetryAfter…) anywhere but in api.RetryPolicy, the one retry policy
// (docs/architecture.md, "Retries"): a knob of its own would be a second
// policy, set apart from the run's.
func TestRetryKnobsAreThePolicys(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	eachGoFile(t, "../..", sourcesOnly, func(fset *token.FileSet, rel string, file *ast.File) {
		for _, k := range retryKnobsIn(rel, file) {
			if strings.HasPrefix(k, "internal/api/retry.go:RetryPolicy.") {
				continue
			}
			if _, ok := notRetryKnobs[k]; ok {
				used[k] = true
				continue
			}
			t.Errorf("%s is named as a retry knob outside api.RetryPolicy: make it a field of the one policy (internal/api/retry.go), or say in notRetryKnobs why it tunes nothing", k)
		}
	})
	for _, k := range unused(notRetryKnobs, used) {
		t.Errorf("notRetryKnobs names %s, which is no more: remove it", k)
	}
}
