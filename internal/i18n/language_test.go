package i18n

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pelletier/go-toml/v2"
)

// pseudo is the language TestAddingALanguage adds: Esperanto's code, so
// that its plural forms are CLDR's (one, other), every message English's
// in brackets.
const pseudo Lang = "eo"

// TestAddingALanguage adds a language the way a real one is added, by its
// catalog files beside promoctl's (a pseudo-language: each English
// message in brackets, one file per English file), and checks that it is
// selectable (the language setting, the locale, the list of languages) and
// that every message of the English catalogs is said in it, its
// placeholders filled.
func TestAddingALanguage(t *testing.T) {
	own := builtin()
	files, err := own.files()
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range files {
		data, err := fs.ReadFile(own.fsys, f)
		if err != nil {
			t.Fatal(err)
		}
		fsys[f] = &fstest.MapFile{Data: data}
		if fileLang(f) == English {
			area := strings.TrimSuffix(strings.TrimSuffix(f, ".toml"), "en")
			fsys[area+string(pseudo)+".toml"] = &fstest.MapFile{Data: bracketed(t, data)}
		}
	}
	c := catalogs{fsys}

	// Selectable: the setting, the locale, the list.
	if l, err := c.parse(" EO "); err != nil || l != pseudo {
		t.Errorf("parse(EO) = %q, %v; want %q", l, err, pseudo)
	}
	env := func(k string) (string, bool) { return map[string]string{"LANG": "eo_XX.UTF-8"}[k], k == "LANG" }
	if l := c.fromLocale(env); l != pseudo {
		t.Errorf("LANG=eo_XX.UTF-8 is %q, want %q", l, pseudo)
	}
	if got, want := c.langs(), []Lang{English, pseudo, Russian}; !slices.Equal(got, want) {
		t.Errorf("langs = %q, want %q", got, want)
	}
	_, err = c.parse("de")
	if p := c.printer(pseudo); err == nil || p.ErrorText(err) != `[unknown language "de": use [en, eo or ru]]` {
		t.Errorf("parse(de): %v, in the language: %q", err, p.ErrorText(err))
	}

	// Every English message, said in the new language.
	en, err := c.catalog(English)
	if err != nil {
		t.Fatal(err)
	}
	if len(en) < 100 {
		t.Fatalf("the English catalogs have %d messages", len(en))
	}
	p := c.printer(pseudo)
	for id, m := range en {
		var args []any
		var values []string
		forms := m.Zero + m.One + m.Two + m.Few + m.Many + m.Other
		for _, name := range fieldsOf(forms) {
			v := "‹" + name + "›"
			if ranged(forms, name) {
				args = append(args, name, []string{v})
			} else {
				args = append(args, name, v)
			}
			if strings.Contains(forms, "{{."+name+"}}") && !strings.Contains(forms, "{{else") {
				values = append(values, v) // said, whatever the conditions
			}
		}
		got := p.T(id, args...)
		if m.One != "" {
			got = p.N(id, 7, args...) // {{.Count}} is among args
		}
		if !strings.HasPrefix(got, "[") || !strings.HasSuffix(got, "]") || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
			t.Errorf("%s is %q in the new language, want the English in brackets", id, got)
			continue
		}
		for _, v := range values {
			if !strings.Contains(got, v) {
				t.Errorf("%s: %q lacks %s", id, got, v)
			}
		}
	}
}

// bracketed is a catalog file of the pseudo-language: each message of
// the English file data, each of its forms in brackets.
func bracketed(t *testing.T, data []byte) []byte {
	t.Helper()
	var msgs map[string]any
	if err := toml.Unmarshal(data, &msgs); err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch v := v.(type) {
		case string:
			out[prefix] = "[" + v + "]"
		case map[string]any:
			if _, plural := v["other"]; plural {
				forms := map[string]any{}
				for k, f := range v {
					if s, ok := f.(string); ok && k != "description" {
						forms[k] = "[" + s + "]"
					}
				}
				out[prefix] = forms
				return
			}
			for k, e := range v {
				if prefix != "" {
					k = prefix + "." + k
				}
				walk(k, e)
			}
		default:
			t.Fatalf("%s: a %T in a catalog", prefix, v)
		}
	}
	walk("", msgs)
	b, err := toml.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// field is a template's field: {{.Name}}, {{if .Name}}, {{range … .Name}}.
var field = regexp.MustCompile(`{{[^}]*?\.(\w+)[^}]*}}`)

// fieldsOf are the fields a message's forms read, once each.
func fieldsOf(forms string) []string {
	var out []string
	for _, m := range field.FindAllStringSubmatch(forms, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// ranged reports whether the forms range over the field name.
func ranged(forms, name string) bool {
	return regexp.MustCompile(`{{\s*range[^}]*\.` + name + `\s*}}`).MatchString(forms)
}

// TestParseRefusesInTheLanguage: an unknown language setting is refused
// with the languages of the catalogs, in the run's language.
func TestParseRefusesInTheLanguage(t *testing.T) {
	_, err := Parse("de")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse(de) = %v, want an *Error", err)
	}
	for l, want := range map[Lang]string{
		English: `unknown language "de": use en or ru`,
		Russian: "неизвестный язык «de»: укажите en или ru",
	} {
		if got := New(l).ErrorText(err); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	if got := fmt.Sprint(err); got != `unknown language "de": use en or ru` {
		t.Errorf("Error() = %q", got)
	}
}
