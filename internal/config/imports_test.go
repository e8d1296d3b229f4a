package config

import (
	"go/build"
	"strings"
	"testing"
)

// TestConfigStaysBelowOutputAndAPI keeps the settings a lower layer: the
// renderers and the HTTP client may use config's leaves (internal/format,
// internal/baseurl), never the reverse, so that reading a setting does not
// link bbolt, tablewriter, gojq or lipgloss. It follows every promoctl
// package config imports, directly or not.
func TestConfigStaysBelowOutputAndAPI(t *testing.T) {
	const module = "github.com/promoctl/promoctl/"
	forbidden := map[string]bool{module + "internal/output": true, module + "internal/api": true}
	seen := map[string]bool{}
	var walk func(path string, via []string)
	walk = func(path string, via []string) {
		if seen[path] {
			return
		}
		seen[path] = true
		pkg, err := build.Import(path, ".", 0)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		for _, imp := range pkg.Imports {
			chain := append(append([]string{}, via...), imp)
			if forbidden[imp] {
				t.Errorf("internal/config imports %s (via %s); want config below output and api", imp, strings.Join(chain, " → "))
			}
			if strings.HasPrefix(imp, module) {
				walk(imp, chain)
			}
		}
	}
	walk(module+"internal/config", nil)
	if len(seen) < 2 {
		t.Fatalf("followed %d packages, want config and its leaves: is the module path right?", len(seen))
	}
}
