// Package apicmd is the api command: an authenticated request to any API
// endpoint. Named apicmd: it imports internal/api.
package apicmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/input"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// maxAPIBody bounds the request body `api -f` reads.
const maxAPIBody = 32 << 20

// apiOptions are the inputs of api: a request checked and read in full
// before anything is sent.
type apiOptions struct {
	*cmdutil.Session
	Method, Target string // the target is the path with its query
	Header         http.Header
	Body           []byte // nil: none
	Include        bool   // -i: the status line and headers first
}

func NewCmd(f *cmdutil.Factory, run func(context.Context, *apiOptions) error) *cobra.Command {
	if run == nil {
		run = runAPI
	}
	opts := &apiOptions{}
	a := &apiFlags{}
	c := &cobra.Command{
		Use:   "api [METHOD] PATH",
		Short: "Send an authenticated request to any API endpoint",
		Long: `Send an authenticated request to any endpoint of the API and print the
response, like 'gh api'. It reaches what the other commands do not cover.

The method is GET unless -X names another, or it is given before PATH
(api POST /v1/promo): GET, POST, PUT, PATCH, DELETE or HEAD, in any case.
PATH is relative to the base URL and starts with /; a query string in it
is sent as written.

The request carries your token and user id; -H adds headers, but cannot
replace Authorization, X-Api-User-Id, Accept or User-Agent.

-F key=value adds a field, typed: a number, true, false and null are sent
as JSON values, @FILE sends the contents of FILE as a string (@- reads
stdin), anything else is a string. For GET and HEAD the fields are added
to the query string; for the other methods they are sent as a JSON object.
--input FILE (-f, - for stdin) sends the file's bytes, at most 32 MiB, as
the body instead; it must be one JSON value unless -H 'Content-Type: …'
says otherwise. An empty file sends no body. -F and --input cannot be
combined.

On a terminal a JSON response is printed indented; piped, it is written
as received, byte for byte, like gh api. -o yaml converts it, --jq
filters it. A successful response that is not JSON is printed as it is,
with control characters removed when stdout is a terminal; an empty one
(204, HEAD) prints nothing. -i prints the status line and the response
headers before the body (to see Location after a POST).

An error response prints one line on stderr and exits 3 for 401/403, 4
for 404 and 1 otherwise, printing nothing on stdout.

GET, PUT, DELETE and HEAD are retried on connection errors, 429 and
502/503/504; POST and PATCH only when the server cannot have acted on them.`,
		Args: apiArgs,
		Example: `  promoctl api '/v1/promo?site_id=11111'
  promoctl api /v1/promo -F site_id=11111
  promoctl api /v3/public/site --jq '.[].id'
  promoctl api -X POST /v1/promo -F site_id=11111 -F code=SPRING -F is_enabled=true -i
  promoctl api POST /v1/promo --input promo.json
  echo '{"code":"SPRING"}' | promoctl api PUT /v1/promo/1001 --input -
  promoctl api -X DELETE /v1/promo/1001
  promoctl api /v1/shop/product/123456 -H 'Accept-Language: en'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			m, target, err := a.validate(cmd, args)
			if err != nil {
				return err
			}
			if err := a.complete(cmd, f, m, target, opts); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	c.Flags().StringVarP(&a.method, "method", "X", http.MethodGet, "the HTTP `METHOD` of the request")
	c.Flags().StringVarP(&a.file, "input", "f", "", "send the body read from `FILE` (- for stdin)")
	c.Flags().StringArrayVarP(&a.fields, "field", "F", nil, "add a field `key=value`, typed: numbers, true, false, null; @FILE for a file's contents (repeatable)")
	c.Flags().StringArrayVarP(&a.headers, "header", "H", nil, "add a request header 'Name: value' (repeatable)")
	c.Flags().BoolVarP(&opts.Include, "include", "i", false, "print the status line and response headers before the body")
	// --file, the first name of --input, keeps working.
	c.Flags().SetNormalizeFunc(func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
		if name == "file" {
			name = "input"
		}
		return pflag.NormalizedName(name)
	})
	c.ValidArgsFunction = completeAPI(f.Msg)
	_ = c.MarkFlagFilename("input") // the flag exists: no error
	_ = c.MarkFlagFilename("field") // @FILE: likewise
	return c
}

// apiFlags are the flags of api as given, before complete turns them
// into options.
type apiFlags struct {
	method, file    string
	headers, fields []string
}

// validate makes every check of the arguments and flags alone, once, and
// gives the request's method and target.
func (a *apiFlags) validate(cmd *cobra.Command, args []string) (method, target string, err error) {
	m := http.MethodGet
	if cmd.Flags().Changed("method") {
		m = a.method
	}
	target = args[len(args)-1]
	if len(args) == 2 {
		if cmd.Flags().Changed("method") {
			return "", "", i18n.NewError(cmdutil.ExitUsage, "apicmd.method_once", "Flag", a.method, "Arg", args[0])
		}
		m = args[0]
	}
	if m, err = api.RawMethod(m); err != nil {
		return "", "", cmdutil.UsageErr(err)
	}
	if _, _, err := api.SplitTarget(target); err != nil {
		return "", "", cmdutil.UsageErr(err)
	}
	if len(a.fields) > 0 && a.file != "" {
		return "", "", i18n.NewError(cmdutil.ExitUsage, "apicmd.fields_and_input")
	}
	return m, target, nil
}

// complete reads the headers, fields and body into opts and starts the
// session.
func (a *apiFlags) complete(cmd *cobra.Command, f *cmdutil.Factory, m, target string, opts *apiOptions) error {
	header, err := parseDashH(a.headers)
	if err != nil {
		return err
	}
	fs, err := parseFields(a.fields, f.IO.In)
	if err != nil {
		return err
	}
	body, err := readAPIBody(a.file, f.IO.In, header)
	if err != nil {
		return err
	}
	switch {
	case len(fs) == 0:
	case m == http.MethodGet || m == http.MethodHead:
		target = withQuery(target, fs)
	default:
		body = fieldsJSON(fs)
	}
	sess, err := f.Start(cmd)
	if err != nil {
		return err
	}
	opts.Session, opts.Method, opts.Target, opts.Header, opts.Body = sess, m, target, header, body
	return nil
}

// runAPI sends the request with the session's credentials and prints the
// response. It prints JSON: csv, when the settings ask for it, falls back
// to JSON unless it was asked for on this command line.
func runAPI(ctx context.Context, opts *apiOptions) error {
	if opts.Out.Format == format.CSV {
		if src := opts.Settings.Sources[config.KeyOutput]; src.Kind.Given() {
			return i18n.NewError(cmdutil.ExitUsage, "apicmd.csv")
		}
		opts.Out.Format = format.JSON
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	resp, err := client.Raw(ctx, opts.Method, opts.Target, opts.Body, opts.Header)
	if err != nil {
		return i18n.NewError(0, "apicmd.request", "Method", opts.Method, "Target", opts.Target, "Err", err)
	}
	if err := opts.printRaw(resp); err != nil {
		return i18n.NewError(0, "apicmd.request", "Method", opts.Method, "Target", opts.Target, "Err", err)
	}
	return nil
}

// apiArgs accepts PATH or METHOD PATH.
func apiArgs(cmd *cobra.Command, args []string) error {
	switch len(args) {
	case 1:
		if a := args[0]; !strings.HasPrefix(a, "/") {
			if _, err := api.RawMethod(a); err == nil {
				return i18n.NewError(cmdutil.ExitUsage, "apicmd.needs_path", "Command", cmd.CommandPath(), "Method", a)
			}
		}
		return nil
	case 2:
		return nil
	}
	return i18n.CountError(cmdutil.ExitUsage, "apicmd.args", len(args), "Command", cmd.CommandPath())
}

// apiField is one -F field: its key, and its value as JSON and as text
// for a query string.
type apiField struct {
	key        string
	json, text string
}

// parseFields reads the -F flags: key=value, where a number, true, false
// and null are JSON values, @FILE is the file's contents as a string (@-
// stdin), and anything else a string.
func parseFields(fs []string, stdin io.Reader) ([]apiField, error) {
	var out []apiField
	seen := map[string]bool{}
	for _, s := range fs {
		key, value, ok := strings.Cut(s, "=")
		if !ok || key == "" {
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.field_invalid", "Value", s)
		}
		if seen[key] {
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.field_twice", "Key", key)
		}
		seen[key] = true
		fd := apiField{key: key, text: value}
		switch {
		case strings.HasPrefix(value, "@"):
			text, err := readFieldFile(value[1:], stdin)
			if err != nil {
				return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.field_file", "Key", key, "Err", err)
			}
			fd.text = text
			b, _ := json.Marshal(text)
			fd.json = string(b)
		case value == "true" || value == "false":
			fd.json = value
		case value == "null":
			fd.json, fd.text = value, ""
		case isJSONNumber(value):
			fd.json = value
		default:
			b, _ := json.Marshal(value)
			fd.json = string(b)
		}
		out = append(out, fd)
	}
	return out, nil
}

// readFieldFile reads the file of an -F key=@FILE field; - is stdin.
func readFieldFile(name string, stdin io.Reader) (string, error) {
	r := stdin
	if name != "-" {
		fh, err := os.Open(name)
		if err != nil {
			return "", err
		}
		defer fh.Close()
		r = fh
	}
	data, err := io.ReadAll(io.LimitReader(r, maxAPIBody+1))
	if err != nil {
		return "", err
	}
	if len(data) > maxAPIBody {
		return "", i18n.NewError(0, "apicmd.too_large", "Name", name, "MiB", maxAPIBody>>20)
	}
	return string(data), nil
}

// isJSONNumber reports whether s is a number as JSON writes it (12, -1.5,
// 1e3); 007 and +1 are not, and stay strings.
func isJSONNumber(s string) bool {
	if s == "" || (s[0] != '-' && (s[0] < '0' || s[0] > '9')) || strings.TrimSpace(s) != s {
		return false
	}
	return json.Valid([]byte(s))
}

// withQuery adds the fields to the query string of target.
func withQuery(target string, fs []apiField) string {
	parts := make([]string, len(fs))
	for i, fd := range fs {
		parts[i] = url.QueryEscape(fd.key) + "=" + url.QueryEscape(fd.text)
	}
	sep := "?"
	if strings.Contains(target, "?") {
		sep = "&"
		if strings.HasSuffix(target, "?") || strings.HasSuffix(target, "&") {
			sep = ""
		}
	}
	return target + sep + strings.Join(parts, "&")
}

// fieldsJSON is the fields as a JSON object, in the order given.
func fieldsJSON(fs []apiField) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, fd := range fs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(fd.key)
		b.Write(k)
		b.WriteByte(':')
		b.WriteString(fd.json)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// parseDashH reads the -H flags: the headers to add to the request.
func parseDashH(hs []string) (http.Header, error) {
	h := http.Header{}
	for _, s := range hs {
		name, value, ok := strings.Cut(s, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || !validHeaderName(name) {
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.header_form", "Value", s)
		}
		if strings.ContainsAny(value, "\r\n\x00") {
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.header_chars", "Name", name)
		}
		switch k := http.CanonicalHeaderKey(name); k {
		case "Authorization", "X-Api-User-Id":
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.header_credentials", "Header", k)
		case "Accept", "User-Agent":
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.header_own", "Header", k)
		case "Host", "Content-Length", "Transfer-Encoding", "Connection":
			return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.header_connection", "Header", k)
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
	data, err := input.ReadFileArg(file, stdin, maxAPIBody, i18n.M("base.why.api_body"))
	if err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, nil
	}
	if ct := header.Get("Content-Type"); (ct == "" || strings.Contains(strings.ToLower(ct), "json")) && !json.Valid(data) {
		return nil, i18n.NewError(cmdutil.ExitUsage, "apicmd.file_not_json", "Path", file)
	}
	return data, nil
}

// printRaw prints a successful response: with include its status line and
// headers (terminal-safe, sorted by name) and a blank line, like gh api
// -i; then the body: JSON through the output options, anything else as it
// is, nothing when it is empty.
func (o *apiOptions) printRaw(resp *api.Response) error {
	if o.Include {
		if err := o.printResponseHead(resp); err != nil {
			return err
		}
	}
	body := bytes.TrimSpace(resp.Body)
	if len(body) == 0 {
		return nil
	}
	if jsonscan.Valid(body) {
		return o.Print(output.Data{JSON: body})
	}
	if o.Out.JQ != nil {
		got := i18n.M("apicmd.jq_not_json")
		if ct := resp.Header.Get("Content-Type"); ct != "" {
			got = i18n.M("apicmd.jq_content_type", "Type", termsafe.String(ct))
		}
		return &api.ResponseError{Status: resp.Status, Why: i18n.M("apicmd.jq_needs_json", "Got", got)}
	}
	out := resp.Body
	if o.IO.IsStdoutTTY() {
		lines := strings.Split(string(out), "\n")
		for i, l := range lines {
			lines[i] = termsafe.String(l)
		}
		out = []byte(strings.Join(lines, "\n"))
		if !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
	}
	_, err := o.IO.Out.Write(out)
	return err
}

// printResponseHead writes the status line and headers of resp.
func (o *apiOptions) printResponseHead(resp *api.Response) error {
	var b strings.Builder
	proto := resp.Proto
	if proto == "" {
		proto = "HTTP/1.1"
	}
	fmt.Fprintf(&b, "%s %d %s\n", termsafe.String(proto), resp.Status, http.StatusText(resp.Status))
	names := make([]string, 0, len(resp.Header))
	for k := range resp.Header {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		for _, v := range resp.Header[k] {
			fmt.Fprintf(&b, "%s: %s\n", termsafe.String(k), termsafe.String(v))
		}
	}
	b.WriteByte('\n')
	_, err := io.WriteString(o.IO.Out, b.String())
	return err
}
