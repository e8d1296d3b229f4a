// Package i18n is promoctl's language: which one a run speaks (English or
// Russian, see Detect) and its messages, kept in TOML catalogs embedded in
// the binary (locales/en.toml is the source and the fallback, ru.toml its
// translation; help.ru.toml translates the command tree's help). Message
// ids say what a message is: "promo.generate.summary". Counts take the
// language's CLDR plural forms (Russian: one, few, many).
//
// Nothing is parsed until a message is needed: a Printer builds its
// catalogs on its first message, so `promoctl --version` and a run that
// prints only data pay nothing.
package i18n

import (
	"embed"
	"fmt"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"
)

// Lang is a language promoctl speaks.
type Lang string

// The languages: English is the source of every message and the fallback.
const (
	English Lang = "en"
	Russian Lang = "ru"
)

// Langs are the languages, in the order they are listed.
func Langs() []Lang { return []Lang{English, Russian} }

// Parse reads a language setting: "en" or "ru", in any case.
func Parse(v string) (Lang, error) {
	switch l := Lang(strings.ToLower(strings.TrimSpace(v))); l {
	case English, Russian:
		return l, nil
	}
	return "", fmt.Errorf("unknown language %q: use en or ru", v)
}

// FromLocale is the language of the POSIX locale: the first of LC_ALL,
// LC_MESSAGES and LANG that is set and not empty. A locale that starts
// with "ru" (ru_RU.UTF-8, ru) is Russian; C, POSIX, no locale and anything
// else is English.
func FromLocale(env func(string) (string, bool)) Lang {
	name := LocaleVar(env)
	if name == "" {
		return English
	}
	if v, _ := env(name); strings.HasPrefix(strings.ToLower(v), "ru") {
		return Russian
	}
	return English
}

// LocaleVar is the variable of the locale that FromLocale reads the
// language from: the first of LC_ALL, LC_MESSAGES and LANG that is set and
// not empty; "" for none.
func LocaleVar(env func(string) (string, bool)) string {
	if env == nil {
		return ""
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v, ok := env(name); ok && v != "" {
			return name
		}
	}
	return ""
}

//go:embed locales/*.toml
var locales embed.FS

// Printer gives the messages of one language. The zero value and a nil
// *Printer speak English. A Printer is safe for concurrent use; its
// catalogs are read on its first message.
type Printer struct {
	lang Lang

	once sync.Once
	loc  *goi18n.Localizer
	err  error
}

// New returns the Printer of lang.
func New(lang Lang) *Printer { return &Printer{lang: lang} }

// Lang is p's language.
func (p *Printer) Lang() Lang {
	if p == nil || p.lang == "" {
		return English
	}
	return p.lang
}

// Russian reports whether p speaks Russian.
func (p *Printer) Russian() bool { return p.Lang() == Russian }

// Bundle reads the embedded catalogs of lang and of English, its
// fallback.
func Bundle(lang Lang) (*goi18n.Bundle, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := locales.ReadDir("locales")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if l := fileLang(f.Name()); l != English && l != lang {
			continue
		}
		data, err := locales.ReadFile("locales/" + f.Name())
		if err != nil {
			return nil, err
		}
		if _, err := b.ParseMessageFileBytes(data, f.Name()); err != nil {
			return nil, fmt.Errorf("catalog %s: %w", f.Name(), err)
		}
	}
	return b, nil
}

func (p *Printer) localizer() (*goi18n.Localizer, error) {
	p.once.Do(func() {
		b, err := Bundle(p.Lang())
		if err != nil {
			p.err = err
			return
		}
		p.loc = goi18n.NewLocalizer(b, string(p.Lang()), string(English))
	})
	return p.loc, p.err
}

// Args are a message's placeholders: {{.Name}} in the catalogs.
type Args = map[string]any

// T is the message id in p's language, its placeholders filled from args
// (name, value pairs: T("promo.deleted", "Code", "SUMMER")). A message
// that no catalog has is its id, so that a missing one shows and the
// catalog tests fail.
func (p *Printer) T(id string, args ...any) string {
	return p.localize(id, nil, args)
}

// N is T for a count: the message's plural form for n, which it reads as
// {{.Count}} (args may give the number as it is to be written: "Count",
// "100 000").
func (p *Printer) N(id string, n int, args ...any) string {
	return p.localize(id, n, args)
}

// Has reports whether p's own language has a message id (no fallback):
// the help of the command tree is translated where Russian has it.
func (p *Printer) Has(id string) bool {
	if p == nil {
		p = New(English)
	}
	loc, err := p.localizer()
	if err != nil {
		return false
	}
	_, tag, err := loc.LocalizeWithTag(&goi18n.LocalizeConfig{MessageID: id})
	return err == nil && tag == language.Make(string(p.Lang()))
}

func (p *Printer) localize(id string, count any, args []any) string {
	if p == nil {
		p = New(English) // reads the catalogs for this one message
	}
	loc, err := p.localizer()
	if err != nil {
		return id
	}
	data := make(map[string]any, len(args)/2+1)
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok {
			data[k] = args[i+1]
		}
	}
	if _, given := data["Count"]; count != nil && !given {
		// Unless args say how to write it, a count is a number as the
		// language writes it: 2000 in English, 2 000 in Russian.
		data["Count"] = count
		if n, ok := count.(int); ok {
			data["Count"] = Decimal(p.Lang(), float64(n), 0)
		}
	}
	s, err := loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if err != nil {
		return id
	}
	return s
}

// fileLang is the language of a catalog file: en.toml, help.ru.toml.
func fileLang(name string) Lang {
	name = strings.TrimSuffix(name, ".toml")
	return Lang(name[strings.LastIndex(name, ".")+1:])
}

// Catalog is every message of lang's embedded files, by id: for the tests
// that compare the catalogs and the help's translation with the command
// tree.
func Catalog(lang Lang) (map[string]*goi18n.Message, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := locales.ReadDir("locales")
	if err != nil {
		return nil, err
	}
	out := map[string]*goi18n.Message{}
	for _, f := range files {
		if fileLang(f.Name()) != lang {
			continue // another language's file: not parsed for nothing
		}
		data, err := locales.ReadFile("locales/" + f.Name())
		if err != nil {
			return nil, err
		}
		mf, err := b.ParseMessageFileBytes(data, f.Name())
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", f.Name(), err)
		}
		if mf.Tag != language.Make(string(lang)) {
			continue
		}
		for _, m := range mf.Messages {
			out[m.ID] = m
		}
	}
	return out, nil
}
