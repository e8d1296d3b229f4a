package core

import (
	"regexp"
	"strings"
	"time"

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
	l, _ := NewTableLocale(p).(*tableLocale)
	out := make([]SummaryRow, len(rows))
	for i, r := range rows {
		label := r.Label
		if id := "wizard.summary." + headerID(label); p.Has(id) {
			label = p.T(id)
		}
		sides := strings.Split(r.Value, " → ")
		for j, s := range sides {
			sides[j] = w.Say(l.summaryValue(r.Label, s))
		}
		out[i] = SummaryRow{label, strings.Join(sides, " → ")}
	}
	return out
}

// summaryValue is a value of the wizard's summary with its number or
// dates in the Russian tables' forms (10,00, 31.12.2026 23:59), its words
// still English: "10.00 off the goods" is "10,00 off the goods".
func (l *tableLocale) summaryValue(label, s string) string {
	if l == nil {
		return s
	}
	switch label {
	case "Discount":
		amount, rest, _ := strings.Cut(s, " ")
		if said := l.cell(cellAmount, amount, ""); said != amount {
			return said + " " + rest
		}
	case "Valid":
		dates := regexp.MustCompile(`\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?`)
		return dates.ReplaceAllStringFunc(s, func(d string) string {
			t, err := time.Parse("2006-01-02 15:04:05", d)
			if err != nil {
				t, err = time.Parse("2006-01-02 15:04", d)
			}
			if err != nil {
				return d
			}
			return t.Format("02.01.2006 15:04")
		})
	}
	return s
}
