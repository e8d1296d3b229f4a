package cmd

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// TestXLSXOutputCommands: -o xlsx is refused on a terminal before
// anything is sent; piped, promo report and promo generate's dry run
// write workbooks; version, which has no list, refuses it.
func TestXLSXOutputCommands(t *testing.T) {
	for _, args := range [][]string{
		{"promo", "list", "--site-id", "7", "-o", "xlsx"},
		{"promo", "report", "--site-id", "7", "-o", "xlsx"},
		{"promo", "apply", "--site-id", "7", "-f", "x.csv", "-o", "xlsx"},
	} {
		r := newRunner(t)
		r.TTY = true
		res := r.Run(args...)
		res.Expect(t, 2, "", "promoctl: -o xlsx writes a workbook, not text: redirect it to a file, such as > codes.xlsx\n")
		r.ExpectNoRequests(t)
	}
	r := newRunner(t)
	r.Run("version", "-o", "xlsx").Expect(t, 2, "", "promoctl: --output xlsx is for lists of promo codes: use json, yaml or csv\n")

	r = newRunner(t)
	r.API.Handle("GET /v1/promo", 200, "[]")
	res := r.Run("promo", "generate", "--site-id", "7", "--count", "3", "--prefix", "X", "--dry-run", "-o", "xlsx")
	// stdout is a workbook, read below.
	if want := apitest.Lines(
		"promoctl: warning: no --amount given, so the API's default discount of 0.01 applies",
		"promoctl: warning: no --enabled given, so the promo codes will be created disabled (the API's default)",
	); res.Code != 0 || res.Stderr != want {
		t.Errorf("generate --dry-run -o xlsx = %d, stderr %q; want 0, %q", res.Code, res.Stderr, want)
	}
	wb, err := excelize.OpenReader(strings.NewReader(res.Stdout))
	if err != nil {
		t.Fatalf("generate -o xlsx: %v", err)
	}
	rows, _ := wb.GetRows("Sheet1")
	if len(rows) != 4 || rows[0][1] != "code" || !strings.HasPrefix(rows[1][1], "X") {
		t.Errorf("generate -o xlsx rows %q", rows)
	}
	wb.Close()
}

// TestUsageErrorsAreOneLine pins the wording of usage errors that cobra
// words on its own: each is one line, names the command once and says what
// to do.
func TestUsageErrorsAreOneLine(t *testing.T) {
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "unknown top-level command", Args: []string{"prom"},
			Stderr: `promoctl: unknown command "prom" for "promoctl"; did you mean "promo"?`},
		{Name: "unknown top-level command, nothing close", Args: []string{"xyzzy"},
			Stderr: `promoctl: unknown command "xyzzy" for "promoctl"`},
		{Name: "negative value read as a flag", Args: []string{"config", "set", "user_id", "-1"},
			Stderr: `promoctl: -1 is read as a flag: to give config set an argument that starts with "-", put "--" before it`},
		{Name: "unknown shorthand", Args: []string{"promo", "list", "-x"},
			Stderr: `promoctl: unknown shorthand flag: 'x' in -x`},
	})
}
