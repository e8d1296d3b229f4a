// Package errtext says errors in the run's language: the run's error line
// and the refusals a verb shows among its results.
package errtext

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
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
// errors.As, never by their text. Text no catalog says (the operating
// system's, a library's) is shown as it is written.

// Say is err as the run's error line says it, in p's language.
func Say(p *i18n.Printer, err error) string {
	if p.Lang() == i18n.English {
		return err.Error()
	}
	r := &errorSayer{p: p}
	return r.text(err)
}

// errorSayer says errors in p's language.
type errorSayer struct {
	p *i18n.Printer
}

// text is err in p's language: the typed errors it knows, else the text
// around the error it wraps (as written) with that error said in turn,
// else its message.
func (r *errorSayer) text(err error) string {
	if s, ok := r.typed(err); ok {
		return s
	}
	msg := err.Error()
	if inner := errors.Unwrap(err); inner != nil {
		im := inner.Error()
		if i := strings.Index(msg, im); i >= 0 && im != "" {
			return msg[:i] + r.text(inner) + msg[i+len(im):]
		}
	}
	return msg
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
