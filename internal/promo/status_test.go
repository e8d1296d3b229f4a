package promo

import (
	"testing"
	"time"
)

func TestStatusRules(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(2026, 8, 31, 20, 59, 59, 0, time.UTC)
	n := func(v int64) *int64 { return &v }
	timed := StatusFields{Enabled: true, TimeLimit: true, Starts: &start, Ends: &end}
	for _, c := range []struct {
		name string
		f    StatusFields
		now  time.Time
		want Status
	}{
		{"no limits", StatusFields{Enabled: true}, start, StatusActive},
		{"disabled", StatusFields{}, start, StatusDisabled},
		{"a nanosecond before the start", timed, start.Add(-time.Nanosecond), StatusScheduled},
		{"exactly at the start", timed, start, StatusActive},
		{"a nanosecond before the end", timed, end.Add(-time.Nanosecond), StatusActive},
		{"exactly at the end", timed, end, StatusExpired},
		{"after the end", timed, end.Add(time.Hour), StatusExpired},
		{"dates but the time limit off", StatusFields{Enabled: true, Starts: &start, Ends: &end}, end.Add(time.Hour), StatusActive},
		{"time limit on without dates", StatusFields{Enabled: true, TimeLimit: true}, end, StatusActive},
		{"used one less than the limit", StatusFields{Enabled: true, QuantityLimit: true, Limit: 3, Used: n(2)}, start, StatusActive},
		{"used exactly the limit", StatusFields{Enabled: true, QuantityLimit: true, Limit: 3, Used: n(3)}, start, StatusUsedUp},
		{"used more than the limit", StatusFields{Enabled: true, QuantityLimit: true, Limit: 3, Used: n(4)}, start, StatusUsedUp},
		{"limit off, used a lot", StatusFields{Enabled: true, Limit: 3, Used: n(99)}, start, StatusActive},
		{"use count unknown", StatusFields{Enabled: true, QuantityLimit: true, Limit: 3}, start, StatusActive},
		{"disabled and expired", StatusFields{TimeLimit: true, Ends: &end}, end, StatusDisabled},
		{"expired and used up", StatusFields{Enabled: true, TimeLimit: true, Ends: &end, QuantityLimit: true, Limit: 1, Used: n(1)}, end, StatusExpired},
		{"used up and scheduled", StatusFields{Enabled: true, TimeLimit: true, Starts: &start, QuantityLimit: true, Limit: 0, Used: n(0)}, start.Add(-time.Hour), StatusUsedUp},
	} {
		if got := c.f.StatusAt(c.now); got != c.want {
			t.Errorf("%s: StatusAt(%s) = %s, want %s", c.name, c.now.Format(time.RFC3339Nano), got, c.want)
		}
	}
}
