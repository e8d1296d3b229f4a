package iostreams

import "testing"

func TestTerminalWidth(t *testing.T) {
	ios, _, _, _ := Test()
	ios.SetWidth(120)
	if w := ios.TerminalWidth(); w != 0 {
		t.Errorf("TerminalWidth() of a pipe = %d, want 0", w)
	}
	ios.SetTTY(true, true, true)
	if w := ios.TerminalWidth(); w != 120 {
		t.Errorf("TerminalWidth() = %d, want 120", w)
	}
	ios.SetWidth(0)
	if w := ios.TerminalWidth(); w != 0 {
		t.Errorf("TerminalWidth() of a buffer = %d, want 0 (unknown)", w)
	}
}
