package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/prompt"
)

// Errors are built in English across promoctl (fmt.Errorf, usagef, the
// API client's typed errors) and reported in the run's language here, in
// one place: errorText walks an error's chain and says
//
//   - each typed error it knows (api.Error and the client's others, a promo
//     code not found, a cancelled run) from the catalogs, field by field;
//   - each context that wraps another error ("list promo codes of site 7:
//     …") and each plain message, by the catalogs' error.* messages: their
//     English text, with {{.Name}} standing for any text, is matched
//     against the error's, and the Russian is filled with what matched.
//
// What matches nothing stays English; errorcheck_test.go lists the sites
// whose messages have no catalog entry yet.

// ErrorText is err as the run's error line says it, in p's language.
func ErrorText(p *i18n.Printer, err error) string {
	if !p.Russian() {
		return err.Error()
	}
	r := &ErrorRenderer{P: p}
	return r.text(err)
}

// ErrorRenderer says errors in p's language.
type ErrorRenderer struct {
	P        *i18n.Printer
	patterns []errorPattern // built on first use
	phrases  []errorPattern // phrase.*: the words Go puts into placeholders
}

// errorPattern is an error.* message of the English catalog as a regular
// expression: its placeholders, in order, capture any text. Only
// error.msg.* are matched; the other error.* ids say typed errors.
type errorPattern struct {
	id     string
	re     *regexp.Regexp
	names  []string
	plural bool // a count: {{.Count}} is a number, and says the form
}

func (r *ErrorRenderer) load() []errorPattern {
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
func (r *ErrorRenderer) phrase(s string, depth int) string {
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
func (r *ErrorRenderer) message(s string) (string, bool) {
	pt, m := r.Match(s)
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
func (r *ErrorRenderer) sayList(s string) string {
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
func (r *ErrorRenderer) say(s string) string {
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

// Match is the error.msg.* entry whose English is s, and what its
// placeholders stand for (after the whole text), or nil.
func (r *ErrorRenderer) Match(s string) (errorPattern, []string) {
	for _, pt := range r.load() {
		if m := pt.re.FindStringSubmatch(s); m != nil {
			return pt, m
		}
	}
	return errorPattern{}, nil
}

// text is err in p's language: the typed errors it knows, else its context
// and the error it wraps, else its message.
func (r *ErrorRenderer) text(err error) string {
	if s, ok := r.typed(err); ok {
		return s
	}
	msg := err.Error()
	if inner := errors.Unwrap(err); inner != nil {
		im := inner.Error()
		if i := strings.Index(msg, im); i >= 0 && im != "" {
			return r.part(msg[:i]) + r.text(inner) + r.part(msg[i+len(im):])
		}
	}
	return r.say(msg)
}

// part is the text around a wrapped error: "get promo 5: " before it, ";
// finish the job with: …" after it.
func (r *ErrorRenderer) part(s string) string {
	if s == "" {
		return s
	}
	core := strings.TrimRight(s, ": ")
	lead := ""
	if t := strings.TrimLeft(core, ";, "); t != core {
		lead, core = core[:len(core)-len(t)], t
	}
	if said, ok := r.message(core); ok {
		return lead + said + s[len(lead)+len(core):]
	}
	return s
}

// typed says the errors whose fields promoctl knows.
func (r *ErrorRenderer) typed(err error) (string, bool) {
	p := r.P
	switch e := err.(type) {
	case i18n.Sayer:
		// An error whose words are a catalog message (an *i18n.Error, the
		// API client's typed errors): its message, each error in it said
		// here in turn.
		return p.SayWith(e.Message(), r.text), true
	case *format.UnknownError:
		return p.T("format.unknown", "Value", strconv.Quote(e.Value), "Formats", orList(p, e.Known)), true
	case *strconv.NumError:
		kind := map[string]string{"ParseInt": "int", "ParseUint": "int", "ParseFloat": "number", "ParseBool": "bool"}[e.Func]
		if kind == "" {
			return "", false
		}
		return p.T("error.value."+kind, "Value", strconv.Quote(e.Num)), true
	case *config.ValueError:
		source := e.Source.Name
		if k := "word.source." + string(e.Source.Kind); p.Has(k) {
			// A profile's name is "NAME in PATH", as config explain says it.
			source = strings.TrimSpace(p.T(k) + " " + strings.Replace(e.Source.Name, " in ", " "+p.T("word.in")+" ", 1))
		}
		return p.T("error.setting.invalid", "Key", e.Key, "Source", source, "Err", r.text(e.Err)), true
	case *PromoNotFoundError:
		if len(e.Codes) > 1 {
			return p.T("error.promo.codes_not_found", "Codes", fmt.Sprintf("%q", strings.Join(e.Codes, ", ")), "Site", e.Site), true
		}
		return p.T("error.promo.code_not_found", "Code", fmt.Sprintf("%q", e.Codes[0]), "Site", e.Site), true
	}
	if errors.Is(err, prompt.ErrCancelled) || err == context.Canceled {
		return p.T("error.cancelled"), true
	}
	return "", false
}

// Say is a note or a warning in w's language: as written when English, or
// when no error.msg entry of the catalogs matches it.
func (w *Warnings) Say(s string) string {
	if !w.Msg.Russian() {
		return s
	}
	said, _ := (&ErrorRenderer{P: w.Msg}).message(s)
	return said
}
