package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Error is a non-2xx answer of the API. Kind and Title come from the
// {title, error, code} body when the server sent one; a proxy's HTML page or
// an empty body leaves them unset. Its words are a catalog message
// (Message); Error() is that message in English.
type Error struct {
	Status  int     // HTTP status
	Kind    *int    // the body's "error" field
	Title   string  // the body's "title" field, made terminal-safe
	Subject Subject // what the request was about, e.g. site 2; set by the resource methods

	// The request, as Client.Do sent it: the method, the path relative to
	// the base URL (without the query), the base URL and how it was chosen
	// (Options.BaseURLOrigin). They name the endpoint a server does not
	// have.
	Method, Path  string
	BaseURL       string
	BaseURLOrigin i18n.Message
	// PathFromUser says the path was typed by the user (promoctl api), so
	// that it may be the mistake rather than the base URL.
	PathFromUser bool
	// Attempts is how many times the request was sent.
	Attempts int
}

// Subject is what a request was about: a site, a promo code, a product or
// a page, by id. The zero Subject is none.
type Subject struct {
	Kind SubjectKind
	ID   int64
}

// SubjectKind is the kind of thing a Subject names.
type SubjectKind string

// The kinds of subjects.
const (
	SubjectSite    SubjectKind = "site"
	SubjectPromo   SubjectKind = "promo"
	SubjectProduct SubjectKind = "product"
	SubjectPage    SubjectKind = "page"
)

// SiteSubject is site id as a Subject.
func SiteSubject(id int64) Subject { return Subject{Kind: SubjectSite, ID: id} }

// PromoSubject is promo code id as a Subject.
func PromoSubject(id int64) Subject { return Subject{Kind: SubjectPromo, ID: id} }

// message is the subject as the subject of a sentence ("site 2"), or, with
// to, as what access is to (Russian's dative: "к сайту 2").
func (s Subject) message(to bool) i18n.Message {
	id := "api.subject." + string(s.Kind)
	if to {
		id += ".to"
	}
	return i18n.M(id, "ID", s.ID)
}

func (e *Error) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words: what kind of failure (its category), what
// it means for the request's subject, what the server said, and how often
// the request was tried.
func (e *Error) Message() i18n.Message {
	if e.NoEndpoint() {
		return e.noEndpoint()
	}
	var said i18n.Message
	switch {
	case e.Kind != nil && e.Title != "":
		said = i18n.M("api.said.kind_title", "Kind", *e.Kind, "Title", e.Title)
	case e.Kind != nil:
		said = i18n.M("api.said.kind_status", "Kind", *e.Kind, "Status", e.Status)
	case e.Title != "":
		said = i18n.M("api.said.status_title", "Status", e.Status, "Title", e.Title)
	case e.Status >= 500 && http.StatusText(e.Status) != "":
		// "server error" stands for several statuses: say which, as a
		// 502 or 504 (a proxy) tells another story than a 500.
		said = i18n.M("api.said.status_text", "Status", e.Status, "Text", http.StatusText(e.Status))
	default:
		said = i18n.M("api.said.status", "Status", e.Status)
	}
	category := i18n.M("api.category." + category(e.Status))
	m := i18n.M("api.error", "Category", category, "Said", said)
	switch d, ok := e.detail(); {
	case ok && e.Status == http.StatusUnauthorized:
		m = i18n.M("api.error_detail", "Category", category, "Detail", d, "Said", said)
	case ok:
		// The detail says what the category would (not found, no access):
		// said once.
		m = i18n.M("api.error_said", "Detail", d, "Said", said)
	}
	if e.Attempts > 1 {
		m = i18n.C("api.after_attempts", e.Attempts, "Err", m)
	}
	return m
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
func (e *Error) noEndpoint() i18n.Message {
	what := i18n.M("api.no_endpoint.unknown")
	if e.BaseURL != "" && e.Method != "" {
		what = i18n.M("api.no_endpoint.server", "URL", e.BaseURL, "Method", e.Method, "Path", e.Path)
	}
	said := i18n.M("api.no_endpoint.said")
	if e.Title != "" {
		said = i18n.M("api.no_endpoint.said_title", "Title", e.Title)
	}
	check := i18n.M("api.no_endpoint.check_base_url")
	switch {
	case e.BaseURL != "" && e.BaseURLOrigin.ID != "":
		check = i18n.M("api.no_endpoint.check_base_url_now_from", "URL", e.BaseURL, "Origin", e.BaseURLOrigin)
	case e.BaseURL != "":
		check = i18n.M("api.no_endpoint.check_base_url_now", "URL", e.BaseURL)
	}
	if e.PathFromUser {
		check = i18n.M("api.no_endpoint.check_path", "Check", check)
	}
	return i18n.M("api.no_endpoint", "What", what, "Said", said, "Check", check)
}

// category names the catalog's word for an HTTP status.
func category(status int) string {
	switch {
	case status == 400 || status == 422:
		return "invalid"
	case status == 401:
		return "auth"
	case status == 403:
		return "forbidden"
	case status == 404:
		return "not_found"
	case status == 409:
		return "conflict"
	case status == 413:
		return "too_large"
	case status == 429:
		return "rate_limited"
	case status >= 500:
		return "server"
	}
	return "unexpected"
}

// detail explains the known error kinds in a shop administrator's words.
func (e *Error) detail() (i18n.Message, bool) {
	kind := -1
	if e.Kind != nil {
		kind = *e.Kind
	}
	has := e.Subject.Kind != ""
	switch {
	case e.Status == 401:
		return i18n.M("api.detail.auth"), true
	case kind == 30 && e.Subject.Kind == SubjectSite:
		return i18n.M("api.detail.cannot_view", "Subject", e.Subject.message(true)), true
	case kind == 30 && has:
		return i18n.M("api.detail.cannot_view_site_of", "Subject", e.Subject.message(false)), true
	case kind == 30:
		return i18n.M("api.detail.cannot_view_site"), true
	case kind == 40 && has:
		return i18n.M("api.detail.cannot_view", "Subject", e.Subject.message(true)), true
	case kind == 40:
		return i18n.M("api.detail.cannot_view_promo"), true
	case e.Status == 404 && has:
		// One entry per kind: a language may agree its words with the
		// subject (Russian: промокод не найден, страница не найдена).
		return i18n.M("api.detail.not_found."+string(e.Subject.Kind), "ID", e.Subject.ID), true
	}
	return i18n.Message{}, false
}

// inContext is err with the request it answered (the message id and its
// args, "get promo {{.ID}}"), unless err already names the request's
// subject (promo code 9999 does not exist…; you cannot view site 2): that
// one is said once.
func inContext(err error, id string, args ...any) error {
	if e := (*Error)(nil); errors.As(err, &e) && e.Status != http.StatusUnauthorized && e.Subject.Kind != "" && !e.NoEndpoint() {
		if _, ok := e.detail(); ok {
			return err
		}
	}
	return i18n.NewError(0, id, append(args, "Err", err)...)
}

// IsStatus reports whether err is an API error with the given HTTP status.
func IsStatus(err error, status int) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == status
}

// TimeoutError is returned when the command's time budget (--timeout) runs
// out before the server answered.
type TimeoutError struct{ After time.Duration }

func (e *TimeoutError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *TimeoutError) Message() i18n.Message {
	if e.After <= 0 {
		return i18n.M("api.timeout")
	}
	return i18n.M("api.timeout_after", "After", e.After)
}

// ResponseError is an answer that is not what the API promises: a 2xx with
// a body that is not the expected JSON, or one larger than the client
// accepts.
type ResponseError struct {
	Status int
	// Why says what is wrong; when it is unset, Reason does, in the words
	// of the JSON decoder that found it.
	Why    i18n.Message
	Reason string
}

func (e *ResponseError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *ResponseError) Message() i18n.Message {
	if e.Why.ID != "" {
		return i18n.M("api.response", "Status", e.Status, "Reason", e.Why)
	}
	return i18n.M("api.response", "Status", e.Status, "Reason", e.Reason)
}
