package cmdtest

import (
	"os"
	"path/filepath"
	"testing"
)

// SparseFile makes a file of size bytes that takes no room on disk.
func SparseFile(t *testing.T, size int64) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "huge.json")
	fh, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fh.WriteString(`{"code":"HUGE1"}`); err != nil {
		t.Fatal(err)
	}
	if err := fh.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}
