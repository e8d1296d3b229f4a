// Package apitest is a fake of the Mottor API for tests: an httptest server
// on loopback that answers with canned responses and records every request,
// so that a test can assert exactly what promoctl sent.
package apitest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Request is a request the server received.
type Request struct {
	Method string
	Path   string
	Query  string
	Header http.Header
	Body   string
}

// String is "METHOD /path?query", the form tests compare.
func (r Request) String() string {
	if r.Query == "" {
		return r.Method + " " + r.Path
	}
	return r.Method + " " + r.Path + "?" + r.Query
}

// Server is the fake API.
type Server struct {
	*httptest.Server
	t        testing.TB
	mu       sync.Mutex
	requests []Request
	routes   map[string][]http.HandlerFunc
}

// New starts a server that is closed when the test ends.
func New(t testing.TB) *Server {
	s := &Server{t: t, routes: map[string][]http.HandlerFunc{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Handle answers "METHOD /path" with a status and a JSON body. Several
// handlers for one route answer successive requests in turn; the last one
// keeps answering.
func (s *Server) Handle(route string, status int, body string) {
	s.HandleFunc(route, func(w http.ResponseWriter, _ *http.Request) {
		if body != "" {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	})
}

// HandleFunc answers "METHOD /path" with fn.
func (s *Server) HandleFunc(route string, fn http.HandlerFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.routes[route] = append(s.routes[route], fn)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body)) // for a handler that reads it
	route := r.Method + " " + r.URL.Path
	s.mu.Lock()
	s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: string(body)})
	hs := s.routes[route]
	var h http.HandlerFunc
	if len(hs) > 0 {
		h = hs[0]
		if len(hs) > 1 {
			s.routes[route] = hs[1:]
		}
	}
	s.mu.Unlock()
	if h == nil {
		s.t.Errorf("apitest: unexpected request %s", route)
		w.WriteHeader(http.StatusTeapot)
		fmt.Fprintf(w, `{"title":"no fake for %s","error":0,"code":418}`, route)
		return
	}
	h(w, r)
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Routes returns "METHOD /path?query" of each request received, in order.
func (s *Server) Routes() []string {
	var out []string
	for _, r := range s.Requests() {
		out = append(out, r.String())
	}
	return out
}

// Error is an API error body.
func Error(status, kind int, title string) string {
	return fmt.Sprintf(`{"title":%q,"error":%d,"code":%d}`, title, kind, status)
}

// Lines joins lines with newlines and a final newline, for expected output.
// Trailing spaces are dropped, as the table renderer drops them, so that a
// test can write a table's lines padded to their columns.
func Lines(lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimRight(l, " "))
		b.WriteByte('\n')
	}
	return b.String()
}
