package bulk

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// ClassifyWrite judges the error of a write (create, update, delete) made
// with the API client:
//   - 429: rate limited, the server did not act;
//   - the connection broke after the request was sent, a 5xx, a timeout,
//     or a cancellation mid-request (the grace period ran out): unknown;
//   - a 2xx whose body could not be read: unknown (the server acted, but
//     what it made cannot be told from the answer);
//   - anything else (4xx, the server unreachable before sending): failed.
func ClassifyWrite(err error) (Class, time.Duration) {
	var ae *api.Error
	var re *api.ResponseError
	var ue *api.UnknownOutcomeError
	var te *api.TimeoutError
	switch {
	case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests:
		return ClassRateLimited, 0
	case errors.As(err, &ae) && ae.Status >= 500:
		return ClassUnknown, 0
	case errors.As(err, &ae):
		return ClassFailed, 0
	case errors.As(err, &re) && re.Status >= 200 && re.Status < 300:
		return ClassUnknown, 0
	case errors.As(err, &ue), errors.As(err, &te),
		errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return ClassUnknown, 0
	}
	return ClassFailed, 0
}

// ClassifyRead judges the error of a read (statistics for promo report):
// 429 is rate limited, anything else failed, since a read changes nothing.
func ClassifyRead(err error) (Class, time.Duration) {
	if c, _ := ClassifyWrite(err); c == ClassRateLimited {
		return c, 0
	}
	return ClassFailed, 0
}
