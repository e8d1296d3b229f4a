package prompt

import (
	"reflect"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func TestParseBackgroundAnswer(t *testing.T) {
	for _, c := range []struct {
		in       string
		dark, ok bool
	}{
		{"\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[1;1R", true, true},
		{"\x1b]11;rgb:ffff/ffff/ffff\x07", false, true},
		{"\x1b]11;rgb:fdf6/e3e3/e3e3\x1b\\", false, true}, // Solarized light
		{"\x1b]11;rgb:00/2b/36\x07", true, true},          // two digits a component
		{"\x1b]11;rgb:7/7/7\x07", true, true},             // one digit: 0x7/0xf is below a half
		{"\x1b]11;rgb:8/8/8\x07", false, true},
		{"\x1b[1;1R", false, false}, // no OSC 11 support: only the cursor answered
		{"\x1b]11;rgb:ffff/ffff\x07", false, false},
		{"\x1b]11;rgb:ffff/ffff/ffff", false, false}, // cut off
		{"\x1b]11;rgb:fffff/0/0\x07", false, false},
		{"\x1b]11;rgb:zz/00/00\x07", false, false},
		{"", false, false},
	} {
		dark, ok := parseBackgroundAnswer([]byte(c.in))
		if dark != c.dark || ok != c.ok {
			t.Errorf("parseBackgroundAnswer(%q) = %v, %v; want %v, %v", c.in, dark, ok, c.dark, c.ok)
		}
	}
}

func TestColorFGBGDark(t *testing.T) {
	for _, c := range []struct {
		in       string
		dark, ok bool
	}{
		{"15;0", true, true},
		{"0;15", false, true},
		{"default;default;0", true, true},
		{"0;7", false, true},
		{"7;6", true, true},
		{"", false, false},
		{"15", false, false},
		{"15;default", false, false},
		{"0;16", false, false},
	} {
		dark, ok := colorFGBGDark(c.in)
		if dark != c.dark || ok != c.ok {
			t.Errorf("colorFGBGDark(%q) = %v, %v; want %v, %v", c.in, dark, ok, c.dark, c.ok)
		}
	}
}

// lateAnswers drops, from the keys a form gets, the answer to the colour
// query as Bubble Tea reads it (alt+], the text, alt+\ or ctrl+g), once,
// and lets everything else through.
func TestLateAnswers(t *testing.T) {
	runes := func(s string, alt bool) tea.Msg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Alt: alt} }
	enter := tea.KeyMsg{Type: tea.KeyEnter}
	for _, c := range []struct {
		name     string
		in, want []tea.Msg
	}{
		{"an answer ended by ST, then keys",
			[]tea.Msg{runes("]", true), runes("11;rgb:0000/0000/0000", false), runes("\\", true), runes("SUMMER", false), enter},
			[]tea.Msg{runes("SUMMER", false), enter}},
		{"an answer ended by BEL, read in two parts",
			[]tea.Msg{runes("]", true), runes("11;rgb:ffff/", false), runes("ffff/ffff", false), tea.KeyMsg{Type: tea.KeyCtrlG}, runes("A", false)},
			[]tea.Msg{runes("A", false)}},
		{"keys alone", []tea.Msg{runes("SUMMER", false), enter}, []tea.Msg{runes("SUMMER", false), enter}},
		{"only the first answer",
			[]tea.Msg{runes("]", true), runes("11;x", false), runes("\\", true), runes("]", true), runes("B", false)},
			[]tea.Msg{runes("]", true), runes("B", false)}},
		{"alt+] and then a key that is not the answer's",
			[]tea.Msg{runes("]", true), enter, runes("C", false)},
			[]tea.Msg{enter, runes("C", false)}},
		{"other messages", []tea.Msg{tea.WindowSizeMsg{Width: 80}}, []tea.Msg{tea.WindowSizeMsg{Width: 80}}},
	} {
		var l lateAnswers
		var got []tea.Msg
		for _, m := range c.in {
			if m = l.filter(m); m != nil {
				got = append(got, m)
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v went through, want %v", c.name, got, c.want)
		}
	}
}
