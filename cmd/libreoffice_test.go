package cmd

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// The spreadsheet round trip with the program people use: promoctl's own
// export (promo list -o xlsx on the sandbox), opened and saved again by
// LibreOffice Calc without an edit (as CSV with the filter options
// 59,34,76,1: semicolons, double quotes, UTF-8, from the first line, as a
// Russian-locale Calc saves; as .ods; as .xlsx; as .xlsx from the .ods),
// applies as no change at all. It needs soffice on PATH (CI installs
// libreoffice-calc-nogui: .ci/run); the CSV it writes is also committed,
// in testdata/libreoffice (TestLibreOfficeFixtures), so that the
// behaviour is pinned without it.

// exportCodes is the sandbox's site 1 as promo list -o xlsx writes it.
func exportCodes(t *testing.T, r *cmdtest.Runner, dir string) string {
	t.Helper()
	res := r.Run("--sandbox", "promo", "list", "--site-id", "1", "-o", "xlsx")
	if res.Code != 0 {
		t.Fatalf("promo list -o xlsx: exit %d: %s", res.Code, res.Stderr)
	}
	path := filepath.Join(dir, "codes.xlsx")
	if err := os.WriteFile(path, []byte(res.Stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// soffice converts file with LibreOffice (--convert-to to) into out, in
// a profile of its own (a temporary UserInstallation and HOME), in
// lang's locale; it returns the path of the file it wrote.
func soffice(t *testing.T, bin, lang, to, file, out string) string {
	t.Helper()
	profile := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-env:UserInstallation=file://"+filepath.ToSlash(profile), "--headless", "--norestore",
		"--convert-to", to, "--outdir", out, file)
	cmd.Env = append(os.Environ(), "HOME="+profile, "LANG="+lang, "LC_ALL="+lang)
	output, err := cmd.CombinedOutput()
	ext, _, _ := strings.Cut(to, ":")
	want := filepath.Join(out, strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))+"."+ext)
	if _, serr := os.Stat(want); err != nil || serr != nil {
		t.Fatalf("soffice --convert-to %s %s: %v, %v\n%s", to, file, err, serr, output)
	}
	return want
}

// csvFilter is LibreOffice's CSV export with the filter options of a
// Russian admin's save dialog: field separator ; (59), text delimiter "
// (34), UTF-8 (76), from line 1.
const csvFilter = "csv:Text - txt - csv (StarCalc):59,34,76,1"

// noChange applies file to the sandbox's site 1 with --dry-run and wants
// a plan of nothing.
func noChange(t *testing.T, r *cmdtest.Runner, file string) {
	t.Helper()
	r.Run("--sandbox", "promo", "apply", "--site-id", "1", "-f", file, "--dry-run").
		Expect(t, 0, "ACTION  ID  CODE  CHANGES\n", "Nothing to change on site 1: 12 promo codes are as the file says.\n")
}

func TestLibreOfficeRoundTripIsNoChange(t *testing.T) {
	bin, err := exec.LookPath("soffice")
	if err != nil {
		t.Skip("soffice (LibreOffice) is not on PATH: install libreoffice-calc-nogui to run this test; testdata/libreoffice pins its CSV without it")
	}
	r := newSandboxRunner(t)
	dir := t.TempDir()
	export := exportCodes(t, r, dir)
	for _, lang := range []string{"en_US.UTF-8", "ru_RU.UTF-8"} {
		t.Run(lang, func(t *testing.T) {
			out := t.TempDir()
			t.Run("csv", func(t *testing.T) { noChange(t, r, soffice(t, bin, lang, csvFilter, export, out)) })
			t.Run("xlsx", func(t *testing.T) { noChange(t, r, soffice(t, bin, lang, "xlsx", export, t.TempDir())) })
			ods := soffice(t, bin, lang, "ods", export, out)
			t.Run("ods to xlsx", func(t *testing.T) { noChange(t, r, soffice(t, bin, lang, "xlsx", ods, t.TempDir())) })
			t.Run("ods", func(t *testing.T) {
				r.Run("--sandbox", "promo", "apply", "--site-id", "1", "-f", ods, "--dry-run").Expect(t, 0, "ACTION  ID  CODE  CHANGES\n", "Nothing to change on site 1: 12 promo codes are as the file says.\n")
			})
		})
	}
}

// TestLibreOfficeFixtures: the CSV files LibreOffice wrote of promoctl's
// export (testdata/libreoffice/README.md says how) apply as no change.
func TestLibreOfficeFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "libreoffice", "*.csv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in testdata/libreoffice: %v", err)
	}
	r := newSandboxRunner(t)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { noChange(t, r, f) })
	}
}
