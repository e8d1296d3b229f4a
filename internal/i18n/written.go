package i18n

import "strings"

// Written reports whether word is what a language promoctl speaks writes
// for one of the message ids: the words of a table (word.active,
// word.delivery) read back, in any language, whatever the language of
// the run. Case does not count, nor ё against е.
func Written(word string, ids ...string) bool {
	fold := func(s string) string { return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "ё", "е") }
	w := fold(word)
	for _, l := range Langs() {
		p := New(l)
		for _, id := range ids {
			if p.Has(id) && fold(p.T(id)) == w {
				return true
			}
		}
	}
	return false
}
