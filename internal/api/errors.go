package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Error is a non-2xx answer of the API. Kind and Title come from the
// {title, error, code} body when the server sent one; a proxy's HTML page or
// an empty body leaves them unset.
type Error struct {
	Status  int    // HTTP status
	Kind    *int   // the body's "error" field
	Title   string // the body's "title" field, made terminal-safe
	Subject string // what the request was about, e.g. "site 2"; set by the resource methods

	// The request, as Client.Do sent it: the method, the path relative to
	// the base URL (without the query), the base URL and how it was chosen
	// (Options.BaseURLOrigin). They name the endpoint a server does not
	// have.
	Method, Path           string
	BaseURL, BaseURLOrigin string
	// PathFromUser says the path was typed by the user (promoctl api), so
	// that it may be the mistake rather than the base URL.
	PathFromUser bool
	// Attempts is how many times the request was sent.
	Attempts int
}

func (e *Error) Error() string {
	if e.NoEndpoint() {
		return e.noEndpoint()
	}
	var b strings.Builder
	b.WriteString(e.category())
	if d := e.detail(); d != "" {
		b.WriteString(": ")
		b.WriteString(d)
	}
	b.WriteString(" (")
	switch {
	case e.Kind != nil && e.Title != "":
		fmt.Fprintf(&b, "API error %d: %s", *e.Kind, e.Title)
	case e.Kind != nil:
		fmt.Fprintf(&b, "API error %d, HTTP %d", *e.Kind, e.Status)
	case e.Title != "":
		fmt.Fprintf(&b, "HTTP %d: %s", e.Status, e.Title)
	case e.Status >= 500 && http.StatusText(e.Status) != "":
		// "server error" stands for several statuses: say which, as a
		// 502 or 504 (a proxy) tells another story than a 500.
		fmt.Fprintf(&b, "HTTP %d %s", e.Status, http.StatusText(e.Status))
	default:
		fmt.Fprintf(&b, "HTTP %d", e.Status)
	}
	b.WriteString(")")
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " after %d attempts", e.Attempts)
	}
	return b.String()
}

// NoEndpoint reports whether the error is a 404 without the API's error
// body (an error kind): an empty answer, a web server's HTML or text page,
// JSON of another shape. The API says which site or promo code it cannot
// find; a server that answers so has no such endpoint at all, most likely
// because the base URL points elsewhere.
func (e *Error) NoEndpoint() bool {
	return e.Status == http.StatusNotFound && e.Kind == nil
}

// noEndpoint is the message of a NoEndpoint error: which server lacks which
// endpoint, and where to look.
func (e *Error) noEndpoint() string {
	var b strings.Builder
	if e.BaseURL != "" && e.Method != "" {
		fmt.Fprintf(&b, "the server at %s has no endpoint %s %s", e.BaseURL, e.Method, e.Path)
	} else {
		b.WriteString("the server has no such endpoint")
	}
	b.WriteString(" (HTTP 404 without an API error")
	if e.Title != "" {
		b.WriteString(": " + e.Title)
	}
	b.WriteString("): check ")
	if e.PathFromUser {
		b.WriteString("the path, and ")
	}
	b.WriteString("--base-url")
	if e.BaseURL != "" {
		b.WriteString(" (now " + e.BaseURL)
		if e.BaseURLOrigin != "" {
			b.WriteString(", " + e.BaseURLOrigin)
		}
		b.WriteString(")")
	}
	return b.String()
}

func (e *Error) category() string {
	switch {
	case e.Status == 400 || e.Status == 422:
		return "invalid request"
	case e.Status == 401:
		return "authentication failed"
	case e.Status == 403:
		return "permission denied"
	case e.Status == 404:
		return "not found"
	case e.Status == 409:
		return "conflict"
	case e.Status == 413:
		return "request too large"
	case e.Status == 429:
		return "rate limited"
	case e.Status >= 500:
		return "server error"
	}
	return "unexpected response"
}

// detail explains the known error kinds in a shop administrator's words.
func (e *Error) detail() string {
	kind := -1
	if e.Kind != nil {
		kind = *e.Kind
	}
	switch {
	case e.Status == 401:
		return "check the token and user id (promoctl auth status)"
	case kind == 30 && strings.HasPrefix(e.Subject, "site "):
		return "you cannot view " + e.Subject
	case kind == 30 && e.Subject != "":
		return "you cannot view the site of " + e.Subject
	case kind == 30:
		return "you cannot view this site"
	case kind == 40 && e.Subject != "":
		return "you cannot view " + e.Subject
	case kind == 40:
		return "you cannot view this promo code"
	case e.Status == 404 && e.Subject != "":
		return e.Subject + " does not exist or is not visible to you"
	}
	return ""
}

// IsStatus reports whether err is an API error with the given HTTP status.
func IsStatus(err error, status int) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == status
}

// TimeoutError is returned when the command's time budget (--timeout) runs
// out before the server answered.
type TimeoutError struct{ After time.Duration }

func (e *TimeoutError) Error() string {
	if e.After <= 0 {
		return "timed out waiting for the server"
	}
	return fmt.Sprintf("timed out after %s waiting for the server (raise it with --timeout)", e.After)
}

// ResponseError is an answer that is not what the API promises: a 2xx with
// a body that is not the expected JSON, or one larger than the client
// accepts.
type ResponseError struct {
	Status int
	Reason string
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("unexpected response from the server (HTTP %d): %s", e.Status, e.Reason)
}
