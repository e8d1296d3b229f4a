package bulk

import (
	"errors"
	"net/http"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// ClassifyWrite judges the error of a write (create, update, delete) made
// with the API client. A write is failed — and may be sent again without
// reading the list first — only when the server certainly did not act on
// it:
//   - 429: rate limited, the server did not act;
//   - a 4xx refusal (with or without the API's error body): failed;
//   - the connection was never made (api.NotSent): failed;
//   - anything else — the connection broke after the request was sent, a
//     5xx (whatever its body), a redirect the client refused, a 2xx whose
//     body could not be read, a timeout, a cancellation mid-request, an
//     error of a kind not named here: unknown, settled by the list.
func ClassifyWrite(err error) (Class, time.Duration) {
	var ae *api.Error
	switch {
	case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests:
		return ClassRateLimited, 0
	case api.MayHaveActed(err):
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
