package output

import (
	"bytes"
	"strings"
	"testing"
)

func chartOf(t *testing.T, s Series, o ChartOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteChart(&b, s, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func week() Series {
	return Series{
		Title:      "Orders per day",
		Labels:     []string{"2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04", "2026-07-05"},
		AxisLabels: []string{"07-01", "07-02", "07-03", "07-04", "07-05"},
		Values:     []int{2, 0, 3, 1, 0},
	}
}

func TestWriteChart(t *testing.T) {
	t.Parallel()
	want := strings.Join([]string{
		"Orders per day:",
		"  3┤           ╭─────╮",
		"  2┼─────╮     │     │",
		"  1┤     │     │     ╰─────╮",
		"  0┤     ╰─────╯           ╰─────",
		"   └┬──────┬───────┬──────┬──────┬",
		"  07-01  07-02   07-03  07-04  07-05",
		"",
	}, "\n")
	if got := chartOf(t, week(), ChartOptions{Width: 80}); got != want {
		t.Errorf("chart:\n%s\nwant:\n%s", got, want)
	}
}

func TestWriteChartInColour(t *testing.T) {
	t.Parallel()
	plain := chartOf(t, week(), ChartOptions{Width: 80})
	coloured := chartOf(t, week(), ChartOptions{Width: 80, Color: true})
	if !strings.Contains(coloured, "\x1b[") {
		t.Errorf("a chart in colour has no escape sequence:\n%s", coloured)
	}
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("a chart without colour has escape sequences:\n%q", plain)
	}
}

// A screen reader, and a terminal too narrow for one column a day, get the
// days with orders as lines of text.
func TestWriteChartAsText(t *testing.T) {
	t.Parallel()
	want := "Orders per day:\n2026-07-01: 2\n2026-07-03: 3\n2026-07-04: 1\n"
	for _, o := range []ChartOptions{{Width: 80, Plain: true}, {Width: 80, Plain: true, Color: true}, {Width: 8}} {
		if got := chartOf(t, week(), o); got != want {
			t.Errorf("%+v:\n%s\nwant:\n%s", o, got, want)
		}
	}
	// One day makes no chart.
	day := Series{Title: "Orders per day", Labels: []string{"2026-07-01"}, Values: []int{4}}
	if got := chartOf(t, day, ChartOptions{Width: 80}); got != "Orders per day:\n2026-07-01: 4\n" {
		t.Errorf("one day:\n%s", got)
	}
	// Every line of a chart fits in the width asked for.
	for _, w := range []int{20, 24, 30, 40} {
		got := chartOf(t, week(), ChartOptions{Width: w})
		for line := range strings.SplitSeq(got, "\n") {
			if n := len([]rune(line)); n > w {
				t.Errorf("width %d: line %q is %d wide", w, line, n)
			}
		}
	}
}
