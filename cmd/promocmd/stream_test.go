package promocmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// streamList is a list of n promo codes, large enough (n of a few
// hundred) that output starts before the list has been read.
func streamList(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"code":"CODE%05d","pos":%d,"is_enabled":%t,"bonus_type":2,"bonus_amount":%d,`+
			`"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":"2026-06-01T00:00:00.000Z",`+
			`"d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":%d,"is_valid":true}`,
			1000+i, i, i, i%2 == 0, 1+i%50, i%7)
	}
	b.WriteByte(']')
	return b.String()
}

// serveChunked sends body in pieces, flushed, without a Content-Length.
func serveChunked(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		for len(body) > 0 {
			n := min(len(body), 16<<10)
			w.Write([]byte(body[:n]))
			w.(http.Flusher).Flush()
			body = body[n:]
		}
	}
}

// TestPromoListCutOff: a list that ends too soon fails with the one-line
// error and exit 1 in every format, wherever it is cut; piped JSON that
// was already written is never a complete JSON document.
func TestPromoListCutOff(t *testing.T) {
	full := streamList(2000) // ~600 KiB: several buffers of output
	mid := strings.Index(full[len(full)/2:], `"bonus_type"`) + len(full)/2
	boundary := strings.Index(full[len(full)/2:], "},{") + len(full)/2 + 2 // after the comma
	inString := strings.Index(full[len(full)/2:], `"CODE`) + len(full)/2 + 4
	const msg = "list promo codes of site 7: unexpected response from the server (HTTP 200): the JSON is malformed or truncated"
	formats := [][]string{nil, {"-o", "json"}, {"-o", "jsonl"}, {"-o", "yaml"}, {"-o", "csv"},
		{"--jq", ".[].code"}, {"--jq", "map(.id) | length"}}
	for name, cut := range map[string]int{"in the middle of an element": mid, "at an element boundary": boundary,
		"inside a string": inString, "before the first element ends": 40} {
		for _, chunked := range []bool{true, false} {
			body := full[:cut]
			for _, f := range formats {
				t.Run(fmt.Sprintf("%s/chunked=%t/%v", name, chunked, f), func(t *testing.T) {
					r := newRunner(t)
					if chunked {
						r.API.HandleFunc("GET /v1/promo", serveChunked(body))
					} else {
						// The server says how long the list is and sends less:
						// the connection breaks.
						r.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
							w.Header().Set("Content-Length", strconv.Itoa(len(full)))
							w.Write([]byte(body))
						})
					}
					res := r.Run(append(append([]string{}, cmdtest.ListArgs...), f...)...)
					want := msg
					if !chunked {
						want = "list promo codes of site 7: cannot reach the server: reading the response: unexpected EOF"
					}
					asJSON := len(f) > 0 && (f[1] == "json" || f[1] == "jsonl" || f[0] == "--jq")
					if asJSON {
						b, _ := json.Marshal(want)
						want = `{"error":{"message":` + string(b) + `,"exit_code":1}}`
					} else {
						want = "promoctl: " + want
					}
					if res.Code != 1 || res.Stderr != want+"\n" {
						t.Errorf("exit %d, stderr %q; want 1 and %q", res.Code, res.Stderr, want+"\n")
					}
					switch {
					case len(f) == 0 || f[0] == "--jq" && f[1] != ".[].code":
						if res.Stdout != "" {
							t.Errorf("stdout %.80q, want none: the table and a filter of the whole list hold it", res.Stdout)
						}
					case f[1] == "json":
						out := res.Stdout
						if json.Valid([]byte(out)) || strings.HasSuffix(out, "]\n") || !strings.HasPrefix(full, out) {
							t.Errorf("stdout (%d bytes) ends %q: want the server's bytes up to an element, without the closing ]", len(out), out[max(0, len(out)-40):])
						}
						if cut > 100 && len(out) == 0 {
							t.Errorf("nothing written before the list was cut")
						}
					case f[1] == "jsonl", f[0] == "--jq":
						for i, l := range strings.Split(strings.TrimSuffix(res.Stdout, "\n"), "\n") {
							if res.Stdout != "" && !(json.Valid([]byte(l)) || strings.HasPrefix(l, "CODE")) {
								t.Fatalf("line %d %q is not whole", i+1, l)
							}
						}
					}
					if res.Stdout != "" && !strings.HasSuffix(res.Stdout, "\n") && (len(f) == 0 || f[1] != "json") {
						t.Errorf("stdout ends %q: want whole lines", res.Stdout[max(0, len(res.Stdout)-40):])
					}
				})
			}
		}
	}
}

// TestPromoListJSONLMatchesJSON: -o jsonl gives the objects -o json gives,
// one a line.
func TestPromoListJSONLMatchesJSON(t *testing.T) {
	list := streamList(700)
	r := newRunner(t)
	r.API.HandleFunc("GET /v1/promo", serveChunked(list))
	r.API.HandleFunc("GET /v1/promo", serveChunked(list))
	asJSON := r.Run(append(cmdtest.ListArgs, "-o", "json")...)
	asJSONL := r.Run(append(cmdtest.ListArgs, "-o", "jsonl")...)
	if asJSON.Code != 0 || asJSONL.Code != 0 || asJSON.Stdout != list+"\n" {
		t.Fatalf("exit %d and %d; json output is the list as sent: %t", asJSON.Code, asJSONL.Code, asJSON.Stdout == list+"\n")
	}
	var want []json.RawMessage
	json.Unmarshal([]byte(asJSON.Stdout), &want)
	lines := strings.Split(strings.TrimSuffix(asJSONL.Stdout, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(lines), len(want))
	}
	for i, l := range lines {
		var a, b any
		json.Unmarshal([]byte(l), &a)
		json.Unmarshal(want[i], &b)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("line %d = %s, want %s", i+1, l, want[i])
		}
	}
}

// TestPromoListStreamIsCapped: the response cap holds for a list without
// a Content-Length, read as it streams.
func TestPromoListStreamIsCapped(t *testing.T) {
	for _, f := range []string{"json", "table"} {
		r := newRunner(t)
		r.Env["PROMOCTL_MAX_RESPONSE"] = "1MiB"
		r.API.HandleFunc("GET /v1/promo", serveChunked(streamList(5000)))
		res := r.Run(append(cmdtest.ListArgs, "-o", f)...)
		const why = "list promo codes of site 7: unexpected response from the server (HTTP 200): " +
			"the body is larger than 1 MiB; if that is expected, raise the limit with PROMOCTL_MAX_RESPONSE"
		if res.Code != 1 || !strings.Contains(res.Stderr, why) || bytes.Count([]byte(res.Stderr), []byte("\n")) != 1 {
			t.Errorf("-o %s: exit %d, stderr %q; want 1 and %q", f, res.Code, res.Stderr, why)
		}
	}
}

// TestPromoListFormatsAgree: the streamed table, CSV and YAML of a list
// long enough to be read in several pieces show every code once.
func TestPromoListFormatsAgree(t *testing.T) {
	list := streamList(1500)
	for _, f := range []string{"table", "csv", "yaml"} {
		r := newRunner(t)
		r.API.HandleFunc("GET /v1/promo", serveChunked(list))
		res := r.Run(append(cmdtest.ListArgs, "-o", f)...)
		if res.Code != 0 || strings.Count(res.Stdout, "CODE0") != 1500 || !strings.Contains(res.Stdout, "CODE01499") {
			t.Errorf("-o %s: exit %d, %d codes; want all 1500", f, res.Code, strings.Count(res.Stdout, "CODE0"))
		}
	}
}
