package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// repoRoot is the repository root, seen from this package's folder, where
// go test runs.
const repoRoot = "../.."

// TestGeneratedFilesUpToDate regenerates the completion scripts and the
// command reference into a temporary folder and compares them, byte for
// byte, with the committed ones.
func TestGeneratedFilesUpToDate(t *testing.T) {
	tmp := t.TempDir()
	if err := generate(tmp); err != nil {
		t.Fatalf("generate: %v", err)
	}
	for _, dir := range ownedDirs() {
		want := readTree(t, filepath.Join(tmp, dir))
		got := readTree(t, filepath.Join(repoRoot, dir))
		var stale []string
		for name, w := range want {
			g, ok := got[name]
			switch {
			case !ok:
				stale = append(stale, name+" is missing")
			case !bytes.Equal(g, w):
				stale = append(stale, name+" differs"+firstDiff(g, w))
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				stale = append(stale, name+" is no longer generated")
			}
		}
		if len(stale) > 0 {
			slices.Sort(stale)
			t.Errorf("the generated files in %s/ are stale; run `go generate ./...` at the repository root and commit the result:\n  %s",
				dir, strings.Join(stale, "\n  "))
		}
	}
}

// TestGenerateIsDeterministic generates twice, with different
// environments, and expects the same bytes: nothing generated may depend
// on the time, the user or the machine.
func TestGenerateIsDeterministic(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	if err := generate(a); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("PROMOCTL_OUTPUT", "json")
	t.Setenv("PROMOCTL_SITE_ID", "7")
	if err := generate(b); err != nil {
		t.Fatal(err)
	}
	for _, dir := range ownedDirs() {
		ta, tb := readTree(t, filepath.Join(a, dir)), readTree(t, filepath.Join(b, dir))
		if len(ta) == 0 {
			t.Errorf("%s: nothing generated", dir)
		}
		for name, da := range ta {
			if !bytes.Equal(da, tb[name]) {
				t.Errorf("%s/%s differs between two runs%s", dir, name, firstDiff(tb[name], da))
			}
		}
	}
}

// TestGeneratedContent checks a few things every release relies on: the
// zsh script is a compdef file, man pages are section 1 with the fixed
// date, and no page has cobra's dated footer.
func TestGeneratedContent(t *testing.T) {
	tmp := t.TempDir()
	if err := generate(tmp); err != nil {
		t.Fatal(err)
	}
	zsh := readFile(t, filepath.Join(tmp, completionsDir, "_promoctl"))
	if !strings.HasPrefix(zsh, "#compdef promoctl") {
		t.Errorf("_promoctl starts with %q, want #compdef promoctl", firstLine(zsh))
	}
	for _, f := range []string{"promoctl.bash", "promoctl.fish", "promoctl.ps1"} {
		if s := readFile(t, filepath.Join(tmp, completionsDir, f)); !strings.Contains(s, "__complete") {
			t.Errorf("%s does not call promoctl __complete", f)
		}
	}
	man := readFile(t, filepath.Join(tmp, manDir, "promoctl-promo-get.1"))
	if want := `.TH "PROMOCTL-PROMO-GET" "1" "Nov 2026" "promoctl" "promoctl manual"`; !strings.Contains(man, want) {
		t.Errorf("promoctl-promo-get.1 header:\n%s\nwant %s", firstLines(man, 3), want)
	}
	for _, dir := range []string{markdownDir, manDir} {
		for name, data := range readTree(t, filepath.Join(tmp, dir)) {
			if bytes.Contains(data, []byte("Auto generated")) {
				t.Errorf("%s/%s has cobra's dated footer", dir, name)
			}
		}
	}
	for _, page := range []string{"promoctl_promo_list.md", "promoctl_completion_bash.md", "promoctl_version.md"} {
		if _, err := os.Stat(filepath.Join(tmp, markdownDir, page)); err != nil {
			t.Errorf("no page %s: %v", page, err)
		}
	}
}

// readTree reads every file under dir, by path relative to dir. A missing
// dir is empty.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatalf("read %s: %v", dir, err)
	}
	return files
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "; first at line " + strconv.Itoa(i+1) + ":\n      got:  " + gl + "\n      want: " + wl
		}
	}
	return ""
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// TestManPagesHaveStandardSections checks that every generated man page
// says what the exit status means, which environment it reads and which
// files it uses, before SEE ALSO.
func TestManPagesHaveStandardSections(t *testing.T) {
	tmp := t.TempDir()
	if err := generate(tmp); err != nil {
		t.Fatalf("generate: %v", err)
	}
	pages := readTree(t, filepath.Join(tmp, manDir))
	if len(pages) == 0 {
		t.Fatal("no man pages generated")
	}
	for name, page := range pages {
		text := string(page)
		last := -1
		for _, section := range []string{".SH EXIT STATUS", ".SH ENVIRONMENT", ".SH FILES", ".SH SEE ALSO"} {
			i := strings.Index(text, "\n"+section+"\n")
			if i < 0 {
				t.Errorf("%s has no %q section", name, section)
				continue
			}
			if i < last {
				t.Errorf("%s: %q comes before the section it should follow", name, section)
			}
			last = i
		}
		for _, want := range []string{"\\fB130\\fP", "PROMOCTL_TOKEN", "config.yaml", "sandbox.db"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s does not mention %s", name, want)
			}
		}
	}
}
