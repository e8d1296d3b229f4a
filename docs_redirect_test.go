package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsRedirectIntoFoldersThatExist: a shell example that writes a
// file into a folder under the home (> ~/.local/share/…/promoctl) first
// makes that folder with mkdir -p in the same block: on a fresh account
// the folder does not exist, and the redirect fails.
func TestDocsRedirectIntoFoldersThatExist(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	redirect := regexp.MustCompile(`>\s*(~/\S+)/[^/\s]+`)
	for _, path := range append(docs, "README.md") {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var made []string // the folders mkdir -p made in this block
		inBlock := false
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if strings.HasPrefix(line, "```") {
				inBlock, made = line == "```sh", nil
				continue
			}
			if !inBlock {
				continue
			}
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "mkdir -p "); ok {
				made = append(made, strings.Fields(rest)...)
				continue
			}
			for _, m := range redirect.FindAllStringSubmatch(line, -1) {
				ok := false
				for _, d := range made {
					ok = ok || strings.TrimSuffix(d, "/") == m[1]
				}
				if !ok {
					t.Errorf("%s:%d writes into %s without mkdir -p %s before it: %s", path, n, m[1], m[1], line)
				}
			}
		}
		f.Close()
	}
}
