package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestREADMEExamples runs every sandbox command of the README exactly as it
// is written there, in order, on a fresh sandbox: a README example that
// stops working fails the suite.
func TestREADMEExamples(t *testing.T) {
	cmds, err := readmeSandboxCommands("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) < 10 {
		t.Fatalf("found %d sandbox commands in README.md, want at least 10: %q", len(cmds), cmds)
	}
	var script strings.Builder
	for _, c := range cmds {
		script.WriteString("exec promoctl")
		for _, a := range c.args {
			script.WriteString(" " + scriptQuote(a))
		}
		script.WriteString("\n")
		if c.out != "" {
			// > FILE: what the command wrote, kept as that file.
			script.WriteString("cp stdout " + scriptQuote(c.out) + "\n")
		}
		// An example must not make what it does not mean: an expired code.
		script.WriteString("! stderr 'has already passed'\n")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "readme.txtar"), []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{Dir: dir, RequireExplicitExec: true, Setup: docsScriptSetup})
}

// docsScriptSetup gives a script of the docs' commands a home of its own
// (its sandbox data with it), without colour.
func docsScriptSetup(e *testscript.Env) error {
	home := filepath.Join(e.WorkDir, "home")
	e.Setenv("HOME", home)
	e.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	e.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	e.Setenv("NO_COLOR", "1")
	e.Setenv("PROMOCTL_NO_KEYRING", "1")
	e.Setenv("GORACE", os.Getenv("GORACE"))
	return nil
}

// readmeCmd is a command of the README: its arguments after promoctl, and
// the file its stdout goes to (`> FILE` at its end), if any.
type readmeCmd struct {
	args []string
	out  string
}

// readmeSandboxCommands returns every command in the README's sh blocks
// that runs on the in-process sandbox: `promoctl --sandbox …`, `go run .
// --sandbox …` (as promoctl), `promoctl sandbox redeem|reset`. Continued
// lines are joined and trailing comments dropped.
func readmeSandboxCommands(path string) ([]readmeCmd, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var (
		cmds    []readmeCmd
		inBlock bool
		line    string
	)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := sc.Text()
		if strings.HasPrefix(text, "```") {
			inBlock = text == "```sh"
			continue
		}
		if !inBlock {
			continue
		}
		if strings.HasSuffix(text, `\`) {
			line += strings.TrimSuffix(text, `\`)
			continue
		}
		line += text
		words, err := shellWords(line)
		line = ""
		if err != nil {
			return nil, fmt.Errorf("%s: %q: %w", path, text, err)
		}
		if len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "." {
			words = append([]string{"promoctl"}, words[3:]...)
		}
		if len(words) < 2 || words[0] != "promoctl" {
			continue
		}
		sandbox := words[1] == "--sandbox" ||
			(words[1] == "sandbox" && len(words) > 2 && (words[2] == "redeem" || words[2] == "reset"))
		if !sandbox {
			continue
		}
		c := readmeCmd{args: words[1:]}
		if n := len(c.args); n >= 2 && c.args[n-2] == ">" {
			c.args, c.out = c.args[:n-2], c.args[n-1]
		}
		cmds = append(cmds, c)
	}
	return cmds, sc.Err()
}

// shellWords splits a line as sh would for the simple commands of the
// README: single and double quotes, backslash escapes, `#` comments.
func shellWords(s string) ([]string, error) {
	var (
		words  []string
		cur    strings.Builder
		inWord bool
		quote  byte
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '#' && !inWord:
			i = len(s)
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// scriptQuote quotes a word for a testscript command line.
func scriptQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
