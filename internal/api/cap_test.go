package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// gzipBomb returns a gzip stream of n members, each 1 MiB of spaces once
// decoded: about 1 KiB on the wire per MiB. Go's transport asks for gzip
// and decodes it transparently, so only a cap on the decoded bytes stops it.
var gzipMember = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(bytes.Repeat([]byte(" "), 1<<20))
	zw.Close()
	return b.Bytes()
})

func gzipBomb(mib int) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Type", "application/json")
		for range mib {
			if _, err := w.Write(gzipMember()); err != nil {
				return
			}
		}
	}
}

// endless sends a chunked body until the client goes away.
func endless(w http.ResponseWriter, r *http.Request) {
	block := bytes.Repeat([]byte(" "), 64<<10)
	w.Write([]byte("["))
	for r.Context().Err() == nil {
		if _, err := w.Write(block); err != nil {
			return
		}
	}
}

func TestDecodedSizeIsCapped(t *testing.T) {
	for _, tt := range []struct {
		name string
		h    func(http.ResponseWriter, *http.Request)
	}{
		{"gzip bomb", gzipBomb(64)},
		{"endless chunked body", endless},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv, s := serve(t, tt.h)
			c, _ := newTestClient(t, srv.URL, func(o *Options) { o.MaxResponseBytes = 2 << 20 })
			_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo", List: true})
			var re *ResponseError
			if !errors.As(err, &re) {
				t.Fatalf("Do() = %v, want a *ResponseError", err)
			}
			const want = "unexpected response from the server (HTTP 200): the body is larger than 2 MiB; if that is expected, raise the limit with PROMOCTL_MAX_RESPONSE"
			if err.Error() != want {
				t.Errorf("Do() error = %q, want %q", err, want)
			}
			if s.count() != 1 {
				t.Errorf("server saw %d attempts, want 1", s.count())
			}
		})
	}
}

func TestGzipUnderTheCapIsDecoded(t *testing.T) {
	srv, _ := serve(t, gzipBomb(3))
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.MaxResponseBytes = 4 << 20 })
	resp, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
	if err != nil || len(resp.Body) != 3<<20 || strings.Trim(string(resp.Body), " ") != "" {
		t.Fatalf("Do() = %v; want 3 MiB of spaces", err)
	}
}

// TestDefaultCaps: one record may be 8 MiB, a list 512 MiB.
func TestDefaultCaps(t *testing.T) {
	srv, _ := serve(t, gzipBomb(9))
	c, _ := newTestClient(t, srv.URL, nil)
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo/1"})
	if err == nil || !strings.Contains(err.Error(), "the body is larger than 8 MiB;") {
		t.Errorf("record of 9 MiB: Do() error = %v, want larger than 8 MiB", err)
	}
	resp, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo", List: true})
	if err != nil || len(resp.Body) != 9<<20 {
		t.Errorf("list of 9 MiB: Do() error = %v, want it read", err)
	}
	if DefaultMaxListBytes != 512<<20 || DefaultMaxRecordBytes != 8<<20 {
		t.Errorf("default caps = %d, %d; want 512 MiB and 8 MiB", DefaultMaxListBytes, DefaultMaxRecordBytes)
	}
}

func TestReadBody(t *testing.T) {
	// readBody takes no length: what it allocates follows what arrives.
	for _, body := range []string{"", "[]", strings.Repeat("x", 100<<10)} {
		b, err := readBody(strings.NewReader(body), 1<<20)
		if err != nil || string(b) != body {
			t.Errorf("readBody(%d bytes) = %d bytes, %v", len(body), len(b), err)
		}
	}
	if _, err := readBody(strings.NewReader(strings.Repeat("x", 1<<20+1)), 1<<20); !errors.Is(err, errTooLarge) {
		t.Errorf("readBody(cap+1) error = %v, want errTooLarge", err)
	}
	if b, err := readBody(strings.NewReader(strings.Repeat("x", 1<<20)), 1<<20); err != nil || len(b) != 1<<20 {
		t.Errorf("readBody(cap) = %d bytes, %v; want all of it", len(b), err)
	}
}
