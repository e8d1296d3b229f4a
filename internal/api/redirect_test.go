package api

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// oneHost serves https://example.com and http://example.com from two
// loopback servers, as one host with the default ports: the transport dials
// example.com:443 to the TLS server and example.com:80 to the plain one.
type oneHost struct {
	tls, plain *script
	transport  *http.Transport
}

func newOneHost(t *testing.T, tlsSteps, plainSteps []func(http.ResponseWriter, *http.Request)) *oneHost {
	t.Helper()
	h := &oneHost{tls: &script{steps: tlsSteps}, plain: &script{steps: plainSteps}}
	tlsSrv := httptest.NewTLSServer(h.tls)
	t.Cleanup(tlsSrv.Close)
	plainSrv := httptest.NewServer(h.plain)
	t.Cleanup(plainSrv.Close)
	addrs := map[string]string{
		"example.com:443":  tlsSrv.Listener.Addr().String(),
		"example.com:80":   plainSrv.Listener.Addr().String(),
		"example.com:8443": tlsSrv.Listener.Addr().String(),
	}
	h.transport = tlsSrv.Client().Transport.(*http.Transport).Clone()
	h.transport.TLSClientConfig = &tls.Config{RootCAs: h.transport.TLSClientConfig.RootCAs, ServerName: "example.com"}
	h.transport.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		to, ok := addrs[addr]
		if !ok {
			to = closedAddr(t)
		}
		var d net.Dialer
		return d.DialContext(ctx, network, to)
	}
	return h
}

// elapsedRE matches the durations of the debug log.
var elapsedRE = regexp.MustCompile(`in [0-9.]+[nµm]?s`)

func redirectTo(target string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target, http.StatusFound)
	}
}

// TestRedirectToPlainHTTPOnTheSameHostIsRefused: https://example.com
// answering 302 http://example.com/… must not make the client send the
// token in clear text to port 80.
func TestRedirectToPlainHTTPOnTheSameHostIsRefused(t *testing.T) {
	h := newOneHost(t,
		[]func(http.ResponseWriter, *http.Request){redirectTo("http://example.com/v1/promo?site_id=1")},
		[]func(http.ResponseWriter, *http.Request){status(200, `[]`)})
	c, log := newTestClient(t, "https://example.com", func(o *Options) { o.Transport = h.transport })
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
	const want = "refusing to follow the server's redirect to http://example.com/v1/promo?site_id=1: it changes the scheme from https to http"
	if err == nil || err.Error() != want {
		t.Errorf("Do() error = %v, want %q", err, want)
	}
	for _, r := range h.plain.reqs {
		if a := r.Header.Get("Authorization"); a != "" {
			t.Errorf("the plain HTTP server received Authorization %q", a)
		}
	}
	if n := h.plain.count(); n != 0 {
		t.Errorf("the plain HTTP server got %d requests, want none", n)
	}
	if n := h.tls.count(); n != 1 {
		t.Errorf("the TLS server got %d requests, want 1: a refused redirect is not retried", n)
	}
	if !strings.Contains(log.String(), "< 302 Found: redirect to http://example.com/v1/promo?site_id=1\n") {
		t.Errorf("debug log does not show the redirect:\n%s", log)
	}
	if strings.Contains(log.String(), testToken) {
		t.Errorf("debug log contains the token:\n%s", log)
	}
}

func TestRedirectsThatChangeTheOriginAreRefused(t *testing.T) {
	for _, tt := range []struct{ target, why string }{
		{"https://example.com:8443/v1/promo", "it changes the port from 443 to 8443"},
		{"https://api.example.com/v1/promo", "it goes to another host (api.example.com)"},
		{"ftp://example.com/v1/promo", "it changes the scheme from https to ftp"},
	} {
		t.Run(tt.target, func(t *testing.T) {
			h := newOneHost(t, []func(http.ResponseWriter, *http.Request){redirectTo(tt.target), status(200, `[]`)}, nil)
			c, _ := newTestClient(t, "https://example.com", func(o *Options) { o.Transport = h.transport })
			_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"})
			want := "refusing to follow the server's redirect to " + tt.target + ": " + tt.why
			if err == nil || err.Error() != want {
				t.Errorf("Do() error = %v, want %q", err, want)
			}
			if n := h.tls.count(); n != 1 {
				t.Errorf("the server got %d requests, want 1", n)
			}
		})
	}
}

// TestRedirectHopsAreLogged: a followed redirect shows in --debug as the
// answer that redirected and the request that followed it.
func TestRedirectHopsAreLogged(t *testing.T) {
	h := newOneHost(t, []func(http.ResponseWriter, *http.Request){
		redirectTo("https://example.com:443/v1/promo/new"), status(200, `[]`),
	}, nil)
	c, log := newTestClient(t, "https://example.com", func(o *Options) { o.Transport = h.transport })
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/v1/promo"}); err != nil {
		t.Fatalf("Do(): %v", err)
	}
	got := elapsedRE.ReplaceAllString(log.String(), "in T")
	want := strings.Join([]string{
		"> GET https://example.com/v1/promo",
		"> Accept: application/json",
		"> User-Agent: promoctl/test",
		"> X-Api-User-Id: 42",
		"> Authorization: Bearer [REDACTED]",
		"< 302 Found: redirect to https://example.com:443/v1/promo/new",
		"> GET https://example.com:443/v1/promo/new",
		"> Accept: application/json",
		"> User-Agent: promoctl/test",
		"> X-Api-User-Id: 42",
		"> Authorization: Bearer [REDACTED]",
		"< 200 OK in T (2 bytes)",
	}, "\n") + "\n"
	if got != want {
		t.Errorf("debug log:\n%s\nwant:\n%s", got, want)
	}
	if a := h.tls.reqs[1].Header.Get("Authorization"); a != "Bearer "+testToken {
		t.Errorf("the redirected request carried Authorization %q, want the token", a)
	}
}
