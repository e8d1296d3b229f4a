package cmdtest

import (
	"testing"
)

// ExpectNoControlBytes fails when s holds an escape or other control
// character (but newline), a C1 control or a bidi override: server text
// must never reach the terminal as anything but text.
func ExpectNoControlBytes(t *testing.T, what, s string) {
	t.Helper()
	for i, r := range s {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			t.Fatalf("%s: control character %U at byte %d:\n%q", what, r, i, s)
		}
	}
}
