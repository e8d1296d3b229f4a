package jsonscan

import (
	"encoding/json"
	"strings"
	"testing"
)

var validSeeds = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1.5e10`, `-1.5E-10`, `"a"`, `"\u00e9\n\"\\"`,
	`[1,2,{"a":[true,false,null]}]`, ` {"a" : 1 , "b":[ ]} `, `"é"`, "\"\xff\"",
	// invalid
	``, ` `, `{`, `[`, `]`, `{"a"}`, `{"a":}`, `{"a":1,}`, `[1,]`, `[1 2]`, `01`, `1.`, `.5`, `1e`, `+1`, `-`,
	`"abc`, `"\x"`, `"\u12"`, `"\u12g4"`, "\"a\tb\"", `tru`, `nul`, `truex`, `[1]x`, `{"a":1}}`, `{1:2}`, `"\`,
}

func TestValidAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, s := range validSeeds {
		if got, want := Valid([]byte(s)), json.Valid([]byte(s)); got != want {
			t.Errorf("Valid(%q) = %v, json.Valid says %v", s, got, want)
		}
	}
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	if got, want := Valid([]byte(deep)), json.Valid([]byte(deep)); got != want {
		t.Errorf("Valid(%d nested arrays) = %v, json.Valid says %v", maxDepth+1, got, want)
	}
	ok := strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth)
	if got, want := Valid([]byte(ok)), json.Valid([]byte(ok)); got != want {
		t.Errorf("Valid(%d nested arrays) = %v, json.Valid says %v", maxDepth, got, want)
	}
}

func FuzzValid(f *testing.F) {
	for _, s := range validSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := Valid(b), json.Valid(b); got != want {
			t.Fatalf("Valid(%q) = %v, json.Valid says %v", b, got, want)
		}
	})
}

func TestSpecialNeverMissesAByte(t *testing.T) {
	t.Parallel()
	for _, c := range []byte{'"', '\\', 0x00, 0x1f, 0x0a} {
		for pos := 0; pos < 8; pos++ {
			w := []byte("abcdefgh")
			w[pos] = c
			if !special(uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56) {
				t.Errorf("special(%q) = false, want true", w)
			}
		}
	}
	for _, w := range []string{"abcdefgh", "20261231", "\xd0\x9f\xd1\x80\xd0\xbe\xd0\xbc", "~~~~~~~~", "        "} {
		var v uint64
		for i := 7; i >= 0; i-- {
			v = v<<8 | uint64(w[i])
		}
		if special(v) {
			t.Errorf("special(%q) = true, want false", w)
		}
	}
}

func TestCheckSaysWhy(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	ok := strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth)
	for in, want := range map[string]error{
		ok:                   nil,
		deep:                 ErrTooDeep,
		`{"a":` + deep + `}`: ErrTooDeep,
		`["` + strings.Repeat("[", maxDepth+1) + `"]`: nil,
		`[1,2`:                        ErrInvalid,
		`["\"[[[[" `:                  ErrInvalid,
		strings.Repeat("[", maxDepth): ErrInvalid,
	} {
		if got := Check([]byte(in)); got != want {
			t.Errorf("Check(%.40q…) = %v, want %v", in, got, want)
		}
	}
}
