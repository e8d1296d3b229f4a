package cmd

import (
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// sayRows is the wizard's summary in p's language: each label from the
// catalog (wizard.summary.<label>), each value, or both sides of a change
// (before → after), as the catalogs' error.msg entries say it.
func sayRows(p *i18n.Printer, rows []summaryRow) []summaryRow {
	if !p.Russian() {
		return rows
	}
	w := &warnings{msg: p}
	out := make([]summaryRow, len(rows))
	for i, r := range rows {
		label := r.label
		if id := "wizard.summary." + headerID(label); p.Has(id) {
			label = p.T(id)
		}
		sides := strings.Split(r.value, " → ")
		for j, s := range sides {
			sides[j] = w.say(s)
		}
		out[i] = summaryRow{label, strings.Join(sides, " → ")}
	}
	return out
}
