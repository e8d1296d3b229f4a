package i18n

import (
	"strings"
	"time"
)

// numberForms are how a language writes numbers where it does not write
// them as Go (and English) does: its thousands separator and decimal
// mark, a NaN, the units of a duration in the order Go's form is read
// (ms before m before s), and whether money is marked by its currency's
// sign (₽) rather than its code (RUB). A language added is a row of
// numbers(); one without a row writes numbers as English does.
type numberForms struct {
	thousands, decimal, nan string
	units                   [][2]string // Go's unit, the language's
	moneySign               bool
}

// numbers are the numberForms of each language that has its own.
func numbers() map[Lang]numberForms {
	return map[Lang]numberForms{
		// Russian: 10 700,50 (no-break spaces), 340 мс, 2 мин 5 с, 500,00 ₽.
		Russian: {thousands: "\u00a0", decimal: ",", nan: "не\u00a0число", moneySign: true,
			units: [][2]string{{"ms", "мс"}, {"µs", "мкс"}, {"ns", "нс"}, {"h", "ч"}, {"m", "мин"}, {"s", "с"}}},
	}
}

// SignsMoney reports whether lang marks money by its currency's sign (₽)
// rather than its code (RUB).
func SignsMoney(lang Lang) bool { return numbers()[lang].moneySign }

// shortDuration is Go's form of a duration without its zero minutes and
// seconds after a larger unit: 168h, 1h30m, 2m, not 168h0m0s or 2m0s.
func shortDuration(s string) string {
	if t, ok := strings.CutSuffix(s, "m0s"); ok && strings.ContainsAny(t, "0123456789") {
		s = t + "m"
	}
	if t, ok := strings.CutSuffix(s, "h0m"); ok {
		s = t + "h"
	}
	return s
}

// Duration is d as a person reads it in p's language: Go's form in English
// (340ms, 4.2s, 2m5s); in Russian 340 мс, 4,2 с, 2 мин 5 с, and 1 мин
// for 1m0s.
func (p *Printer) Duration(d time.Duration) string {
	s := d.String()
	forms, ok := numbers()[p.Lang()]
	if !ok {
		return shortDuration(s)
	}
	var parts []string
	for s != "" {
		i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != '-' })
		if i <= 0 {
			return d.String()
		}
		num := strings.Replace(s[:i], ".", forms.decimal, 1)
		s = s[i:]
		matched := false
		for _, u := range forms.units {
			if strings.HasPrefix(s, u[0]) {
				if num != "0" || len(parts) == 0 && len(s) == len(u[0]) { // 1 мин, not 1 мин 0 с
					parts = append(parts, num+"\u00a0"+u[1])
				}
				s = s[len(u[0]):]
				matched = true
				break
			}
		}
		if !matched {
			return d.String()
		}
	}
	return strings.Join(parts, " ")
}

// moments are how each language writes a moment with its zone: Go
// layouts for a time to the minute and for one with seconds. A language
// added is a row; one without a row writes English's.
func moments() map[Lang][2]string {
	return map[Lang][2]string{
		English: {"2006-01-02 15:04 MST", "2006-01-02 15:04:05 MST"},
		// Russian: 31.12.2026 23:59, to the minute, as tables show dates.
		Russian: {"02.01.2006 15:04 MST", "02.01.2006 15:04 MST"},
	}
}

// percentSpaces are what each language puts between a number and its
// percent sign: 12.5%, 12,5 %.
func percentSpaces() map[Lang]string {
	return map[Lang]string{English: "", Russian: "\u00a0"}
}

// Amount is a discount as p's language writes it: in percent with as many
// decimals as it has (English 12.5%, Russian 12,5 %), else money with two
// (English 10700.00, Russian 10 700,00).
func (p *Printer) Amount(v float64, percent bool) string {
	if percent {
		return Decimal(p.Lang(), v, -1) + percentSpaces()[p.Lang()] + "%"
	}
	return Decimal(p.Lang(), v, 2)
}

// Decimal is v with as many decimals as it has, as p's language writes a
// number: English 12.5, Russian 12,5 and 1 148.
func (p *Printer) Decimal(v float64) string { return Decimal(p.Lang(), v, -1) }

// DateTime is t in loc as p's language writes a date and time, without
// the zone: English 2026-12-31 23:59:59 (seconds when it has them),
// Russian 31.12.2026 23:59.
func (p *Printer) DateTime(t time.Time, loc *time.Location) string {
	layouts, ok := moments()[p.Lang()]
	if !ok {
		layouts = moments()[English]
	}
	layout := layouts[0]
	if t = t.In(loc); t.Second() != 0 {
		layout = layouts[1]
	}
	return t.Format(strings.TrimSuffix(layout, " MST"))
}

// Moment is t in loc with its zone, as p's language writes a moment:
// English 2026-12-31 23:59:59 MSK (seconds when it has them), Russian
// 31.12.2026 23:59 MSK.
func (p *Printer) Moment(t time.Time, loc *time.Location) string {
	layouts, ok := moments()[p.Lang()]
	if !ok {
		layouts = moments()[English]
	}
	if t = t.In(loc); t.Second() != 0 {
		return t.Format(layouts[1])
	}
	return t.Format(layouts[0])
}

// List is items as p's language lists them: "1", "1 and 2", "1, 2 and 3"
// (list.and in the catalogs).
func (p *Printer) List(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	last := len(items) - 1
	return p.T("list.and", "Items", strings.Join(items[:last], ", "), "Last", items[last])
}

// days are how each language writes a day, a day without its year and a
// month (Go layouts). A language without a row writes English's.
func days() map[Lang][3]string {
	return map[Lang][3]string{
		English: {"2006-01-02", "01-02", "2006-01"},
		Russian: {"02.01.2006", "02.01", "01.2006"},
	}
}

// Day is a day as the tables write it (2026-12-31; 12-31 without the
// year; 2026-12, a month) as p's language writes it: 31.12.2026, 31.12,
// 12.2026 in Russian. Anything else is left as it is.
func (p *Printer) Day(s string) string {
	layouts, ok := days()[p.Lang()]
	if !ok {
		return s
	}
	for i, from := range days()[English] {
		if t, err := time.Parse(from, s); err == nil {
			return t.Format(layouts[i])
		}
	}
	return s
}
