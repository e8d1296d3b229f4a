package i18n

import (
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
