package bulk

import (
	"context"
	"time"
)

// NewThrottleClock is NewThrottle on the clock that now and sleep give:
// the commands' tests run a throttle on a simulated clock, so that a
// Retry-After is honoured without waiting it out.
func NewThrottleClock(perSecond float64, now func() time.Time, sleep func(context.Context, time.Duration) error) *Throttle {
	return newThrottle(perSecond, funcClock{now, sleep})
}

// funcClock is a clock made of two functions.
type funcClock struct {
	now   func() time.Time
	sleep func(context.Context, time.Duration) error
}

func (c funcClock) Now() time.Time { return c.now() }

func (c funcClock) Sleep(ctx context.Context, d time.Duration) error { return c.sleep(ctx, d) }
