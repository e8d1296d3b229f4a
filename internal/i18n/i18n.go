// Package i18n is promoctl's language: which one a run speaks (English or
// Russian, see Parse and FromLocale) and its messages, kept in TOML
// catalogs embedded in the binary (locales/en.toml and the *.en.toml files
// are the source and the fallback, ru.toml and *.ru.toml their
// translation; help.ru.toml translates the command tree's help). Message
// ids say what a message is: "promo.generate.summary". Counts take the
// language's CLDR plural forms (Russian: one, few, many).
//
// The languages are those of the catalog files: adding one is adding its
// files, a translation of every English one (<area>.<code>.toml), and,
// when it writes numbers or dates unlike English, its rows in format.go.
//
// Nothing is parsed until a message is needed: a Printer builds its
// catalogs on its first message, so `promoctl --version` and a run that
// prints only data pay nothing.
package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
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

// Langs are the languages, in the order they are listed: English, then
// the others of the catalogs.
func Langs() []Lang { return builtin().langs() }

// Parse reads a language setting: "en" or "ru", in any case.
func Parse(v string) (Lang, error) { return builtin().parse(v) }

// FromLocale is the language of the POSIX locale: the first of LC_ALL,
// LC_MESSAGES and LANG that is set and not empty. A locale whose language
// is one promoctl speaks (ru_RU.UTF-8, ru) is that language; C, POSIX, no
// locale and anything else is English.
func FromLocale(env func(string) (string, bool)) Lang { return builtin().fromLocale(env) }

// catalogs are the catalog files a Printer reads its messages from, at
// the root of fsys, each named <area>.<lang>.toml or <lang>.toml (en.toml,
// print.ru.toml): a file's language is the last part of its name. The
// languages promoctl speaks are those of its catalogs, so adding one is
// adding its files (TestAddingALanguage goes that way); a language's forms
// of numbers and dates are rows in format.go, English's when it has none.
type catalogs struct{ fsys fs.FS }

// builtin is promoctl's catalogs, embedded in the binary.
func builtin() catalogs {
	sub, err := fs.Sub(locales, "locales")
	if err != nil {
		panic(err) // a constant, valid path
	}
	return catalogs{sub}
}

// files are the names of c's catalog files.
func (c catalogs) files() ([]string, error) {
	entries, err := fs.ReadDir(c.fsys, ".")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".toml") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// langs are the languages of c's files: English first, then the others
// in the order of their codes.
func (c catalogs) langs() []Lang {
	files, _ := c.files()
	out := []Lang{English}
	for _, f := range files {
		if l := fileLang(f); !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	slices.Sort(out[1:])
	return out
}

func (c catalogs) parse(v string) (Lang, error) {
	l := Lang(strings.ToLower(strings.TrimSpace(v)))
	langs := c.langs()
	if slices.Contains(langs, l) {
		return l, nil
	}
	codes := make([]string, len(langs))
	for i, l := range langs {
		codes[i] = string(l)
	}
	var use any = codes[0]
	if last := len(codes) - 1; last > 0 {
		use = M("list.or", "Items", strings.Join(codes[:last], ", "), "Last", codes[last])
	}
	return "", NewError(0, "language.unknown", "Value", v, "Langs", use)
}

func (c catalogs) fromLocale(env func(string) (string, bool)) Lang {
	name := LocaleVar(env)
	if name == "" {
		return English
	}
	v, _ := env(name)
	// The language is the locale's part before its territory, codeset
	// and modifier: ru in ru_RU.UTF-8@euro.
	code := strings.ToLower(v)
	if i := strings.IndexAny(code, "_.@"); i >= 0 {
		code = code[:i]
	}
	if slices.Contains(c.langs(), Lang(code)) {
		return Lang(code)
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
	cat  *catalogs // nil: builtin

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

// Bundle reads the embedded catalogs of lang and of English, its
// fallback.
func Bundle(lang Lang) (*goi18n.Bundle, error) { return builtin().bundle(lang) }

func (c catalogs) bundle(lang Lang) (*goi18n.Bundle, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := c.files()
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if l := fileLang(f); l != English && l != lang {
			continue
		}
		data, err := fs.ReadFile(c.fsys, f)
		if err != nil {
			return nil, err
		}
		if _, err := b.ParseMessageFileBytes(data, f); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	return b, nil
}

// printer is the Printer of lang with c's messages.
func (c catalogs) printer(lang Lang) *Printer { return &Printer{lang: lang, cat: &c} }

func (p *Printer) localizer() (*goi18n.Localizer, error) {
	p.once.Do(func() {
		c := builtin()
		if p.cat != nil {
			c = *p.cat
		}
		b, err := c.bundle(p.Lang())
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
func Catalog(lang Lang) (map[string]*goi18n.Message, error) { return builtin().catalog(lang) }

func (c catalogs) catalog(lang Lang) (map[string]*goi18n.Message, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := c.files()
	if err != nil {
		return nil, err
	}
	out := map[string]*goi18n.Message{}
	for _, f := range files {
		if fileLang(f) != lang {
			continue // another language's file: not parsed for nothing
		}
		data, err := fs.ReadFile(c.fsys, f)
		if err != nil {
			return nil, err
		}
		mf, err := b.ParseMessageFileBytes(data, f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
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
