package legacylang

// The fallback: English text built before messages were catalog ids at
// their source is said in the run's language by matching it against the
// English catalog's error.msg.* and phrase.* entries ({{.Name}} standing
// for any text) and filling the Russian with what matched. What matches
// nothing stays English. It serves errtext.Say and errtext.SayEnglish.

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// Fallback says English text in P's language by the catalogs' patterns.
type Fallback struct {
	P        *i18n.Printer
	patterns []errorPattern // built on first use
	phrases  []errorPattern // phrase.*: the words Go puts into placeholders
}

// New is the fallback of p's language.
func New(p *i18n.Printer) *Fallback { return &Fallback{P: p} }

// Say is s in P's language when an entry of the catalogs matches it, else
// s; ok says whether one did.
func (r *Fallback) Say(s string) (said string, ok bool) { return r.message(s) }

// Text is an error's text in P's language as far as the catalogs match
// it: a message, or a flag's name and what is wrong with its value.
func (r *Fallback) Text(s string) string { return r.say(s) }

// errorPattern is an error.* message of the English catalog as a regular
// expression: its placeholders, in order, capture any text. Only
// error.msg.* are matched; the other error.* ids say typed errors.
type errorPattern struct {
	id     string
	re     *regexp.Regexp
	names  []string
	plural bool // a count: {{.Count}} is a number, and says the form
}

func (r *Fallback) load() []errorPattern {
	if r.patterns == nil {
		r.patterns = loadPatterns("error.msg.")
	}
	return r.patterns
}

// loadPatterns are the English catalog's messages whose ids start with
// prefix, as patterns, the most fixed text first.
func loadPatterns(prefix string) []errorPattern {
	patterns := []errorPattern{}
	en, err := i18n.Catalog(i18n.English)
	if err != nil {
		return patterns
	}
	// Compiled here, not in a package variable: --version pays no
	// initialiser for it.
	placeholder := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	for id, m := range en {
		if !strings.HasPrefix(id, prefix) || m.Other == "" {
			continue
		}
		forms := []string{m.Other}
		if m.One != "" && m.One != m.Other {
			forms = append(forms, m.One)
		}
		for _, form := range forms {
			if pt, ok := newErrorPattern(placeholder, id, form, m.One != ""); ok {
				patterns = append(patterns, pt)
			}
		}
	}
	// The entry with the most fixed text first: "…; {{.Skipped}} already
	// disabled." before "… of site {{.Site}}.", whose placeholder would
	// take the rest.
	slices.SortFunc(patterns, func(a, b errorPattern) int {
		if d := len(b.re.String()) - len(a.re.String()); d != 0 {
			return d
		}
		return strings.Compare(a.id, b.id)
	})
	return patterns
}

// phraseArg says the placeholders of error.msg.* into which Go puts
// words of its own (a command's arguments, a bulk verb and what it
// selects, a status), said by the catalogs' phrase.* entries; other
// placeholders hold the user's values and stay as they are.
func phraseArg(name string) bool {
	return name == "Names" || name == "Verb" || name == "What" || name == "Status"
}

// phrase is s, text promoctl wrote into a message, in p's language: a
// phrase.* entry whose English is s (its placeholders said in turn), a
// status word, or s.
func (r *Fallback) phrase(s string, depth int) string {
	if r.phrases == nil {
		r.phrases = loadPatterns("phrase.")
	}
	if depth > 4 {
		return s
	}
	if id := "word." + s; isStatusName(s) && r.P.Has(id) {
		return "«" + r.P.T(id) + "»"
	}
	for _, pt := range r.phrases {
		m := pt.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args := make([]any, 0, 2*len(pt.names))
		count := -1
		for i, n := range pt.names {
			if pt.plural && n == "Count" {
				count, _ = strconv.Atoi(m[i+1])
				continue
			}
			v := m[i+1]
			if n != "Code" {
				v = r.phrase(v, depth+1)
			}
			args = append(args, n, v)
		}
		if pt.plural && count >= 0 {
			return r.P.N(pt.id, count, args...)
		}
		return r.P.T(pt.id, args...)
	}
	return s
}

// isStatusName says whether s is a promo code's status.
func isStatusName(s string) bool {
	return slices.Contains(promo.Statuses(), promo.Status(s))
}

// newErrorPattern is the regular expression of one English form of
// message id.
func newErrorPattern(placeholder *regexp.Regexp, id, form string, plural bool) (errorPattern, bool) {
	var b strings.Builder
	var names []string
	last := 0
	b.WriteString("^")
	for _, loc := range placeholder.FindAllStringSubmatchIndex(form, -1) {
		b.WriteString(regexp.QuoteMeta(form[last:loc[0]]))
		name := form[loc[2]:loc[3]]
		if plural && name == "Count" {
			b.WriteString(`(\d+)`)
		} else {
			b.WriteString("(.+?)")
		}
		names = append(names, name)
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(form[last:]))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return errorPattern{}, false
	}
	return errorPattern{id: id, re: re, names: names, plural: plural}, true
}

// message is s said by the catalogs, when one of their error.* messages
// is it.
func (r *Fallback) message(s string) (string, bool) {
	pt, m := r.match(s)
	if m == nil {
		return s, false
	}
	args := make([]any, 0, 2*len(pt.names))
	count := -1
	for i, n := range pt.names {
		if pt.plural && n == "Count" {
			count, _ = strconv.Atoi(m[i+1])
			continue
		}
		v := m[i+1]
		switch {
		case n == "Err" || n == "Hint":
			// {{.Err}} is another error's text carried by %v, {{.Hint}} a
			// clause built apart: each said by the catalogs in its turn.
			v = r.say(v)
		case phraseArg(n):
			v = r.phrase(v, 0)
		case n == "List":
			v = r.sayList(v)
		}
		args = append(args, n, v)
	}
	if pt.plural && count >= 0 {
		return r.P.N(pt.id, count, args...), true
	}
	return r.P.T(pt.id, args...), true
}

// sayList is a {{.List}} Go joined with ", " whose items each end with
// ")" ("A1 (line 2, ends …)"): each item said by the catalogs' phrases.
func (r *Fallback) sayList(s string) string {
	items := strings.Split(s, "), ")
	for i, item := range items {
		if i < len(items)-1 {
			item += ")"
		}
		items[i] = r.phrase(item, 0)
	}
	return strings.Join(items, ", ")
}

// say is s, an error's text, in p's language when the catalogs have it:
// a message, or a flag's name and what is wrong with its value ("--amount:
// must be a positive number, got -1").
func (r *Fallback) say(s string) string {
	if said, ok := r.message(s); ok {
		return said
	}
	if flag, rest, ok := strings.Cut(s, ": "); ok && strings.HasPrefix(flag, "-") && !strings.Contains(flag, " ") {
		if said, ok := r.message(rest); ok {
			return flag + ": " + said
		}
	}
	return s
}

// match is the error.msg.* entry whose English is s, and what its
// placeholders stand for (after the whole text), or nil.
func (r *Fallback) match(s string) (errorPattern, []string) {
	for _, pt := range r.load() {
		if m := pt.re.FindStringSubmatch(s); m != nil {
			return pt, m
		}
	}
	return errorPattern{}, nil
}
