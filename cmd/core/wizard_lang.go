package core

import (
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// SayRows is the wizard's summary in p's language: each label from the
// catalog (wizard.summary.<label>), each value, or both sides of a change
// (before → after), as the catalogs' error.msg entries say it.
func SayRows(p *i18n.Printer, rows []SummaryRow) []SummaryRow {
	if !p.Russian() {
		return rows
	}
	w := &Warnings{Msg: p}
	out := make([]SummaryRow, len(rows))
	for i, r := range rows {
		label := r.Label
		if id := "wizard.summary." + headerID(label); p.Has(id) {
			label = p.T(id)
		}
		sides := strings.Split(r.Value, " → ")
		for j, s := range sides {
			sides[j] = w.Say(s)
		}
		out[i] = SummaryRow{label, strings.Join(sides, " → ")}
	}
	return out
}
