package termsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestStringRemovesEscapes(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"plain ASCII", "SUMMER2026 -10% off!", "SUMMER2026 -10% off!"},
		{"unicode", "Промокод «лето» 中文 😀 é", "Промокод «лето» 中文 😀 é"},
		{"CSI colour", "\x1b[31mred\x1b[0m text", "red text"},
		{"CSI clear screen and home", "\x1b[2J\x1b[Hafter", "after"},
		{"CSI private mode", "\x1b[?25lhidden cursor", "hidden cursor"},
		{"CSI with intermediate byte", "\x1b[1 qshape", "shape"},
		{"CSI unterminated", "text\x1b[31", "text"},
		{"OSC title with BEL", "\x1b]0;pwned\x07after", "after"},
		{"OSC hyperlink with ST", "\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"OSC with 8-bit ST", "\x1b]0;title\u009cafter", "after"},
		{"OSC unterminated swallows the rest", "before\x1b]0;title", "before"},
		{"DCS", "\x1bPq#0;2;0;0;0\x1b\\after", "after"},
		{"APC and PM", "\x1b_hidden\x1b\\a\x1b^private\x07b", "ab"},
		{"8-bit CSI", "\u009b31mred\u009b0m", "red"},
		{"8-bit OSC", "\u009d0;title\u0007after", "after"},
		{"8-bit DCS", "\u0090q\u009cafter", "after"},
		{"charset designation", "\x1b(Bplain", "plain"},
		{"save cursor and reset", "\x1b7a\x1bcb", "ab"},
		{"ESC at the end", "abc\x1b", "abc"},
		{"C0 controls", "\x00\x01a\x07\x08b\x0b\x0c\x1fc", "abc"},
		{"tab and newlines become spaces", "a\tb\nc\r\nd", "a b c  d"},
		{"DEL", "a\x7fb", "ab"},
		{"C1 controls", "a\u0080b\u0085c\u0084d\u0099e", "abcde"},
		{"8-bit APC", "\u009fdata\u009cafter", "after"},
		{"bidi overrides", "\u202eevil\u202c \u2066iso\u2069 \u200emark\u200f \u061calm \u202a\u202b\u202d", "evil iso mark alm "},
		{"invalid UTF-8", "a\xffb\xc3", "a\ufffdb\ufffd"},
		{"zero-width and other invisible characters", "PROMO\u200b1 \u200c\u200d\u2060\ufeffx\u00ady\U000e0041z\u180e", "PROMO1 xyz"},
		{"noncharacters", "a\ufffeb\uffffc\ufdd0d\U0010fffee", "a\ufffdb\ufffdc\ufffdd\ufffde"},
		{"line and paragraph separators", "a\u2028b\u2029c", "a b c"},
		{"raw 8-bit byte is not a CSI", "a\x9b31mb", "a\ufffd31mb"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := String(tt.in); got != tt.want {
				t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// checkSafe fails when s could drive a terminal: a byte below 0x20, DEL,
// a C1 control, a bidirectional control, or invalid UTF-8.
func checkSafe(t *testing.T, in, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("String(%q) = %q is not valid UTF-8", in, s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			t.Fatalf("String(%q) = %q holds byte %#x at %d", in, s, s[i], i)
		}
	}
	for _, r := range s {
		if r >= 0x80 && r < 0xa0 || isFormat(r) || isNonCharacter(r) {
			t.Fatalf("String(%q) = %q holds control %U", in, s, r)
		}
	}
}

func FuzzTermsafe(f *testing.F) {
	for _, s := range []string{
		"plain", "Промо", "\x1b[31mred", "\x1b]0;t\x07", "\x1b]0;t\x1b\\", "\u009b2J", "\u009d0;x\u009c", "\x1bP\x1b\\",
		"\x1b", "\x1b[", "\x1b]", "a\xffb", "\xc2", "\xc2\x9b", "\u202e", "\t\n\r", "\x7f", "\x1bé", "\x1b[3\n1m", "😀",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := String(in)
		checkSafe(t, in, out)
		if again := String(out); again != out {
			t.Fatalf("String is not idempotent: String(%q) = %q, String of that = %q", in, out, again)
		}
		if isPlain(in) && out != in {
			t.Fatalf("String(%q) = %q changed printable ASCII", in, out)
		}
		if got := Append([]byte("x"), []byte(in)); string(got) != "x"+out {
			t.Fatalf("Append(x, %q) = %q, want x and String's %q", in, got, out)
		}
	})
}

func TestStringPlainIsNotCopied(t *testing.T) {
	in := strings.Repeat("SUMMER2026 ", 100)
	if n := testing.AllocsPerRun(100, func() { _ = String(in) }); n != 0 {
		t.Errorf("String(plain ASCII) allocates %v times, want 0", n)
	}
	src, dst := []byte(in), make([]byte, 0, len(in))
	if n := testing.AllocsPerRun(100, func() { dst = Append(dst[:0], src) }); n != 0 {
		t.Errorf("Append(plain ASCII) allocates %v times, want 0", n)
	}
	if got := string(Append(nil, []byte("a\x1b[2Jb"))); got != "ab" {
		t.Errorf("Append of an escape = %q, want ab", got)
	}
}
