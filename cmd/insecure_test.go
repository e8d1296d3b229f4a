package cmd

import (
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// Plain HTTP carries the token in clear text: promoctl refuses it except to
// loopback, unless the user opts in with --allow-insecure-http or
// PROMOCTL_ALLOW_INSECURE_HTTP=1, and then warns every time.

const plainHTTPRefusal = "promoctl: refusing to send the API token over plain HTTP to 192.0.2.2: anyone on the network could read it; " +
	"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust\n"

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
			r.ViaFakeAPI()
			delete(r.Env, "PROMOCTL_BASE_URL")
			for k, v := range c.env {
				r.Env[k] = v
			}
			if c.conf != "" {
				r.WriteConfig(c.conf)
			}
			r.Run(append(c.args, cmdtest.ListArgs...)...).Expect(t, 2, "", plainHTTPRefusal)
			r.ExpectNoRequests(t)
		})
	}
}

func TestPlainHTTPRefusalAsJSON(t *testing.T) {
	r := newRunner(t)
	r.ViaFakeAPI()
	r.Run(append([]string{"--base-url", "http://192.0.2.2", "-o", "json"}, cmdtest.ListArgs...)...).Expect(t, 2, "",
		`{"error":{"message":"refusing to send the API token over plain HTTP to 192.0.2.2: anyone on the network could read it; `+
			`use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust","exit_code":2}}`+"\n")
	r.ExpectNoRequests(t)
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
			r.ViaFakeAPI()
			r.Env["PROMOCTL_BASE_URL"] = "http://192.0.2.2"
			if c.env != "" {
				r.Env["PROMOCTL_ALLOW_INSECURE_HTTP"] = c.env
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
			// Every use warns.
			for range 2 {
				r.Run(append(c.args, append(cmdtest.ListArgs, "-o", "json")...)...).Expect(t, 0, "[]\n", c.stderr)
			}
			reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7")
			cmdtest.ExpectHeaders(t, reqs[0], false)
		})
	}
}

func TestPlainHTTPOptInMustBeABoolean(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_ALLOW_INSECURE_HTTP"] = "maybe"
	r.Env["PROMOCTL_BASE_URL"] = "http://192.0.2.2"
	r.Run(cmdtest.ListArgs...).Expect(t, 2, "",
		"promoctl: invalid PROMOCTL_ALLOW_INSECURE_HTTP \"maybe\": set it to 1 to allow plain HTTP, or unset it\n")
}

func TestPlainHTTPToLoopbackNeedsNoOptIn(t *testing.T) {
	// Every other test talks to http://127.0.0.1:PORT; localhost is
	// loopback too.
	r := newRunner(t)
	r.Env["PROMOCTL_BASE_URL"] = "http://localhost:" + r.API.URL[len("http://127.0.0.1:"):]
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.Run(append(cmdtest.ListArgs, "-o", "json")...).Expect(t, 0, "[]\n", "")
}

func TestAuthLoginRefusesPlainHTTP(t *testing.T) {
	r := newBareRunner(t)
	r.ViaFakeAPI()
	r.Stdin = cmdtest.TestToken
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", "http://192.0.2.2").Expect(t, 2, "", plainHTTPRefusal)
	r.ExpectNoRequests(t)
	r.ExpectConfig(t, "")
}

func TestAuthLoginPlainHTTPOptIn(t *testing.T) {
	r := newBareRunner(t)
	r.ViaFakeAPI()
	r.Stdin = cmdtest.TestToken
	r.API.Handle("GET /v3/public/site", http.StatusOK, "[]")
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", "http://192.0.2.2", "--allow-insecure-http").Expect(t, 0, "",
		"promoctl: warning: sending the API token over plain HTTP to 192.0.2.2 (--allow-insecure-http): anyone on the network can read it\n"+
			cmdtest.KeyInFile(42, r.ConfigPath()))
	r.ExpectRoutes(t, "GET /v3/public/site")
}

func TestConfigSetRefusesPlainHTTP(t *testing.T) {
	r := newBareRunner(t)
	r.Run("config", "set", "base_url", "http://192.0.2.2").Expect(t, 2, "",
		"promoctl: refusing to set base_url to http://192.0.2.2: promoctl sends the API token in clear text over plain HTTP to anything but loopback; "+
			"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust, here and on every command that uses it\n")
	r.ExpectConfig(t, "")
	r.Run("config", "set", "base_url", "http://127.0.0.1:8787").Expect(t, 0, "", "")
	r.Run("config", "set", "base_url", "http://192.0.2.2", "--allow-insecure-http").Expect(t, 0, "",
		"promoctl: warning: base_url http://192.0.2.2 sends the API token in clear text: every command that uses it needs --allow-insecure-http or PROMOCTL_ALLOW_INSECURE_HTTP=1\n")
	r.Run("config", "get", "base_url").Expect(t, 0, "http://192.0.2.2\n", "")
}
