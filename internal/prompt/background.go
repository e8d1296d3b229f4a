package prompt

import (
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/term"
)

// backgroundTimeout bounds the wait for the terminal's answer to the
// background colour query. A terminal that answers does so within a few
// milliseconds (over ssh, a network round trip); one that does not must not
// hold the form up. termenv, which lipgloss would ask through, waits five
// seconds (a constant, termenv.OSCTimeout), so promoctl asks by itself.
const backgroundTimeout = 50 * time.Millisecond

// hasDarkBackground reports whether the terminal a form draws on (w) has a
// dark background, the way lipgloss would decide it (HSL lightness below
// one half) but never waiting more than backgroundTimeout. It is the only
// place promoctl queries a terminal, and it is called only right before a
// styled form is drawn: nothing else needs the background colour (tables
// are coloured with the terminal's own palette; see internal/output), and
// internal/quietinit keeps the libraries' initialisers from asking.
//
// In order: COLORFGBG, when set, names the background and nothing is asked;
// otherwise a terminal is asked (OSC 11), except inside screen or tmux or
// on a dumb terminal (which termenv does not ask either); without an
// answer the background is taken as dark, as termenv does. pending
// reports a terminal that had not answered when the wait ended: over a
// slow link its answer comes later, into the form (lateAnswers).
func hasDarkBackground(w io.Writer) (dark, pending bool) {
	if dark, ok := colorFGBGDark(os.Getenv("COLORFGBG")); ok {
		return dark, false
	}
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return true, false
	}
	t := os.Getenv("TERM")
	if strings.HasPrefix(t, "screen") || strings.HasPrefix(t, "tmux") || strings.HasPrefix(t, "dumb") {
		return true, false
	}
	if !isForeground(f) {
		return true, false // asking from the background would stop the process
	}
	d, answered, pending := askBackground(f, backgroundTimeout)
	return d || !answered, pending
}

// lateAnswers keeps out of a form the terminal's answer to the colour
// query when it comes after hasDarkBackground stopped waiting (pending):
// Bubble Tea reads ESC ] 11 ; rgb:… ST as the keys alt+], the text, and
// alt+\ (or ctrl+g for BEL), which would be typed into the form. (The
// cursor position's answer, ESC [ row ; col R, it reads as a sequence it
// ignores.) Only the first such answer is dropped, and anything else
// between alt+] and its end ends the watch and goes through.
type lateAnswers struct {
	inAnswer, done bool
}

// filter returns msg, or nil for a key of the late answer.
func (l *lateAnswers) filter(msg tea.Msg) tea.Msg {
	k, ok := msg.(tea.KeyMsg)
	if !ok || l.done {
		return msg
	}
	runes := k.Type == tea.KeyRunes
	switch {
	case !l.inAnswer && runes && k.Alt && string(k.Runes) == "]":
		l.inAnswer = true
		return nil
	case l.inAnswer && runes && !k.Alt:
		return nil
	case l.inAnswer && (runes && k.Alt && string(k.Runes) == "\\" || k.Type == tea.KeyCtrlG):
		l.inAnswer, l.done = false, true
		return nil
	}
	l.inAnswer = false
	return msg
}

// colorFGBGDark reads COLORFGBG ("15;0", "default;default;0"): its last
// field is the background's number among the 16 ANSI colours, of which
// 7 to 15 are light.
func colorFGBGDark(v string) (dark, ok bool) {
	i := strings.LastIndexByte(v, ';')
	if i < 0 {
		return false, false
	}
	n, err := strconv.Atoi(v[i+1:])
	if err != nil || n < 0 || n > 15 {
		return false, false
	}
	return n < 7, true
}

// parseBackgroundAnswer finds the answer to OSC 11 in what the terminal
// sent ("ESC ] 11 ; rgb:RRRR/GGGG/BBBB" ended by BEL or ST, with 1 to 4
// hex digits a component) and reports whether that colour is dark.
func parseBackgroundAnswer(b []byte) (dark, ok bool) {
	s := string(b)
	i := strings.Index(s, "\x1b]11;rgb:")
	if i < 0 {
		return false, false
	}
	s = s[i+len("\x1b]11;rgb:"):]
	end := strings.IndexAny(s, "\x07\x1b")
	if end < 0 {
		return false, false
	}
	parts := strings.Split(s[:end], "/")
	if len(parts) != 3 {
		return false, false
	}
	var c [3]float64
	for k, p := range parts {
		if len(p) < 1 || len(p) > 4 {
			return false, false
		}
		v, err := strconv.ParseUint(p, 16, 16)
		if err != nil {
			return false, false
		}
		c[k] = float64(v) / float64(uint64(1)<<(4*len(p))-1)
	}
	lightness := (max(c[0], c[1], c[2]) + min(c[0], c[1], c[2])) / 2
	return lightness < 0.5, true
}
