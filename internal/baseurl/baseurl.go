// Package baseurl knows the API's base URL: the public default and what a
// valid one looks like. It is a leaf: the settings (internal/config) check
// a configured URL with it and the HTTP client (internal/api) builds its
// requests on it, so neither needs the other.
package baseurl

import (
	"net/url"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Default is the public service.
const Default = "https://api.lpmotor.ru"

// Parse checks that s is an absolute http or https URL without
// credentials, and returns it without a trailing slash on its path.
func Parse(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, i18n.NewError(0, "baseurl.invalid", "URL", s, "Default", Default)
	}
	if u.User != nil {
		return nil, i18n.NewError(0, "baseurl.credentials", "URL", u.Redacted())
	}
	u.Path = strings.TrimRight(u.Path, "/")
	return u, nil
}
