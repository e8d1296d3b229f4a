package sandbox

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsPointAtTheSandbox: the docs that tell a reader to point promoctl
// at a served sandbox use the address it listens on by default, and
// docs/bulk.md gives the flags its banner prints.
func TestDocsPointAtTheSandbox(t *testing.T) {
	try := TryCommand("http://" + DefaultAddr)
	flags, _, _ := strings.Cut(strings.TrimPrefix(try, "promoctl "), " promo list")

	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	local := regexp.MustCompile(`(127\.0\.0\.1|localhost):[0-9]+`)
	for _, path := range append(docs, "../../README.md") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, a := range local.FindAllString(line, -1) {
				if a != DefaultAddr && !strings.Contains(line, "--addr") {
					t.Errorf("%s:%d: %s, but sandbox serve listens on %s: %s", path, i+1, a, DefaultAddr, line)
				}
			}
		}
		if filepath.Base(path) == "bulk.md" && !bytes.Contains(data, []byte(flags)) {
			t.Errorf("%s does not give the flags the banner prints: %s", path, flags)
		}
	}
}
