package i18n

import (
	"strconv"
	"strings"
	"time"
)

// Duration is d as a person reads it in p's language: Go's form in English
// (340ms, 4.2s, 2m5s); in Russian 340 мс, 4,2 с, 2 мин 5 с.
func (p *Printer) Duration(d time.Duration) string {
	s := d.String()
	if !p.Russian() {
		return s
	}
	units := []struct{ en, ru string }{{"ms", "мс"}, {"µs", "мкс"}, {"ns", "нс"}, {"h", "ч"}, {"m", "мин"}, {"s", "с"}}
	var parts []string
	for s != "" {
		i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != '-' })
		if i <= 0 {
			return d.String()
		}
		num := strings.Replace(s[:i], ".", ",", 1)
		s = s[i:]
		matched := false
		for _, u := range units {
			if strings.HasPrefix(s, u.en) {
				parts = append(parts, num+"\u00a0"+u.ru)
				s = s[len(u.en):]
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

// numberForm is how a language writes what is not a sentence: numbers,
// percentages and moments. A language added is a row of forms.
type numberForm struct {
	decimal string // between the whole part and the fraction
	group   string // between groups of three digits; "" for none
	percent string // between a number and its percent sign
	// moment and momentSeconds are Go layouts of a moment with its zone,
	// for a time to the minute and for one with seconds.
	moment, momentSeconds string
}

// forms are the numberForm of each language.
func forms() map[Lang]numberForm {
	return map[Lang]numberForm{
		English: {decimal: ".", moment: "2006-01-02 15:04 MST", momentSeconds: "2006-01-02 15:04:05 MST"},
		// Russian: 10 700,00; 12,5 %; 31.12.2026 23:59 (to the minute, as
		// tables show dates).
		Russian: {decimal: ",", group: "\u00a0", percent: "\u00a0",
			moment: "02.01.2006 15:04 MST", momentSeconds: "02.01.2006 15:04 MST"},
	}
}

// form is p's numberForm, English's for a language without one.
func (p *Printer) form() numberForm {
	f, ok := forms()[p.Lang()]
	if !ok {
		return forms()[English]
	}
	return f
}

// Amount is a discount as p's language writes it: in percent with as many
// decimals as it has (English 12.5%, Russian 12,5 %), else money with two
// (English 10700.00, Russian 10 700,00).
func (p *Printer) Amount(v float64, percent bool) string {
	f := p.form()
	if percent {
		return p.number(strconv.FormatFloat(v, 'f', -1, 64), f) + f.percent + "%"
	}
	return p.number(strconv.FormatFloat(v, 'f', 2, 64), f)
}

// Decimal is v with as many decimals as it has, as p's language writes a
// number: English 12.5, Russian 12,5 and 1 148.
func (p *Printer) Decimal(v float64) string {
	return p.number(strconv.FormatFloat(v, 'f', -1, 64), p.form())
}

// number is the decimal s (as strconv writes it) in the form f.
func (p *Printer) number(s string, f numberForm) string {
	sign := ""
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		sign, s = "-", rest
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	if f.group != "" && len(whole) > 3 {
		var b strings.Builder
		for i, d := range whole {
			if i > 0 && (len(whole)-i)%3 == 0 {
				b.WriteString(f.group)
			}
			b.WriteRune(d)
		}
		whole = b.String()
	}
	if hasFrac {
		return sign + whole + f.decimal + frac
	}
	return sign + whole
}

// Moment is t in loc with its zone, as p's language writes a moment:
// English 2026-12-31 23:59:59 MSK (seconds when it has them), Russian
// 31.12.2026 23:59 MSK.
func (p *Printer) Moment(t time.Time, loc *time.Location) string {
	f, t := p.form(), t.In(loc)
	if t.Second() != 0 {
		return t.Format(f.momentSeconds)
	}
	return t.Format(f.moment)
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
