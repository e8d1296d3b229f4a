package i18n

import (
	"strings"
	"sync"
)

// Written reports whether word is what a language promoctl speaks writes
// for one of the message ids: the words of a table (word.active,
// word.delivery) read back, in any language, whatever the language of
// the run. Case does not count, nor ё against е. A reader calls it for
// every cell of a file, so the catalogs are read once (everyLanguage).
func Written(word string, ids ...string) bool {
	fold := func(s string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "ё", "е") }
	w := fold(word)
	for _, p := range everyLanguage() {
		for _, id := range ids {
			if p.Has(id) && fold(p.T(id)) == w {
				return true
			}
		}
	}
	return false
}

// everyLanguage is a Printer of each language promoctl speaks, each
// reading its catalogs on first use, once: read-only once made, and a
// Printer is safe for concurrent use.
var everyLanguage = sync.OnceValue(func() []*Printer {
	var out []*Printer
	for _, l := range Langs() {
		out = append(out, New(l))
	}
	return out
})
