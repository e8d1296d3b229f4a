package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The start-up budget (docs/performance.md) is measured by
// BenchmarkStartup in cmd, in instructions against the link floor; what
// the package initialisers allocate before main is what moves it most, and
// unlike time it does not depend on the machine. These limits hold it.
const (
	// ownInitBytes and ownInitAllocs bound each initialiser of
	// promoctl's own packages: nothing of promoctl's is built before main
	// (the field registry, tables, regexps are built on first use).
	ownInitBytes  = 1024
	ownInitAllocs = 8
	// allInitBytes bounds what every initialiser allocates in all: 1.23
	// MB on 2026-11-28, of which the link floor's libraries 1.20 MB
	// (tablewriter's width table 0.66 MB, gojq's builtins 0.22 MB). excelize
	// alone allocated 1.3 MB; encoding/xml's entity table 19 KB.
	allInitBytes = 1_300_000
)

// TestInitialisersStayLight runs the real promoctl --version with
// GODEBUG=inittrace=1, which has the runtime say what each package
// initialiser allocated, and holds promoctl's own to ownInitBytes and
// ownInitAllocs and all of them to allInitBytes.
func TestInitialisersStayLight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds promoctl")
	}
	bin := buildPromoctl(t)
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "HOME="+t.TempDir())
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("promoctl --version: %v\n%s", err, stderr.String())
	}
	inits, err := parseInitTrace(stderr.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(inits) < 50 {
		t.Fatalf("inittrace named %d packages: GODEBUG=inittrace=1 said nothing useful:\n%s", len(inits), stderr.String())
	}
	total := 0
	for _, in := range inits {
		total += in.bytes
		if strings.HasPrefix(in.pkg, "github.com/promoctl/promoctl") && (in.bytes > ownInitBytes || in.allocs > ownInitAllocs) {
			t.Errorf("%s's initialiser allocates %d bytes in %d allocations before main (at most %d bytes, %d allocations): build it on first use",
				in.pkg, in.bytes, in.allocs, ownInitBytes, ownInitAllocs)
		}
	}
	if total > allInitBytes {
		t.Errorf("the package initialisers allocate %d bytes before main, more than %d: a library added since is heavy at start-up (docs/performance.md)",
			total, allInitBytes)
		for _, in := range inits {
			if in.bytes > 16<<10 {
				t.Logf("%s: %d bytes, %d allocations", in.pkg, in.bytes, in.allocs)
			}
		}
	}
}

// initTrace is one line of GODEBUG=inittrace=1.
type initTrace struct {
	pkg           string
	bytes, allocs int
}

// parseInitTrace reads the runtime's lines
// "init PKG @0.21 ms, 0.005 ms clock, 768 bytes, 1 allocs".
func parseInitTrace(s string) ([]initTrace, error) {
	var out []initTrace
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "init ") {
			continue
		}
		var in initTrace
		var at, clock float64
		if _, err := fmt.Sscanf(line, "init %s @%f ms, %f ms clock, %d bytes, %d allocs", &in.pkg, &at, &clock, &in.bytes, &in.allocs); err != nil {
			return nil, fmt.Errorf("inittrace line %q: %v", line, err)
		}
		out = append(out, in)
	}
	return out, sc.Err()
}
