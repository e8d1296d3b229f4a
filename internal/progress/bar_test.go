package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestBarLine(t *testing.T) {
	for _, c := range []struct {
		done, total int
		rate        float64
		eta         time.Duration
		want        string
	}{
		{0, 500, 0, 0, "[------------------------] 0/500"},
		{250, 500, 41.6, 6*time.Second + 20*time.Millisecond, "[############------------] 250/500 42/s ETA 6s"},
		{500, 500, 50, 0, "[########################] 500/500 50/s"},
	} {
		if got := BarLine(c.done, c.total, c.rate, c.eta); got != c.want {
			t.Errorf("BarLine(%d, %d, %v, %s) = %q, want %q", c.done, c.total, c.rate, c.eta, got, c.want)
		}
	}
}

// TestBarRedrawsAtMostEveryInterval: updates between two redraws are
// skipped, except the last one, and Clear erases the line.
func TestBarRedrawsAtMostEveryInterval(t *testing.T) {
	var w bytes.Buffer
	b := NewBar(&w, time.Hour)
	b.Update(1, 3, 0, 0)
	b.Update(2, 3, 0, 0) // within the interval: skipped
	b.Update(3, 3, 0, 0) // the end: always drawn
	b.Clear()
	want := erase + "[########----------------] 1/3" + erase + "[########################] 3/3" + erase
	if w.String() != want {
		t.Errorf("bar wrote %q, want %q", w.String(), want)
	}
}

func TestBarLabel(t *testing.T) {
	var b bytes.Buffer
	bar := NewBar(&b, time.Hour)
	bar.Label = "Reading statistics"
	bar.Update(8, 8, 4, 0)
	if want := erase + "Reading statistics [########################] 8/8 4/s"; b.String() != want {
		t.Errorf("bar = %q, want %q", b.String(), want)
	}
}

// TestBarWords: a bar in another language has its rate's unit, the word
// before the time left and the time in that language; the zero value is
// English.
func TestBarWords(t *testing.T) {
	ru := BarWords{PerSecond: " в секунду", Left: "осталось", Duration: func(d time.Duration) string { return "9 с" }}
	if got, want := ru.line(120, 500, 42, 9*time.Second), "[#####-------------------] 120/500 42 в секунду осталось 9 с"; got != want {
		t.Errorf("Russian line = %q, want %q", got, want)
	}
	if got, want := (BarWords{}).line(120, 500, 42, 9*time.Second), BarLine(120, 500, 42, 9*time.Second); got != want || !strings.HasSuffix(got, "42/s ETA 9s") {
		t.Errorf("English line = %q, want %q", got, want)
	}
}
