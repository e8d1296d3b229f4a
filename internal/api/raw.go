package api

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// RawMethods are the methods Raw sends.
func RawMethods() []string {
	return []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodHead}
}

// Raw sends any authenticated request, for `promoctl api`. method is one of
// RawMethods in any case; target is a path relative to the base URL that
// starts with "/", optionally with a query string, both sent as written.
// body, when not nil, is sent as it is (as JSON unless header names another
// Content-Type). header is added to the request; it cannot replace the
// Authorization, X-Api-User-Id, Accept and User-Agent headers the client
// sets. Retries follow Do: POST and PATCH are not retried once the server
// may have acted on them.
func (c *Client) Raw(ctx context.Context, method, target string, body []byte, header http.Header) (*Response, error) {
	m, err := RawMethod(method)
	if err != nil {
		return nil, err
	}
	p, q, err := SplitTarget(target)
	if err != nil {
		return nil, err
	}
	path, err := url.PathUnescape(p)
	if err != nil {
		return nil, i18n.NewError(0, "api.raw.path_escape", "Path", p, "Err", err)
	}
	// Any path may answer with a list: the larger cap applies.
	return c.Do(ctx, Request{Method: m, Path: path, Body: body, Header: header, List: true, rawPath: p, rawQuery: q})
}

// RawMethod checks an HTTP method for Raw and returns it in upper case.
func RawMethod(method string) (string, error) {
	m := strings.ToUpper(strings.TrimSpace(method))
	for _, ok := range RawMethods() {
		if m == ok {
			return m, nil
		}
	}
	return "", i18n.NewError(0, "api.raw.method", "Method", method, "Methods", strings.Join(RawMethods(), ", "))
}

// SplitTarget checks a request target for Raw, a path relative to the base
// URL such as /v1/promo?site_id=1, and splits it into its path and query.
func SplitTarget(target string) (path, query string, err error) {
	if !strings.HasPrefix(target, "/") || strings.HasPrefix(target, "//") {
		return "", "", i18n.NewError(0, "api.raw.path_slash", "Path", target)
	}
	if i := strings.IndexFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '#' }); i >= 0 {
		return "", "", i18n.NewError(0, "api.raw.path_chars", "Path", target)
	}
	path, query, _ = strings.Cut(target, "?")
	if _, err := url.PathUnescape(path); err != nil {
		return "", "", i18n.NewError(0, "api.raw.path_escape", "Path", target, "Err", err)
	}
	return path, query, nil
}
