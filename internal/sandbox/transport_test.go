package sandbox

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func newTransportClient(t *testing.T) (*http.Client, *Store) {
	t.Helper()
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "sandbox.db"), Options{Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &http.Client{Transport: Transport(NewHandler(s, HandlerOptions{}))}, s
}

func transportDo(t *testing.T, c *http.Client, method, url, body string) (*http.Request, *http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sandbox")
	req.Header.Set("X-Api-User-Id", "1")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	validateExchange(t, specRouter(t), req, response{status: res.StatusCode, header: res.Header, body: b}, true)
	return req, res, b
}

func TestTransportRoundTrip(t *testing.T) {
	c, _ := newTransportClient(t)
	const base = "https://api.lpmotor.ru"

	req, res, body := transportDo(t, c, "GET", base+"/v1/promo?site_id=1", "")
	if res.StatusCode != 200 || res.Status != "200 OK" || res.Proto != "HTTP/1.1" {
		t.Errorf("status %q proto %q", res.Status, res.Proto)
	}
	if res.Request != req {
		t.Error("response.Request is not the request sent")
	}
	if res.ContentLength != int64(len(body)) || res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
		t.Errorf("ContentLength %d, header %q, body %d bytes", res.ContentLength, res.Header.Get("Content-Length"), len(body))
	}
	if res.Header.Get("Content-Type") != "application/json; charset=utf-8" || !strings.HasPrefix(string(body), `[{"id":1001,`) {
		t.Errorf("list via transport: %v %s", res.Header, body)
	}

	_, res, body = transportDo(t, c, "POST", base+"/v1/promo", `{"site_id":1,"code":"INPROC1","is_enabled":true}`)
	if res.StatusCode != 201 || res.Header.Get("Location") != "/v1/promo/5001" || !strings.Contains(string(body), `"code":"INPROC1"`) {
		t.Fatalf("create via transport: %d %v %s", res.StatusCode, res.Header, body)
	}
	_, _, body = transportDo(t, c, "GET", base+"/v1/promo?site_id=1", "")
	if !strings.Contains(string(body), `"id":5001,"code":"INPROC1","pos":13`) {
		t.Errorf("list after create via transport: %s", body)
	}

	_, res, body = transportDo(t, c, "DELETE", base+"/v1/promo/5001", "")
	if res.StatusCode != 204 || res.Body != http.NoBody || res.ContentLength != 0 || len(body) != 0 {
		t.Errorf("delete via transport: %d ContentLength %d body %q", res.StatusCode, res.ContentLength, body)
	}

	_, res, body = transportDo(t, c, "GET", base+"/v1/promo/3001", "")
	if res.StatusCode != 403 || !strings.Contains(string(body), `"error":40`) {
		t.Errorf("forbidden via transport: %d %s", res.StatusCode, body)
	}
	_, res, _ = transportDo(t, c, "PATCH", base+"/v1/promo/1001", `{}`)
	if res.StatusCode != 405 || res.Header.Get("Allow") == "" {
		t.Errorf("PATCH via transport: %d Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
	_, res, _ = transportDo(t, c, "GET", base+"/v1/site", "")
	if res.Header.Get("Deprecation") == "" {
		t.Error("deprecation header lost in transport")
	}
}

// closeTracker records whether the transport closed the request body.
type closeTracker struct {
	io.Reader
	closed bool
}

func (c *closeTracker) Close() error { c.closed = true; return nil }

func TestTransportClosesBodyAndHonoursContext(t *testing.T) {
	c, _ := newTransportClient(t)
	body := &closeTracker{Reader: strings.NewReader(`{"site_id":1,"code":"CLOSE1"}`)}
	req, _ := http.NewRequest("POST", "http://sandbox/v1/promo", body)
	req.Header.Set("Authorization", "Bearer sandbox")
	req.Header.Set("X-Api-User-Id", "1")
	res, err := c.Transport.RoundTrip(req)
	if err != nil || res.StatusCode != 201 {
		t.Fatalf("RoundTrip: %v %v", res, err)
	}
	if !body.closed {
		t.Error("request body not closed")
	}

	// A cancelled request fails with the context's error, even when the
	// handler is slow.
	release := make(chan struct{})
	defer close(release)
	slow := &http.Client{Transport: Transport(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
	}))}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ = http.NewRequestWithContext(ctx, "GET", "http://sandbox/v1/site", nil)
	if _, err := slow.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("slow request: %v, want deadline exceeded", err)
	}

	// A panicking handler is an error, not a crash.
	boom := Transport(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { panic("boom") }))
	req, _ = http.NewRequest("GET", "http://sandbox/x", nil)
	if _, err := boom.RoundTrip(req); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panicking handler: %v", err)
	}
}
