package csvcell

import "testing"

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		`=HYPERLINK("http://x","y")`: `'=HYPERLINK("http://x","y")`,
		"+cmd|' /C calc'!A0":         "'+cmd|' /C calc'!A0",
		"@SUM(1)*2":                  "'@SUM(1)*2",
		"-2+3":                       "'-2+3",
		"\tTAB":                      "'\tTAB",
		"\rCR":                       "'\rCR",
		"'=already quoted":           "''=already quoted",
		"''@twice":                   "'''@twice",
		"=":                          "'=",
		"+":                          "'+",
		"-Inf":                       "'-Inf",
		"-1e":                        "'-1e",
		"+.":                         "'+.",
		"-5":                         "-5",
		"+3.5":                       "+3.5",
		"-0.25":                      "-0.25",
		"-.5":                        "-.5",
		"+1e10":                      "+1e10",
		"-2.5E-3":                    "-2.5E-3",
		"-":                          "-",
		"'-5":                        "'-5",
		"'":                          "'",
		"":                           "",
		"SUMMER10":                   "SUMMER10",
		"a=b":                        "a=b",
		"2026-06-01":                 "2026-06-01",
		" =x":                        " =x",
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
		if got := Unescape(Escape(in)); got != in {
			t.Errorf("Unescape(Escape(%q)) = %q", in, got)
		}
		if got := NeedsGuard([]byte(in)); got != (Escape(in) != in) {
			t.Errorf("NeedsGuard(bytes %q) = %v, unlike the string", in, got)
		}
	}
	// What a person typed without the guard is read as it is.
	for _, s := range []string{"'abc", "'-5", "'", "''", "plain", "-"} {
		if got := Unescape(s); got != s {
			t.Errorf("Unescape(%q) = %q, want it unchanged", s, got)
		}
	}
}

func FuzzEscapeRoundTrip(f *testing.F) {
	for _, s := range []string{"=1", "'=1", "-5", "''", "-", "@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(s)
		if got := Unescape(e); got != s {
			t.Fatalf("Unescape(Escape(%q)) = %q", s, got)
		}
		if NeedsGuard(e[min(1, len(e)):]) != NeedsGuard(s) && e != s {
			t.Fatalf("%q escaped to %q", s, e)
		}
		if e != s && (len(e) < 2 || e[0] != '\'') {
			t.Fatalf("Escape(%q) = %q", s, e)
		}
	})
}

func TestNeedsGuardDoesNotAllocate(t *testing.T) {
	b := []byte("=HYPERLINK(1)")
	if n := testing.AllocsPerRun(100, func() { NeedsGuard(b); NeedsGuard("-2.5e3") }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
