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
// over the source (go build -overlay), generates the code from it and
// builds the whole module and its tests: nothing else needs writing for
// the field to be decoded, shown, sorted, diffed, parsed and sent.
func TestAddingAFieldIsOneRow(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the module")
	}
	row := promo.Field{Name: "min_order_amount", Go: "MinOrderAmount", Change: "MinOrder", Flag: "--min-order",
		Label: "form.promo.min_order", Kind: promo.KindAmount, List: true, Record: true, Sortable: true, Writable: true}
	const rowText = `	{Name: "min_order_amount", Go: "MinOrderAmount", Change: "MinOrder", Flag: "--min-order",
		Label: "form.promo.min_order", Kind: KindAmount, List: true, Record: true, Sortable: true, Writable: true},
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
	cmd := exec.Command("go", "vet", "-overlay", ov, "./...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the module with one more row does not build: %v\n%s", err, out)
	}
}
