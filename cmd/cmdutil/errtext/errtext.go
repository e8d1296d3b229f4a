// Package errtext says errors, and the English text still written at its
// source, in the run's language: the run's error line and the refusals a
// verb shows among its results.
package errtext

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
	"github.com/promoctl/promoctl/cmd/cmdutil/legacylang"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/prompt"
)

// The run's error line, said in its language at the edge. An error whose
// words are a catalog message (an *i18n.Error, the API client's typed
// errors: i18n.Sayer) is said from the catalogs, each error among its
// values in turn; the typed errors of the settings, the output formats,
// strconv and a cancelled run are said from their fields, found with
// errors.As, never by their text. What is still English where it is built
// (a plain fmt.Errorf of an area not yet converted) goes to the fallback,
// package legacylang, which matches the English text against the
// catalogs: deleting it (and its calls in Say and SayEnglish) leaves such
// text English, as it is written.

// Say is err as the run's error line says it, in p's language.
func Say(p *i18n.Printer, err error) string {
	if p.Lang() == i18n.English {
		return err.Error()
	}
	r := &errorSayer{p: p, english: legacylang.New(p).Text}
	return r.text(err)
}

// errorSayer says errors in p's language; english says text that was
// written in English (the fallback; nil: as written).
type errorSayer struct {
	p       *i18n.Printer
	english func(string) string
}

// plain is English text as the language says it.
func (r *errorSayer) plain(s string) string {
	if r.english == nil || s == "" {
		return s
	}
	return r.english(s)
}

// text is err in p's language: the typed errors it knows, else its context
// and the error it wraps, else its message.
func (r *errorSayer) text(err error) string {
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
	return r.plain(msg)
}

// part is the text around a wrapped error: "get promo 5: " before it, ";
// finish the job with: …" after it; its words said as plain text.
func (r *errorSayer) part(s string) string {
	core := strings.TrimRight(s, ": ")
	lead := ""
	if t := strings.TrimLeft(core, ";, "); t != core {
		lead, core = core[:len(core)-len(t)], t
	}
	if core == "" {
		return s
	}
	return lead + r.plain(core) + s[len(lead)+len(core):]
}

// typed says the errors whose types and fields promoctl knows: err
// itself, one link of the chain that text walks as errors.As would.
func (r *errorSayer) typed(err error) (string, bool) {
	p := r.p
	switch e := err.(type) {
	case i18n.Sayer:
		// An error whose words are a catalog message (an *i18n.Error, the
		// API client's typed errors): its message, each error in it said
		// here in turn.
		return p.SayWith(e.Message(), r.text), true
	case *format.UnknownError:
		return p.T("format.unknown", "Value", e.Value, "Formats", helplang.OrList(p, e.Known)), true
	case *strconv.NumError:
		kind := map[string]string{"ParseInt": "int", "ParseUint": "int", "ParseFloat": "number", "ParseBool": "bool"}[e.Func]
		if kind == "" {
			return "", false
		}
		return p.T("base.value."+kind, "Value", e.Num), true
	case *config.ValueError:
		source := e.Source.Name
		if k := "word.source." + string(e.Source.Kind); p.Has(k) {
			// A profile's name is "NAME in PATH", as config explain says it.
			source = strings.TrimSpace(p.T(k) + " " + strings.Replace(e.Source.Name, " in ", " "+p.T("word.in")+" ", 1))
		}
		return p.T("error.setting.invalid", "Key", e.Key, "Source", source, "Err", r.text(e.Err)), true
	}
	if errors.Is(err, prompt.ErrCancelled) || err == context.Canceled {
		return p.T("error.cancelled"), true
	}
	return "", false
}

// SayEnglish is s, a note or a warning, in p's language: as written when
// English, or when no error.msg entry of the catalogs matches it.
func SayEnglish(p *i18n.Printer, s string) string {
	if p.Lang() == i18n.English {
		return s
	}
	said, _ := legacylang.New(p).Say(s)
	return said
}
