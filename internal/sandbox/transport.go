package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Transport returns an http.RoundTripper that serves every request by
// calling h directly, in-process: no port is opened and nothing leaves the
// process. The response is complete (status, headers, body, ContentLength,
// Request) as from a real server. A request whose context ends before the
// handler finishes fails with the context's error; one whose handler aborts
// the answer (panics with http.ErrAbortHandler) fails with an error that
// matches io.ErrUnexpectedEOF, as a connection lost after sending does.
func Transport(h http.Handler) http.RoundTripper {
	return &transport{h: h}
}

type transport struct {
	h http.Handler
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if req.Body != nil {
		defer req.Body.Close()
	}
	if req.URL == nil {
		return nil, i18n.NewError(0, "sandbox.err.transport_no_url")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in, err := serverRequest(req)
	if err != nil {
		return nil, err
	}
	rec := newRecorder()
	done := make(chan struct{})
	var panicked any
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		t.h.ServeHTTP(rec, in)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if panicked == http.ErrAbortHandler {
		// The handler closed the connection without an answer, as
		// --drop-after-create does: the request was sent and may have
		// been acted on, as when a server's connection breaks.
		return nil, i18n.NewError(0, "sandbox.err.transport_dropped", "Method", req.Method, "Path", req.URL.Path, "Err", io.ErrUnexpectedEOF)
	}
	if panicked != nil {
		return nil, i18n.NewError(0, "sandbox.err.transport_panic", "Method", req.Method, "Path", req.URL.Path, "Value", fmt.Sprint(panicked))
	}
	return rec.response(req), nil
}

// serverRequest turns a client request into the request a server handler
// would see. The body is read in full first so that the handler goroutine
// never touches the caller's body after RoundTrip returns.
func serverRequest(req *http.Request) (*http.Request, error) {
	in := req.Clone(req.Context())
	in.Body = http.NoBody
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		if err != nil {
			return nil, i18n.NewError(0, "sandbox.err.transport_body", "Err", err)
		}
		in.Body = io.NopCloser(bytes.NewReader(b))
		in.ContentLength = int64(len(b))
	}
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	in.RequestURI = req.URL.RequestURI()
	in.RemoteAddr = "127.0.0.1:0"
	in.Proto, in.ProtoMajor, in.ProtoMinor = "HTTP/1.1", 1, 1
	if in.Method == "" {
		in.Method = http.MethodGet
	}
	return in, nil
}

// recorder is a minimal http.ResponseWriter that keeps the response.
type recorder struct {
	header      http.Header
	status      int
	body        bytes.Buffer
	wroteHeader bool
}

func newRecorder() *recorder {
	return &recorder{header: http.Header{}}
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if r.wroteHeader {
		return
	}
	r.wroteHeader = true
	r.status = status
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// response builds the client's view of what the handler wrote.
func (r *recorder) response(req *http.Request) *http.Response {
	r.WriteHeader(http.StatusOK)
	hdr := r.header.Clone()
	body := r.body.Bytes()
	res := &http.Response{
		Status:        strconv.Itoa(r.status) + " " + http.StatusText(r.status),
		StatusCode:    r.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        hdr,
		ContentLength: int64(len(body)),
		Body:          io.NopCloser(bytes.NewReader(body)),
		Request:       req,
	}
	if r.status == http.StatusNoContent || r.status == http.StatusNotModified || req.Method == http.MethodHead || len(body) == 0 {
		res.Body = http.NoBody
		res.ContentLength = 0
		if r.status != http.StatusNoContent && r.status != http.StatusNotModified {
			hdr.Set("Content-Length", "0")
		}
		return res
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	return res
}
