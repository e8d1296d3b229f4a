package cmdutil

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// PlainHTTP is the user's say on sending the token over plain HTTP to a
// host that is not loopback: --allow-insecure-http (flag) or
// PROMOCTL_ALLOW_INSECURE_HTTP. It is deliberately not a config setting,
// so that it is a choice made on each command, never forgotten in a file.
type PlainHTTP struct {
	flag bool
	Env  config.Env
	Warn func(...string)
}

// optIn reports whether the user allowed plain HTTP, and how.
func (p PlainHTTP) optIn() (allowed bool, how string, err error) {
	if p.flag {
		return true, "--allow-insecure-http", nil
	}
	v, ok := p.Env("PROMOCTL_ALLOW_INSECURE_HTTP")
	if !ok || strings.TrimSpace(v) == "" {
		return false, "", nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, "", Usagef("invalid PROMOCTL_ALLOW_INSECURE_HTTP %q: set it to 1 to allow plain HTTP, or unset it", termsafe.String(v))
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
	p.Warn(fmt.Sprintf("sending the API token over plain HTTP to %s (%s): anyone on the network can read it", u.Host, how))
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
		return Usagef("refusing to set %s to %s: promoctl sends the API token in clear text over plain HTTP to anything but loopback; "+
			"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust, here and on every command that uses it",
			config.KeyBaseURL, shown)
	}
	p.Warn(fmt.Sprintf("%s %s sends the API token in clear text: every command that uses it needs --allow-insecure-http or PROMOCTL_ALLOW_INSECURE_HTTP=1",
		config.KeyBaseURL, shown))
	return nil
}
