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
