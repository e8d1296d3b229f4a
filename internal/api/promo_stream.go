package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
)

// ListStream is a list read from the response as it arrives, one element
// at a time, so that a list of any length is shown in the memory of one
// element (jsonscan.ArrayReader). The response cap applies to it as to a
// whole body.
type ListStream struct {
	c      *Client
	ctx    context.Context
	status int
	r      *jsonscan.ArrayReader
	body   *bodyStream // nil when the body was read whole
	wrap   func(error) error
	err    error // the first error, returned from then on
}

// StreamPromos starts reading the promo codes of a site (GET /v1/promo).
// It returns once the server has answered 2xx with something that starts
// like a list; an answer that is not one (an object, an HTML page, an
// empty body) is refused here as ListPromos refuses it, and null is an
// empty list. The caller reads the elements with Next and closes the
// stream; ctx must stay live until then.
func (c *Client) StreamPromos(ctx context.Context, siteID int64) (*ListStream, error) {
	wrap := func(err error) error { return i18n.NewError(0, "api.list_promos", "Site", siteID, "Err", err) }
	q := url.Values{"site_id": {strconv.FormatInt(siteID, 10)}}
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: "/v1/promo", Query: q, List: true, stream: true})
	if err != nil {
		return nil, wrap(withSubject(err, SiteSubject(siteID)))
	}
	s := &ListStream{c: c, ctx: ctx, status: resp.Status, wrap: wrap, body: resp.stream}
	var body io.Reader = bytes.NewReader(resp.Body) // a stream is not given for HEAD
	if resp.stream != nil {
		body = resp.stream
	}
	// One promo code is a record: no element may be larger than a record
	// may be (8 MiB, or less when PROMOCTL_MAX_RESPONSE says so), so an
	// element that never ends costs that, not the list's cap.
	s.r = jsonscan.NewArrayReaderMax(body, int(min(c.maxRecord, DefaultMaxRecordBytes)))
	first, err := s.r.First()
	if err == nil && first == '[' {
		return s, nil
	}
	if err != nil && err != io.EOF {
		return nil, s.fail(err)
	}
	// Not a list: read the rest (it is short, or the cap stops it) and
	// say what it is, as ListPromos would.
	rest, err := s.r.Rest()
	if err != nil {
		return nil, s.fail(err)
	}
	raw, err := checkShape(&Response{Status: resp.Status, Body: rest}, '[')
	if err != nil {
		s.Close()
		return nil, wrap(err)
	}
	s.r = jsonscan.NewArrayReader(bytes.NewReader(raw)) // null read as []
	return s, nil
}

// Next returns the raw JSON of the next element, valid until the next
// call, or io.EOF after the last. An element that is not valid JSON is a
// *jsonscan.ElementError, for the reader to word; every other error (the
// list cut off or malformed, the cap, a broken connection, the time limit)
// is the list's and reads as ListPromos's errors do. After an error, Next
// returns it again.
func (s *ListStream) Next() ([]byte, error) {
	if s.err != nil {
		return nil, s.err
	}
	e, err := s.r.Next()
	if err == nil {
		return e, nil
	}
	return nil, s.end(err)
}

// end ends the stream with err: io.EOF, an element's error, or the
// list's.
func (s *ListStream) end(err error) error {
	if ee := (*jsonscan.ElementError)(nil); err == io.EOF || errors.As(err, &ee) {
		s.Close()
		s.err = err
		return err
	}
	return s.fail(err)
}

// fail closes the stream and returns err as the list's error.
func (s *ListStream) fail(err error) error {
	s.Close()
	switch {
	case s.ctx.Err() != nil:
		err = s.c.contextError(s.ctx)
	case errors.Is(err, errTooLarge):
		err = tooLargeError(s.status, s.c.maxList)
	case errors.Is(err, jsonscan.ErrTruncated), errors.Is(err, jsonscan.ErrInvalid):
		err = &ResponseError{Status: s.status, Why: i18n.M("api.json.error", "Err", jsonscan.ErrInvalid)}
	case errors.As(err, new(*jsonscan.TooLargeError)):
		err = &ResponseError{Status: s.status, Why: i18n.M("api.json.error", "Err", err)}
	default:
		err = s.c.readError(err)
	}
	s.err = s.wrap(err)
	return s.err
}

// Close closes the response; it may be called more than once.
func (s *ListStream) Close() error {
	if s.body == nil {
		return nil
	}
	return s.body.Close()
}
