package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/promo"
)

// root is the repository root, seen from this package's folder.
const root = "../../.."

// TestGeneratedFieldCodeIsCurrent fails when a generated file differs from
// what the generator writes from promo.Registry: a row was added or
// changed without `go generate ./...`, or a generated file was edited.
func TestGeneratedFieldCodeIsCurrent(t *testing.T) {
	for _, f := range files() {
		want, err := f.write(promo.Registry())
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

// TestAddingAFieldIsOneRow adds a row to the registry, in a copy laid
// over the source (go build -overlay), with its sample in the registry
// walk, generates the code from it, builds what holds generated code and
// runs the walk (decoder, views, plan, -f file, form) and the flags' test
// for the new field: nothing else needs writing for it to be decoded, shown,
// sorted, diffed, parsed, asked for and sent. (Its label is one the
// catalogs have: a real field adds its own to both.)
func TestAddingAFieldIsOneRow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the module")
	}
	row := promo.Field{Name: "min_order_amount", Go: "MinOrderAmount", Change: "MinOrder", Flag: "--min-order",
		Usage: "the smallest order the code applies to", Label: "form.promo.amount", Kind: promo.KindAmount, List: true, Record: true, Sortable: true, Writable: true}
	const rowText = `	{Name: "min_order_amount", Go: "MinOrderAmount", Change: "MinOrder", Flag: "--min-order",
		Usage: "the smallest order the code applies to", Label: "form.promo.amount", Kind: KindAmount, List: true, Record: true, Sortable: true, Writable: true},
`
	dir := t.TempDir()
	replace := map[string]string{}
	lay := func(path string, src []byte) {
		p := filepath.Join(dir, strings.ReplaceAll(path, "/", "_"))
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
		abs, err := filepath.Abs(filepath.Join(root, path))
		if err != nil {
			t.Fatal(err)
		}
		replace[abs] = p
	}
	reg, err := os.ReadFile(filepath.Join(root, "internal/promo/registry.go"))
	if err != nil {
		t.Fatal(err)
	}
	end := []byte("\n})\n")
	i := bytes.Index(reg, end)
	if i < 0 {
		t.Fatal("registry.go: no end of the table found")
	}
	lay("internal/promo/registry.go", slices.Concat(reg[:i+1], []byte(rowText), reg[i+1:]))
	walk, err := os.ReadFile(filepath.Join(root, "internal/promo/registry_walk_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	samples := []byte("var fieldSamples = map[string]fieldSample{\n")
	if !bytes.Contains(walk, samples) {
		t.Fatal("registry_walk_test.go: no fieldSamples found")
	}
	lay("internal/promo/registry_walk_test.go", bytes.Replace(walk, samples,
		append(samples, `	"min_order_amount": {"0", "150.5", "150.5", "150.5"},
`...), 1))
	rows := append(promo.Registry(), row)
	for _, f := range files() {
		src, err := f.write(rows)
		if err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
		if !bytes.Contains(src, []byte("MinOrder")) && !bytes.Contains(src, []byte("min_order_amount")) {
			t.Errorf("%s: the new field is not in it", f.path)
		}
		lay(f.path, src)
	}
	overlay, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	// promocmd's test builds every package that holds generated code
	// (promo, api, view, promocmd) and plan, which reads the registry.
	cmd := exec.Command("go", "test", "-overlay", ov, "-count=1",
		"-run", "TestRegistryWalk/min_order_amount|TestEveryFieldHasItsFlag/min_order_amount", "./internal/promo/", "./cmd/promocmd/")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test with one more row: %v\n%s", err, out)
	}
	if bytes.Count(out, []byte("ok  ")) != 2 {
		t.Errorf("go test with one more row ran:\n%s", out)
	}
}
