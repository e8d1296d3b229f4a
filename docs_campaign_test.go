package main

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestDocsCampaignLife runs the commands of "A campaign's life" in
// docs/bulk.md and of its Russian twin in docs/ru exactly as they are
// written there (through sh: they redirect and substitute), in order, on
// a fresh sandbox; then checks that the campaign ended as the docs say:
// its unused codes off, its used ones on.
func TestDocsCampaignLife(t *testing.T) {
	for _, doc := range []struct{ path, heading string }{
		{"docs/bulk.md", "## A campaign's life"},
		{"docs/ru/getting-started.md", "## Жизнь акции"},
	} {
		t.Run(filepath.Base(doc.path), func(t *testing.T) {
			lines, err := sectionShellLines(doc.path, doc.heading)
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) < 6 {
				t.Fatalf("found %d commands in %s %q, want the campaign's six: %q", len(lines), doc.path, doc.heading, lines)
			}
			var script strings.Builder
			for _, l := range lines {
				script.WriteString("exec sh -c " + scriptQuote(l) + "\n")
			}
			script.WriteString("exec promoctl --sandbox promo list --site-id 1 --prefix XMAS -o json --jq 'map([.promo_used_count > 0, .is_enabled]) | unique'\n")
			script.WriteString("stdout '^\\[\\[false,false\\],\\[true,true\\]\\]$'\n")
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "campaign.txtar"), []byte(script.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			testscript.Run(t, testscript.Params{Dir: dir, RequireExplicitExec: true, Setup: docsScriptSetup})
		})
	}
}

// sectionShellLines are the command lines of the sh blocks of the section
// of path under heading (up to the next heading of its level): continued
// lines joined, comment lines and blank ones left out.
func sectionShellLines(path, heading string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var (
		lines       []string
		in, inBlock bool
		line        string
		level       = heading[:strings.IndexByte(heading, ' ')+1]
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, heading):
			in = true
			continue
		case in && !inBlock && strings.HasPrefix(text, level):
			return lines, nil
		case !in:
			continue
		case strings.HasPrefix(text, "```"):
			inBlock = text == "```sh"
			continue
		case !inBlock:
			continue
		}
		trimmed := strings.TrimSpace(text)
		if line == "" && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if rest, ok := strings.CutSuffix(text, `\`); ok {
			line += rest
			continue
		}
		lines = append(lines, strings.TrimSpace(line+text))
		line = ""
	}
	return lines, sc.Err()
}
