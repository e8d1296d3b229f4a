package cmdutil

import "testing"

func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]int64{"1048576": 1 << 20, "64MiB": 64 << 20, "64 MiB": 64 << 20, "2g": 2 << 30, "512KB": 512 << 10, "10B": 10} {
		if got, err := parseByteSize(in); err != nil || got != want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "MiB", "1TiB", "1.5MiB", "99999999999GiB"} {
		if got, err := parseByteSize(in); err == nil {
			t.Errorf("parseByteSize(%q) = %d, want an error", in, got)
		}
	}
}
