// Package prompt asks the user questions on a terminal. Commands depend on
// the small interfaces they need (a Confirmer, say), and this package
// provides the huh implementation; tests pass three-line stubs or drive the
// real forms through huh's accessible mode.
package prompt

import (
	"context"
	"errors"
	"io"
	"reflect"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"
	"github.com/charmbracelet/lipgloss"

	"github.com/promoctl/promoctl/internal/i18n"
)

// ErrCancelled is returned when the user aborts a prompt (Ctrl-C, Esc) or
// declines a confirmation. Commands exit 130 on it.
var ErrCancelled = errors.New("cancelled")

// Huh asks through charmbracelet/huh forms.
type Huh struct {
	In         io.Reader
	Out        io.Writer
	Accessible bool // plain line prompts, for screen readers and tests
	// LoginRules are the login form's defaults and checks; the caller
	// owns them (the config file's and the API client's rules).
	LoginRules LoginRules
	// Msg is the language of the forms; nil is English.
	Msg *i18n.Printer
}

// said is check with its refusals said in the form's language: a
// catalog message from the catalog, other text as it is written.
func (h *Huh) said(check func(string) error) func(string) error {
	return func(s string) error {
		err := check(s)
		switch {
		case err == nil:
			return nil
		case isMessage(err):
			return errors.New(h.msg().ErrorText(err))
		}
		return err
	}
}

// isMessage reports whether err's words are a catalog message.
func isMessage(err error) bool {
	_, ok := err.(i18n.Sayer)
	return ok
}

// msg is h's language, to be taken once per form: a nil Msg reads the
// English catalog each time it is asked.
func (h *Huh) msg() *i18n.Printer {
	if h.Msg != nil {
		return h.Msg
	}
	return i18n.New(i18n.English)
}

// Confirm asks a yes/no question; def is the answer Enter gives.
func (h *Huh) Confirm(ctx context.Context, title, description string, def bool) (bool, error) {
	v := def
	field := h.question(title, description, description, &v)
	if err := h.run(ctx, huh.NewForm(huh.NewGroup(field))); err != nil {
		return false, err
	}
	return v, nil
}

func (h *Huh) run(ctx context.Context, f *huh.Form) error {
	if ctx.Err() != nil {
		// Ended before asking: a form run now could still read an answer
		// already waiting on its input, and win the race below.
		return ErrCancelled
	}
	in := h.In
	if h.Accessible && !isTerminal(in) {
		// Each accessible field reads its line through a new bufio.Scanner,
		// which reads ahead: a byte at a time, one field cannot swallow the
		// lines meant for the next.
		in = byteReader{in}
	}
	filter := clearOnAbort
	if !h.Accessible {
		// huh's theme adapts to the terminal's background. Ask for it now,
		// before the form reads the keyboard: asked while the form runs,
		// the terminal's answer would be read by the form as typed keys.
		// An answer that comes too late is kept out of the form.
		dark, pending := hasDarkBackground(h.Out)
		lipgloss.SetHasDarkBackground(dark)
		if pending {
			late := &lateAnswers{}
			filter = func(m tea.Model, msg tea.Msg) tea.Msg {
				if msg = late.filter(msg); msg == nil {
					return nil
				}
				return clearOnAbort(m, msg)
			}
		}
	}
	// huh's own program options (focus reports) plus the filter; then the
	// streams.
	f = f.WithProgramOptions(tea.WithReportFocus(), tea.WithFilter(filter))
	f = f.WithInput(in).WithOutput(h.Out).WithAccessible(h.Accessible).WithShowHelp(!h.Accessible).WithKeyMap(keyMap(h.msg()))
	if h.Accessible {
		f = f.WithOutput(accessibleWriter{h.Out, h.msg()}) // huh's own lines in the form's language
	}
	var err error
	if h.Accessible {
		// Accessible mode blocks reading a line without watching ctx, so
		// Ctrl-C would wait for Enter: stop waiting when ctx ends.
		done := make(chan error, 1)
		go func() { done <- f.RunWithContext(ctx) }()
		select {
		case err = <-done:
		case <-ctx.Done():
			err = ctx.Err()
		}
	} else {
		err = f.RunWithContext(ctx)
	}
	// A full-screen form whose context ends reports huh.ErrTimeout.
	if errors.Is(err, huh.ErrUserAborted) || errors.Is(err, context.Canceled) || (err != nil && ctx.Err() != nil) {
		return ErrCancelled
	}
	return err
}

// clearOnAbort lets a form the user aborted (Esc, Ctrl-C as a key) end
// as a submitted one does, with a last drawing of its empty view, which
// takes it off the screen. huh ends an aborted form with an interrupt,
// which Bubble Tea treats as a kill: nothing is redrawn and the question
// stays above "promoctl: cancelled". huh still reports the abort. An
// interrupt from elsewhere (a signal) is left as it is.
func clearOnAbort(m tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.InterruptMsg); ok {
		if f, ok := m.(*huh.Form); ok && f.State == huh.StateAborted {
			return tea.QuitMsg{}
		}
	}
	return msg
}

// keyMap is huh's, with Esc aborting a form as Ctrl-C does, and the key
// hints under a form ("enter next", "shift+tab back") in m's language.
func keyMap(m *i18n.Printer) *huh.KeyMap {
	km := huh.NewDefaultKeyMap()
	km.Quit.SetKeys("ctrl+c", "esc")
	eachBinding(reflect.ValueOf(km).Elem(), func(b *key.Binding) {
		h := b.Help()
		if id := keyHintID(h.Desc); h.Desc != "" && m.Has(id) {
			b.SetHelp(h.Key, m.T(id))
		}
	})
	return km
}

// eachBinding calls f with each key.Binding of the struct v (huh.KeyMap and
// the key maps of its fields), so that every hint huh has, today's and
// a later version's, is said.
func eachBinding(v reflect.Value, f func(*key.Binding)) {
	for i := 0; i < v.NumField(); i++ {
		fv := v.Field(i)
		if !fv.CanAddr() || !fv.Addr().CanInterface() {
			continue
		}
		if b, ok := fv.Addr().Interface().(*key.Binding); ok {
			f(b)
		} else if fv.Kind() == reflect.Struct {
			eachBinding(fv, f)
		}
	}
}

// keyHintID is the catalog id of huh's hint desc: "go to start" is
// form.key.go_to_start, "½ page up" form.key.half_page_up.
func keyHintID(desc string) string {
	desc = strings.ReplaceAll(strings.ToLower(desc), "½", "half")
	return "form.key." + strings.Join(strings.Fields(desc), "_")
}
