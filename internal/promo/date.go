package promo

import (
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// APITimeLayout is the form the API uses for dates: UTC, milliseconds, Z.
const APITimeLayout = "2006-01-02T15:04:05.000Z"

// ParseStart reads the start of a period as users type it: 2026-12-01,
// 2026-12-01T10:00, 2026-12-01T10:00:00, or RFC 3339 with an offset or Z;
// and day first, as Russian-locale spreadsheets write dates: 31.12.2026,
// 31.12.2026 23:59, 31.12.2026 23:59:59, 31.12.26. A date without a zone is
// in loc; a date without a time is the start of that day (00:00:00). It is
// the one reader of dates typed by people: --starts, d_on of every file,
// the wizard.
func ParseStart(s string, loc *time.Location) (time.Time, error) {
	return parseDate(s, loc, false)
}

// ParseEnd reads the end of a period in the same forms as ParseStart, but a
// date without a time is the end of that day (23:59:59 in loc), so that the
// last day named is included. It reads --ends and d_off.
func ParseEnd(s string, loc *time.Location) (time.Time, error) {
	return parseDate(s, loc, true)
}

// parseDate is ParseStart, or ParseEnd when endOfDay is set.
func parseDate(s string, loc *time.Location, endOfDay bool) (time.Time, error) {
	v := strings.TrimSpace(s)
	if v == "" {
		return time.Time{}, i18n.NewError(0, "value.date_empty")
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		// A date alone: its first or its last second, in loc. Built with
		// time.Date rather than by adding a day, so that a change of clocks
		// that day cannot shift it.
		for _, layout := range dayLayouts() {
			if d, derr := time.ParseInLocation(layout, v, loc); derr == nil {
				t, err = d, nil
				if endOfDay {
					y, m, day := d.Date()
					t = time.Date(y, m, day, 23, 59, 59, 0, loc)
				}
				break
			}
		}
	}
	// Zone-less forms with a time are read in the caller's location.
	for _, layout := range [...]string{"2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02 15:04:05",
		"2.1.2006 15:04", "2.1.2006 15:04:05", "2.1.06 15:04", "2.1.06 15:04:05"} {
		if err == nil {
			break
		}
		t, err = time.ParseInLocation(layout, v, loc)
	}
	if err != nil {
		return time.Time{}, &DateFormError{Input: s}
	}
	// The API form has a four-digit year in UTC; 0000-01-01T00:00:00+01:00
	// would be sent as -0001-12-31T23:00:00.000Z.
	if y := t.UTC().Year(); y < 1 || y > 9999 {
		return time.Time{}, i18n.NewError(0, "value.date_range", "Value", Quoted(s))
	}
	return t, nil
}

// ParseFileEnd reads an end (d_off) as a file holds it: as ParseEnd, but
// an end written without a zone at exactly 00:00 (31.12.2026 0:00, what a
// spreadsheet writes for a date typed into a date-time cell) is the date
// alone, the end of that day (23:59:59 in loc). written is then the
// instant as written, 00:00, for the caller that keeps a code's current
// end when it is that; for any other end it is the zero time.
func ParseFileEnd(s string, loc *time.Location) (end, written time.Time, err error) {
	end, err = ParseEnd(s, loc)
	if err != nil {
		return end, written, err
	}
	if _, zerr := time.Parse(time.RFC3339Nano, strings.TrimSpace(s)); zerr == nil {
		return end, written, nil // a zone: an instant, not a day
	}
	t := end.In(loc)
	y, m, d := t.Date()
	switch h, mi, sec := t.Clock(); {
	case h == 0 && mi == 0 && sec == 0 && t.Nanosecond() == 0:
		return time.Date(y, m, d, 23, 59, 59, 0, loc), t, nil
	case h == 23 && mi == 59 && sec == 59 && t.Nanosecond() == 0 && isDateAlone(s, loc):
		return end, time.Date(y, m, d, 0, 0, 0, 0, loc), nil
	}
	return end, written, nil
}

// isDateAlone reports whether s is a date without a time.
func isDateAlone(s string, loc *time.Location) bool {
	v := strings.TrimSpace(s)
	for _, layout := range dayLayouts() {
		if _, err := time.ParseInLocation(layout, v, loc); err == nil {
			return true
		}
	}
	return false
}

const dateOnly = "2006-01-02"

// dayLayouts are the forms of a date without a time: 2026-12-31,
// 31.12.2026, 31.12.26.
func dayLayouts() [3]string { return [...]string{dateOnly, "2.1.2006", "2.1.06"} }

// DateFormError is a date in none of the forms ParseStart and ParseEnd
// read.
type DateFormError struct{ Input string }

// Error is the message in English.
func (e *DateFormError) Error() string { return i18n.New(i18n.English).Say(e.Message()) }

// FormatLocal renders t in loc the way people read and type it back:
// 2026-12-01 10:00, with the seconds only when there are any (the end of a
// day is 2026-12-31 23:59:59); fractions of a second are not shown.
// ParseStart and ParseEnd read it back as the same instant, to the second.
func FormatLocal(t time.Time, loc *time.Location) string {
	t = t.In(loc)
	if t.Second() != 0 {
		return t.Format("2006-01-02 15:04:05")
	}
	return t.Format("2006-01-02 15:04")
}

// FormatAPI renders t the way the API writes dates: 2026-12-01T00:00:00.000Z.
func FormatAPI(t time.Time) string {
	return t.UTC().Format(APITimeLayout)
}

// ParseAPITime reads a date as the server sends it. It is lenient: any
// RFC 3339 form is accepted, and a zone-less date-time is taken as UTC.
func ParseAPITime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	for _, layout := range [...]string{"2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, i18n.NewError(0, "value.date_server", "Value", Quoted(s))
}

// Message is the error as a catalog's message, for a caller that says it
// in a language.
func (e *DateFormError) Message() i18n.Message {
	return i18n.M("value.date_form", "Value", Quoted(e.Input))
}
