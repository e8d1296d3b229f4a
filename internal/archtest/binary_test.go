package archtest

import (
	"slices"
	"strings"
	"testing"
)

// testOnly are libraries promoctl's tests may use but its binary must not
// link: excelize is the tests' oracle of what Excel reads and writes, and
// its package initialiser cost every command, --version included, 3.7 ms
// (docs/performance.md); internal/sheet reads workbooks and
// internal/output writes them. runtime/metrics builds a table of every
// metric in its initialiser, on every start, for what debug.SetGCPercent
// tells as well. encoding/xml builds its HTML entity table (252 entries)
// in its initialiser: the workbook reader uses its tokenizer, copied
// without the table (internal/xml), and the tests compare the two.
// rsc.io/qr/coding builds its Reed-Solomon field in a package variable:
// promo print's QR codes come from a copy that builds it on first use
// (internal/sheetpdf/qrcoding). x/text/message and x/text/number build
// their number tables and plural rules before main: i18n.Decimal writes
// Russian numbers itself, compared with them in its tests.
var testOnly = []string{"github.com/xuri/excelize/v2", "runtime/metrics", "encoding/xml", "rsc.io/qr/coding",
	"golang.org/x/text/message", "golang.org/x/text/number"}

// TestBinaryLinksNoTestOnlyLibrary: `go list -deps .` of the binary
// names none of testOnly.
func TestBinaryLinksNoTestOnlyLibrary(t *testing.T) {
	pkgs := listPackages(t)
	main, ok := pkgs[module]
	if !ok {
		t.Fatalf("%s is not a package of the module", module)
	}
	for _, lib := range testOnly {
		for _, dep := range main.Deps {
			if dep == lib || strings.HasPrefix(dep, lib+"/") {
				t.Errorf("the binary links %s: it is for tests only", dep)
			}
		}
		if !slices.ContainsFunc(main.Deps, func(d string) bool { return strings.HasPrefix(d, "github.com/spf13/cobra") }) {
			t.Fatalf("the binary's dependencies lack cobra: go list said nothing useful")
		}
	}
}
