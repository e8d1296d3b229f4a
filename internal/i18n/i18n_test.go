package i18n

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"en": English, "ru": Russian, " RU ": Russian, "En": English} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "de", "ru_RU", "russian"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q): no error", in)
		}
	}
}

func TestFromLocale(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want Lang
	}{
		{nil, English},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, Russian},
		{map[string]string{"LANG": "ru"}, Russian},
		{map[string]string{"LANG": "C"}, English},
		{map[string]string{"LANG": "POSIX"}, English},
		{map[string]string{"LANG": "de_DE.UTF-8"}, English},
		{map[string]string{"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, English},
		{map[string]string{"LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, Russian},
		{map[string]string{"LC_MESSAGES": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, English},
		{map[string]string{"LC_ALL": "ru_UA.UTF-8"}, Russian},
	} {
		env := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
		if got := FromLocale(env); got != tc.want {
			t.Errorf("FromLocale(%v) = %s, want %s", tc.env, got, tc.want)
		}
	}
	if got := FromLocale(nil); got != English {
		t.Errorf("FromLocale(nil) = %s", got)
	}
}

// TestPlurals: the Russian forms of a count, number first.
func TestPlurals(t *testing.T) {
	ru, en := New(Russian), New(English)
	for n, want := range map[int]string{
		0: "0 промокодов", 1: "1 промокод", 2: "2 промокода", 4: "4 промокода", 5: "5 промокодов",
		11: "11 промокодов", 12: "12 промокодов", 14: "14 промокодов", 21: "21 промокод", 22: "22 промокода",
		25: "25 промокодов", 101: "101 промокод", 111: "111 промокодов", 1000: "1\u00a0000 промокодов",
	} {
		if got := ru.N("count.promo", n); got != want {
			t.Errorf("ru %d = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "0 promo codes", 1: "1 promo code", 2: "2 promo codes", 21: "21 promo codes"} {
		if got := en.N("count.promo", n); got != want {
			t.Errorf("en %d = %q, want %q", n, got, want)
		}
	}
}

func TestFallbackAndMissing(t *testing.T) {
	var nilPrinter *Printer
	if got := nilPrinter.N("count.promo", 1); got != "1 promo code" {
		t.Errorf("nil printer: %q", got)
	}
	if got := New(Russian).T("no.such.message"); got != "no.such.message" {
		t.Errorf("missing message: %q, want its id", got)
	}
	if !New(Russian).Has("count.promo") || New(Russian).Has("no.such.message") {
		t.Error("Has is wrong")
	}
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// placeholders are the names a message's forms use, sorted, once each.
func placeholders(texts ...string) []string {
	var out []string
	for _, s := range texts {
		for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogsMatch: en.toml and ru.toml have the same ids, the same
// placeholders in each, and the plural forms their languages need. The
// help's translation (help.ru.toml: help.*, flag.*, group.*) has no
// English file, its English being in the code: cmd's TestHelpTranslated
// checks it against the command tree.
func TestCatalogsMatch(t *testing.T) {
	en, err := Catalog(English)
	if err != nil {
		t.Fatal(err)
	}
	ru, err := Catalog(Russian)
	if err != nil {
		t.Fatal(err)
	}
	isHelp := func(id string) bool {
		return strings.HasPrefix(id, "help.") || strings.HasPrefix(id, "flag.") || strings.HasPrefix(id, "group.")
	}
	for id, m := range en {
		if isHelp(id) {
			t.Errorf("en.toml has help entry %s: English help is in the code", id)
			continue
		}
		r, ok := ru[id]
		if !ok {
			t.Errorf("ru.toml has no %s", id)
			continue
		}
		pe := placeholders(m.Zero, m.One, m.Two, m.Few, m.Many, m.Other)
		pr := placeholders(r.Zero, r.One, r.Two, r.Few, r.Many, r.Other)
		if !slices.Equal(pe, pr) {
			t.Errorf("%s: placeholders %v in English, %v in Russian", id, pe, pr)
		}
		plural := m.One != ""
		if plural && (r.One == "" || r.Few == "" || r.Many == "" || r.Other == "") {
			t.Errorf("%s: a count in English, Russian lacks one of one/few/many/other", id)
		}
		if plural && (m.Other == "" || !slices.Contains(pe, "Count")) {
			t.Errorf("%s: a count without other or {{.Count}}", id)
		}
		if !plural && (r.One != "" || r.Few != "" || r.Many != "") {
			t.Errorf("%s: plural forms in Russian only", id)
		}
	}
	for id := range ru {
		if _, ok := en[id]; !ok && !isHelp(id) {
			t.Errorf("ru.toml has %s, which en.toml does not", id)
		}
	}
}

func TestDuration(t *testing.T) {
	ru, en := New(Russian), New(English)
	for d, want := range map[time.Duration]string{
		340 * time.Millisecond: "340\u00a0мс", 4200 * time.Millisecond: "4,2\u00a0с", 125 * time.Second: "2\u00a0мин 5\u00a0с",
		time.Hour + 2*time.Minute: "1\u00a0ч 2\u00a0мин", time.Minute: "1\u00a0мин", time.Hour + 3*time.Second: "1\u00a0ч 3\u00a0с", 0: "0\u00a0с",
	} {
		if got := ru.Duration(d); got != want {
			t.Errorf("ru %v = %q, want %q", d, got, want)
		}
	}
	// English is Go's form without zero minutes and seconds after a
	// larger unit.
	for d, want := range map[time.Duration]string{
		340 * time.Millisecond: "340ms", 4200 * time.Millisecond: "4.2s", 125 * time.Second: "2m5s", 0: "0s",
		time.Hour + 2*time.Minute: "1h2m", time.Minute: "1m", time.Hour + 3*time.Second: "1h0m3s", 168 * time.Hour: "168h",
		90 * time.Minute: "1h30m", 10 * time.Second: "10s",
	} {
		if got := en.Duration(d); got != want {
			t.Errorf("en %v = %q, want %q", d, got, want)
		}
	}
}

// BenchmarkFirstMessage is what a run pays for its first message: the
// catalogs of its language read and parsed.
func BenchmarkFirstMessage(b *testing.B) {
	for _, l := range Langs() {
		b.Run(string(l), func(b *testing.B) {
			for b.Loop() {
				New(l).T("form.yes")
			}
		})
	}
}

// TestPrinterConcurrent: one Printer serves goroutines at once, its
// catalogs read once (run with -race).
func TestPrinterConcurrent(t *testing.T) {
	p := New(Russian)
	done := make(chan string)
	for i := range 8 {
		go func() { done <- p.N("count.promo", i) }()
	}
	for range 8 {
		if s := <-done; !strings.Contains(s, "промокод") {
			t.Errorf("got %q", s)
		}
	}
}
