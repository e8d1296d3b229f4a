package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryAfterCeiling is the longest wait a Retry-After is read as: a
// larger value (up to any number of digits) is read as this, never as a
// time.Duration that wrapped around to a negative or a short one. Every
// caller refuses to wait that long (RetryPolicy.MaxRetryAfter caps the
// client's retries and the bulk engine's), so such a value ends the
// request or the job.
const RetryAfterCeiling = 100 * 365 * 24 * time.Hour

// ParseRetryAfter reads a Retry-After header's value (RFC 9110): whole
// seconds, or an HTTP date, counted from now. ok is false when there is
// none or it cannot be read (a negative or fractional number, other
// text): the caller's default applies. A date in the past is 0.
//
// It is promoctl's one reader of Retry-After: the API client's retries and
// the bulk engine's throttle agree on every value.
func ParseRetryAfter(v string, now time.Time) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if strings.Trim(v, "0123456789") == "" {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil || s > uint64(RetryAfterCeiling/time.Second) {
			return RetryAfterCeiling, true // only digits: too many of them
		}
		return time.Duration(s) * time.Second, true
	}
	at, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return min(max(at.Sub(now), 0), RetryAfterCeiling), true
}
