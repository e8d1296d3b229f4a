package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/promo/spec"
)

// root is the repository root, seen from this package's folder.
const root = "../../.."

// TestGeneratedFieldCodeIsCurrent fails when a generated file differs from
// what the generator writes from promo.Registry: a row was added or
// changed without `go generate ./...`, or a generated file was edited.
func TestGeneratedFieldCodeIsCurrent(t *testing.T) {
	for _, f := range files() {
		want, err := f.write(spec.Rows())
		if err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
		got, err := os.ReadFile(filepath.Join(root, f.path))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what promo.Registry generates: run go generate ./...", f.path)
		}
	}
}

// TestRebuildsFromNothing: in a copy of the module without the generated
// files, the generator builds and writes them back byte for byte; it needs
// none of its own output (the rows are data in internal/promo/spec), so a
// deleted or conflicted generated file is rebuilt by go generate.
func TestRebuildsFromNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generator in a copy of the module")
	}
	readTree(t)
	dir := t.TempDir()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && rel != "." {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, rel), data, 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files() {
		if err := os.Remove(filepath.Join(dir, f.path)); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", "./internal/promo/fieldgen")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/promo/fieldgen without its output: %v\n%s", err, out)
	}
	for _, f := range files() {
		want, err := os.ReadFile(filepath.Join(root, f.path))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, f.path))
		if err != nil {
			t.Fatalf("%s was not written: %v", f.path, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not rebuilt byte for byte", f.path)
		}
	}
}

// TestAddingAFieldIsOneRow adds a row to the registry and its sample to
// the registry walk, in a copy laid over the source (go's -overlay),
// generates the code from the overlaid registry, and runs, for the new
// field, the walk (decoder whole and streamed, the list's and record's
// CSV and workbook kinds, promo get's table, promo apply's plan, the -f
// file, an update's and a create's body), the form and the command line it
// prints (internal/promoform), the flags of create, update and generate,
// --sort, and the wizard's summaries: nothing else needs writing for it to
// be decoded, shown, sorted, diffed, parsed, asked for and sent. (Its
// label is one the catalogs have: a real field adds its own to both.)
// What it does not run are the tests that pin today's outputs whole
// (golden files, exact request bodies, the form's keystrokes): those
// change with a new field, as its tests.
func TestAddingAFieldIsOneRow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the module")
	}
	readTree(t)
	dir := t.TempDir()
	ov := overlay{t: t, dir: dir, replace: map[string]string{}}
	ov.insert("internal/promo/spec/spec.go", "\n\t}\n}\n", 1, `		{Name: "min_order_amount", Go: "MinOrderAmount", Change: "MinOrder", Flag: "--min-order",
			Usage: "the smallest order the code applies to", Label: "form.promo.amount", Kind: KindAmount, Optional: true,
			List: true, Record: true, Sortable: true, Writable: true},
`)
	ov.insert("internal/promo/registry_walk_test.go", "var fieldSamples = map[string]fieldSample{\n", 0,
		`	"min_order_amount": {"0", "150.5", "150.5", "150.5"},
`)
	gen := filepath.Join(dir, "gen")
	goCmd(t, "run", "-overlay", ov.write(), "./internal/promo/fieldgen", "-dir", gen)
	for _, f := range files() {
		src, err := os.ReadFile(filepath.Join(gen, f.path))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(`"min_order_amount"`)) {
			t.Errorf("%s: the new field is not in it", f.path)
		}
		ov.lay(f.path, src)
	}
	out := goCmd(t, "test", "-overlay", ov.write(), "-count=1", "-v", "-run",
		"TestRegistryWalk/min_order_amount|TestFormReachesEveryWritableField/min_order_amount|TestEveryFieldHasItsFlag/min_order_amount|TestSortKnowsEveryRegistryField|TestPromoGetLabelsEveryField|TestSummaryShowsEveryFormField|TestAnUnreadOptionalFieldIsNotSent/min_order_amount|TestSandboxKeepsEveryField/min_order_amount",
		"./internal/promo/", "./internal/promoform/", "./cmd/promocmd/...", "./internal/sandbox/")
	for _, ran := range []string{"--- PASS: TestRegistryWalk/min_order_amount", "--- PASS: TestFormReachesEveryWritableField/min_order_amount",
		"--- PASS: TestEveryFieldHasItsFlag/min_order_amount",
		"--- PASS: TestSortKnowsEveryRegistryField", "--- PASS: TestPromoGetLabelsEveryField", "--- PASS: TestSummaryShowsEveryFormField",
		"--- PASS: TestAnUnreadOptionalFieldIsNotSent/min_order_amount", "--- PASS: TestSandboxKeepsEveryField/min_order_amount"} {
		if !strings.Contains(out, ran) {
			t.Errorf("go test with one more row did not report %q:\n%s", ran, out)
		}
	}
	if os.Getenv("PROMOCTL_FIELD_TRIAL") == "all" {
		reportBrokenTests(t, ov.write())
	}
}

// reportBrokenTests runs the whole suite (-short) with the new row laid
// over the module and logs the tests that fail: those that pin today's
// outputs whole, which a real field changes with it (docs/architecture.md,
// "Add a field", lists them by kind). It takes minutes, so it runs only
// when PROMOCTL_FIELD_TRIAL=all asks.
func reportBrokenTests(t *testing.T, overlayFile string) {
	cmd := exec.Command("go", "test", "-overlay", overlayFile, "-count=1", "-short", "-json", "./...")
	cmd.Dir = root
	out, _ := cmd.Output() // failing tests are the point
	failed := map[string][]string{}
	n := 0
	for _, line := range bytes.Split(out, []byte("\n")) {
		var e struct{ Action, Package, Test string }
		if json.Unmarshal(line, &e) != nil || e.Action != "fail" || e.Test == "" || strings.Contains(e.Test, "/") {
			continue
		}
		failed[e.Package] = append(failed[e.Package], e.Test)
		n++
	}
	pkgs := slices.Sorted(maps.Keys(failed))
	for _, p := range pkgs {
		t.Logf("%s: %s", strings.TrimPrefix(p, "github.com/promoctl/promoctl"), strings.Join(failed[p], " "))
	}
	t.Logf("one more row: %d tests outside the registry's walk fail, in %d packages", n, len(pkgs))
}

// readTree reads every file of the module that the go commands of
// TestAddingAFieldIsOneRow read, so that go test's cache knows them: a
// change to any of them runs the test again rather than reporting a
// cached pass.
func readTree(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		switch filepath.Ext(path) {
		case ".go", ".toml", ".mod", ".sum":
			_, err = os.ReadFile(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// overlay is a go -overlay file being built: files of the module
// replaced by copies under dir.
type overlay struct {
	t       *testing.T
	dir     string
	replace map[string]string
}

// lay replaces the module's file path with src.
func (o *overlay) lay(path string, src []byte) {
	o.t.Helper()
	p := filepath.Join(o.dir, strings.ReplaceAll(path, "/", "_"))
	if err := os.WriteFile(p, src, 0o644); err != nil {
		o.t.Fatal(err)
	}
	abs, err := filepath.Abs(filepath.Join(root, path))
	if err != nil {
		o.t.Fatal(err)
	}
	o.replace[abs] = p
}

// insert lays path with text inserted at the first mark, skip bytes in.
func (o *overlay) insert(path, mark string, skip int, text string) {
	o.t.Helper()
	src, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		o.t.Fatal(err)
	}
	i := bytes.Index(src, []byte(mark))
	if i < 0 {
		o.t.Fatalf("%s: %q not found", path, mark)
	}
	if skip == 0 {
		skip = len(mark)
	}
	o.lay(path, slices.Concat(src[:i+skip], []byte(text), src[i+skip:]))
}

// write writes the overlay file and returns its path.
func (o *overlay) write() string {
	o.t.Helper()
	data, err := json.Marshal(map[string]any{"Replace": o.replace})
	if err != nil {
		o.t.Fatal(err)
	}
	p := filepath.Join(o.dir, "overlay.json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		o.t.Fatal(err)
	}
	return p
}

// goCmd runs the go command in the module's root and returns its output.
func goCmd(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestCheckRefusesRowsItCannotKeep: a row the generator would write
// wrong code for, or whose rule it would drop, is refused, naming the
// field, before anything is written.
func TestCheckRefusesRowsItCannotKeep(t *testing.T) {
	row := func(edit func(*spec.Row)) []spec.Row {
		f := spec.Row{Name: "note", Go: "Note", Change: "Note", Kind: spec.KindText, Writable: true}
		edit(&f)
		return append(spec.Rows(), f)
	}
	for _, c := range []struct {
		name string
		rows []spec.Row
		want string
	}{
		{"a name twice", row(func(f *spec.Row) { f.Name = "code" }), "field code: name code is field code's too"},
		{"a Go name twice", row(func(f *spec.Row) { f.Go = "Code" }), "field note: Go name Code is field code's too"},
		{"a Change name twice", row(func(f *spec.Row) { f.Change = "Amount" }), "field note: Change name Amount is field bonus_amount's too"},
		{"writable without a Change name", row(func(f *spec.Row) { f.Change = "" }), "field note: a writable field needs a Change name"},
		{"optional text", row(func(f *spec.Row) { f.Optional = true }), ""},
		{"an optional amount", row(func(f *spec.Row) { f.Kind, f.Optional = spec.KindAmount, true }), ""},
		{"an optional date", row(func(f *spec.Row) { f.Kind, f.Optional = spec.KindDate, true }), ""},
		{"an optional date cleared", row(func(f *spec.Row) { f.Kind, f.Optional, f.Clearable = spec.KindDate, true, true }), "field note: an optional date cannot be cleared"},
		{"a required date", row(func(f *spec.Row) { f.Kind, f.Required = spec.KindDate, true }), "field note: only a writable text field can be required"},
		{"a cleared amount", row(func(f *spec.Row) { f.Kind, f.Clearable = spec.KindAmount, true }), "field note: only writable dates can be cleared"},
		{"a switch that enables", row(func(f *spec.Row) {
			f.Kind, f.Enables = spec.KindBool, "is_enabled"
		}), ""},
		{"enables a number", row(func(f *spec.Row) { f.Enables = "quantity_limit" }), `field note: enables "quantity_limit": not a writable yes-or-no field`},
		{"enables a read-only switch", row(func(f *spec.Row) { f.Enables = "is_valid" }), `field note: enables "is_valid": not a writable yes-or-no field`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := check(c.rows)
			if c.want == "" {
				if err != nil {
					t.Fatalf("check: %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("check: %v, want %q", err, c.want)
			}
			for _, f := range files() {
				if _, err := f.write(c.rows); err == nil {
					t.Errorf("%s written from a refused row", f.path)
				}
			}
		})
	}
	// A switch whose value turns on another switch: no chains.
	rows := spec.Rows()
	for i := range rows {
		if rows[i].Name == "time_limit_is_enabled" {
			rows[i].Enables = "is_enabled"
		}
	}
	if err := check(rows); err == nil || !strings.Contains(err.Error(), "is a switch itself") {
		t.Errorf("a switch that enables: %v, want refused", err)
	}
	// A plain text field other than the code is written everywhere.
	for _, f := range files() {
		if _, err := f.write(row(func(*spec.Row) {})); err != nil {
			t.Errorf("%s: a text field: %v", f.path, err)
		}
	}
}
