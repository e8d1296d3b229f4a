package promo

import (
	"strings"
	"testing"
)

func TestValidateCode(t *testing.T) {
	t.Parallel()
	const onlyLatin = "the code may contain only Latin letters A-Z, a-z and digits 0-9"
	tests := []struct {
		name, code string
		wantErr    string // "" means valid
	}{
		{"two letters", "AB", ""},
		{"letters and digits", "SUMMER2026", ""},
		{"lower case", "summer", ""},
		{"digits only", "2024", ""},
		{"fifteen chars", "ABCDEFGHIJ12345", ""},
		{"empty", "", "the code is empty"},
		{"one char", "A", "the code must be 2 to 15 characters long, got 1"},
		{"sixteen chars", "ABCDEFGHIJ123456", "the code must be 2 to 15 characters long, got 16"},
		{"sixteen cyrillic counted as characters", strings.Repeat("Ж", 16), "the code must be 2 to 15 characters long, got 16"},
		{"space alone", " ", "the code must be 2 to 15 characters long, got 1"},
		{"space inside", "A B", onlyLatin + `, found ' ' at position 2`},
		{"cyrillic", "ПРОМО10", onlyLatin + `, found 'П' at position 1`},
		{"latin with accent", "É1", onlyLatin + `, found 'É' at position 1`},
		{"full-width latin", "ＡＢＣ", onlyLatin + `, found 'Ａ' at position 1`},
		{"underscore", "A_B", onlyLatin + `, found '_' at position 2`},
		{"hyphen", "A-B", onlyLatin + `, found '-' at position 2`},
		{"emoji after letter", "A😀", onlyLatin + `, found '😀' at position 2`},
		{"emoji position counts characters not bytes", "Ж1😀", onlyLatin + `, found 'Ж' at position 1`},
		{"position after multibyte", "AB😀C", onlyLatin + `, found '😀' at position 3`},
		{"invalid UTF-8", "AB\xff", onlyLatin + `, found '�' at position 3`},
		{"NUL byte", "AB\x00", onlyLatin + `, found '\x00' at position 3`},
		{"trailing newline", "SUMMER\n", onlyLatin + `, found '\n' at position 7`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateCode(tt.code)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("ValidateCode(%q) = %v, want nil", tt.code, err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("ValidateCode(%q) = nil, want %q", tt.code, tt.wantErr)
			case tt.wantErr != "" && err.Error() != tt.wantErr:
				t.Errorf("ValidateCode(%q) = %q, want %q", tt.code, err, tt.wantErr)
			}
		})
	}
}

// FuzzValidateCode holds ValidateCode to the API's rule: 2 to 15 bytes, each
// an ASCII letter or digit. Any other string must be refused, whatever its
// encoding.
func FuzzValidateCode(f *testing.F) {
	for _, s := range []string{"", "A", "AB", "SUMMER2026", "ABCDEFGHIJ12345", "ABCDEFGHIJ123456",
		"ПРОМО10", "É1", "ＡＢＣ", "A_B", "A-B", " ", "AB ", "😀😀", "AB\xff", "\x00\x00", "Zz09", "aé"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := len(s) >= 2 && len(s) <= 15
		for i := 0; i < len(s); i++ {
			c := s[i]
			if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9') {
				want = false
			}
		}
		err := ValidateCode(s)
		if got := err == nil; got != want {
			t.Fatalf("ValidateCode(%q) accepted = %v (err %v), want %v", s, got, err, want)
		}
		if err != nil && err.Error() == "" {
			t.Fatalf("ValidateCode(%q) returned an empty message", s)
		}
	})
}

func TestParseBonusType(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want BonusType
	}{
		{"goods", Goods},
		{"GOODS", Goods},
		{" Goods ", Goods},
		{"2", Goods},
		{"delivery", Delivery},
		{"Delivery", Delivery},
		{"3", Delivery},
		{"товары", Goods}, // a copy of a Russian table
		{"доставку", Delivery},
		{"Доставка", Delivery}, // the word Russian tables wrote before
		{"ТОВАРЫ", Goods},
	}
	for _, tt := range tests {
		got, err := ParseBonusType(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseBonusType(%q) = %v, %v; want %v, nil", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "1", "4", "02", "good", "shipping", "2.0", "goods,delivery", "доставке", "да"} {
		got, err := ParseBonusType(in)
		if err == nil {
			t.Errorf("ParseBonusType(%q) = %v, nil; want an error", in, got)
			continue
		}
		want := `unknown bonus type "` + in + `": use goods (2) or delivery (3)`
		if err.Error() != want {
			t.Errorf("ParseBonusType(%q) error = %q, want %q", in, err, want)
		}
	}
}

func TestBonusTypeStringAndValid(t *testing.T) {
	t.Parallel()
	tests := []struct {
		b     BonusType
		str   string
		valid bool
	}{
		{Goods, "goods", true},
		{Delivery, "delivery", true},
		{0, "0", false},
		{1, "1", false},
		{7, "7", false},
	}
	for _, tt := range tests {
		if got := tt.b.String(); got != tt.str {
			t.Errorf("BonusType(%d).String() = %q, want %q", int(tt.b), got, tt.str)
		}
		if got := tt.b.Valid(); got != tt.valid {
			t.Errorf("BonusType(%d).Valid() = %v, want %v", int(tt.b), got, tt.valid)
		}
	}
}

// BenchmarkParseBonusType reads a bonus type as a file's cell gives it:
// the API's name, and a Russian table's word (read against the catalogs,
// which are parsed once, not once a cell).
func BenchmarkParseBonusType(b *testing.B) {
	for _, in := range []string{"delivery", "доставку"} {
		b.Run(in, func(b *testing.B) {
			for b.Loop() {
				if _, err := ParseBonusType(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
