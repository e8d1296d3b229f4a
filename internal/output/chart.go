package output

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/guptarohit/asciigraph"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Series is a count per step, for a chart: orders per day.
type Series struct {
	Title string // the line above the chart: "Orders per day"
	// TitleID, when set, is Title's catalog id, said in
	// ChartOptions.Say's language.
	TitleID string
	Labels  []string // one per value, in order: 2026-07-01
	Values  []int
	// AxisLabels, when set, are shorter labels for the x axis (07-01),
	// one per value.
	AxisLabels []string
}

// ChartOptions say how to draw a Series.
type ChartOptions struct {
	// Width is how many columns the chart may take; 0 means 80.
	Width int
	// Color draws the line in colour. The caller decides it
	// (iostreams.ColorEnabled), as for tables.
	Color bool
	// Plain writes the series as lines of text instead of a chart: for
	// screen readers (accessible mode).
	Plain bool
	// Say, when set, is the person's language: a series with a TitleID
	// is said in it, title and days.
	Say *i18n.Printer
}

// Chart geometry: each step takes from 1 to maxStepColumns columns, and
// the chart is at most chartHeight lines high.
const (
	maxStepColumns = 6
	chartHeight    = 10
	defaultWidth   = 80
)

// WriteChart draws s on w as a line chart (asciigraph) under its title,
// each step as wide as the width allows, from 0 up to the largest value.
// When o.Plain is set, or the chart would not fit in o.Width with one
// column per step and room for its first and last labels (a single step
// never has), it writes the title and one "label: value" line per step
// whose value is not 0 instead, which reads well aloud and in any width.
func WriteChart(w io.Writer, s Series, o ChartOptions) error {
	return WriteCharts(w, []Series{s}, o)
}

// WriteCharts draws the first series of ss that fits, as WriteChart: the
// same counts at coarser steps (days, then weeks, then months), whose
// titles say so. When none fits, or o.Plain is set, it writes the lines
// of text of the first.
func WriteCharts(w io.Writer, ss []Series, o ChartOptions) error {
	if len(ss) == 0 {
		return nil
	}
	for i, s := range ss {
		if p := o.Say; p != nil && s.TitleID != "" {
			s.Title = p.T(s.TitleID)
			s.Labels = sayDays(s.Labels, p)
			s.AxisLabels = sayDays(s.AxisLabels, p)
			ss[i] = s
		}
	}
	bw := bufio.NewWriter(w)
	if !o.Plain {
		for _, s := range ss {
			if chart, ok := drawChart(s, o); ok {
				bw.WriteString(s.Title + ":\n")
				bw.WriteString(chart)
				bw.WriteString("\n")
				return bw.Flush()
			}
		}
	}
	s := ss[0]
	bw.WriteString(s.Title + ":\n")
	for i, v := range s.Values {
		if v != 0 {
			bw.WriteString(s.Labels[i] + ": " + strconv.Itoa(v) + "\n")
		}
	}
	return bw.Flush()
}

// sayDays are days in p's forms.
func sayDays(days []string, p *i18n.Printer) []string {
	if days == nil {
		return nil
	}
	out := make([]string, len(days))
	for i, d := range days {
		out[i] = p.Day(d)
	}
	return out
}

// drawChart returns the chart of s and whether it fits in o.Width.
func drawChart(s Series, o ChartOptions) (string, bool) {
	n := len(s.Values)
	axisLabels := s.AxisLabels
	if axisLabels == nil {
		axisLabels = s.Labels
	}
	if n == 0 || n != len(axisLabels) {
		return "", false
	}
	width := o.Width
	if width <= 0 {
		width = defaultWidth
	}
	top := 0
	for _, v := range s.Values {
		top = max(top, v)
	}
	yLabel := func(v float64) string { return strconv.FormatFloat(math.Round(v), 'f', 0, 64) }
	// The y axis takes its widest label, a space and the axis line; the
	// last label of the x axis may reach half its width past the plot.
	axis := len(yLabel(float64(top))) + 2 + utf8.RuneCountInString(axisLabels[n-1])/2
	// The plot must be wide enough to show its first and last days.
	minPlot := 2*utf8.RuneCountInString(axisLabels[0]) + 2
	for step := min(max((width-axis)/n, 1), maxStepColumns); step >= 1 && n*step >= minPlot; step-- {
		// Each step is drawn as step equal points: a flat segment per
		// day rather than lines interpolated between days, since counts
		// are whole.
		points := make([]float64, 0, n*step)
		for _, v := range s.Values {
			for range step {
				points = append(points, float64(v))
			}
		}
		opts := []asciigraph.Option{
			asciigraph.Height(max(min(top, chartHeight), 1)),
			asciigraph.LowerBound(0),
			asciigraph.YAxisValueFormatter(yLabel),
			asciigraph.XAxisRange(0, float64(len(points)-1)),
			asciigraph.XAxisTickCount(max(min(n, width/16), 2)),
			asciigraph.XAxisValueFormatter(func(v float64) string {
				return axisLabels[min(max(int(math.Round(v))/step, 0), n-1)]
			}),
		}
		plain := asciigraph.Plot(points, opts...)
		if !fits(plain, width) {
			continue
		}
		if o.Color {
			return asciigraph.Plot(points, append(opts, asciigraph.SeriesColors(asciigraph.Blue))...), true
		}
		return plain, true
	}
	return "", false
}

// fits reports whether every line of text is at most width columns wide.
func fits(text string, width int) bool {
	for line := range strings.SplitSeq(text, "\n") {
		if utf8.RuneCountInString(line) > width {
			return false
		}
	}
	return true
}
