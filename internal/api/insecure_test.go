package api

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

func TestPlainHTTPOnlyToLoopback(t *testing.T) {
	for base, loopback := range map[string]bool{
		"http://127.0.0.1:8787":         true,
		"http://127.3.2.1":              true,
		"http://[::1]:8080/api":         true,
		"http://[::ffff:127.0.0.1]":     true,
		"http://localhost:8787":         true,
		"http://LocalHost.":             true,
		"http://sandbox.localhost":      true,
		"http://192.0.2.2/api":          false,
		"http://10.0.0.1":               false,
		"http://0.0.0.0:8787":           false,
		"http://[::]:8787":              false,
		"http://api.lpmotor.ru":         false,
		"http://localhost.example.com":  false,
		"http://127.0.0.1.example.com/": false,
	} {
		t.Run(base, func(t *testing.T) {
			ct := &countingTransport{rt: http.DefaultTransport}
			_, err := New(Options{BaseURL: base, Token: testToken, UserID: 1, Transport: ct})
			var pe *PlainHTTPError
			if loopback {
				if err != nil {
					t.Errorf("New(%s) = %v, want loopback accepted", base, err)
				}
			} else if !errors.As(err, &pe) {
				t.Errorf("New(%s) = %v, want a *PlainHTTPError", base, err)
			}
			if _, err := New(Options{BaseURL: base, Token: testToken, UserID: 1, AllowInsecureHTTP: true}); err != nil {
				t.Errorf("New(%s, AllowInsecureHTTP) = %v, want it accepted", base, err)
			}
			if ct.n.Load() != 0 {
				t.Errorf("New sent a request")
			}
		})
	}
	if _, err := New(Options{BaseURL: "https://192.0.2.2", Token: testToken, UserID: 1}); err != nil {
		t.Errorf("New(https) = %v, want it accepted", err)
	}
}

func TestPlainHTTPErrorMessage(t *testing.T) {
	_, err := New(Options{BaseURL: "http://192.0.2.2:8080/api", Token: testToken, UserID: 1})
	const want = "refusing to send the API token over plain HTTP to 192.0.2.2:8080: anyone on the network could read it; " +
		"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust"
	if err == nil || err.Error() != want {
		t.Errorf("New() error = %v, want %q", err, want)
	}
}

func TestNewRefusesAControlCharacterInTheToken(t *testing.T) {
	for _, tok := range []string{testToken + "\n", "a\rb", "a\x00b", "a\x7fb"} {
		_, err := New(Options{BaseURL: "https://api.lpmotor.ru", Token: tok, UserID: 1})
		if err == nil || strings.Contains(err.Error(), tok) || !strings.HasPrefix(err.Error(), "invalid token: ") {
			t.Errorf("New(token %q) error = %v, want an invalid token error without the token", tok, err)
		}
	}
}
