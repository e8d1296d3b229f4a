// Package api is the HTTP client of the Mottor (LPmotor) API: requests with
// the contract's headers, retries of idempotent requests, typed errors, a cap
// on response size and a debug log with the token redacted.
package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// The caps on a response body, counted after decompression (Go's transport
// asks for gzip and decodes it transparently), so that a runaway server or a
// gzip bomb cannot exhaust memory. A list of 100,000 promo codes, the most a
// site is known to hold, is about 31 MiB; one record is a few KiB.
const (
	DefaultMaxListBytes   = 512 << 20 // a list (Request.List), and `promoctl api`
	DefaultMaxRecordBytes = 8 << 20   // anything else: one record, an error
)

// Options configure a Client.
type Options struct {
	BaseURL string
	Token   string
	// PublicToken says the token is no secret (the sandbox's published
	// ones, plain words such as "sandbox"): it is still never shown in the
	// Authorization header, but not cut out of URLs and messages.
	PublicToken bool
	UserID      int64
	UserAgent   string
	// Transport sends the requests; nil means a copy of http.DefaultTransport.
	Transport http.RoundTripper
	// Debug, when not nil, receives one line per request and response.
	Debug io.Writer
	// MaxResponseBytes caps every response body (decoded); 0 means the
	// defaults, DefaultMaxListBytes for lists and DefaultMaxRecordBytes for
	// the rest.
	MaxResponseBytes int64
	// Retry is the run's retry policy, of which the client reads the
	// attempts, the back-off, Wait and MaxRetryAfter; a knob left unset
	// is DefaultRetryPolicy's (RetryPolicy.WithDefaults).
	Retry RetryPolicy
	// Timeout is the command's time budget, used only to explain a timeout.
	Timeout time.Duration
	// AllowInsecureHTTP lets the token go over plain HTTP to a host that is
	// not loopback; without it New refuses such a base URL.
	AllowInsecureHTTP bool
	// BaseURLOrigin says how the base URL was chosen, e.g. "from profile
	// default" or "the default" (BaseURLFrom); the message of a 404 from a
	// server that has no such endpoint shows it after the URL.
	BaseURLOrigin i18n.Message
}

// Client talks to the API. It is safe for concurrent use.
type Client struct {
	base        *url.URL
	token       string
	publicToken bool
	userID      int64
	ua          string
	http        *http.Client
	debug       io.Writer
	maxList     int64
	maxRecord   int64
	retry       RetryPolicy
	timeout     time.Duration
	// baseOrigin is Options.BaseURLOrigin.
	baseOrigin i18n.Message
}

// New checks the options and returns a client.
func New(o Options) (*Client, error) {
	base, err := baseurl.Parse(o.BaseURL)
	if err != nil {
		return nil, err
	}
	if strings.ContainsFunc(o.Token, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
		return nil, i18n.NewError(0, "api.token_control")
	}
	if IsPlainHTTP(base) && !o.AllowInsecureHTTP {
		return nil, &PlainHTTPError{Host: base.Host}
	}
	tr := o.Transport
	if tr == nil {
		tr = http.DefaultTransport.(*http.Transport).Clone()
	}
	c := &Client{
		base: base, token: o.Token, publicToken: o.PublicToken, userID: o.UserID, ua: o.UserAgent,
		debug: o.Debug, maxList: DefaultMaxListBytes, maxRecord: DefaultMaxRecordBytes, retry: o.Retry, timeout: o.Timeout,
		baseOrigin: o.BaseURLOrigin,
	}
	c.http = &http.Client{Transport: tr, CheckRedirect: c.checkRedirect}
	if o.MaxResponseBytes > 0 {
		c.maxList, c.maxRecord = o.MaxResponseBytes, o.MaxResponseBytes
	}
	c.retry = c.retry.WithDefaults()
	if c.ua == "" {
		c.ua = "promoctl"
	}
	return c, nil
}

// IsPlainHTTP reports whether requests to u would carry the token in clear
// text over a network: an http URL whose host is not loopback (127.0.0.0/8,
// ::1, localhost or a name under .localhost, which RFC 6761 reserves for
// loopback).
func IsPlainHTTP(u *url.URL) bool {
	return strings.EqualFold(u.Scheme, "http") && !isLoopback(u.Hostname())
}

func isLoopback(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// PlainHTTPError is a base URL that would send the token in clear text.
type PlainHTTPError struct{ Host string }

func (e *PlainHTTPError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *PlainHTTPError) Message() i18n.Message { return i18n.M("api.plain_http", "Host", e.Host) }

// maxRedirects is how many redirects one request follows.
const maxRedirects = 5

// checkRedirect follows a redirect only to the origin the user named: the
// same scheme, host and port (a missing port is the scheme's default). So
// the token never goes to another server, nor in clear text to the same
// one (https://host answering 302 http://host/…). Every hop is logged.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	status := "redirect"
	if req.Response != nil {
		status = req.Response.Status
	}
	c.logf("< %s: redirect to %s", status, req.URL.Redacted())
	if len(via) >= maxRedirects {
		return &redirectError{i18n.M("api.redirect.too_many", "Max", maxRedirects)}
	}
	if why, changed := originChange(via[0].URL, req.URL); changed {
		return &redirectError{i18n.M("api.redirect.refused", "URL", c.redact(req.URL.Redacted()), "Why", why)}
	}
	c.logRequest(req, int(max(req.ContentLength, 0)))
	return nil
}

// originChange says how to differs from from in scheme, host or port;
// false when they are the same origin.
func originChange(from, to *url.URL) (i18n.Message, bool) {
	fs, ts := strings.ToLower(from.Scheme), strings.ToLower(to.Scheme)
	if fs != ts {
		return i18n.M("api.redirect.scheme", "From", fs, "To", ts), true
	}
	if fh, th := strings.ToLower(from.Hostname()), strings.ToLower(to.Hostname()); fh != th {
		return i18n.M("api.redirect.host", "Host", th), true
	}
	if fp, tp := portOf(from), portOf(to); fp != tp {
		return i18n.M("api.redirect.port", "From", fp, "To", tp), true
	}
	return i18n.Message{}, false
}

// portOf is u's port, or its scheme's default.
func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}

// redirectError is a redirect the client refused: the server answered, so
// it is not a connection error, and sending again would be refused again.
type redirectError struct{ msg i18n.Message }

func (e *redirectError) Error() string         { return i18n.InEnglish(e.msg) }
func (e *redirectError) Message() i18n.Message { return e.msg }

// Request is one API call.
type Request struct {
	Method string
	Path   string // relative to the base URL, e.g. /v1/promo
	Query  url.Values
	Body   []byte // JSON; nil for none
	Header http.Header
	// List says the answer may be a list, which may be as large as the
	// list cap; anything else may be as large as one record.
	List bool

	// rawPath and rawQuery are Raw's path as the user escaped it and its
	// query string, sent as they are.
	rawPath, rawQuery string
	// stream leaves a 2xx body unread, for the caller to read as it
	// arrives (Response.stream); the cap still applies.
	stream bool
}

// Response is a successful (2xx) answer.
type Response struct {
	Status int
	Proto  string // "HTTP/1.1", "HTTP/2.0"
	Header http.Header
	Body   []byte
	// stream is the unread body of a Request with stream set; Body is
	// then nil. Whoever gets it closes it.
	stream *bodyStream
}

// Do sends req, retrying where the contract allows, and returns the 2xx
// answer or an error: *Error for an API error, *TimeoutError when the
// context's deadline passed, context.Canceled when the user interrupted.
func (c *Client) Do(ctx context.Context, req Request) (*Response, error) {
	for attempt := 1; ; attempt++ {
		resp, err := c.once(ctx, req)
		if ctx.Err() != nil {
			if resp != nil && resp.stream != nil {
				resp.stream.Close()
			}
			return nil, c.contextError(ctx)
		}
		wait, retry := c.shouldRetry(req.Method, resp, err)
		if !retry || attempt >= c.retry.Attempts {
			if err != nil {
				return nil, unknownOutcome(req.Method, err)
			}
			return c.answer(req, resp, attempt)
		}
		if wait < 0 {
			wait = c.retry.backoff(attempt)
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait || wait > c.maxRetryWait() {
			// The server asked for a pause longer than the time left.
			if err != nil {
				return nil, err
			}
			return c.answer(req, resp, attempt)
		}
		c.logf("retrying in %s (attempt %d of %d)", wait.Round(time.Millisecond), attempt+1, c.retry.Attempts)
		if err := c.wait(ctx, wait); err != nil {
			if ctx.Err() != nil {
				return nil, c.contextError(ctx)
			}
			return nil, err
		}
	}
}

// wait pauses d before a retry, or until ctx ends: RetryPolicy.Wait, or a
// timer.
func (c *Client) wait(ctx context.Context, d time.Duration) error {
	if c.retry.Wait != nil {
		return c.retry.Wait(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *Client) contextError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return &TimeoutError{After: c.timeout}
	}
	return context.Canceled
}

// answer is the final answer to req, after attempts: the 2xx response, or
// an *Error that names the request, so that a 404 from a server without
// such an endpoint can say which, and a failure after retries how often it
// was tried.
func (c *Client) answer(req Request, resp *rawResponse, attempts int) (*Response, error) {
	r, err := resp.ok()
	// What the server says is shown, logged and written to bulk journals:
	// it never carries the token, even when the server echoes it.
	if e, ok := err.(*Error); ok {
		e.Title = c.redact(e.Title)
	}
	if e, ok := err.(*ResponseError); ok {
		e.Reason = c.redact(e.Reason)
	}
	if e, ok := err.(*Error); ok {
		e.Method, e.Path, e.PathFromUser = req.Method, req.Path, req.rawPath != ""
		if e.PathFromUser {
			e.Path = req.rawPath
		}
		e.BaseURL, e.BaseURLOrigin = c.base.String(), c.baseOrigin
		e.Attempts = attempts
	}
	return r, err
}

// rawResponse is any answer, 2xx or not.
type rawResponse struct {
	status int
	proto  string
	header http.Header
	body   []byte
	stream *bodyStream // a 2xx body left unread (Request.stream)
}

func (r *rawResponse) ok() (*Response, error) {
	if r.status >= 200 && r.status < 300 {
		return &Response{Status: r.status, Proto: r.proto, Header: r.header, Body: r.body, stream: r.stream}, nil
	}
	return nil, decodeError(r.status, r.header, r.body)
}

// connError is a failure to talk to the server at all.
type connError struct {
	err  error
	sent bool // whether the request may have reached the server
}

func (e *connError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words: the two failures a person meets first (a
// host name that does not resolve, a server that refuses connections) in
// the run's language, any other as the network says it.
func (e *connError) Message() i18n.Message {
	var dns *net.DNSError
	if errors.As(e.err, &dns) && dns.IsNotFound {
		return i18n.M("api.no_such_host", "Host", dns.Name)
	}
	var ue *url.Error
	if errors.As(e.err, &ue) && errors.Is(e.err, syscall.ECONNREFUSED) {
		if u, err := url.Parse(ue.URL); err == nil && u.Host != "" {
			return i18n.M("api.refused", "Host", u.Host)
		}
	}
	return i18n.M("api.cannot_reach", "Err", e.err)
}
func (e *connError) Unwrap() error { return e.err }

// NotSent reports whether err proves that the request never reached the
// server: the connection to it was never made, or the request was never
// written to it (a TLS handshake that failed, a proxy that refused).
func NotSent(err error) bool {
	var ce *connError
	return errors.As(err, &ce) && !ce.sent
}

// UnknownOutcomeError is a request that is not idempotent (POST, PATCH)
// whose connection broke after it was sent: the server may or may not have
// acted on it, and sending it again could act twice.
type UnknownOutcomeError struct{ Err error }

func (e *UnknownOutcomeError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *UnknownOutcomeError) Message() i18n.Message {
	return i18n.M("api.unknown_outcome", "Err", e.Err)
}

func (e *UnknownOutcomeError) Unwrap() error { return e.Err }

// MayHaveActed reports whether a write (a create) that failed with err may
// still have been carried out: anything but an answer of 4xx, which the
// server refused, and a connection that was never made. Such a write must
// be settled by reading, never sent again blindly (the contract's "outcome
// unknown": connection lost after sending, 5xx, timeout).
func MayHaveActed(err error) bool {
	var ae *Error
	var re *ResponseError
	switch {
	case err == nil:
		return false
	case errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500,
		errors.As(err, &re) && re.Status >= 400 && re.Status < 500,
		NotSent(err):
		return false
	}
	return true
}

// unknownOutcome turns a broken connection after a POST or PATCH was sent
// into an *UnknownOutcomeError.
func unknownOutcome(method string, err error) error {
	var ce *connError
	if errors.As(err, &ce) && ce.sent && !idempotent(method) {
		return &UnknownOutcomeError{Err: ce.err}
	}
	return err
}

func idempotent(method string) bool {
	return method == http.MethodGet || method == http.MethodPut || method == http.MethodDelete || method == http.MethodHead
}

func (c *Client) once(ctx context.Context, req Request) (*rawResponse, error) {
	u := *c.base
	u.Path = c.base.Path + req.Path
	if req.rawPath != "" {
		u.RawPath = c.base.EscapedPath() + req.rawPath
	}
	u.RawQuery = req.Query.Encode()
	if req.rawQuery != "" {
		if u.RawQuery != "" {
			u.RawQuery += "&"
		}
		u.RawQuery += req.rawQuery
	}
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	// The trace tells a request that never left (no connection, a TLS
	// handshake that failed, a proxy that refused) from one written to
	// the server: only the second may have been acted on.
	var conn, wrote atomic.Bool
	tctx := httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GetConn:      func(string) { conn.Store(true) },
		WroteRequest: func(httptrace.WroteRequestInfo) { wrote.Store(true) },
	})
	hr, err := http.NewRequestWithContext(tctx, req.Method, u.String(), body)
	if err != nil {
		return nil, i18n.NewError(0, "api.build_request", "Err", err)
	}
	for k, v := range req.Header {
		hr.Header[k] = v
	}
	hr.Header.Set("Authorization", "Bearer "+c.token)
	hr.Header.Set("X-Api-User-Id", strconv.FormatInt(c.userID, 10))
	hr.Header.Set("Accept", "application/json")
	hr.Header.Set("User-Agent", c.ua)
	if req.Body != nil && hr.Header.Get("Content-Type") == "" {
		hr.Header.Set("Content-Type", "application/json")
	}
	c.logRequest(hr, len(req.Body))
	start := time.Now()
	resp, err := c.http.Do(hr)
	if err != nil {
		if re := (*redirectError)(nil); errors.As(err, &re) {
			c.logf("< %s", re)
			return nil, c.scrub(re)
		}
		c.logf("< error after %s: %s", time.Since(start).Round(time.Millisecond), err)
		// A transport that traces (Go's) says whether the request was
		// written; for one that does not, only a dial error proves it
		// never left.
		sent := !isDialError(err) && (!conn.Load() || wrote.Load())
		return nil, &connError{err: c.scrub(err), sent: sent}
	}
	limit := c.maxRecord
	if req.List {
		limit = c.maxList
	}
	if req.stream && resp.StatusCode >= 200 && resp.StatusCode < 300 && req.Method != http.MethodHead && resp.ContentLength <= limit {
		// Read by the caller as it arrives; logged when it is closed.
		bs := &bodyStream{body: resp.Body, limit: limit, done: func(n int64) {
			c.logf("< %s in %s (%d bytes)", resp.Status, time.Since(start).Round(time.Millisecond), n)
		}}
		return &rawResponse{status: resp.StatusCode, proto: resp.Proto, header: resp.Header, stream: bs}, nil
	}
	defer resp.Body.Close()
	var data []byte
	if req.Method != http.MethodHead {
		// The answer to HEAD has no body, whatever Content-Length says.
		if resp.ContentLength > limit {
			err = errTooLarge
		} else {
			data, err = readBody(resp.Body, limit)
		}
	}
	c.logf("< %s in %s (%d bytes)", resp.Status, time.Since(start).Round(time.Millisecond), len(data))
	if err != nil {
		if errors.Is(err, errTooLarge) {
			return nil, tooLargeError(resp.StatusCode, limit)
		}
		return nil, c.readError(err)
	}
	return &rawResponse{status: resp.StatusCode, proto: resp.Proto, header: resp.Header, body: data}, nil
}

// errTooLarge is a body over the cap inside the client, which says it to
// a person as tooLargeError (and the stream as its own).
var errTooLarge error = tooLargeBody{}

type tooLargeBody struct{}

func (tooLargeBody) Error() string { return "response too large" }

// tooLargeError is a body over the cap.
func tooLargeError(status int, limit int64) error {
	return &ResponseError{Status: status, Why: i18n.M("api.json.too_large", "Size", byteSize(limit))}
}

// readError is a connection that broke while the body was read.
func (c *Client) readError(err error) error {
	return &connError{err: i18n.NewError(0, "api.reading_response", "Err", c.scrub(err)), sent: true}
}

// bodyStream is a response body read by the caller as it arrives. It
// holds the cap: reading past limit bytes is errTooLarge.
type bodyStream struct {
	body   io.ReadCloser
	limit  int64
	n      int64
	done   func(n int64) // called once, on Close, with the bytes read
	closed bool
}

func (b *bodyStream) Read(p []byte) (int, error) {
	if b.n > b.limit {
		return 0, errTooLarge
	}
	if int64(len(p)) > b.limit+1-b.n {
		p = p[:b.limit+1-b.n]
	}
	n, err := b.body.Read(p)
	b.n += int64(n)
	if b.n > b.limit {
		return n, errTooLarge
	}
	return n, err
}

// Close closes the body and logs the response; it may be called again.
func (b *bodyStream) Close() error {
	if b.closed {
		return nil
	}
	b.closed = true
	err := b.body.Close()
	b.done(b.n)
	return err
}

// byteSize is n in MiB when it is a whole number of them, else in bytes.
func byteSize(n int64) i18n.Message {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return i18n.M("api.size.mib", "N", n>>20)
	}
	return i18n.C("api.size.bytes", int(n))
}

// Chunk sizes of readBody: small answers take one small allocation, large
// ones grow in steps of at most maxChunk.
const (
	minChunk = 32 << 10
	maxChunk = 4 << 20
)

// readBody reads at most limit bytes; a longer body is errTooLarge. Memory
// stays bounded by what actually arrived: nothing is allocated from an
// announced Content-Length, and the body is read into chunks that never
// grow past limit+1 bytes in all (a doubling buffer could reach twice the
// limit), then joined once. A refused body costs about the limit; an
// accepted one briefly twice its size, while it is joined.
func readBody(r io.Reader, limit int64) ([]byte, error) {
	var chunks [][]byte
	var n int64
	size := int64(minChunk)
	for {
		size = min(size, limit+1-n)
		buf := make([]byte, size)
		m, err := io.ReadFull(r, buf)
		n += int64(m)
		if m > 0 {
			chunks = append(chunks, buf[:m])
		}
		if n > limit {
			return nil, errTooLarge
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		size = min(size*2, maxChunk)
	}
	switch len(chunks) {
	case 0:
		return []byte{}, nil
	case 1:
		return chunks[0], nil
	}
	out := make([]byte, 0, n)
	for i, c := range chunks {
		out = append(out, c...)
		chunks[i] = nil
	}
	return out, nil
}

func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// shouldRetry decides whether to try again and how long to wait first; a
// negative wait means "use the back-off". GET, PUT and DELETE are retried on
// connection errors, 429 and 502/503/504. POST is retried only where the
// server certainly did not act on it: the connection was never made, or the
// server answered 429.
func (c *Client) shouldRetry(method string, resp *rawResponse, err error) (time.Duration, bool) {
	idempotent := idempotent(method)
	if err != nil {
		var ce *connError
		if !errors.As(err, &ce) {
			return 0, false
		}
		return -1, idempotent || !ce.sent
	}
	switch resp.status {
	case http.StatusTooManyRequests:
		return retryAfter(resp.header.Get("Retry-After")), true
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		if idempotent {
			return retryAfter(resp.header.Get("Retry-After")), true
		}
	}
	return 0, false
}

// retryAfter reads a Retry-After header (ParseRetryAfter); -1 when there
// is none or it cannot be read.
func retryAfter(v string) time.Duration {
	if d, ok := ParseRetryAfter(v, time.Now()); ok {
		return d
	}
	return -1
}

// maxRetryWait is the longest pause before a retry that the client takes
// without a deadline to bound it (RetryPolicy.MaxRetryAfter, or the
// command's timeout if longer): the server asked for longer, and the
// answer it gave is the request's.
func (c *Client) maxRetryWait() time.Duration { return max(c.timeout, c.retry.MaxRetryAfter) }

func (c *Client) logRequest(r *http.Request, bodyLen int) {
	if c.debug == nil {
		return
	}
	c.logf("> %s %s", r.Method, r.URL.Redacted())
	for _, k := range []string{"Accept", "Content-Type", "User-Agent", "X-Api-User-Id"} {
		if v := r.Header.Get(k); v != "" {
			c.logf("> %s: %s", k, v)
		}
	}
	c.logf("> Authorization: Bearer [REDACTED]")
	if bodyLen > 0 {
		c.logf("> (%d bytes of JSON)", bodyLen)
	}
}

func (c *Client) logf(format string, args ...any) {
	if c.debug == nil {
		return
	}
	line := c.redact(fmt.Sprintf(format, args...))
	fmt.Fprintln(c.debug, termsafe.String(line))
}

// redact removes the token from s; see Redact.
func (c *Client) redact(s string) string {
	if c.publicToken {
		return s
	}
	return Redact(s, c.token)
}

// scrub makes sure an error from the transport does not carry the token.
func (c *Client) scrub(err error) error {
	msg := err.Error()
	if r := c.redact(msg); r != msg {
		return errors.New(r)
	}
	return err
}

// minSubstringRedaction is the length from which a token is redacted
// wherever it appears, even inside other text: a collision is then not
// plausible.
const minSubstringRedaction = 16

// Redact replaces token in s with [REDACTED], as it is and URL-escaped. A
// token of minSubstringRedaction characters or more goes wherever it
// appears. A shorter one, such as the sandbox's public "sandbox", only where
// it stands as a whole value — a header value, a path segment, a query
// value, a word — and not inside another word or name: so the base URL
// http://sandbox.localhost stays readable, while Bearer sandbox, /promo/sandbox
// and ?t=sandbox do not show it.
func Redact(s, token string) string {
	if token == "" {
		return s
	}
	forms := []string{token}
	for _, f := range []string{url.QueryEscape(token), url.PathEscape(token)} {
		if !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	for _, f := range forms {
		if len(token) >= minSubstringRedaction {
			s = strings.ReplaceAll(s, f, redacted)
		} else {
			s = replaceWhole(s, f)
		}
	}
	return s
}

const redacted = "[REDACTED]"

// replaceWhole replaces the occurrences of t in s that are not part of a
// longer word (see isWordRune).
func replaceWhole(s, t string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		k := strings.Index(s[i:], t)
		if k < 0 {
			break
		}
		start, end := i+k, i+k+len(t)
		if !wordBefore(s[:start]) && !wordAfter(s[end:]) {
			b.WriteString(s[last:start])
			b.WriteString(redacted)
			last, i = end, end
			continue
		}
		_, size := utf8.DecodeRuneInString(s[start:])
		i = start + size
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// isWordRune reports whether r continues a word or a name: a letter, a
// digit, or one of - _ . ~ (as in sandbox-2, my_token, sandbox.localhost).
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_.~", r)
}

// wordBefore reports whether s ends inside a word.
func wordBefore(s string) bool {
	r, size := utf8.DecodeLastRuneInString(s)
	return size > 0 && isWordRune(r)
}

// wordAfter reports whether s starts by continuing a word. A full stop
// continues one only when a letter or digit follows it (a host name such as
// sandbox.localhost), not at the end of a sentence.
func wordAfter(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || !isWordRune(r) {
		return false
	}
	if r == '.' {
		next, n := utf8.DecodeRuneInString(s[size:])
		return n > 0 && (unicode.IsLetter(next) || unicode.IsDigit(next))
	}
	return true
}

// errorBody is the API's error shape; its fields drift in type.
type errorBody struct {
	Title json.RawMessage `json:"title"`
	Error *Int            `json:"error"`
	Code  *Int            `json:"code"`
}

// decodeError turns a non-2xx answer into *Error, whatever its body: the
// API's JSON, a proxy's HTML page, plain text or nothing.
func decodeError(status int, h http.Header, body []byte) error {
	e := &Error{Status: status}
	var eb errorBody
	if json.Unmarshal(body, &eb) == nil {
		if eb.Error != nil {
			k := int(*eb.Error)
			e.Kind = &k
		}
		var title string
		if json.Unmarshal(eb.Title, &title) == nil {
			e.Title = shorten(termsafe.String(strings.TrimSpace(title)), 200)
		}
		return e
	}
	ct := h.Get("Content-Type")
	if strings.HasPrefix(ct, "text/plain") && len(body) > 0 {
		e.Title = shorten(termsafe.String(strings.TrimSpace(string(body))), 200)
	}
	return e
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func utf8RuneStart(b byte) bool { return b&0xc0 != 0x80 }
