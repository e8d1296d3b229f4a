package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// Error kinds carried in the "error" field of every error body. Kinds 30 and
// 40 are documented by the API; 0, 10 and 17 are known from the real service;
// the others are sandbox choices (see docs/sandbox.md).
const (
	KindUnknown         = 0  // 500 unknown error; also unknown route (404) and wrong method (405)
	KindInvalid         = 10 // 400 data is invalid; also 409 duplicate code and 413 body too large
	KindUnauthorized    = 16 // 401 missing or wrong credentials (sandbox choice)
	KindUserNotFound    = 17 // 404 user not found
	KindCantViewSite    = 30 // 403 user cant view site
	KindCantViewPromo   = 40 // 403 user cant view promo
	KindPromoNotFound   = 41 // 404 promo code not found (sandbox choice)
	KindProductNotFound = 51 // 404 product not found (sandbox choice)
	KindPageNotFound    = 61 // 404 page not found (sandbox choice)
)

// Error kinds of POST /sandbox/redeem refusing a promo code (422), one per
// Refusal; the sandbox's own, as the endpoint is.
const (
	KindRefusedUnknownCode      = 71
	KindRefusedDisabled         = 72
	KindRefusedNotStarted       = 73
	KindRefusedExpired          = 74
	KindRefusedUsedUp           = 75
	KindRefusedCustomerRequired = 76
	KindRefusedAlreadyUsed      = 77
	KindRefusedNotApplicable    = 78
)

// refusalKinds pairs each Refusal with its error kind.
func refusalKinds() map[Refusal]int {
	return map[Refusal]int{
		RefusalUnknownCode: KindRefusedUnknownCode, RefusalDisabled: KindRefusedDisabled,
		RefusalNotStarted: KindRefusedNotStarted, RefusalExpired: KindRefusedExpired,
		RefusalUsedUp: KindRefusedUsedUp, RefusalCustomerRequired: KindRefusedCustomerRequired,
		RefusalAlreadyUsed: KindRefusedAlreadyUsed, RefusalNotApplicable: KindRefusedNotApplicable,
	}
}

// KindOfRefusal is the error kind POST /sandbox/redeem answers a refusal
// with; 0 for an unknown reason.
func KindOfRefusal(r Refusal) int {
	return refusalKinds()[r]
}

// RefusalOfKind is the refusal an error kind of POST /sandbox/redeem
// stands for, and whether it stands for one.
func RefusalOfKind(kind int) (Refusal, bool) {
	for r, k := range refusalKinds() {
		if k == kind {
			return r, true
		}
	}
	return "", false
}

// Titles of the documented 403 errors, word for word as the API sends them.
const (
	titleCantViewSite  = "user cant view site"
	titleCantViewPromo = "user cant view promo"
	titleInvalidPrefix = "data is invalid: "
)

// apiError is an API failure: an HTTP status and the body
// {"title": string, "error": int, "code": int} with code equal to the status.
type apiError struct {
	Title  string `json:"title"`
	Kind   int    `json:"error"`
	Status int    `json:"code"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%d %s (error %d)", e.Status, e.Title, e.Kind)
}

func newAPIError(status, kind int, format string, args ...any) *apiError {
	return &apiError{Title: fmt.Sprintf(format, args...), Kind: kind, Status: status}
}

// invalidf is a 400 error of kind 10 whose title names the offending field.
func invalidf(format string, args ...any) *apiError {
	return &apiError{Title: titleInvalidPrefix + fmt.Sprintf(format, args...), Kind: KindInvalid, Status: http.StatusBadRequest}
}

func errCantViewSite() *apiError {
	return &apiError{Title: titleCantViewSite, Kind: KindCantViewSite, Status: http.StatusForbidden}
}

func errCantViewPromo() *apiError {
	return &apiError{Title: titleCantViewPromo, Kind: KindCantViewPromo, Status: http.StatusForbidden}
}

func errPromoNotFound(id int64) *apiError {
	return newAPIError(http.StatusNotFound, KindPromoNotFound, "promo %d not found", id)
}

func errUnauthorized(format string, args ...any) *apiError {
	return newAPIError(http.StatusUnauthorized, KindUnauthorized, format, args...)
}

func errInternal() *apiError {
	return newAPIError(http.StatusInternalServerError, KindUnknown, "unknown error")
}

// writeJSON writes v as the JSON body of a response with the given status.
// HTML characters are not escaped: descriptions hold HTML.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		_ = enc.Encode(errInternal())
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// writeError writes err as an error body. Errors that are not API errors
// become 500 with kind 0; their text is not shown to the client.
func writeError(w http.ResponseWriter, err error) {
	var e *apiError
	if !errors.As(err, &e) {
		e = errInternal()
	}
	if e.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="promoctl-sandbox"`)
	}
	writeJSON(w, e.Status, e)
}
