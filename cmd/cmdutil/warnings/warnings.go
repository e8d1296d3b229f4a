// Package warnings writes what a run says on stderr besides its result
// and its error line: warnings, each once per run, on one line, without
// the tokens the run knows of, in the run's language.
package warnings

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Writer writes warnings to stderr, terminal or not, each once per run,
// on one line and without the tokens Redact knows of.
type Writer struct {
	Out    io.Writer
	Redact func(string) string // nil: there is nothing to redact
	Msg    *i18n.Printer       // the run's language; nil is English
	seen   map[string]bool
}

// Warn writes the warnings msgs, each once per run.
func (w *Writer) Warn(msgs ...string) {
	for _, m := range msgs {
		if w.seen[m] {
			continue
		}
		if w.seen == nil {
			w.seen = map[string]bool{}
		}
		w.seen[m] = true
		prefix := w.Msg.T("warning.prefix")
		fmt.Fprintf(w.Out, "promoctl: %s %s\n", prefix, w.Clean(m))
	}
}

// WarnMsg writes the warning m in the run's language, once per run; an
// error among its values is said as the error line says it.
func (w *Writer) WarnMsg(m i18n.Message) {
	w.Warn(w.Msg.SayWith(m, func(err error) string { return errtext.Say(w.Msg, err) }))
}

// Clean is s on one line, terminal-safe and without tokens, as promoctl
// writes a message to stderr.
func (w *Writer) Clean(s string) string {
	s = oneLine(s)
	if w.Redact != nil {
		s = w.Redact(s)
	}
	return s
}

// oneLine folds a multi-line message (cobra's suggestions) into one line
// and makes it terminal-safe.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	// Only ASCII white space is collapsed: a no-break space (10 700,00,
	// 5 %) is the language's, and stays.
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < utf8.RuneSelf && unicode.IsSpace(r) }), " ")
	return termsafe.String(s)
}
