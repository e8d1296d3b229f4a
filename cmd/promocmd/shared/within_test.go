package shared

import "testing"

func TestParseWithin(t *testing.T) {
	for in, want := range map[string]string{"7d": "168h0m0s", "36h": "36h0m0s", "90m": "1h30m0s", "1d12h": "36h0m0s", " 2d ": "48h0m0s"} {
		got, err := parseWithin(in)
		if err != nil || got.String() != want {
			t.Errorf("parseWithin(%q) = %v, %v, want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "7", "1.5d", "+1d", "7d-1h", "1w", "100001d"} {
		if d, err := parseWithin(in); err == nil {
			t.Errorf("parseWithin(%q) = %v, want an error", in, d)
		}
	}
}
