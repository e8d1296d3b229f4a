package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// maxAPIBody bounds the request body `api -f` reads.
const maxAPIBody = 32 << 20

func newAPICmd(f *factory) *cobra.Command {
	var (
		file    string
		headers []string
	)
	c := &cobra.Command{
		Use:   "api METHOD PATH",
		Short: "Send an authenticated request to any API endpoint",
		Long: `Send an authenticated request to any endpoint of the API and print the
response, like 'gh api'. It reaches what the other commands do not cover.

METHOD is GET, POST, PUT, PATCH, DELETE or HEAD, in any case. PATH is
relative to the base URL and starts with /; a query string in it is sent
as written.

The request carries your token and user id; -H adds headers, but cannot
replace Authorization, X-Api-User-Id, Accept or User-Agent. -f FILE (- for
stdin) sends the file's bytes as the body, at most 32 MiB; it must be one
JSON value unless -H 'Content-Type: …' says otherwise. An empty file sends
no body.

A JSON response is printed indented; with -o json and stdout not a
terminal it is written as received, like gh api (-o yaml converts it, --jq
filters it).
A successful response that is not JSON is printed as it is, with control
characters removed when stdout is a terminal; an empty one (204, HEAD)
prints nothing. An error response prints one line on stderr and exits 3
for 401/403, 4 for 404 and 1 otherwise, printing nothing on stdout.

GET, PUT, DELETE and HEAD are retried on connection errors, 429 and
502/503/504; POST and PATCH only when the server cannot have acted on them.`,
		Args: exactArgs(2, "a METHOD and a PATH"),
		Example: `  promoctl api GET '/v1/promo?site_id=11111'
  promoctl api GET /v3/public/site --jq '.[].id'
  promoctl api POST /v1/promo -f promo.json
  echo '{"code":"SPRING"}' | promoctl api PUT /v1/promo/1001 -f -
  promoctl api DELETE /v1/promo/1001
  promoctl api GET /v1/shop/product/123456 -H 'Accept-Language: en'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			method, err := api.RawMethod(args[0])
			if err != nil {
				return usageErr(err)
			}
			target := args[1]
			if _, _, err := api.SplitTarget(target); err != nil {
				return usageErr(err)
			}
			header, err := parseHeaders(headers)
			if err != nil {
				return err
			}
			body, err := readAPIBody(file, f.io.In, header)
			if err != nil {
				return err
			}
			sess, err := f.newSession(cmd)
			if err != nil {
				return err
			}
			if sess.out.Format == output.CSV {
				if src := sess.settings.Sources[config.KeyOutput]; src.Kind == "flag" || src.Kind == "env" {
					return usagef("api prints JSON: use --output json or yaml, not csv")
				}
				sess.out.Format = output.JSON
			}
			client, err := sess.client()
			if err != nil {
				return err
			}
			ctx, cancel := sess.withTimeout(cmd.Context())
			defer cancel()
			resp, err := client.Raw(ctx, method, target, body, header)
			if err != nil {
				return fmt.Errorf("%s %s: %w", method, target, err)
			}
			if err := f.printRaw(sess, resp); err != nil {
				return fmt.Errorf("%s %s: %w", method, target, err)
			}
			return nil
		},
	}
	c.Flags().StringVarP(&file, "file", "f", "", "send the body read from `FILE` (- for stdin)")
	c.Flags().StringArrayVarP(&headers, "header", "H", nil, "add a request header 'Name: value' (repeatable)")
	return c
}

// parseHeaders reads the -H flags.
func parseHeaders(hs []string) (http.Header, error) {
	h := http.Header{}
	for _, s := range hs {
		name, value, ok := strings.Cut(s, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || !validHeaderName(name) {
			return nil, usagef("invalid header %q: want 'Name: value'", s)
		}
		if strings.ContainsAny(value, "\r\n\x00") {
			return nil, usagef("invalid header %q: the value holds a line break or NUL", name)
		}
		switch k := http.CanonicalHeaderKey(name); k {
		case "Authorization", "X-Api-User-Id":
			return nil, usagef("-H %s: promoctl sends your credentials itself; use --token and --user-id, or promoctl auth login", k)
		case "Accept", "User-Agent":
			return nil, usagef("-H %s: promoctl always sends its own %s header", k, k)
		case "Host", "Content-Length", "Transfer-Encoding", "Connection":
			return nil, usagef("-H %s: this header is set by the HTTP connection", k)
		}
		h.Add(name, value)
	}
	return h, nil
}

// validHeaderName reports whether s is an HTTP token (RFC 9110).
func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0 {
			continue
		}
		return false
	}
	return true
}

// readAPIBody reads the -f file or stdin; nil when there is none or it is
// empty. A body sent as JSON (no other Content-Type named) must be JSON.
func readAPIBody(file string, stdin io.Reader, header http.Header) ([]byte, error) {
	if file == "" {
		return nil, nil
	}
	data, err := readFileArg(file, stdin, maxAPIBody, ", the largest body promoctl api sends")
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, nil
	}
	if ct := header.Get("Content-Type"); (ct == "" || strings.Contains(strings.ToLower(ct), "json")) && !json.Valid(data) {
		return nil, usagef("--file %s is not valid JSON (to send other data, name its type: -H 'Content-Type: text/plain')", file)
	}
	return data, nil
}

// readFileArg reads the file a -f flag names, or stdin for "-", refusing
// one larger than limit bytes (a whole number of MiB) and saying why there
// is a limit. It reads at most limit+1 bytes, so a huge file is refused
// without being read whole; paths and stdin have the same limit.
func readFileArg(name string, stdin io.Reader, limit int64, why string) ([]byte, error) {
	r := stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return nil, usagef("--file: %v", err)
		}
		defer fh.Close()
		r = fh
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if errors.Is(err, context.Canceled) { // Ctrl-C while stdin was read
		return nil, err
	}
	if err != nil {
		return nil, usagef("--file %s: %v", name, err)
	}
	if int64(len(data)) > limit {
		return nil, usagef("--file %s is larger than %d MiB%s", name, limit>>20, why)
	}
	return data, nil
}

// printRaw prints the body of a successful response: JSON through the
// output options, anything else as it is, nothing when it is empty.
func (f *factory) printRaw(sess *session, resp *api.Response) error {
	body := bytes.TrimSpace(resp.Body)
	if len(body) == 0 {
		return nil
	}
	if jsonscan.Valid(body) {
		return f.print(sess, output.Data{JSON: body})
	}
	if sess.out.JQ != nil {
		got := "a body that is not JSON"
		if ct := resp.Header.Get("Content-Type"); ct != "" {
			got = termsafe.String(ct)
		}
		return &api.ResponseError{Status: resp.Status, Reason: "--jq needs a JSON response, got " + got}
	}
	out := resp.Body
	if f.io.IsStdoutTTY() {
		lines := strings.Split(string(out), "\n")
		for i, l := range lines {
			lines[i] = termsafe.String(l)
		}
		out = []byte(strings.Join(lines, "\n"))
		if !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
	}
	_, err := f.io.Out.Write(out)
	return err
}
