package iostreams

import (
	"bytes"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

func TestLocaleCharset(t *testing.T) {
	for _, c := range []struct {
		env     map[string]string
		name    string
		cm      *charmap.Charmap
		unknown bool
	}{
		{map[string]string{"LANG": "ru_RU.KOI8-R"}, "KOI8-R", charmap.KOI8R, false},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_CTYPE": "ru_RU.CP1251"}, "CP1251", charmap.Windows1251, false},
		{map[string]string{"LC_ALL": "ru_RU.utf8", "LANG": "ru_RU.KOI8-R"}, "utf8", nil, false},
		{map[string]string{"LANG": "ru_RU.IBM866@euro"}, "IBM866", charmap.CodePage866, false},
		{map[string]string{"LANG": "ja_JP.eucJP"}, "eucJP", nil, true},
		{map[string]string{"LANG": "C"}, "", nil, false},
		{map[string]string{}, "", nil, false},
	} {
		name, cm, unknown := LocaleCharset(func(k string) (string, bool) { v, ok := c.env[k]; return v, ok })
		if name != c.name || cm != c.cm || unknown != c.unknown {
			t.Errorf("%v: %q %v %v, want %q %v %v", c.env, name, cm, unknown, c.name, c.cm, c.unknown)
		}
	}
}

// A character cut between two writes is written whole; one the charset
// has not is written as one that stands for it; after Machine, UTF-8.
func TestEncodeTerminalsOnly(t *testing.T) {
	var out, errOut bytes.Buffer
	s := &IOStreams{Out: &out, ErrOut: &errOut, outTTY: true}
	s.Encode(charmap.KOI8R)
	text := []byte("Скидка «500 ₽»\n")
	for i := range text {
		if _, err := s.Out.Write(text[i : i+1]); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := charmap.KOI8R.NewDecoder().String(out.String()); got != "Скидка \"500 р\"\n" {
		t.Errorf("KOI8-R terminal: %q", got)
	}
	if s.ErrOut != &errOut {
		t.Error("stderr, not a terminal, is written through")
	}
	out.Reset()
	s.Machine()
	s.Out.Write(text)
	if out.String() != string(text) {
		t.Errorf("after Machine: %q", out.String())
	}
}
