package apicmd

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

func TestAPIGetKeepsTheQueryAndPrintsJSON(t *testing.T) {
	r := newRunner(t)
	body := `{"b":[1,2.50,{"c":null}],"a":"x","unknown":true}`
	r.API.Handle("GET /v1/promo", http.StatusOK, body)
	res := r.Run("api", "get", "/v1/promo?site_id=7&z=1&a=%20b")
	res.Expect(t, 0, body+"\n", "") // piped: the server's bytes
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7&z=1&a=%20b")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	if reqs[0].Body != "" {
		t.Errorf("GET sent a body %q", reqs[0].Body)
	}
}

func TestAPIPathIsSentAsWritten(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_BASE_URL"] = r.API.URL + "/base"
	var uri string
	r.API.HandleFunc("GET /base/v1/a/b c", func(w http.ResponseWriter, req *http.Request) {
		uri = req.RequestURI
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, "[]")
	})
	r.Run("api", "GET", "/v1/a%2Fb%20c?q=%2F").Expect(t, 0, "[]\n", "")
	if want := "/base/v1/a%2Fb%20c?q=%2F"; uri != want {
		t.Errorf("request URI = %q, want %q", uri, want)
	}
}

func TestAPISendsTheFileBodyExactly(t *testing.T) {
	body := "{\n  \"site_id\": 7,\n  \"code\": \"SUMMER25\",\n  \"x_new\": [1, 2]\n}\n"
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, `{"code":"SUMMER25"}`)
	r.Run("api", "POST", "/v1/promo", "-f", cmdtest.WriteFile(t, "body.json", body)).Expect(t, 0, `{"code":"SUMMER25"}`+"\n", "")
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectHeaders(t, reqs[0], true)
	if reqs[0].Body != body {
		t.Errorf("body = %q, want %q", reqs[0].Body, body)
	}
}

func TestAPIReadsTheBodyFromStdin(t *testing.T) {
	r := newRunner(t)
	r.Stdin = `{"code":"SPRING"}`
	r.API.Handle("PUT /v1/promo/1001", http.StatusOK, `{"code":"SPRING"}`)
	r.Run("api", "put", "/v1/promo/1001", "-f", "-").Expect(t, 0, `{"code":"SPRING"}`+"\n", "")
	reqs := r.ExpectRoutes(t, "PUT /v1/promo/1001")
	cmdtest.ExpectHeaders(t, reqs[0], true)
	if reqs[0].Body != `{"code":"SPRING"}` {
		t.Errorf("body = %q", reqs[0].Body)
	}
}

func TestAPISendsTheUsersHeaders(t *testing.T) {
	r := newRunner(t)
	r.Stdin = "plain text, not JSON"
	r.API.Handle("PATCH /v1/thing/1", http.StatusOK, `{}`)
	r.Run("api", "PATCH", "/v1/thing/1", "-f", "-", "-H", "Content-Type: text/plain", "-H", "X-Trace:  abc:def ", "-H", "x-trace: second").
		Expect(t, 0, "{}\n", "")
	reqs := r.ExpectRoutes(t, "PATCH /v1/thing/1")
	h := reqs[0].Header
	if got := h.Get("Content-Type"); got != "text/plain" {
		t.Errorf("Content-Type = %q, want text/plain", got)
	}
	if got := h.Values("X-Trace"); strings.Join(got, "|") != "abc:def|second" {
		t.Errorf("X-Trace = %q, want [abc:def second]", got)
	}
	if got := h.Get("Authorization"); got != "Bearer "+cmdtest.TestToken {
		t.Errorf("Authorization = %q", got)
	}
	if reqs[0].Body != "plain text, not JSON" {
		t.Errorf("body = %q", reqs[0].Body)
	}
}

func TestAPIEmptyResponses(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("DELETE /v1/promo/1001", http.StatusNoContent, "")
	r.Run("api", "DELETE", "/v1/promo/1001").Expect(t, 0, "", "")
	reqs := r.ExpectRoutes(t, "DELETE /v1/promo/1001")
	cmdtest.ExpectHeaders(t, reqs[0], false)

	// HEAD: the server announces a length but sends no body.
	r = newRunner(t)
	r.API.HandleFunc("HEAD /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", "42")
		w.WriteHeader(http.StatusOK)
	})
	r.Run("api", "head", "/v1/promo?site_id=1").Expect(t, 0, "", "")
	r.ExpectRoutes(t, "HEAD /v1/promo?site_id=1")

	// An empty file sends no body.
	r = newRunner(t)
	r.API.Handle("POST /v1/ping", http.StatusOK, "")
	r.Run("api", "POST", "/v1/ping", "-f", cmdtest.WriteFile(t, "empty.json", "")).Expect(t, 0, "", "")
	if reqs := r.ExpectRoutes(t, "POST /v1/ping"); reqs[0].Body != "" || reqs[0].Header.Get("Content-Type") != "" {
		t.Errorf("empty file sent body %q with Content-Type %q", reqs[0].Body, reqs[0].Header.Get("Content-Type"))
	}
}

func TestAPIFiltersWithJQ(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":1,"name":"A"},{"id":2,"name":"B"}]`)
	r.Run("api", "GET", "/v3/public/site", "--jq", ".[] | .name").Expect(t, 0, "A\nB\n", "")

	r = newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":1}]`)
	r.Run("api", "GET", "/v3/public/site", "-o", "yaml").Expect(t, 0, "- id: 1\n", "")
}

func TestAPINonJSONResponse(t *testing.T) {
	text := "id;name\n1;\x1b[31mred\x1b[0m\n"
	serve := func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		io.WriteString(w, text)
	}
	// Piped: the bytes as they are.
	r := newRunner(t)
	r.API.HandleFunc("GET /v1/export", serve)
	r.Run("api", "GET", "/v1/export").Expect(t, 0, text, "")

	// On a terminal: without escape sequences.
	r = newRunner(t)
	r.TTY = true
	r.API.HandleFunc("GET /v1/export", serve)
	r.Run("api", "GET", "/v1/export").Expect(t, 0, "id;name\n1;red\n", "")

	// --jq needs JSON.
	r = newRunner(t)
	r.API.HandleFunc("GET /v1/export", serve)
	r.Run("api", "GET", "/v1/export", "--jq", ".").Expect(t, 1, "",
		`{"error":{"message":"GET /v1/export: unexpected response from the server (HTTP 200): --jq needs a JSON response, got text/csv","exit_code":1}}`+"\n")
}

func TestAPIErrorResponses(t *testing.T) {
	for _, c := range []struct {
		method, path string
		status       int
		body         string
		code         int
		requests     int
		stderr       string
	}{
		{"GET", "/v1/promo/9", 403, apitest.Error(403, 40, "user cant view promo"), 3, 1,
			"GET /v1/promo/9: you cannot view this promo code (API error 40: user cant view promo)"},
		{"GET", "/v1/promo/9", 401, "", 3, 1,
			"GET /v1/promo/9: authentication failed: check the token and user id (promoctl auth status) (HTTP 401)"},
		{"DELETE", "/v1/promo/9", 404, apitest.Error(404, 17, "not found"), 4, 1,
			"DELETE /v1/promo/9: not found (API error 17: not found)"},
		{"POST", "/v1/promo", 400, apitest.Error(400, 10, "data is invalid"), 1, 1,
			"POST /v1/promo: invalid request (API error 10: data is invalid)"},
		{"POST", "/v1/promo", 500, apitest.Error(500, 0, "unknown error"), 1, 1,
			"POST /v1/promo: server error (API error 0: unknown error)"},
		// POST and PATCH are not retried on 502/503/504; GET is.
		{"POST", "/v1/promo", 503, "", 1, 1, "POST /v1/promo: server error (HTTP 503 Service Unavailable)"},
		{"PATCH", "/v1/promo/9", 502, "", 1, 1, "PATCH /v1/promo/9: server error (HTTP 502 Bad Gateway)"},
		{"GET", "/v1/promo/9", 503, "", 1, 3, "GET /v1/promo/9: server error (HTTP 503 Service Unavailable) after 3 attempts"},
		{"PUT", "/v1/promo/9", 504, "", 1, 3, "PUT /v1/promo/9: server error (HTTP 504 Gateway Timeout) after 3 attempts"},
	} {
		t.Run(fmt.Sprintf("%s %d", c.method, c.status), func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle(c.method+" "+c.path, c.status, c.body)
			args := []string{"api", c.method, c.path}
			if c.method == "POST" || c.method == "PATCH" || c.method == "PUT" {
				r.Stdin = `{"code":"X1"}`
				args = append(args, "-f", "-")
			}
			r.Run(args...).Expect(t, c.code, "", "promoctl: "+c.stderr+"\n")
			if got := len(r.API.Requests()); got != c.requests {
				t.Errorf("%s sent %d requests, want %d", c.method, got, c.requests)
			}
		})
	}
}

func TestAPIRejectsBadCalls(t *testing.T) {
	bad := cmdtest.WriteFile(t, "bad.json", `{"code":`)
	for _, c := range []struct {
		args   []string
		stdin  string
		stderr string
	}{
		{[]string{"api", "FETCH", "/v1/promo"}, "", `unsupported method "FETCH": use GET, POST, PUT, PATCH, DELETE, HEAD`},
		{[]string{"api", "OPTIONS", "/v1/promo"}, "", `unsupported method "OPTIONS": use GET, POST, PUT, PATCH, DELETE, HEAD`},
		{[]string{"api", "GET", "v1/promo"}, "", `invalid path "v1/promo": it must start with a single / and is relative to the base URL, e.g. /v1/promo?site_id=1`},
		{[]string{"api", "GET", "https://evil.example/v1/promo"}, "", `invalid path "https://evil.example/v1/promo": it must start with a single / and is relative to the base URL, e.g. /v1/promo?site_id=1`},
		{[]string{"api", "GET", "//evil.example/v1"}, "", `invalid path "//evil.example/v1": it must start with a single / and is relative to the base URL, e.g. /v1/promo?site_id=1`},
		{[]string{"api", "GET", "/v1/a b"}, "", `invalid path "/v1/a b": escape spaces, control characters and # (%20, %23)`},
		{[]string{"api", "GET", "/v1/%zz"}, "", `invalid path "/v1/%zz": invalid URL escape "%zz"`},
		{[]string{"api", "GET"}, "", `promoctl api GET needs a PATH, e.g. promoctl api GET /v1/promo`},
		{[]string{"api", "GET", "/v1/promo", "-H", "Authorization: Bearer other"}, "", `-H Authorization: promoctl sends your credentials itself; use --token and --user-id, or promoctl auth login`},
		{[]string{"api", "GET", "/v1/promo", "-H", "x-api-user-id: 1"}, "", `-H X-Api-User-Id: promoctl sends your credentials itself; use --token and --user-id, or promoctl auth login`},
		{[]string{"api", "GET", "/v1/promo", "-H", "Accept: text/html"}, "", `-H Accept: promoctl always sends its own Accept header`},
		{[]string{"api", "GET", "/v1/promo", "-H", "Host: evil"}, "", `-H Host: this header is set by the HTTP connection`},
		{[]string{"api", "GET", "/v1/promo", "-H", "NoColon"}, "", `invalid header "NoColon": want 'Name: value'`},
		{[]string{"api", "GET", "/v1/promo", "-H", "Bad Name: v"}, "", `invalid header "Bad Name: v": want 'Name: value'`},
		{[]string{"api", "POST", "/v1/promo", "-f", bad}, "", `--file ` + bad + ` is not valid JSON (to send other data, name its type: -H 'Content-Type: text/plain')`},
		{[]string{"api", "POST", "/v1/promo", "-f", "-"}, "not json", `--file - is not valid JSON (to send other data, name its type: -H 'Content-Type: text/plain')`},
		{[]string{"api", "POST", "/v1/promo", "-f", "/nonexistent/body.json"}, "", `--file: open /nonexistent/body.json: no such file or directory`},
		{[]string{"api", "GET", "/v1/promo", "-o", "csv"}, "", `api prints JSON: use --output json or yaml, not csv`},
		{[]string{"api", "GET", "/v1/promo", "-o", "yaml", "--jq", "."}, "", `--jq works with --output json, not yaml`},
	} {
		t.Run(strings.Join(c.args[1:], " "), func(t *testing.T) {
			r := newRunner(t)
			r.Stdin = c.stdin
			r.Run(c.args...).Expect(t, 2, "", "promoctl: "+c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// TestAPIFileSizeLimit: a body is at most 32 MiB, from a path or stdin,
// and a larger file is refused without being read whole.
func TestAPIFileSizeLimit(t *testing.T) {
	const limit = 32 << 20
	const tooLarge = " is larger than 32 MiB, the largest body promoctl api sends\n"
	t.Run("stdin over the limit", func(t *testing.T) {
		r := newRunner(t)
		r.Stdin = `{"a":1}` + strings.Repeat(" ", limit-len(`{"a":1}`)+1)
		r.Run("api", "POST", "/v1/promo", "-f", "-").Expect(t, 2, "", "promoctl: --file -"+tooLarge)
		r.ExpectNoRequests(t)
	})
	t.Run("huge path", func(t *testing.T) {
		r := newRunner(t)
		p := cmdtest.SparseFile(t, 300<<20)
		before := bytesRead(t)
		r.Run("api", "POST", "/v1/promo", "-f", p).Expect(t, 2, "", "promoctl: --file "+p+tooLarge)
		r.ExpectNoRequests(t)
		if n := bytesRead(t) - before; n > limit+(16<<20) {
			t.Errorf("refusing a 300 MiB file read %d bytes, want it refused without reading it all", n)
		}
	})
	t.Run("two JSON values", func(t *testing.T) {
		r := newRunner(t)
		r.Stdin = `{"code":"A1"} {"code":"B2"}`
		r.Run("api", "POST", "/v1/promo", "-f", "-").Expect(t, 2, "",
			"promoctl: --file - is not valid JSON (to send other data, name its type: -H 'Content-Type: text/plain')\n")
		r.ExpectNoRequests(t)
	})
}

func TestAPICSVFromTheProfileFallsBackToJSON(t *testing.T) {
	r := newRunner(t)
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    output: csv\n")
	r.API.Handle("GET /v1/promo/1", http.StatusOK, `{"id":1}`)
	r.Run("api", "GET", "/v1/promo/1").Expect(t, 0, `{"id":1}`+"\n", "")
}

// The help says what the command does: JSON indented on a terminal and
// as received when piped (TestAPIGetKeepsTheQueryAndPrintsJSON,
// TestAPIIndentsJSONOnATerminal), and the gh api flags.
func TestAPIHelp(t *testing.T) {
	r := newRunner(t)
	res := r.Run("api", "--help")
	res.ExpectGolden(t, 0, "")
	r.ExpectNoRequests(t)
}

func TestAPIIndentsJSONOnATerminal(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.API.Handle("GET /v3/public/site/1", http.StatusOK, `{"id":1,"name":"A"}`)
	r.Run("api", "GET", "/v3/public/site/1").Expect(t, 0, "{\n  \"id\": 1,\n  \"name\": \"A\"\n}\n", "")
}

func TestAPIMethodFlag(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	r.API.Handle("DELETE /v1/promo/1001", http.StatusNoContent, "")
	r.API.Handle("POST /v1/promo", http.StatusCreated, `{"code":"X1"}`)
	r.API.Handle("PUT /v1/promo/1001", http.StatusOK, `{"code":"X2"}`)
	// GET by default.
	r.Run("api", "/v1/promo?site_id=7").Expect(t, 0, "[]\n", "")
	r.Run("api", "-X", "delete", "/v1/promo/1001").Expect(t, 0, "", "")
	r.Run("api", "--method", "POST", "/v1/promo", "--input", cmdtest.WriteFile(t, "b.json", `{"code":"X1"}`)).Expect(t, 0, `{"code":"X1"}`+"\n", "")
	// The METHOD PATH form still works, and --file still names the input.
	r.Run("api", "put", "/v1/promo/1001", "--file", cmdtest.WriteFile(t, "c.json", `{"code":"X2"}`)).Expect(t, 0, `{"code":"X2"}`+"\n", "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "DELETE /v1/promo/1001", "POST /v1/promo", "PUT /v1/promo/1001")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	cmdtest.ExpectHeaders(t, reqs[2], true)
	if reqs[2].Body != `{"code":"X1"}` || reqs[3].Body != `{"code":"X2"}` {
		t.Errorf("bodies = %q, %q", reqs[2].Body, reqs[3].Body)
	}
}

func TestAPIIncludePrintsStatusAndHeaders(t *testing.T) {
	r := newRunner(t)
	r.API.HandleFunc("POST /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
		w.Header()["Date"] = nil
		w.Header().Set("Location", "/v1/promo/1001")
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Note", "a\u202eb\u009b2Jc")
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"code":"X1"}`)
	})
	r.Run("api", "-X", "POST", "/v1/promo", "-F", "code=X1", "-i").Expect(t, 0, apitest.Lines(
		"HTTP/1.1 201 Created",
		"Content-Length: 13",
		"Content-Type: application/json",
		"Location: /v1/promo/1001",
		"X-Note: abc",
		"",
		`{"code":"X1"}`,
	), "")

	// An empty answer: the status and headers alone.
	r = newRunner(t)
	r.API.HandleFunc("DELETE /v1/promo/1001", func(w http.ResponseWriter, _ *http.Request) {
		w.Header()["Date"] = nil
		w.WriteHeader(http.StatusNoContent)
	})
	r.Run("api", "DELETE", "/v1/promo/1001", "--include").Expect(t, 0, "HTTP/1.1 204 No Content\n\n", "")

	// A failed request prints nothing on stdout, -i or not.
	r = newRunner(t)
	r.API.Handle("GET /v1/promo/9", 404, apitest.Error(404, 17, "not found"))
	r.Run("api", "/v1/promo/9", "-i").Expect(t, 4, "", "promoctl: GET /v1/promo/9: not found (API error 17: not found)\n")
}

func TestAPIFieldsGoInTheQueryOfAGet(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	r.API.Handle("GET /v1/x", http.StatusOK, `[]`)
	r.Run("api", "/v1/promo", "-F", "site_id=7", "-F", "q=a b&c").Expect(t, 0, "[]\n", "")
	// Added after a query the PATH already has; null is an empty value.
	r.Run("api", "GET", "/v1/x?a=1", "-F", "b=true", "-F", "c=null", "-F", "d=@"+cmdtest.WriteFile(t, "d.txt", "é\n")).Expect(t, 0, "[]\n", "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7&q=a+b%26c", "GET /v1/x?a=1&b=true&c=&d=%C3%A9%0A")
	for _, req := range reqs {
		cmdtest.ExpectHeaders(t, req, false)
		if req.Body != "" {
			t.Errorf("%s sent a body %q", req, req.Body)
		}
	}
}

func TestAPIFieldsAreATypedJSONBody(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, `{}`)
	r.API.Handle("PUT /v1/promo/1001", http.StatusOK, `{}`)
	note := cmdtest.WriteFile(t, "note.txt", "line 1\n\"line 2\"\n")
	r.Run("api", "-X", "POST", "/v1/promo", "-F", "site_id=7", "-F", "code=SPRING", "-F", "bonus_amount=12.5",
		"-F", "is_enabled=true", "-F", "time_limit_is_enabled=false", "-F", "d_on=null", "-F", "pos=-1",
		"-F", "zip=007", "-F", "big=1e3", "-F", "empty=", "-F", "note=@"+note, "-F", "eq=a=b").Expect(t, 0, "{}\n", "")
	r.Stdin = "from stdin"
	r.Run("api", "PUT", "/v1/promo/1001", "--field", "code=@-").Expect(t, 0, "{}\n", "")
	reqs := r.ExpectRoutes(t, "POST /v1/promo", "PUT /v1/promo/1001")
	cmdtest.ExpectHeaders(t, reqs[0], true)
	// The fields in the order given, each with its type.
	if want := `{"site_id":7,"code":"SPRING","bonus_amount":12.5,"is_enabled":true,"time_limit_is_enabled":false,"d_on":null,"pos":-1,"zip":"007","big":1e3,"empty":"","note":"line 1\n\"line 2\"\n","eq":"a=b"}`; reqs[0].Body != want {
		t.Errorf("body = %s\nwant %s", reqs[0].Body, want)
	}
	cmdtest.ExpectHeaders(t, reqs[1], true)
	if want := `{"code":"from stdin"}`; reqs[1].Body != want {
		t.Errorf("body = %s, want %s", reqs[1].Body, want)
	}
}

func TestAPIRejectsBadFieldsAndForms(t *testing.T) {
	body := cmdtest.WriteFile(t, "body.json", `{}`)
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "code=X", "-f", body}, `-F cannot be combined with --input: send the fields, or the file`},
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "code"}, `invalid field "code": want key=value`},
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "=X"}, `invalid field "=X": want key=value`},
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "a=1", "-F", "a=2"}, `-F a is given twice`},
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "a=@/nonexistent/f.txt"}, `-F a: open /nonexistent/f.txt: no such file or directory`},
		{[]string{"api", "-X", "POST", "GET", "/v1/promo"}, `give the method once: -X POST or GET before the PATH`},
		{[]string{"api", "-X", "FETCH", "/v1/promo"}, `unsupported method "FETCH": use GET, POST, PUT, PATCH, DELETE, HEAD`},
		{[]string{"api"}, `promoctl api needs a PATH, or a METHOD and a PATH, got 0 arguments`},
		{[]string{"api", "GET", "/v1/a", "/v1/b"}, `promoctl api needs a PATH, or a METHOD and a PATH, got 3 arguments`},
		{[]string{"api", "post"}, `promoctl api post needs a PATH, e.g. promoctl api post /v1/promo`},
	} {
		t.Run(strings.Join(c.args[1:], " "), func(t *testing.T) {
			r := newRunner(t)
			r.Run(c.args...).Expect(t, 2, "", "promoctl: "+c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// bytesRead is how many bytes this process has read so far (rchar of
// /proc/self/io): what a command read counts, not how long it took.
func bytesRead(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/io")
	if err != nil {
		t.Skipf("no /proc/self/io to count the bytes read: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "rchar: "); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("rchar %q: %v", v, err)
			}
			return n
		}
	}
	t.Skip("/proc/self/io has no rchar")
	return 0
}

// TestAPIRefusalsInRussian: api's refusals are catalog messages, said in
// Russian under a Russian locale, «ёлочки» around the values quoted.
func TestAPIRefusalsInRussian(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "code"}, `неверное поле «code»: нужно key=value`},
		{[]string{"api", "-X", "POST", "/v1/promo", "-F", "a=1", "-F", "a=2"}, `-F a указан дважды`},
		{[]string{"api", "-X", "POST", "GET", "/v1/promo"}, `укажите метод один раз: -X POST или GET перед PATH`},
		{[]string{"api", "-X", "FETCH", "/v1/promo"}, `метод «FETCH» не поддерживается: используйте GET, POST, PUT, PATCH, DELETE, HEAD`},
		{[]string{"api", "v1/promo"}, `неверный путь «v1/promo»: он должен начинаться с одного / и отсчитывается от базового адреса, например /v1/promo?site_id=1`},
		{[]string{"api", "GET", "/v1/a", "/v1/b"}, `promoctl api: нужен путь (PATH) или метод и путь (METHOD PATH), а указано 3 аргумента`},
		{[]string{"api", "post"}, `promoctl api post: не указан путь (PATH), например: promoctl api post /v1/promo`},
		{[]string{"api", "/v1/promo", "-H", "Accept: text/plain"}, `-H Accept: заголовок Accept promoctl всегда задаёт сам`},
		{[]string{"api", "/v1/promo", "-H", "bad header"}, `неверный заголовок «bad header»: нужно 'Name: value'`},
	} {
		t.Run(strings.Join(c.args[1:], " "), func(t *testing.T) {
			r := newRunner(t)
			r.Env["LANG"] = "ru_RU.UTF-8"
			r.Run(c.args...).Expect(t, 2, "", "promoctl: "+c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// TestAPIErrorOfTheServerInRussian: the API's answer is said in Russian,
// after the request it answers.
func TestAPIErrorOfTheServerInRussian(t *testing.T) {
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.API.Handle("GET /v1/promo/5", http.StatusUnprocessableEntity, `{"title":"data is invalid","error":10,"code":422}`)
	r.Run("api", "/v1/promo/5").Expect(t, 1, "", "promoctl: GET /v1/promo/5: неверный запрос (ошибка API 10: data is invalid)\n")
}
