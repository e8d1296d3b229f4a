// Package prompt asks the user questions on a terminal. Commands depend on
// the small interfaces they need (a Confirmer, say), and this package
// provides the huh implementation; tests pass three-line stubs or drive the
// real forms through huh's accessible mode.
package prompt

import (
	"context"
	"errors"
	"io"

	"github.com/charmbracelet/huh"
)

// ErrCancelled is returned when the user aborts a prompt (Ctrl-C, Esc) or
// declines a confirmation. Commands exit 130 on it.
var ErrCancelled = errors.New("cancelled")

// Huh asks through charmbracelet/huh forms.
type Huh struct {
	In         io.Reader
	Out        io.Writer
	Accessible bool // plain line prompts, for screen readers and tests
}

// Confirm asks a yes/no question; def is the answer Enter gives.
func (h *Huh) Confirm(ctx context.Context, title, description string, def bool) (bool, error) {
	v := def
	field := huh.NewConfirm().Title(title).Description(description).Affirmative("Yes").Negative("No").Value(&v)
	if err := h.run(ctx, huh.NewForm(huh.NewGroup(field))); err != nil {
		return false, err
	}
	return v, nil
}

func (h *Huh) run(ctx context.Context, f *huh.Form) error {
	f = f.WithInput(h.In).WithOutput(h.Out).WithAccessible(h.Accessible).WithShowHelp(!h.Accessible)
	err := f.RunWithContext(ctx)
	if errors.Is(err, huh.ErrUserAborted) || errors.Is(err, context.Canceled) {
		return ErrCancelled
	}
	return err
}
