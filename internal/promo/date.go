package promo

import (
	"fmt"
	"strings"
	"time"
)

// APITimeLayout is the form the API uses for dates: UTC, milliseconds, Z.
const APITimeLayout = "2006-01-02T15:04:05.000Z"

// ParseDate reads a date as users type it: 2026-12-01, 2026-12-01T10:00,
// 2026-12-01T10:00:00, or RFC 3339 with an offset or Z. A date without a zone
// is in loc.
func ParseDate(s string, loc *time.Location) (time.Time, error) {
	v := strings.TrimSpace(s)
	if v == "" {
		return time.Time{}, fmt.Errorf("empty date")
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	// Zone-less forms are read in the caller's location.
	for _, layout := range [...]string{"2006-01-02", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02 15:04:05"} {
		if err == nil {
			break
		}
		t, err = time.ParseInLocation(layout, v, loc)
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("cannot read date %q: use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00", s)
	}
	// The API form has a four-digit year in UTC; 0000-01-01T00:00:00+01:00
	// would be sent as -0001-12-31T23:00:00.000Z.
	if y := t.UTC().Year(); y < 1 || y > 9999 {
		return time.Time{}, fmt.Errorf("date %q is out of range: the year must be between 0001 and 9999 in UTC", s)
	}
	return t, nil
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
	return time.Time{}, fmt.Errorf("cannot read date %q from the server", s)
}
