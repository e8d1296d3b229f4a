package view

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/report"
)

// daysOfOrders is a report's orders per day, one order each day, from
// first for n days.
func daysOfOrders(first string, n int) report.Report {
	t, _ := time.Parse("2006-01-02", first)
	var r report.Report
	for i := range n {
		r.Days = append(r.Days, report.DayCount{Day: t.AddDate(0, 0, i).Format("2006-01-02"), Orders: 1 + i%3})
	}
	return r
}

// TestReportChartBucketsWhenDaysDoNotFit: a year of days does not fit 110
// columns, so the chart is drawn per week and says so; a month of days is
// drawn per day; a year does not fit 40 columns even per week, and is
// drawn per month.
func TestReportChartBucketsWhenDaysDoNotFit(t *testing.T) {
	for _, c := range []struct {
		first string
		days  int
		width int
		title string
	}{
		{"2026-01-01", 365, 110, "Orders per week (too many days for the width):"},
		{"2026-06-01", 30, 110, "Orders per day:"},
		{"2026-01-01", 365, 40, "Orders per month (too many days for the width):"},
	} {
		var b bytes.Buffer
		if err := output.WriteCharts(&b, OrdersCharts(daysOfOrders(c.first, c.days)), output.ChartOptions{Width: c.width}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
		if lines[0] != c.title || len(lines) < 3 || len(lines) > 14 {
			t.Errorf("%d days in %d columns:\n%s\nwant a chart titled %q", c.days, c.width, b.String(), c.title)
		}
		for _, l := range lines[1:] {
			if utf8.RuneCountInString(l) > c.width {
				t.Errorf("%d days in %d columns: line %q is wider", c.days, c.width, l)
			}
		}
	}
	// the weeks add up the days, from Monday
	week := OrdersCharts(daysOfOrders("2026-06-03", 7))[1]
	if want := []string{"2026-06-01", "2026-06-08"}; strings.Join(week.Labels, " ") != strings.Join(want, " ") || week.Values[0] != 1+2+3+1+2 || week.Values[1] != 3+1 {
		t.Errorf("weeks %q %v", week.Labels, week.Values)
	}
}
