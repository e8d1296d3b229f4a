package promo

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, also on a machine without a zoneinfo database
)

func mustLoad(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("LoadLocation(%q): %v", name, err)
	}
	return loc
}

var testZones = []string{"UTC", "Europe/Moscow", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"}

// TestParseDateZoneless checks that a date typed without a zone is read in
// the caller's location, in every form the contract accepts.
func TestParseDateZoneless(t *testing.T) {
	t.Parallel()
	forms := []struct {
		in               string
		hour, min, sec   int
		nsec             int
		descriptionOfTip string
	}{
		{"2026-12-01", 0, 0, 0, 0, "date only"},
		{"2026-12-01T10:00", 10, 0, 0, 0, "date and minutes"},
		{"2026-12-01 10:00", 10, 0, 0, 0, "space instead of T"},
		{"2026-12-01T10:00:00", 10, 0, 0, 0, "seconds"},
		{"2026-12-01 23:59:59", 23, 59, 59, 0, "space and seconds"},
		{"2026-12-01T10:00:00.250", 10, 0, 0, 250e6, "fractional seconds"},
		{"  2026-12-01T10:00  ", 10, 0, 0, 0, "surrounding spaces"},
	}
	for _, zone := range testZones {
		loc := mustLoad(t, zone)
		for _, f := range forms {
			t.Run(zone+"/"+f.descriptionOfTip, func(t *testing.T) {
				got, err := ParseStart(f.in, loc)
				if err != nil {
					t.Fatalf("ParseStart(%q, %s) error: %v", f.in, zone, err)
				}
				want := time.Date(2026, 12, 1, f.hour, f.min, f.sec, f.nsec, loc)
				if !got.Equal(want) {
					t.Errorf("ParseStart(%q, %s) = %v, want %v", f.in, zone, got, want)
				}
			})
		}
	}
}

// TestParseDateAPIForm pins the UTC text of midnight on 1 December in each
// zone, the form the request carries.
func TestParseDateAPIForm(t *testing.T) {
	t.Parallel()
	tests := []struct{ zone, in, want string }{
		{"UTC", "2026-12-01", "2026-12-01T00:00:00.000Z"},
		{"Europe/Moscow", "2026-12-01", "2026-11-30T21:00:00.000Z"},
		{"America/New_York", "2026-12-01", "2026-12-01T05:00:00.000Z"},
		{"America/New_York", "2026-07-01", "2026-07-01T04:00:00.000Z"}, // summer time
		{"Asia/Kolkata", "2026-12-01", "2026-11-30T18:30:00.000Z"},
		{"Pacific/Chatham", "2026-12-01", "2026-11-30T10:15:00.000Z"}, // +13:45 in the southern summer
		{"Pacific/Chatham", "2026-07-01", "2026-06-30T11:15:00.000Z"}, // +12:45
		{"Asia/Kolkata", "2026-12-01T10:00", "2026-12-01T04:30:00.000Z"},
		{"Europe/Moscow", "2026-12-01 10:00", "2026-12-01T07:00:00.000Z"},
	}
	for _, tt := range tests {
		got, err := ParseStart(tt.in, mustLoad(t, tt.zone))
		if err != nil {
			t.Errorf("ParseStart(%q, %s) error: %v", tt.in, tt.zone, err)
			continue
		}
		if s := FormatAPI(got); s != tt.want {
			t.Errorf("FormatAPI(ParseStart(%q, %s)) = %s, want %s", tt.in, tt.zone, s, tt.want)
		}
	}
}

// TestParseDateWithZone checks that an explicit offset or Z wins over the
// caller's location.
func TestParseDateWithZone(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"2026-12-01T10:00:00Z", "2026-12-01T10:00:00.000Z"},
		{"2026-12-01T10:00:00+03:00", "2026-12-01T07:00:00.000Z"},
		{"2026-12-01T10:00:00-05:00", "2026-12-01T15:00:00.000Z"},
		{"2026-12-01T10:00:00+05:30", "2026-12-01T04:30:00.000Z"},
		{"2026-12-01T10:00:00+13:45", "2026-11-30T20:15:00.000Z"},
		{"2026-12-01T00:30:00+01:00", "2026-11-30T23:30:00.000Z"},
		{"2026-12-01T10:00:00.123Z", "2026-12-01T10:00:00.123Z"},
		{"2026-12-01T10:00:00.5+03:00", "2026-12-01T07:00:00.500Z"},
		// The API has milliseconds: finer digits are cut, not rounded.
		{"2026-12-01T10:00:00.123456789Z", "2026-12-01T10:00:00.123Z"},
		{"2026-12-01T10:00:00.9999Z", "2026-12-01T10:00:00.999Z"},
		{"2021-08-04T13:57:37.243Z", "2021-08-04T13:57:37.243Z"},
	}
	for _, zone := range testZones {
		loc := mustLoad(t, zone)
		for _, tt := range tests {
			got, err := ParseStart(tt.in, loc)
			if err != nil {
				t.Errorf("ParseStart(%q, %s) error: %v", tt.in, zone, err)
				continue
			}
			if s := FormatAPI(got); s != tt.want {
				t.Errorf("FormatAPI(ParseStart(%q, %s)) = %s, want %s", tt.in, zone, s, tt.want)
			}
		}
	}
}

// TestParseDateDST checks the wall-clock times that a change of clocks
// makes missing or ambiguous. Go does not promise which reading it picks,
// so the result must be one of the two offsets the zone had that day, and
// the ordinary times on either side must be exact.
func TestParseDateDST(t *testing.T) {
	t.Parallel()
	tests := []struct {
		zone, in string
		// candidates: the instant under the offset before and after the change
		candidates []string
	}{
		// New York springs forward at 02:00 EST → 03:00 EDT: 02:30 does not exist.
		{"America/New_York", "2026-03-08T02:30", []string{"2026-03-08T07:30:00.000Z", "2026-03-08T06:30:00.000Z"}},
		{"America/New_York", "2026-03-08T01:59", []string{"2026-03-08T06:59:00.000Z"}},
		{"America/New_York", "2026-03-08T03:00", []string{"2026-03-08T07:00:00.000Z"}},
		// New York falls back at 02:00 EDT → 01:00 EST: 01:30 happens twice.
		{"America/New_York", "2026-11-01T01:30", []string{"2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"}},
		{"America/New_York", "2026-11-01T02:30", []string{"2026-11-01T07:30:00.000Z"}},
		// Chatham springs forward at 02:45 +12:45 → 03:45 +13:45.
		{"Pacific/Chatham", "2026-09-27T03:00", []string{"2026-09-26T14:15:00.000Z", "2026-09-26T13:15:00.000Z"}},
		{"Pacific/Chatham", "2026-09-27T04:00", []string{"2026-09-26T14:15:00.000Z"}},
		// Chatham falls back at 03:45 +13:45 → 02:45 +12:45: 03:00 happens twice.
		{"Pacific/Chatham", "2026-04-05T03:00", []string{"2026-04-04T13:15:00.000Z", "2026-04-04T14:15:00.000Z"}},
		// Moscow has had no change of clocks since 2014.
		{"Europe/Moscow", "2026-03-29T02:30", []string{"2026-03-28T23:30:00.000Z"}},
	}
	for _, tt := range tests {
		got, err := ParseStart(tt.in, mustLoad(t, tt.zone))
		if err != nil {
			t.Errorf("ParseStart(%q, %s) error: %v", tt.in, tt.zone, err)
			continue
		}
		s := FormatAPI(got)
		found := false
		for _, c := range tt.candidates {
			found = found || s == c
		}
		if !found {
			t.Errorf("ParseStart(%q, %s) = %s, want one of %v", tt.in, tt.zone, s, tt.candidates)
		}
	}
}

// TestParseDateDayFirst checks the forms Russian-locale spreadsheets write:
// day first, with dots, a four- or two-digit year, with or without a time;
// a date alone ends at the end of that day.
func TestParseDateDayFirst(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	tests := []struct {
		in         string
		start, end time.Time
	}{
		{"31.12.2026", time.Date(2026, 12, 31, 0, 0, 0, 0, moscow), time.Date(2026, 12, 31, 23, 59, 59, 0, moscow)},
		{"31.12.26", time.Date(2026, 12, 31, 0, 0, 0, 0, moscow), time.Date(2026, 12, 31, 23, 59, 59, 0, moscow)},
		{"1.2.2026", time.Date(2026, 2, 1, 0, 0, 0, 0, moscow), time.Date(2026, 2, 1, 23, 59, 59, 0, moscow)},
		{"31.12.2026 23:59", time.Date(2026, 12, 31, 23, 59, 0, 0, moscow), time.Date(2026, 12, 31, 23, 59, 0, 0, moscow)},
		{"20.11.2026 9:05:07", time.Date(2026, 11, 20, 9, 5, 7, 0, moscow), time.Date(2026, 11, 20, 9, 5, 7, 0, moscow)},
		{" 20.11.26 10:00 ", time.Date(2026, 11, 20, 10, 0, 0, 0, moscow), time.Date(2026, 11, 20, 10, 0, 0, 0, moscow)},
	}
	for _, tt := range tests {
		if got, err := ParseStart(tt.in, moscow); err != nil || !got.Equal(tt.start) {
			t.Errorf("ParseStart(%q) = %v, %v; want %v", tt.in, got, err, tt.start)
		}
		if got, err := ParseEnd(tt.in, moscow); err != nil || !got.Equal(tt.end) {
			t.Errorf("ParseEnd(%q) = %v, %v; want %v", tt.in, got, err, tt.end)
		}
	}
}

func TestParseDateBad(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		"2026-13-01", "2026-02-30", "2026-12-32", "2026-12-1", "26-12-01", "12/01/2026", "32.12.2026", "31.13.2026", "31.12.2026T10:00", "31.12.2026 25:00", "31-12-2026", "31.12", "31.12.202",
		"2026-12-01T25:00", "2026-12-01T10", "2026-12-01T10:00+03:00", "2026-12-01 10:00Z",
		"2026-12-01T10:00:00+3", "2026-12-01t10:00:00z", "tomorrow", "now", "1764547200",
		"2026-12-01T10:00:00Z trailing", "２０２６-12-01",
	} {
		got, err := ParseStart(in, time.UTC)
		if err == nil {
			t.Errorf("ParseStart(%q) = %v, want an error", in, got)
			continue
		}
		if want := `cannot read date "` + in + `": use 2026-12-01, 2026-12-01T10:00 or RFC 3339`; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseStart(%q) error = %q, want it to start with %q", in, err, want)
		}
	}
	for _, in := range []string{"", "   ", "\t"} {
		if _, err := ParseStart(in, time.UTC); err == nil || err.Error() != "empty date" {
			t.Errorf("ParseStart(%q) error = %v, want empty date", in, err)
		}
	}
}

func TestFormatAPI(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	tests := []struct {
		in   time.Time
		want string
	}{
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "2026-12-01T00:00:00.000Z"},
		{time.Date(2026, 12, 1, 3, 0, 0, 0, moscow), "2026-12-01T00:00:00.000Z"},
		{time.Date(2026, 12, 1, 0, 0, 0, 7e6, time.UTC), "2026-12-01T00:00:00.007Z"},
		{time.Date(2026, 12, 1, 0, 0, 0, 999999999, time.UTC), "2026-12-01T00:00:00.999Z"},
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.FixedZone("", -90*60)), "2026-12-01T01:30:00.000Z"},
	}
	for _, tt := range tests {
		if got := FormatAPI(tt.in); got != tt.want {
			t.Errorf("FormatAPI(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestParseAPITime(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"2021-08-04T13:57:37.243Z", "2021-08-04T13:57:37.243Z"},
		{"2021-08-04T13:57:37Z", "2021-08-04T13:57:37.000Z"},
		{"2021-08-04T16:57:37.243+03:00", "2021-08-04T13:57:37.243Z"},
		// Zone-less forms are UTC, whatever the local zone.
		{"2021-08-04T13:57:37.243", "2021-08-04T13:57:37.243Z"},
		{"2021-08-04T13:57:37", "2021-08-04T13:57:37.000Z"},
		{"2021-08-04 13:57:37", "2021-08-04T13:57:37.000Z"},
		{"2021-08-04", "2021-08-04T00:00:00.000Z"},
	}
	for _, tt := range tests {
		got, err := ParseAPITime(tt.in)
		if err != nil {
			t.Errorf("ParseAPITime(%q) error: %v", tt.in, err)
			continue
		}
		if s := FormatAPI(got); s != tt.want {
			t.Errorf("ParseAPITime(%q) = %s, want %s", tt.in, s, tt.want)
		}
	}
	for _, in := range []string{"", "0", "null", "04.08.2021", "2021-08-04T13:57", "2021-13-04T00:00:00Z"} {
		if got, err := ParseAPITime(in); err == nil {
			t.Errorf("ParseAPITime(%q) = %v, want an error", in, got)
		} else if want := `cannot read date "` + in + `" from the server`; err.Error() != want {
			t.Errorf("ParseAPITime(%q) error = %q, want %q", in, err, want)
		}
	}
}

// FuzzParseDate checks that ParseStart never panics and that whatever it
// accepts can be sent: the API form reads back as the same instant, to the
// millisecond.
func FuzzParseDate(f *testing.F) {
	seeds := []string{
		"2026-12-01", "2026-12-01T10:00", "2026-12-01 10:00", "2026-12-01T10:00:00", "2026-12-01 10:00:00",
		"2026-12-01T10:00:00Z", "2026-12-01T10:00:00+03:00", "2026-12-01T10:00:00.123456789-09:30",
		"2026-03-08T02:30", "2026-11-01T01:30", "0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00",
		"0001-01-01", "9999-12-31", "", "x", "2026-02-30", "2026-12-01T10:00:00.Z",
		"31.12.2026", "31.12.2026 23:59", "31.12.26", "1.2.2026 9:05", "31.12.2026 23:59:59", "29.02.2027",
	}
	for i, s := range seeds {
		f.Add(s, uint8(i))
	}
	locs := make([]*time.Location, len(testZones))
	for i, z := range testZones {
		locs[i] = mustLoad(f, z)
	}
	f.Fuzz(func(t *testing.T, s string, zone uint8) {
		loc := locs[int(zone)%len(locs)]
		got, err := ParseStart(s, loc)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseStart(%q) returned an empty error", s)
			}
			return
		}
		api := FormatAPI(got)
		back, err := ParseAPITime(api)
		if err != nil {
			t.Fatalf("ParseStart(%q, %s) = %v, whose API form %q does not read back: %v", s, loc, got, api, err)
		}
		if want := got.Truncate(time.Millisecond); !back.Equal(want) {
			t.Fatalf("ParseStart(%q, %s): API form %q reads back as %v, want %v", s, loc, api, back, want)
		}
		if len(api) != len(APITimeLayout) {
			t.Fatalf("ParseStart(%q, %s): API form %q is not in the form %s", s, loc, api, APITimeLayout)
		}
	})
}

// TestParseDateOutOfRange: a date whose UTC year has not four digits cannot
// be written in the API's form, so it is refused rather than sent as
// -0001-12-31T23:00:00.000Z.
func TestParseDateOutOfRange(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	for _, tt := range []struct {
		in  string
		loc *time.Location
	}{
		{"0000-01-01T00:00:00+01:00", time.UTC},
		{"0000-06-01", time.UTC},
		{"0001-01-01", moscow}, // 0000-12-31T21:00Z
		{"9999-12-31T23:59:59-01:00", time.UTC},
	} {
		got, err := ParseStart(tt.in, tt.loc)
		if err == nil {
			t.Errorf("ParseStart(%q, %s) = %s, want an error", tt.in, tt.loc, FormatAPI(got))
			continue
		}
		if want := `date "` + tt.in + `" is out of range`; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseStart(%q, %s) error = %q, want it to start with %q", tt.in, tt.loc, err, want)
		}
	}
	for _, in := range []string{"0001-01-01", "9999-12-31T23:59:59Z"} {
		if _, err := ParseStart(in, time.UTC); err != nil {
			t.Errorf("ParseStart(%q, UTC) error: %v", in, err)
		}
	}
}

// TestParseEndDateOnly: a date without a time is the last second of that
// day for an end, in the caller's location, so the day named is included;
// a date with a time is that time, as for a start.
func TestParseEndDateOnly(t *testing.T) {
	t.Parallel()
	tests := []struct{ zone, in, start, end string }{
		{"UTC", "2026-12-31", "2026-12-31T00:00:00.000Z", "2026-12-31T23:59:59.000Z"},
		{"Europe/Moscow", "2026-12-31", "2026-12-30T21:00:00.000Z", "2026-12-31T20:59:59.000Z"},
		{"Europe/Moscow", " 2026-12-31 ", "2026-12-30T21:00:00.000Z", "2026-12-31T20:59:59.000Z"},
		{"Asia/Kolkata", "2026-12-31", "2026-12-30T18:30:00.000Z", "2026-12-31T18:29:59.000Z"},
		// A day with a change of clocks: its end is under the new offset.
		{"America/New_York", "2026-03-08", "2026-03-08T05:00:00.000Z", "2026-03-09T03:59:59.000Z"},
		{"America/New_York", "2026-11-01", "2026-11-01T04:00:00.000Z", "2026-11-02T04:59:59.000Z"},
		{"Pacific/Chatham", "2026-09-27", "2026-09-26T11:15:00.000Z", "2026-09-27T10:14:59.000Z"},
		// A time, or a zone, says exactly when: no end of day is added.
		{"Europe/Moscow", "2026-12-31T00:00", "2026-12-30T21:00:00.000Z", "2026-12-30T21:00:00.000Z"},
		{"Europe/Moscow", "2026-12-31 18:30", "2026-12-31T15:30:00.000Z", "2026-12-31T15:30:00.000Z"},
		{"Europe/Moscow", "2026-12-31T23:59", "2026-12-31T20:59:00.000Z", "2026-12-31T20:59:00.000Z"},
		{"Europe/Moscow", "2026-12-31T00:00:00Z", "2026-12-31T00:00:00.000Z", "2026-12-31T00:00:00.000Z"},
		{"Europe/Moscow", "2026-12-31T00:00:00+05:00", "2026-12-30T19:00:00.000Z", "2026-12-30T19:00:00.000Z"},
	}
	for _, tt := range tests {
		loc := mustLoad(t, tt.zone)
		start, err := ParseStart(tt.in, loc)
		if err != nil {
			t.Errorf("ParseStart(%q, %s) error: %v", tt.in, tt.zone, err)
		} else if s := FormatAPI(start); s != tt.start {
			t.Errorf("ParseStart(%q, %s) = %s, want %s", tt.in, tt.zone, s, tt.start)
		}
		end, err := ParseEnd(tt.in, loc)
		if err != nil {
			t.Errorf("ParseEnd(%q, %s) error: %v", tt.in, tt.zone, err)
		} else if s := FormatAPI(end); s != tt.end {
			t.Errorf("ParseEnd(%q, %s) = %s, want %s", tt.in, tt.zone, s, tt.end)
		}
	}
}

// TestParseEndErrors: an end is read in the same forms as a start, with
// the same messages, and the end of the last day still has to fit the
// API's years.
func TestParseEndErrors(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"2026-13-01", "tomorrow", "2026-12-01T10"} {
		_, errStart := ParseStart(in, time.UTC)
		_, errEnd := ParseEnd(in, time.UTC)
		if errStart == nil || errEnd == nil || errStart.Error() != errEnd.Error() {
			t.Errorf("ParseStart(%q), ParseEnd(%q) errors = %v, %v; want the same error", in, in, errStart, errEnd)
		}
	}
	if _, err := ParseEnd("9999-12-31", mustLoad(t, "America/New_York")); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("ParseEnd(9999-12-31, New York) error = %v, want out of range", err)
	}
	if _, err := ParseEnd("9999-12-31", time.UTC); err != nil {
		t.Errorf("ParseEnd(9999-12-31, UTC) error: %v", err)
	}
}

// TestFormatLocal: the local form of a date shows seconds only when it has
// them, and reads back as the same instant to the second, as a start and
// as an end.
func TestFormatLocal(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	for _, tt := range []struct {
		in   time.Time
		want string
	}{
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "2026-12-01 03:00"},
		{time.Date(2026, 12, 31, 20, 59, 59, 0, time.UTC), "2026-12-31 23:59:59"},
		{time.Date(2026, 12, 31, 20, 59, 0, 500e6, time.UTC), "2026-12-31 23:59"},
		{time.Date(2026, 12, 31, 20, 59, 7, 500e6, time.UTC), "2026-12-31 23:59:07"},
	} {
		got := FormatLocal(tt.in, moscow)
		if got != tt.want {
			t.Errorf("FormatLocal(%s) = %q, want %q", FormatAPI(tt.in), got, tt.want)
		}
		for name, parse := range map[string]func(string, *time.Location) (time.Time, error){"ParseStart": ParseStart, "ParseEnd": ParseEnd} {
			back, err := parse(got, moscow)
			if err != nil || !back.Equal(tt.in.Truncate(time.Second)) {
				t.Errorf("%s(%q) = %v, %v; want %v", name, got, back, err, tt.in.Truncate(time.Second))
			}
		}
	}
}

// ParseFileEnd: an end written without a zone at 00:00, or a date alone,
// is the end of that day, and says the 00:00 it was written as.
func TestParseFileEnd(t *testing.T) {
	msk, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	dayEnd := time.Date(2026, 12, 31, 23, 59, 59, 0, msk)
	midnight := time.Date(2026, 12, 31, 0, 0, 0, 0, msk)
	for in, want := range map[string][2]time.Time{
		"31.12.2026 0:00":           {dayEnd, midnight},
		"31.12.2026 00:00:00":       {dayEnd, midnight},
		"2026-12-31T00:00":          {dayEnd, midnight},
		"31.12.2026":                {dayEnd, midnight},
		"31.12.26":                  {dayEnd, midnight},
		"31.12.2026 0:01":           {time.Date(2026, 12, 31, 0, 1, 0, 0, msk), {}},
		"31.12.2026 23:59:59":       {dayEnd, {}},
		"2026-12-30T21:00:00.000Z":  {time.Date(2026, 12, 30, 21, 0, 0, 0, time.UTC), {}},
		"2026-12-31T00:00:00+03:00": {midnight, {}},
	} {
		end, written, err := ParseFileEnd(in, msk)
		if err != nil || !end.Equal(want[0]) || !written.Equal(want[1]) {
			t.Errorf("ParseFileEnd(%q) = %v, %v, %v; want %v, %v", in, end, written, err, want[0], want[1])
		}
	}
}
