package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// barWidth is the number of cells of the bar itself.
const barWidth = 24

// Bar draws the progress of a bulk run on one line of a terminal, redrawn
// in place with \r: a bar, the count, the rate and the time left. It
// redraws at most every interval, and always at the end. The caller
// decides whether one may be drawn at all (stderr is a terminal).
type Bar struct {
	// Label, when set, is written before the bar: what is being done.
	Label string
	// Words, when set, are the bar's words in a person's language; the
	// zero value is English: 42/s ETA 9s.
	Words BarWords

	w        io.Writer
	interval time.Duration

	mu    sync.Mutex
	last  time.Time
	drawn bool
}

// NewBar returns a bar drawn on w, redrawn at most every interval
// (DefaultInterval when 0).
func NewBar(w io.Writer, interval time.Duration) *Bar {
	if interval <= 0 {
		interval = DefaultInterval
	}
	return &Bar{w: w, interval: interval}
}

// Update redraws the bar for done of total items at rate items per second,
// with eta left (0: unknown). It is safe for concurrent use.
func (b *Bar) Update(done, total int, rate float64, eta time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if done < total && b.drawn && now.Sub(b.last) < b.interval {
		return
	}
	b.last, b.drawn = now, true
	line := b.Words.line(done, total, rate, eta)
	if b.Label != "" {
		line = b.Label + " " + line
	}
	fmt.Fprintf(b.w, "%s%s", erase, line)
}

// Clear erases the bar, if it was drawn, so that the next line starts at
// the left margin.
func (b *Bar) Clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		io.WriteString(b.w, erase)
		b.drawn = false
	}
}

// BarWords are the words of a bar: the unit of its rate, the word before
// the time left, and how a time is written. Empty ones are English.
type BarWords struct {
	PerSecond string                     // after the rate: "/s"
	Left      string                     // before the time left: "ETA"
	Duration  func(time.Duration) string // the time left: 9s
}

// BarLine is the text of the bar: [#########---------------] 120/500 42/s ETA 9s.
func BarLine(done, total int, rate float64, eta time.Duration) string {
	return BarWords{}.line(done, total, rate, eta)
}

func (w BarWords) line(done, total int, rate float64, eta time.Duration) string {
	perSecond, left, dur := w.PerSecond, w.Left, w.Duration
	if perSecond == "" {
		perSecond = "/s"
	}
	if left == "" {
		left = "ETA"
	}
	if dur == nil {
		dur = time.Duration.String
	}
	filled := 0
	if total > 0 {
		filled = min(barWidth*done/total, barWidth)
	}
	line := fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat("-", barWidth-filled), done, total)
	if rate > 0 {
		line += fmt.Sprintf(" %.0f%s", rate, perSecond)
	}
	if eta > 0 && done < total {
		line += " " + left + " " + dur(eta.Round(time.Second))
	}
	return line
}
