package cmd

import (
	"context"
	"net"
	"net/http"
	"testing"
)

// Plain HTTP carries the token in clear text: promoctl refuses it except to
// loopback, unless the user opts in with --allow-insecure-http or
// PROMOCTL_ALLOW_INSECURE_HTTP=1, and then warns every time.

// remoteHost is a documentation address (RFC 5737): not loopback.
const remoteHost = "192.0.2.2"

const plainHTTPRefusal = "promoctl: refusing to send the API token over plain HTTP to 192.0.2.2: anyone on the network could read it; " +
	"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust\n"

// viaFakeAPI makes the runner's requests to remoteHost:80 reach its fake
// API, so a test can see what would have been sent there.
func (r *runner) viaFakeAPI() {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if addr == remoteHost+":80" {
			addr = r.api.Listener.Addr().String()
		}
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}
	r.transport = tr
}

func TestPlainHTTPToARemoteHostIsRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
		conf string
	}{
		{"flag", []string{"--base-url", "http://192.0.2.2/api"}, nil, ""},
		{"environment", nil, map[string]string{"PROMOCTL_BASE_URL": "http://192.0.2.2"}, ""},
		{"profile", nil, nil, "profiles:\n  default:\n    base_url: http://192.0.2.2\n"},
		{"opt-in switched off", []string{"--base-url", "http://192.0.2.2"}, map[string]string{"PROMOCTL_ALLOW_INSECURE_HTTP": "0"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.viaFakeAPI()
			delete(r.env, "PROMOCTL_BASE_URL")
			for k, v := range c.env {
				r.env[k] = v
			}
			if c.conf != "" {
				r.writeConfig(c.conf)
			}
			r.run(append(c.args, listArgs...)...).expect(t, 2, "", plainHTTPRefusal)
			r.expectNoRequests(t)
		})
	}
}

func TestPlainHTTPRefusalAsJSON(t *testing.T) {
	r := newRunner(t)
	r.viaFakeAPI()
	r.run(append([]string{"--base-url", "http://192.0.2.2", "-o", "json"}, listArgs...)...).expect(t, 2, "",
		`{"error":{"message":"refusing to send the API token over plain HTTP to 192.0.2.2: anyone on the network could read it; `+
			`use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust","exit_code":2}}`+"\n")
	r.expectNoRequests(t)
}

func TestPlainHTTPOptIn(t *testing.T) {
	for _, c := range []struct {
		name, env, stderr string
		args              []string
	}{
		{"flag", "", "promoctl: warning: sending the API token over plain HTTP to 192.0.2.2 (--allow-insecure-http): anyone on the network can read it\n",
			[]string{"--allow-insecure-http"}},
		{"environment", "1", "promoctl: warning: sending the API token over plain HTTP to 192.0.2.2 (PROMOCTL_ALLOW_INSECURE_HTTP): anyone on the network can read it\n",
			nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.viaFakeAPI()
			r.env["PROMOCTL_BASE_URL"] = "http://192.0.2.2"
			if c.env != "" {
				r.env["PROMOCTL_ALLOW_INSECURE_HTTP"] = c.env
			}
			r.api.Handle("GET /v1/promo", http.StatusOK, "[]")
			// Every use warns.
			for range 2 {
				r.run(append(c.args, append(listArgs, "-o", "json")...)...).expect(t, 0, "[]\n", c.stderr)
			}
			reqs := r.expectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7")
			expectHeaders(t, reqs[0], false)
		})
	}
}

func TestPlainHTTPOptInMustBeABoolean(t *testing.T) {
	r := newRunner(t)
	r.env["PROMOCTL_ALLOW_INSECURE_HTTP"] = "maybe"
	r.env["PROMOCTL_BASE_URL"] = "http://192.0.2.2"
	r.run(listArgs...).expect(t, 2, "",
		"promoctl: invalid PROMOCTL_ALLOW_INSECURE_HTTP \"maybe\": set it to 1 to allow plain HTTP, or unset it\n")
}

func TestPlainHTTPToLoopbackNeedsNoOptIn(t *testing.T) {
	// Every other test talks to http://127.0.0.1:PORT; localhost is
	// loopback too.
	r := newRunner(t)
	r.env["PROMOCTL_BASE_URL"] = "http://localhost:" + r.api.URL[len("http://127.0.0.1:"):]
	r.api.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.run(append(listArgs, "-o", "json")...).expect(t, 0, "[]\n", "")
}

func TestAuthLoginRefusesPlainHTTP(t *testing.T) {
	r := newBareRunner(t)
	r.viaFakeAPI()
	r.stdin = testToken
	r.run("auth", "login", "--with-token", "--user-id", "42", "--base-url", "http://192.0.2.2").expect(t, 2, "", plainHTTPRefusal)
	r.expectNoRequests(t)
	r.expectConfig(t, "")
}

func TestAuthLoginPlainHTTPOptIn(t *testing.T) {
	r := newBareRunner(t)
	r.viaFakeAPI()
	r.stdin = testToken
	r.api.Handle("GET /v3/public/site", http.StatusOK, "[]")
	r.run("auth", "login", "--with-token", "--user-id", "42", "--base-url", "http://192.0.2.2", "--allow-insecure-http").expect(t, 0, "",
		"promoctl: warning: sending the API token over plain HTTP to 192.0.2.2 (--allow-insecure-http): anyone on the network can read it\n"+
			keyInFile(42, r.configPath()))
	r.expectRoutes(t, "GET /v3/public/site")
}

func TestConfigSetRefusesPlainHTTP(t *testing.T) {
	r := newBareRunner(t)
	r.run("config", "set", "base_url", "http://192.0.2.2").expect(t, 2, "",
		"promoctl: refusing to set base_url to http://192.0.2.2: promoctl sends the API token in clear text over plain HTTP to anything but loopback; "+
			"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust, here and on every command that uses it\n")
	r.expectConfig(t, "")
	r.run("config", "set", "base_url", "http://127.0.0.1:8787").expect(t, 0, "", "")
	r.run("config", "set", "base_url", "http://192.0.2.2", "--allow-insecure-http").expect(t, 0, "",
		"promoctl: warning: base_url http://192.0.2.2 sends the API token in clear text: every command that uses it needs --allow-insecure-http or PROMOCTL_ALLOW_INSECURE_HTTP=1\n")
	r.run("config", "get", "base_url").expect(t, 0, "http://192.0.2.2\n", "")
}
