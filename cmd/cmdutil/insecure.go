package cmdutil

import (
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// PlainHTTP is the user's say on sending the token over plain HTTP to a
// host that is not loopback: --allow-insecure-http (flag) or
// PROMOCTL_ALLOW_INSECURE_HTTP. It is deliberately not a config setting,
// so that it is a choice made on each command, never forgotten in a file.
type PlainHTTP struct {
	flag bool
	env  config.Env
	warn func(i18n.Message)
}

// optIn reports whether the user allowed plain HTTP, and how.
func (p PlainHTTP) optIn() (allowed bool, how string, err error) {
	if p.flag {
		return true, "--allow-insecure-http", nil
	}
	v, ok := p.env("PROMOCTL_ALLOW_INSECURE_HTTP")
	if !ok || strings.TrimSpace(v) == "" {
		return false, "", nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, "", i18n.NewError(ExitUsage, "base.insecure.env", "Value", termsafe.String(v))
	}
	return b, "PROMOCTL_ALLOW_INSECURE_HTTP", nil
}

// Allow checks, before anything is sent, that a base URL would not carry
// the token in clear text: plain HTTP is refused (exit 2) except to
// loopback or when the user opted in, and then it warns, every time.
func (p PlainHTTP) Allow(baseURL string) (bool, error) {
	u, err := baseurl.Parse(baseURL)
	if err != nil || !api.IsPlainHTTP(u) {
		return false, nil // api.New reports a bad URL
	}
	allowed, how, err := p.optIn()
	if err != nil {
		return false, err
	}
	if !allowed {
		return false, UsageErr(&api.PlainHTTPError{Host: u.Host})
	}
	p.warn(i18n.M("base.insecure.sending", "Host", u.Host, "How", how))
	return true, nil
}

// AllowSaved refuses to save a base URL that would send the token in clear
// text unless the user opted in, and then warns that every command will
// need the opt-in too: it is not a setting.
func (p PlainHTTP) AllowSaved(value string) error {
	u, err := baseurl.Parse(value)
	if err != nil || !api.IsPlainHTTP(u) {
		return nil
	}
	allowed, _, err := p.optIn()
	if err != nil {
		return err
	}
	shown := termsafe.String(u.Redacted())
	if !allowed {
		return i18n.NewError(ExitUsage, "base.insecure.refuse_saved", "Key", config.KeyBaseURL, "URL", shown)
	}
	p.warn(i18n.M("base.insecure.saved", "Key", config.KeyBaseURL, "URL", shown))
	return nil
}
