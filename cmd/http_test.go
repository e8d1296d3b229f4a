package cmd

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// These tests drive the HTTP client through `promo list`, `promo get` and
// `promo delete`: retries, error bodies of every shape, time limits,
// cancellation, the debug log and errors as JSON.

func TestGETIsRetriedOnTransientErrors(t *testing.T) {
	for _, status := range []int{429, 502, 503, 504} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			r := newRunner(t)
			for range 2 {
				r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
					if status == 429 {
						w.Header().Set("Retry-After", "0")
					}
					w.WriteHeader(status)
				})
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
			r.Run(append(cmdtest.ListArgs, "-o", "json")...).Expect(t, 0, "[]\n", "")
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7")
		})
	}
}

func TestGETGivesUpAfterThreeAttempts(t *testing.T) {
	for _, c := range []struct {
		status int
		header string
		body   string
		stderr string
	}{
		{429, "0", apitest.Error(429, 0, "too many requests"), "rate limited (API error 0: too many requests) after 3 attempts"},
		{502, "", "<html><head><title>502 Bad Gateway</title></head>\n<body>nginx</body></html>", "server error (HTTP 502 Bad Gateway) after 3 attempts"},
		{503, "", "", "server error (HTTP 503 Service Unavailable) after 3 attempts"},
		{504, "", apitest.Error(504, 0, "gateway timeout"), "server error (API error 0: gateway timeout) after 3 attempts"},
	} {
		t.Run(fmt.Sprint(c.status), func(t *testing.T) {
			r := newRunner(t)
			r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
				if c.header != "" {
					w.Header().Set("Retry-After", c.header)
				}
				w.WriteHeader(c.status)
				fmt.Fprint(w, c.body)
			})
			r.Run(cmdtest.ListArgs...).Expect(t, 1, "", "promoctl: list promo codes of site 7: "+c.stderr+"\n")
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7")
		})
	}
}

// pauses stands in for the client's pause between attempts: it notes
// each one, with the deadline it had, and returns at once unless block
// says to wait until the context ends.
type pauses struct {
	mu        sync.Mutex
	d         []time.Duration
	deadlines []time.Time
	block     func(n int) bool // the nth pause (from 1) lasts until ctx ends
}

func (p *pauses) wait(ctx context.Context, d time.Duration) error {
	p.mu.Lock()
	p.d = append(p.d, d)
	dl, _ := ctx.Deadline()
	p.deadlines = append(p.deadlines, dl)
	block := p.block != nil && p.block(len(p.d))
	p.mu.Unlock()
	if block {
		<-ctx.Done()
	}
	return ctx.Err()
}

func (p *pauses) all() ([]time.Duration, []time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.d), slices.Clone(p.deadlines)
}

func TestRetryAfterIsHonoured(t *testing.T) {
	r := newRunner(t)
	var p pauses
	r.Wait = p.wait
	r.API.HandleFunc("GET /v1/promo/5", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"code":"A1"}`)
	r.Run("promo", "get", "5", "--jq", ".code").Expect(t, 0, "A1\n", "")
	if got, _ := p.all(); !slices.Equal(got, []time.Duration{time.Second}) {
		t.Errorf("paused %v before retrying, want the 1s the server asked for", got)
	}
	r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo/5")
}

func TestRetryAfterLongerThanTheTimeoutIsNotWaitedFor(t *testing.T) {
	r := newRunner(t)
	r.API.HandleFunc("GET /v1/promo/5", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	var p pauses
	r.Wait = p.wait
	r.Run("promo", "get", "5", "--timeout", "5s").Expect(t, 1, "", "promoctl: get promo 5: server error (HTTP 503 Service Unavailable)\n")
	if got, _ := p.all(); len(got) != 0 {
		t.Errorf("paused %v, want none: the 120s asked for are beyond --timeout", got)
	}
	r.ExpectRoutes(t, "GET /v1/promo/5")
}

func TestConnectionRefused(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_BASE_URL"] = cmdtest.RefusedURL
	res := r.Run(cmdtest.ListArgs...)
	if res.Code != 1 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want exit 1 and no output", res.Code, res.Stdout)
	}
	want := "promoctl: list promo codes of site 7: cannot reach the server: 127.0.0.1:1 refuses connections (is the base URL right, and is the server running?)\n"
	if res.Stderr != want {
		t.Errorf("stderr = %q, want %q", res.Stderr, want)
	}
}

func TestErrorResponses(t *testing.T) {
	for _, c := range []struct {
		name        string
		status      int
		contentType string
		body        string
		code        int
		stderr      string
	}{
		{"server error", 500, "application/json", apitest.Error(500, 0, "unknown error"), 1,
			"server error (API error 0: unknown error)"},
		{"server error as HTML", 500, "text/html", "<!DOCTYPE html>\n<html><body><h1>Internal Server Error</h1></body></html>", 1,
			"server error (HTTP 500 Internal Server Error)"},
		{"proxy text", 500, "text/plain; charset=utf-8", "upstream connect error\nor disconnect", 1,
			"server error (HTTP 500: upstream connect error or disconnect)"},
		{"unauthorised", 401, "application/json", apitest.Error(401, 17, "user not found"), 3,
			"authentication failed: check the token and user id (promoctl auth status) (API error 17: user not found)"},
		{"unauthorised, empty", 401, "", "", 3,
			"authentication failed: check the token and user id (promoctl auth status) (HTTP 401)"},
		{"no access to the site", 403, "application/json", apitest.Error(403, 30, "user cant view site"), 3,
			"you cannot view site 7 (API error 30: user cant view site)"},
		{"forbidden by a proxy", 403, "text/html", "<html>Forbidden</html>", 3,
			"permission denied (HTTP 403)"},
		{"not found", 404, "application/json", apitest.Error(404, 17, "user not found"), 4,
			"site 7 does not exist or is not visible to you (API error 17: user not found)"},
		{"bad request", 400, "application/json", apitest.Error(400, 10, "data is invalid"), 1,
			"invalid request (API error 10: data is invalid)"},
		{"title with a newline and escapes", 400, "application/json", `{"title":"bad\n\u001b[31mthing\u001b[0m","error":10,"code":400}`, 1,
			"invalid request (API error 10: bad thing)"},
		{"error fields as strings", 403, "application/json", `{"title":"user cant view site","error":"30","code":"403"}`, 3,
			"you cannot view site 7 (API error 30: user cant view site)"},
		{"truncated JSON", 200, "application/json", `[{"id":1,"code":"SUMM`, 1,
			"unexpected response from the server (HTTP 200): the JSON is malformed or truncated"},
		{"HTML with 200", 200, "text/html", "<html><body>maintenance</body></html>", 1,
			"unexpected response from the server (HTTP 200): the body is an HTML page, expected JSON"},
		{"empty 200", 200, "", "", 1,
			"unexpected response from the server (HTTP 200): the body is empty, expected JSON"},
		{"object instead of list", 200, "application/json", `{"items":[]}`, 1,
			"unexpected response from the server (HTTP 200): expected a list, got an object"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
				if c.contentType != "" {
					w.Header().Set("Content-Type", c.contentType)
				}
				w.WriteHeader(c.status)
				fmt.Fprint(w, c.body)
			})
			r.Run(cmdtest.ListArgs...).Expect(t, c.code, "", "promoctl: list promo codes of site 7: "+c.stderr+"\n")
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
}

func TestWrongTypesFailTablesButPassThroughJSON(t *testing.T) {
	const drifted = `[{"id":1,"code":"A1","is_enabled":"maybe"}]`
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, drifted)
	const stderr = `promoctl: unexpected response from the server (HTTP 200): promo code #1: field "is_enabled": want true or false, got "maybe"` + "\n"
	// The list is fetched, but cannot be drawn: stdout stays empty.
	r.Run(cmdtest.ListArgs...).Expect(t, 1, "", stderr)
	r.Run(append(cmdtest.ListArgs, "-o", "csv")...).Expect(t, 1, "", stderr)
	// JSON shows the server's data as it is.
	r.Run(append(cmdtest.ListArgs, "-o", "json")...).Expect(t, 0, drifted+"\n", "")
}

func TestResponseLargerThanTheCap(t *testing.T) {
	// The server announces more than api.DefaultMaxListBytes: the client
	// refuses before reading any of it.
	r := newRunner(t)
	r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(600<<20))
		w.WriteHeader(http.StatusOK)
		w.Write([]byte("[[[[[[[["))
	})
	r.Run(cmdtest.ListArgs...).Expect(t, 1, "",
		"promoctl: list promo codes of site 7: unexpected response from the server (HTTP 200): the body is larger than 512 MiB; if that is expected, raise the limit with PROMOCTL_MAX_RESPONSE\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

// hang answers nothing until the client goes away.
func hang(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }

func TestTimeout(t *testing.T) {
	r := newRunner(t)
	r.API.HandleFunc("GET /v1/promo", hang)
	// The message is the evidence: it is said for the deadline of
	// --timeout, not for any other end of the request.
	r.Run(append(cmdtest.ListArgs, "--timeout", "200ms")...).Expect(t, 1, "",
		"promoctl: list promo codes of site 7: timed out after 200ms waiting for the server (raise it with --timeout)\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestTimeoutFromEnvironmentAsJSON(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_TIMEOUT"] = "0.2"
	r.API.HandleFunc("GET /v1/promo/5", hang)
	r.Run("promo", "get", "5", "-o", "json").Expect(t, 1, "",
		`{"error":{"message":"get promo 5: timed out after 200ms waiting for the server (raise it with --timeout)","exit_code":1}}`+"\n")
}

func TestTimeoutCoversRetries(t *testing.T) {
	// 503s: the time limit covers every attempt and the pauses between
	// them. The second pause lasts until the time is up, so the third
	// attempt is never made.
	r := newRunner(t)
	p := pauses{block: func(n int) bool { return n == 2 }}
	r.Wait = p.wait
	r.API.Handle("GET /v1/promo/5", http.StatusServiceUnavailable, "")
	start := time.Now()
	r.Run("promo", "get", "5", "--timeout", "250ms").Expect(t, 1, "",
		"promoctl: get promo 5: timed out after 250ms waiting for the server (raise it with --timeout)\n")
	r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo/5")
	// Both pauses ran under the one deadline the command set at its start.
	_, deadlines := p.all()
	if len(deadlines) != 2 || deadlines[0].IsZero() || !deadlines[0].Equal(deadlines[1]) {
		t.Fatalf("pauses ran under deadlines %v, want one and the same deadline for both", deadlines)
	}
	if d := deadlines[0].Sub(start); d < 250*time.Millisecond || d > time.Second {
		t.Errorf("deadline %s after the start, want the 250ms of --timeout", d)
	}
}

func TestCancelledWhileWaitingForTheServer(t *testing.T) {
	r := newRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Ctx = ctx
	r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, req *http.Request) {
		cancel() // Ctrl-C while the request is in flight
		<-req.Context().Done()
	})
	r.Run(cmdtest.ListArgs...).Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestCancelledWhileWaitingToRetry(t *testing.T) {
	r := newRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Ctx = ctx
	r.API.HandleFunc("DELETE /v1/promo/5", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "10")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	// Ctrl-C during the pause, which lasts until the run's context ends.
	p := pauses{block: func(int) bool { cancel(); return true }}
	r.Wait = p.wait
	r.Run("promo", "delete", "5", "--yes", "-o", "json").Expect(t, 130, "", `{"error":{"message":"cancelled","exit_code":130}}`+"\n")
	if got, _ := p.all(); !slices.Equal(got, []time.Duration{10 * time.Second}) {
		t.Errorf("paused %v, want the 10s asked for, cut short", got)
	}
	r.ExpectRoutes(t, "DELETE /v1/promo/5")
}

func TestCancelledBeforeStart(t *testing.T) {
	r := newRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r.Ctx = ctx
	r.Run(cmdtest.ListArgs...).Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectNoRequests(t)
}

// elapsed matches the durations of the debug log.
var elapsed = regexp.MustCompile(`in [0-9.]+[nµm]?s`)

func TestDebugLogsExchangesWithoutTheToken(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusServiceUnavailable, "")
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	res := r.Run(append(cmdtest.ListArgs, "--debug", "-o", "json")...)
	stderr := elapsed.ReplaceAllString(res.Stderr, "in T")
	stderr = regexp.MustCompile(`retrying in \S+`).ReplaceAllString(stderr, "retrying in T")
	res.Stderr = stderr
	req := []string{
		"> GET " + r.API.URL + "/v1/promo?site_id=7",
		"> Accept: application/json",
		"> User-Agent: promoctl/1.2.3",
		"> X-Api-User-Id: 42",
		"> Authorization: Bearer [REDACTED]",
	}
	want := append(append([]string{}, req...), "< 503 Service Unavailable in T (0 bytes)", "retrying in T (attempt 2 of 3)")
	want = append(append(want, req...), "< 200 OK in T (2 bytes)")
	res.Expect(t, 0, "[]\n", apitest.Lines(want...))
}

func TestDebugLogsRequestBodiesBySizeOnly(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5", "--enabled=false", "--debug", "-o", "json")
	res.Stderr = elapsed.ReplaceAllString(res.Stderr, "in T")
	res.Expect(t, 0, cmdtest.CreatedJSON+"\n", apitest.Lines(
		"> POST "+r.API.URL+"/v1/promo",
		"> Accept: application/json",
		"> Content-Type: application/json",
		"> User-Agent: promoctl/1.2.3",
		"> X-Api-User-Id: 42",
		"> Authorization: Bearer [REDACTED]",
		fmt.Sprintf("> (%d bytes of JSON)", len(`{"site_id":7,"user_id":42,"code":"SUMMER25","is_enabled":false,"bonus_amount":5}`)),
		fmt.Sprintf("< 201 Created in T (%d bytes)", len(cmdtest.CreatedJSON)),
	))
}

func TestTokenEchoedByTheServerIsRedacted(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusBadRequest, apitest.Error(400, 10, "bad token "+cmdtest.TestToken))
	r.Run(cmdtest.ListArgs...).Expect(t, 1, "", "promoctl: list promo codes of site 7: invalid request (API error 10: bad token [REDACTED])\n")
	r.Run(append(cmdtest.ListArgs, "-o", "json")...).Expect(t, 1, "",
		`{"error":{"message":"list promo codes of site 7: invalid request (API error 10: bad token [REDACTED])","status":400,"kind":10,"title":"bad token [REDACTED]","exit_code":1}}`+"\n")
}

func TestRedirectToAnotherHostIsRefused(t *testing.T) {
	r := newRunner(t)
	r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, "http://198.51.100.1/steal", http.StatusFound)
	})
	r.Run(cmdtest.ListArgs...).Expect(t, 1, "",
		"promoctl: list promo codes of site 7: refusing to follow the server's redirect to http://198.51.100.1/steal: it goes to another host (198.51.100.1)\n")
	// Refused again if asked again: not retried.
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestNotLoggedIn(t *testing.T) {
	for _, c := range []struct{ unset, stderr string }{
		{"PROMOCTL_TOKEN", "promoctl: no API token: run `promoctl auth login`, or set PROMOCTL_TOKEN (try `promoctl --sandbox …` to explore without an account)"},
		{"PROMOCTL_USER_ID", "promoctl: no user id: run `promoctl auth login`, or set PROMOCTL_USER_ID (it is \"Your ID\" in the account menu of the site admin)"},
	} {
		t.Run(c.unset, func(t *testing.T) {
			r := newRunner(t)
			delete(r.Env, c.unset)
			r.Run(cmdtest.ListArgs...).Expect(t, 3, "", c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

func TestErrorsAsJSON(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		body   string
		args   []string
		env    map[string]string
		code   int
		stderr string
	}{
		{"permission", 403, apitest.Error(403, 30, "user cant view site"), []string{"-o", "json"}, nil, 3,
			`{"error":{"message":"list promo codes of site 7: you cannot view site 7 (API error 30: user cant view site)","status":403,"kind":30,"title":"user cant view site","exit_code":3}}`},
		{"kind 0", 500, apitest.Error(500, 0, "unknown error"), []string{"-o", "json"}, nil, 1,
			`{"error":{"message":"list promo codes of site 7: server error (API error 0: unknown error)","status":500,"kind":0,"title":"unknown error","exit_code":1}}`},
		{"no body", 404, "", []string{"-o", "json"}, nil, 4,
			`{"error":{"message":"list promo codes of site 7: the server at {URL} has no endpoint GET /v1/promo (HTTP 404 without an API error): check --base-url (now {URL}, from PROMOCTL_BASE_URL)","status":404,"exit_code":4}}`},
		{"from the environment", 401, apitest.Error(401, 17, "user not found"), nil, map[string]string{"PROMOCTL_OUTPUT": "json"}, 3,
			`{"error":{"message":"list promo codes of site 7: authentication failed: check the token and user id (promoctl auth status) (API error 17: user not found)","status":401,"kind":17,"title":"user not found","exit_code":3}}`},
		{"with --jq", 403, apitest.Error(403, 30, "user cant view site"), []string{"--jq", ".[]"}, nil, 3,
			`{"error":{"message":"list promo codes of site 7: you cannot view site 7 (API error 30: user cant view site)","status":403,"kind":30,"title":"user cant view site","exit_code":3}}`},
		{"usage", 0, "", []string{"-o", "json", "--no-such-flag"}, nil, 2,
			`{"error":{"message":"unknown flag: --no-such-flag","exit_code":2}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			for k, v := range c.env {
				r.Env[k] = v
			}
			if c.status != 0 {
				r.API.Handle("GET /v1/promo", c.status, c.body)
			}
			c.stderr = strings.ReplaceAll(c.stderr, "{URL}", r.API.URL)
			res := r.Run(append(append([]string{}, cmdtest.ListArgs...), c.args...)...)
			res.Expect(t, c.code, "", c.stderr+"\n")
			if strings.Count(res.Stderr, "\n") == 1 {
				cmdtest.ExpectJSON(t, "stderr", res.Stderr, c.stderr)
			}
		})
	}
}

func TestErrorsAsJSONFromTheProfile(t *testing.T) {
	r := newRunner(t)
	r.WriteConfig("profiles:\n  default:\n    output: json\n    site_id: 7\n")
	r.API.Handle("GET /v1/promo", http.StatusForbidden, apitest.Error(403, 30, "user cant view site"))
	r.Run("promo", "list").Expect(t, 3, "",
		`{"error":{"message":"list promo codes of site 7: you cannot view site 7 (API error 30: user cant view site)","status":403,"kind":30,"title":"user cant view site","exit_code":3}}`+"\n")
}

// dropConnection closes the connection without an answer, after the
// request reached the server.
func dropConnection(w http.ResponseWriter, _ *http.Request) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		panic(err)
	}
	conn.Close()
}

func TestDroppedConnection(t *testing.T) {
	t.Run("GET is retried", func(t *testing.T) {
		r := newRunner(t)
		r.API.HandleFunc("GET /v1/promo/5", dropConnection)
		r.API.HandleFunc("GET /v1/promo/5", dropConnection)
		r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"code":"A1"}`)
		r.Run("promo", "get", "5", "--jq", ".code").Expect(t, 0, "A1\n", "")
		r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo/5", "GET /v1/promo/5")
	})
	t.Run("POST is not: the server may have acted on it", func(t *testing.T) {
		r := newRunner(t)
		r.API.HandleFunc("POST /v1/promo", dropConnection)
		r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
		res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5")
		prefix := "promoctl: create promo SUMMER25 on site 7: the outcome is unknown: "
		if res.Code != 1 || res.Stdout != "" || !strings.HasPrefix(res.Stderr, prefix) || strings.Count(res.Stderr, "\n") != 1 {
			t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, no output and one line starting %q", res.Code, res.Stdout, res.Stderr, prefix)
		}
		r.ExpectRoutes(t, "POST /v1/promo")
	})
}

func TestPOSTIsRetriedWhenTheConnectionWasNeverMade(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_BASE_URL"] = cmdtest.RefusedURL
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--debug")
	if res.Code != 1 || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q; want exit 1 and no output", res.Code, res.Stdout)
	}
	if n := strings.Count(res.Stderr, "> POST "+cmdtest.RefusedURL+"/v1/promo\n"); n != 3 {
		t.Errorf("the debug log shows %d attempts, want 3:\n%s", n, res.Stderr)
	}
	last := res.Stderr[strings.LastIndex(strings.TrimSuffix(res.Stderr, "\n"), "\n")+1:]
	if !strings.HasPrefix(last, "promoctl: create promo SUMMER25 on site 7: cannot reach the server: ") {
		t.Errorf("last line of stderr = %q, want the error", last)
	}
}

// TestRedirectToPlainHTTPIsRefused: https://example.com answering 302
// http://example.com/… (the same host, port 80 instead of 443) must not get
// the token in clear text.
func TestRedirectToPlainHTTPIsRefused(t *testing.T) {
	r := newRunner(t)
	secure := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, "http://example.com"+req.URL.RequestURI(), http.StatusFound)
	}))
	defer secure.Close()
	var plainAuth []string
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		plainAuth = append(plainAuth, req.Header.Get("Authorization"))
		w.Write([]byte("[]"))
	}))
	defer plain.Close()
	tr := secure.Client().Transport.(*http.Transport).Clone()
	tr.TLSClientConfig.ServerName = "example.com"
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		to := map[string]string{"example.com:443": secure.Listener.Addr().String(), "example.com:80": plain.Listener.Addr().String()}[addr]
		var d net.Dialer
		return d.DialContext(ctx, network, to)
	}
	r.Transport = tr
	r.Env["PROMOCTL_BASE_URL"] = "https://example.com"
	r.Run(cmdtest.ListArgs...).Expect(t, 1, "",
		"promoctl: list promo codes of site 7: refusing to follow the server's redirect to http://example.com/v1/promo?site_id=7: it changes the scheme from https to http\n")
	if len(plainAuth) != 0 {
		t.Errorf("the plain HTTP server got %d requests (Authorization %q), want none", len(plainAuth), plainAuth)
	}
}

func TestMaxResponseFromTheEnvironment(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_MAX_RESPONSE"] = "1KiB"
	r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"code":"`+strings.Repeat("A", 1024)+`"}`)
	r.Run("promo", "get", "5").Expect(t, 1, "",
		"promoctl: get promo 5: unexpected response from the server (HTTP 200): the body is larger than 1024 bytes; if that is expected, raise the limit with PROMOCTL_MAX_RESPONSE\n")
	r.Env["PROMOCTL_MAX_RESPONSE"] = "lots"
	r.Run("promo", "get", "5").Expect(t, 2, "",
		"promoctl: invalid PROMOCTL_MAX_RESPONSE \"lots\": want a size such as 64MiB, 1GiB or a number of bytes\n")
	r.ExpectRoutes(t, "GET /v1/promo/5")
}

// TestNotFoundWithoutAnAPIErrorPointsAtTheBaseURL: a 404 that does not
// carry the API's error body (empty, a web server's HTML or text page, JSON
// of another shape) comes from a server that has no such endpoint, most
// likely because the base URL is wrong — not from a missing site or promo
// code.
func TestNotFoundWithoutAnAPIErrorPointsAtTheBaseURL(t *testing.T) {
	for _, c := range []struct{ name, contentType, body, says string }{
		{"empty", "", "", ""},
		{"HTML page", "text/html", "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>", ""},
		{"JSON of another shape", "application/json", `{"message":"Not Found"}`, ""},
		{"plain text", "text/plain; charset=utf-8", "404 page not found\n", ": 404 page not found"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
				if c.contentType != "" {
					w.Header().Set("Content-Type", c.contentType)
				}
				w.WriteHeader(http.StatusNotFound)
				fmt.Fprint(w, c.body)
			})
			r.Run(cmdtest.ListArgs...).Expect(t, 4, "", "promoctl: list promo codes of site 7: the server at "+r.API.URL+
				" has no endpoint GET /v1/promo (HTTP 404 without an API error"+c.says+"): check --base-url (now "+r.API.URL+", from PROMOCTL_BASE_URL)\n")
			// A 404 is not retried.
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
}

func TestNotFoundWithoutAnAPIErrorNamesWhereTheBaseURLCameFrom(t *testing.T) {
	t.Run("profile", func(t *testing.T) {
		r := newRunner(t)
		delete(r.Env, "PROMOCTL_BASE_URL")
		r.WriteConfig("profiles:\n  default:\n    base_url: " + r.API.URL + "/shop\n")
		r.API.Handle("GET /shop/v1/promo/5", http.StatusNotFound, "")
		r.Run("promo", "get", "5").Expect(t, 4, "", "promoctl: get promo 5: the server at "+r.API.URL+"/shop"+
			" has no endpoint GET /v1/promo/5 (HTTP 404 without an API error): check --base-url (now "+r.API.URL+"/shop, from profile default)\n")
	})
	t.Run("flag, errors as JSON", func(t *testing.T) {
		r := newRunner(t)
		msg := "delete promo 5: the server at " + r.API.URL + "/v2 has no endpoint DELETE /v1/promo/5 (HTTP 404 without an API error): " +
			"check --base-url (now " + r.API.URL + "/v2, from --base-url)"
		r.API.Handle("DELETE /v2/v1/promo/5", http.StatusNotFound, "")
		r.Run("--base-url", r.API.URL+"/v2", "promo", "delete", "5", "--yes", "-o", "json").Expect(t, 4, "",
			`{"error":{"message":"`+msg+`","status":404,"exit_code":4}}`+"\n")
	})
	t.Run("promoctl api names the path too", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promos", http.StatusNotFound, "")
		r.Run("api", "/v1/promos").Expect(t, 4, "", "promoctl: GET /v1/promos: the server at "+r.API.URL+
			" has no endpoint GET /v1/promos (HTTP 404 without an API error): check the path, and --base-url (now "+r.API.URL+", from PROMOCTL_BASE_URL)\n")
	})
}

// TestSandboxDebugLogKeepsURLs: the sandbox's token is the word "sandbox",
// which is also in its base URL. The debug log redacts the token where it
// is sent, the Authorization header, and leaves the URL as it is.
func TestSandboxDebugLogKeepsURLs(t *testing.T) {
	r := newRunner(t)
	res := r.Run("--sandbox", "--debug", "promo", "list", "--site-id", "1", "-o", "json", "--jq", "length > 0")
	res.Stderr = regexp.MustCompile(`in T \(\d+ bytes\)`).ReplaceAllString(elapsed.ReplaceAllString(res.Stderr, "in T"), "in T (N bytes)")
	res.Expect(t, 0, "true\n", apitest.Lines(
		"> GET http://sandbox.localhost/v1/promo?site_id=1",
		"> Accept: application/json",
		"> User-Agent: promoctl/1.2.3",
		"> X-Api-User-Id: 1",
		"> Authorization: Bearer [REDACTED]",
		"< 200 OK in T (N bytes)",
	))
	r.ExpectNoRequests(t)
}

// TestShortTokenIsRedactedAsAWholeValue: a short token is redacted from the
// debug log and from errors where it stands as a value of its own, and a
// URL that merely contains its letters stays intact.
func TestShortTokenIsRedactedAsAWholeValue(t *testing.T) {
	const short = "shop42"
	r := newRunner(t)
	r.Env["PROMOCTL_TOKEN"] = short
	r.Env["PROMOCTL_BASE_URL"] = r.API.URL + "/myshop42"
	r.API.Handle("GET /myshop42/v1/promo", http.StatusBadRequest, apitest.Error(400, 10, "bad token "+short))
	res := r.Run(append(cmdtest.ListArgs, "--debug")...)
	res.Stderr = elapsed.ReplaceAllString(res.Stderr, "in T")
	res.Expect(t, 1, "", apitest.Lines(
		"> GET "+r.API.URL+"/myshop42/v1/promo?site_id=7",
		"> Accept: application/json",
		"> User-Agent: promoctl/1.2.3",
		"> X-Api-User-Id: 42",
		"> Authorization: Bearer [REDACTED]",
		fmt.Sprintf("< 400 Bad Request in T (%d bytes)", len(apitest.Error(400, 10, "bad token "+short))),
		"promoctl: list promo codes of site 7: invalid request (API error 10: bad token [REDACTED])",
	))
	if got := r.API.Requests()[0].Header.Get("Authorization"); got != "Bearer "+short {
		t.Errorf("Authorization sent = %q, want the token", got)
	}
}

// TestSandboxTokenIsNotRedactedFromPaths: the sandbox's tokens are public
// words ("sandbox"), so a served sandbox's own path /sandbox/redeem stays
// readable in --debug and in errors; the Authorization header is still
// not shown.
func TestSandboxTokenIsNotRedactedFromPaths(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_TOKEN"] = "sandbox"
	r.Env["PROMOCTL_USER_ID"] = "1"
	r.API.Handle("POST /sandbox/redeem", http.StatusInternalServerError, apitest.Error(500, 0, "boom"))
	res := r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10", "--debug")
	if res.Code != 1 || !strings.Contains(res.Stderr, "> POST "+r.API.URL+"/sandbox/redeem\n") ||
		!strings.Contains(res.Stderr, "> Authorization: Bearer [REDACTED]\n") || strings.Contains(res.Stderr, "/[REDACTED]/") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1, the path /sandbox/redeem shown whole and the Authorization header redacted", res.Code, res.Stderr)
	}
}
