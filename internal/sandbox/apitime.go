package sandbox

import (
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// apiTimeLayout is the API's date-time form: UTC with milliseconds and a Z,
// e.g. 2021-08-04T13:57:37.243Z.
const apiTimeLayout = "2006-01-02T15:04:05.000Z"

// The API's form has a four-digit year, so it carries the instants from
// apiTimeMin to apiTimeMax only. A date such as 9999-12-31T23:59:59-14:00
// is in year 10000 in UTC, and 0001-01-01T00:00:00+01:00 in year 0000.
const (
	apiTimeMin = "0001-01-01T00:00:00.000Z"
	apiTimeMax = "9999-12-31T23:59:59.999Z"
)

// inAPIRange reports whether t can be written in the API's form.
func inAPIRange(t time.Time) bool {
	y := t.UTC().Year()
	return y >= 1 && y <= 9999
}

// apiTime is a point in time that marshals in the API's own form.
type apiTime time.Time

// MarshalJSON implements json.Marshaler.
func (t apiTime) MarshalJSON() ([]byte, error) {
	return []byte(`"` + formatAPITime(time.Time(t)) + `"`), nil
}

func formatAPITime(t time.Time) string {
	return t.UTC().Format(apiTimeLayout)
}

// parseAPITime parses RFC 3339 with or without fractional seconds and
// returns the instant in UTC truncated to milliseconds, the API's precision.
func parseAPITime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, i18n.NewError(0, "sandbox.err.parse_time", "Value", s, "Err", err)
	}
	return t.UTC().Truncate(time.Millisecond), nil
}

// optTime converts a stored optional time to its JSON form (null when nil).
func optTime(t *time.Time) *apiTime {
	if t == nil {
		return nil
	}
	v := apiTime(*t)
	return &v
}

// mustTime parses a seed date; the seed tables are constants, so a bad one is
// a programming error.
func mustTime(s string) time.Time {
	t, err := parseAPITime(s)
	if err != nil {
		panic(err)
	}
	return t
}

func timePtr(t time.Time) *time.Time { return &t }
