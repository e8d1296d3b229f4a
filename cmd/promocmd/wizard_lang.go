package promocmd

import (
	"regexp"
	"strings"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/legacylang"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
)

// summaryRow is one line of the wizard's summary: a label and a value.
// ID, when set, is the catalog's id of the label (a form label of the
// registry's), which the label is in English.
type summaryRow struct{ Label, Value, ID string }

// fieldRows are the summary's rows of the fields of promo.MoreFields whose
// value gives, by their form labels (false leaves a field out).
func fieldRows(value func(promo.Field) (string, bool)) []summaryRow {
	var rows []summaryRow
	var en *i18n.Printer
	for _, f := range promo.MoreFields() {
		if v, ok := value(f); ok {
			if en == nil {
				en = i18n.New(i18n.English) // its catalog read once a summary
			}
			rows = append(rows, summaryRow{Label: en.T(f.Label), Value: v, ID: f.Label})
		}
	}
	return rows
}

// sayRows is the wizard's summary in p's language: each label from the
// catalog (wizard.summary.<label>), each value, or both sides of a change
// (before → after), as the catalogs' error.msg entries say it.
func sayRows(p *i18n.Printer, rows []summaryRow) []summaryRow {
	if !p.Russian() {
		return rows
	}
	w := &cmdutil.Warnings{Msg: p}
	l := legacylang.NewTableLocale(p)
	out := make([]summaryRow, len(rows))
	for i, r := range rows {
		label := r.Label
		if id := "wizard.summary." + summaryID(label); p.Has(id) {
			label = p.T(id)
		} else if r.ID != "" {
			label = p.T(r.ID)
		}
		sides := strings.Split(r.Value, " → ")
		for j, s := range sides {
			sides[j] = w.Say(summaryValue(l, r.Label, s))
		}
		out[i] = summaryRow{Label: label, Value: strings.Join(sides, " → ")}
	}
	return out
}

// summaryID is the catalog's name of a summary's label, as the tables name
// a header: "Once per customer" is once_per_customer.
func summaryID(label string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSuffix(strings.TrimSpace(label), ":")), " ", "_")
}

// summaryValue is a value of the wizard's summary with its number or
// dates in the Russian tables' forms (10,00, 31.12.2026 23:59), its words
// still English: "10.00 off the goods" is "10,00 off the goods".
func summaryValue(l output.Locale, label, s string) string {
	if l == nil {
		return s
	}
	switch label {
	case "Discount":
		amount, rest, _ := strings.Cut(s, " ")
		if said := l.Value("amount", amount); said != amount {
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
