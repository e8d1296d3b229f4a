package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestParseRetryAfter: seconds or an HTTP date; a value too large for a
// time.Duration is the ceiling, never a wrapped negative or short wait;
// what cannot be read is no value, for both callers alike.
func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{" 3 ", 3 * time.Second, true},
		{"-5", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
		{"9223372036", RetryAfterCeiling, true}, // fits a Duration, but over a century
		{"9223372037", RetryAfterCeiling, true},
		{"18446744074", RetryAfterCeiling, true},
		{"99999999999999999999999", RetryAfterCeiling, true},
		{now.Add(time.Hour).Format(http.TimeFormat), time.Hour, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"Fri, 31 Dec 9999 23:59:59 GMT", RetryAfterCeiling, true},
	}
	for _, tt := range tests {
		got, ok := ParseRetryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if got < 0 {
			t.Errorf("ParseRetryAfter(%q) is negative", tt.in)
		}
	}
}

// TestHugeRetryAfterIsNotWaited: the client does not sleep through a
// Retry-After beyond max(timeout, 5 minutes), even with no deadline: the
// 429 is the answer.
func TestHugeRetryAfterIsNotWaited(t *testing.T) {
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n++
		w.Header().Set("Retry-After", "18446744074")
		w.WriteHeader(http.StatusTooManyRequests)
		w.Write([]byte(`{"title":"too many requests","error":0,"code":429}`))
	}))
	defer srv.Close()
	var waited []time.Duration
	c, err := New(Options{BaseURL: srv.URL, Token: "tok-123456789012345678", UserID: 1,
		Retry: RetryPolicy{Attempts: 3, BaseDelay: time.Millisecond, MaxDelay: time.Millisecond,
			Wait: func(_ context.Context, d time.Duration) error { waited = append(waited, d); return nil }}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Do(context.Background(), Request{Method: http.MethodGet, Path: "/v1/promo"})
	if !IsStatus(err, http.StatusTooManyRequests) || n != 1 || len(waited) != 0 {
		t.Errorf("Do = %v after %d requests and waits %v; want the 429 at once", err, n, waited)
	}
}

// TestTLSHandshakeFailureIsNotSent: a create whose TLS handshake failed
// never reached the server: it is not sent, so not of unknown outcome.
func TestTLSHandshakeFailureIsNotSent(t *testing.T) {
	posts := 0
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { posts++ }))
	defer srv.Close()
	// The default transport does not trust the test server's certificate.
	c, err := New(Options{BaseURL: srv.URL, Token: "tok-123456789012345678", UserID: 1, Retry: RetryPolicy{Attempts: 1}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/v1/promo", Body: []byte(`{}`)})
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("Do = %v, want a certificate error", err)
	}
	if !NotSent(err) || MayHaveActed(err) {
		t.Errorf("NotSent = %v, MayHaveActed = %v for %v; want not sent", NotSent(err), MayHaveActed(err), err)
	}
	if posts != 0 {
		t.Errorf("the server got %d requests", posts)
	}
}
