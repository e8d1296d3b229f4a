package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxBodyBytes is the largest request body the sandbox accepts; larger
// bodies answer 413.
const MaxBodyBytes = 1 << 20

// HandlerOptions configure NewHandler.
type HandlerOptions struct {
	// Log receives one line per request: time, method, path with query,
	// status and the time until the answer, written before the answer is
	// sent. Nil logs nothing.
	Log io.Writer
	// Faults are bad conditions put on every request (none by default).
	Faults Faults
}

// NewHandler returns the HTTP handler serving the 14 API endpoints from
// store, and the sandbox's own POST /sandbox/redeem (see RedeemPath). Unknown paths answer 404 and known paths with another method 405,
// with the API's error body.
func NewHandler(store *Store, opts HandlerOptions) http.Handler {
	h := &handler{store: store, log: opts.Log, faults: newFaults(opts.Faults)}
	h.routes = h.table()
	return h
}

type handler struct {
	store  *Store
	routes []route
	faults *faults

	log   io.Writer
	logMu sync.Mutex // serializes log lines
}

// route is one endpoint: a method and a path pattern whose segments are
// literals or {name} parameters. The first matching route wins.
type route struct {
	method     string
	pattern    string
	deprecated *deprecation
	serve      func(c *call) error
}

// call is one authenticated request being served.
type call struct {
	w      http.ResponseWriter
	r      *http.Request
	user   int64
	params map[string]string
}

func (h *handler) table() []route {
	return []route{
		{method: http.MethodGet, pattern: "/v1/promo", serve: h.listPromos},
		{method: http.MethodPost, pattern: "/v1/promo", serve: h.createPromo},
		{method: http.MethodGet, pattern: "/v1/promo/{promo_id}", serve: h.getPromo},
		{method: http.MethodPut, pattern: "/v1/promo/{promo_id}", serve: h.updatePromo},
		{method: http.MethodDelete, pattern: "/v1/promo/{promo_id}", serve: h.deletePromo},
		{method: http.MethodGet, pattern: "/v1/promo/{promo_id}/statistics", serve: h.promoStats},
		{method: http.MethodGet, pattern: "/v1/shop/product/{product_id}", serve: h.getProduct},
		{method: http.MethodGet, pattern: "/v3/public/site", serve: h.listSites},
		{method: http.MethodGet, pattern: "/v3/public/site/page/{page_id}", serve: h.getPage},
		{method: http.MethodGet, pattern: "/v3/public/site/{site_id}", serve: h.getSite},
		{method: http.MethodGet, pattern: "/v3/public/site/{site_id}/page", serve: h.listPages},
		{method: http.MethodGet, pattern: "/v1/site", serve: h.listSitesV1, deprecated: sitesDeprecation("/v3/public/site")},
		{method: http.MethodGet, pattern: "/v1/site/{site_id}", serve: h.getSiteV1, deprecated: sitesDeprecation("/v3/public/site/{site_id}")},
		{method: http.MethodGet, pattern: "/v1/site/{site_id}/page", serve: h.listPagesV1, deprecated: pagesDeprecation("/v3/public/site/{site_id}/page")},
		{method: http.MethodPost, pattern: RedeemPath, serve: h.redeem},
	}
}

// ServeHTTP implements http.Handler.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	// The request's log line is written before any byte of its answer
	// (or the closing of its connection): a client that has its answer
	// finds the line in the log.
	sw := &statusWriter{ResponseWriter: w}
	sw.answering = func() { h.logRequest(r, sw.status, time.Since(start), sw.note) }
	defer func() {
		v := recover()
		if v != nil && v != http.ErrAbortHandler {
			h.logf("panic serving %s %s: %v", r.Method, r.URL.Path, v)
			if sw.status == 0 {
				writeError(sw, errInternal())
			}
		}
		sw.answer()
		if v == http.ErrAbortHandler {
			panic(v)
		}
	}()
	// A write the sandbox has been sent is carried out whether or not its
	// client waits for the answer (its --timeout, Ctrl-C, a kill -9), as
	// on a server: its body is read at once, and the client's leaving
	// cancels nothing of it, neither the wait of --latency or
	// --create-latency nor the commit. A read whose client left is not
	// served: it would change nothing.
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
		if err != nil {
			writeError(sw, invalidf("could not read the request body: %v", err))
			return
		}
		r = r.WithContext(context.WithoutCancel(r.Context()))
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	// Faults: the rate limit counts every request as it arrives; the
	// latency delays every answer, 429 included, and holds no lock.
	retryAfter, admitted := h.faults.admit(start)
	if !h.faults.delay(r.Context()) {
		sw.note = "(the client left during --latency)"
		return
	}
	if !admitted {
		h.faults.tooManyRequests(sw, retryAfter)
		return
	}
	rt, params, allowed := h.match(r.Method, r.URL.Path)
	if rt == nil {
		if len(allowed) > 0 {
			sw.Header().Set("Allow", strings.Join(allowed, ", "))
			writeError(sw, newAPIError(http.StatusMethodNotAllowed, KindUnknown, "method %s not allowed on %s; allowed: %s", r.Method, r.URL.Path, strings.Join(allowed, ", ")))
			return
		}
		writeError(sw, newAPIError(http.StatusNotFound, KindUnknown, "no such endpoint: %s %s", r.Method, r.URL.Path))
		return
	}
	if rt.deprecated != nil {
		rt.deprecated.setHeaders(sw.Header(), params)
	}
	user, err := authenticate(r)
	if err != nil {
		writeError(sw, err)
		return
	}
	if rt.method == http.MethodPost && rt.pattern == "/v1/promo" && h.faults.CreateLatency > 0 {
		// A slow create, read and cut loose of its client above: stored
		// later whether or not its client is still there.
		h.faults.createDelay()
	}
	if rt.method == http.MethodPost && rt.pattern == "/v1/promo" && h.faults.DropAfterCreate > 0 {
		h.serveDroppable(sw, r, rt, user, params)
		return
	}
	h.serve(sw, r, rt, user, params)
}

// serve answers an authenticated request on its route.
func (h *handler) serve(w http.ResponseWriter, r *http.Request, rt *route, user int64, params map[string]string) {
	if err := rt.serve(&call{w: w, r: r, user: user, params: params}); err != nil {
		var ae *apiError
		if !errors.As(err, &ae) {
			h.logf("error serving %s %s: %v", r.Method, r.URL.Path, err)
		}
		writeError(w, err)
	}
}

// serveDroppable serves a create under --drop-after-create: the answer is
// held back until the create is committed; for the chosen fraction of
// successful creates it is never sent and the connection is closed.
func (h *handler) serveDroppable(sw *statusWriter, r *http.Request, rt *route, user int64, params map[string]string) {
	rec := newRecorder()
	h.serve(rec, r, rt, user, params)
	if rec.status == http.StatusCreated && h.faults.drop() {
		sw.status, sw.note = rec.status, "(stored; answer dropped: --drop-after-create)"
		sw.answer()
		conn, _, err := http.NewResponseController(sw.ResponseWriter).Hijack()
		if err != nil {
			// In-process, or a server that cannot hand over the
			// connection: abort the response, which closes it unanswered.
			panic(http.ErrAbortHandler)
		}
		_ = conn.Close()
		return
	}
	for k, v := range rec.header {
		sw.Header()[k] = v
	}
	sw.WriteHeader(rec.status)
	_, _ = sw.Write(rec.body.Bytes())
}

// match finds the route of a request. When the path is known but not with
// this method, it returns the allowed methods instead.
func (h *handler) match(method, path string) (*route, map[string]string, []string) {
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	var allowed []string
	for i := range h.routes {
		rt := &h.routes[i]
		params, ok := matchPattern(rt.pattern, segs)
		if !ok {
			continue
		}
		if rt.method == method {
			return rt, params, nil
		}
		allowed = append(allowed, rt.method)
	}
	sort.Strings(allowed)
	return nil, nil, allowed
}

func matchPattern(pattern string, segs []string) (map[string]string, bool) {
	want := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
	if len(want) != len(segs) {
		return nil, false
	}
	params := map[string]string{}
	for i, w := range want {
		if strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}") {
			if segs[i] == "" {
				return nil, false
			}
			params[w[1:len(w)-1]] = segs[i]
			continue
		}
		if w != segs[i] {
			return nil, false
		}
	}
	return params, true
}

// id returns a path parameter that must be a positive integer.
func (c *call) id(name string) (int64, error) {
	v, err := strconv.ParseInt(c.params[name], 10, 64)
	if err != nil || v <= 0 {
		return 0, invalidf("%s must be a positive integer, got %q", name, c.params[name])
	}
	return v, nil
}

// body reads the request body, refusing more than MaxBodyBytes with 413.
// It reads up to the limit even when Content-Length already says too much,
// so that a client still sending gets the answer rather than a reset
// connection.
func (c *call) body() ([]byte, error) {
	tooLarge := newAPIError(http.StatusRequestEntityTooLarge, KindInvalid, "request body too large: the limit is %d bytes", MaxBodyBytes)
	if c.r.Body == nil {
		return nil, nil
	}
	b, err := io.ReadAll(io.LimitReader(c.r.Body, MaxBodyBytes+1))
	if err != nil {
		return nil, invalidf("could not read the request body: %v", err)
	}
	if len(b) > MaxBodyBytes {
		return nil, tooLarge
	}
	return b, nil
}

func (c *call) json(status int, v any) error {
	writeJSON(c.w, status, v)
	return nil
}

func (h *handler) logRequest(r *http.Request, status int, d time.Duration, note string) {
	if h.log == nil {
		return
	}
	if status == 0 {
		status = http.StatusOK
	}
	if note != "" {
		note = " " + note
	}
	h.logf("%s %s %d %s%s", r.Method, r.URL.RequestURI(), status, d.Round(time.Microsecond), note)
}

func (h *handler) logf(format string, args ...any) {
	if h.log == nil {
		return
	}
	line := time.Now().Format("2006-01-02T15:04:05.000Z07:00") + " " + fmt.Sprintf(format, args...) + "\n"
	h.logMu.Lock()
	defer h.logMu.Unlock()
	_, _ = io.WriteString(h.log, line)
}

// statusWriter remembers the status written, for the request log, and
// calls answering once, before the answer's first byte goes out.
type statusWriter struct {
	http.ResponseWriter
	status    int
	note      string // added to the log line
	answering func()
}

// answer calls answering, the first time only.
func (w *statusWriter) answer() {
	if f := w.answering; f != nil {
		w.answering = nil
		f()
	}
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.answer()
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.answer()
	return w.ResponseWriter.Write(b)
}

// deprecation describes a deprecated v1 endpoint: when it was deprecated, its
// announced removal and its successor. The specification gives the dates of
// deprecation; the removal date is a sandbox choice (two years later).
type deprecation struct {
	since, sunset time.Time
	successor     string
}

func sitesDeprecation(successor string) *deprecation {
	return &deprecation{
		since:     time.Date(2025, 11, 20, 0, 0, 0, 0, time.UTC),
		sunset:    time.Date(2027, 11, 20, 0, 0, 0, 0, time.UTC),
		successor: successor,
	}
}

func pagesDeprecation(successor string) *deprecation {
	return &deprecation{
		since:     time.Date(2025, 11, 25, 0, 0, 0, 0, time.UTC),
		sunset:    time.Date(2027, 11, 25, 0, 0, 0, 0, time.UTC),
		successor: successor,
	}
}

// setHeaders writes Deprecation (RFC 9745), Sunset (RFC 8594) and a Link to
// the successor endpoint.
func (d *deprecation) setHeaders(hdr http.Header, params map[string]string) {
	hdr.Set("Deprecation", "@"+strconv.FormatInt(d.since.Unix(), 10))
	hdr.Set("Sunset", d.sunset.Format(http.TimeFormat))
	succ := d.successor
	for k, v := range params {
		if _, err := strconv.ParseUint(v, 10, 63); err != nil {
			return // no link for a malformed id
		}
		succ = strings.ReplaceAll(succ, "{"+k+"}", v)
	}
	hdr.Set("Link", "<"+succ+`>; rel="successor-version"`)
}
