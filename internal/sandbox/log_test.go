package sandbox

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// countingListener counts the bytes the server writes (or is about to) on its connections.
type countingListener struct {
	net.Listener
	written *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{c, l.written}, nil
}

type countingConn struct {
	net.Conn
	written *atomic.Int64
}

// Write counts b before writing it, so that bytes a client may hold are
// always counted.
func (c countingConn) Write(b []byte) (int, error) {
	c.written.Add(int64(len(b)))
	return c.Conn.Write(b)
}

// logProbe is a request log that notes, for the line of one request, how
// many bytes the server had written on its connections when it came.
type logProbe struct {
	mu      sync.Mutex
	written *atomic.Int64
	prefix  string
	at      int64
	seen    bool
}

func (p *logProbe) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if strings.Contains(string(b), p.prefix) && !p.seen {
		p.seen, p.at = true, p.written.Load()
	}
	return len(b), nil
}

// TestLogLineBeforeAnswer: a request's log line is written before any
// byte of its answer, so that a client holding its answer (a test counting
// requests in `sandbox serve`'s log) finds the line in the log. A list
// larger than the server's buffers is the case where the answer used to
// leave before the line.
func TestLogLineBeforeAnswer(t *testing.T) {
	store, err := Open(t.Context(), filepath.Join(t.TempDir(), "sandbox.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	written := &atomic.Int64{}
	probe := &logProbe{written: written, prefix: "GET /v1/promo?site_id=1 200"}
	srv := httptest.NewUnstartedServer(NewHandler(store, HandlerOptions{Log: probe}))
	srv.Listener = countingListener{srv.Listener, written}
	srv.Start()
	t.Cleanup(srv.Close)

	do := func(method, path, body string) int64 {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+user1.token)
		req.Header.Set("X-Api-User-Id", user1.userID)
		req.Header.Set("Content-Type", "application/json")
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		n, err := io.Copy(io.Discard, resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s: %s", method, path, resp.Status)
		}
		return n
	}
	for i := range 60 {
		do(http.MethodPost, "/v1/promo", fmt.Sprintf(`{"site_id": 1, "code": "LOGLINE%02d"}`, i))
	}
	before := written.Load()
	if n := do(http.MethodGet, "/v1/promo?site_id=1", ""); n < 16<<10 {
		t.Fatalf("the list's answer is %d bytes, want one larger than the server's buffers", n)
	}
	if !probe.seen {
		t.Fatal("the list read has no line in the log")
	}
	if probe.at != before {
		t.Errorf("%d bytes of the answer were sent before its log line", probe.at-before)
	}
}
