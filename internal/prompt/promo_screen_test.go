package prompt

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/huh"

	"github.com/promoctl/promoctl/internal/golden"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promoform"
)

// TestPromoFormFirstScreen draws the first screen of promo create's form,
// as a terminal of 80 columns and 24 lines shows it before a key is pressed, in each
// language: testdata/TestPromoFormFirstScreen/<lang>.golden. Off a
// terminal lipgloss draws no colour, so the file holds only the text.
func TestPromoFormFirstScreen(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.Russian} {
		t.Run(string(lang), func(t *testing.T) {
			msg := i18n.New(lang)
			h := &Huh{Msg: msg}
			f, _ := h.promoForm(PromoForm{
				Title:  msg.T("wizard.create.title"),
				Values: promoform.Default(),
				Sites:  []Site{{ID: 1, Name: "Demo shop"}, {ID: 2}},
				Loc:    moscow(t),
			})
			f = f.WithWidth(80).WithShowHelp(true).WithKeyMap(keyMap(msg))
			f.Init()
			m, _ := f.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			f = m.(*huh.Form)
			var lines []string
			for _, l := range strings.Split(f.View(), "\n") {
				lines = append(lines, strings.TrimRight(l, " "))
			}
			golden.Equal(t, strings.TrimRight(strings.Join(lines, "\n"), "\n")+"\n")
		})
	}
}
