package main

import (
	"encoding/json"
	"maps"
	"os/exec"
	"slices"
	"testing"
)

// sandboxEnabled is whether each code of site 1 of the sandbox in env is
// enabled, read without a terminal.
func sandboxEnabled(t *testing.T, env []string) map[string]bool {
	t.Helper()
	cmd := exec.Command(promoctlPath(t), "--sandbox", "promo", "list", "--site-id", "1", "-o", "json")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("promo list: %v", err)
	}
	var list []struct {
		Code      string `json:"code"`
		IsEnabled bool   `json:"is_enabled"`
	}
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatalf("promo list -o json: %v\n%s", err, out)
	}
	on := map[string]bool{}
	for _, p := range list {
		on[p.Code] = p.IsEnabled
	}
	return on
}

// TestBrowseOnATerminal opens promo browse on the sandbox, filters, marks
// two codes, disables them after the question, and quits: the sandbox
// then has exactly those two disabled besides the ones that were.
func TestBrowseOnATerminal(t *testing.T) {
	home := t.TempDir()
	env := sandboxEnv(t, home)
	before := sandboxEnabled(t, env)
	tm := startTerm(t, env, "--sandbox", "promo", "browse", "--site-id", "1")
	tm.expect("12 shown · 0 marked · 12 on site 1")
	tm.send("/ship")
	tm.expect("3 shown · 0 marked · 12 on site 1")
	tm.send("\r")
	// FREESHIP, SHIPOFF (disabled already), LASTSHIP: mark the first and the last.
	tm.send(" ")
	tm.expect("3 shown · 1 marked")
	tm.send("j ")
	tm.expect("3 shown · 2 marked")
	tm.send("d")
	tm.expect("Disable 2 promo codes of site 1? [y/N]")
	tm.send("y")
	tm.expect("Disabled 2 promo codes.")
	tm.expect("3 shown · 0 marked · 12 on site 1")
	tm.send("q")
	if code := tm.wait(); code != 0 {
		t.Fatalf("exit code = %d, want 0; the screen:\n%s", code, tm.screen())
	}
	if q := terminalQueryRE.FindString(tm.raw()); q != "" {
		t.Errorf("promo browse asked the terminal %q", q)
	}
	after := sandboxEnabled(t, env)
	var changed []string
	for c, on := range after {
		if on != before[c] {
			changed = append(changed, c)
		}
	}
	slices.Sort(changed)
	if want := []string{"FREESHIP", "LASTSHIP"}; !slices.Equal(changed, want) {
		t.Errorf("codes whose is_enabled changed: %v, want %v", changed, want)
	}
	if after["FREESHIP"] || after["LASTSHIP"] {
		t.Errorf("FREESHIP and LASTSHIP are not disabled: %v", after)
	}
	if !slices.Equal(slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before))) {
		t.Errorf("the codes of the site changed: %v, then %v", slices.Sorted(maps.Keys(before)), slices.Sorted(maps.Keys(after)))
	}
}
