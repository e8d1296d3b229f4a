package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/format"
)

// IsKey reports whether key names a setting.
func IsKey(key string) bool {
	for _, k := range Keys() {
		if k == key {
			return true
		}
	}
	return false
}

// Default returns the default of a setting, or "" for one without.
func Default(key string) string {
	switch key {
	case KeyBaseURL:
		return baseurl.Default
	case KeyOutput:
		return string(format.Table)
	case KeyTimeout:
		return DefaultTimeout.String()
	}
	return ""
}

// CheckValue checks a value for a setting and returns it in the form the
// config file keeps: a base URL without a trailing slash, ids without
// leading zeros, the output format in lower case.
func CheckValue(key, value string) (string, error) {
	value = strings.TrimSpace(value)
	switch key {
	case KeyBaseURL:
		if _, err := baseurl.Parse(value); err != nil {
			return "", err
		}
		return strings.TrimRight(value, "/"), nil
	case KeyToken:
		if value == "" {
			return "", fmt.Errorf("the token is empty")
		}
		if strings.ContainsFunc(value, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			return "", fmt.Errorf("the token contains spaces or control characters")
		}
		return value, nil
	case KeyUserID, KeySiteID:
		n, err := ParseID(value)
		if err != nil {
			return "", err
		}
		return strconv.FormatInt(n, 10), nil
	case KeyOutput:
		f, err := format.Parse(value)
		if err != nil {
			return "", err
		}
		return string(f), nil
	case KeyTimeout:
		if _, err := ParseTimeout(value); err != nil {
			return "", err
		}
		return value, nil
	}
	return "", fmt.Errorf("unknown setting %q: use one of %s", key, strings.Join(Keys(), ", "))
}

// Get returns the value of key as the profile stores it.
func (p *Profile) Get(key string) string {
	if p == nil {
		return ""
	}
	switch key {
	case KeyBaseURL:
		return p.BaseURL
	case KeyToken:
		return p.Token
	case KeyUserID:
		return p.UserID
	case KeySiteID:
		return p.SiteID
	case KeyOutput:
		return p.Output
	case KeyTimeout:
		return p.Timeout
	}
	return ""
}

// CheckProfileName checks the name of a profile to be created: letters,
// digits, '.', '_' and '-', so that it is easy to type and to quote.
func CheckProfileName(name string) error {
	if name == "" {
		return fmt.Errorf("the profile name is empty")
	}
	if len(name) > 64 {
		return fmt.Errorf("profile name %q is longer than 64 characters", name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return fmt.Errorf("profile name %q may hold only Latin letters, digits, '.', '_' and '-'", name)
		}
	}
	return nil
}

// MaskToken shows enough of a token to tell two apart and never enough to
// use it: "abc…yz" for a long token, less for a shorter one, "****" below 8
// characters, "" for none.
func MaskToken(t string) string {
	r := []rune(t)
	switch n := len(r); {
	case n == 0:
		return ""
	case n < 8:
		return "****"
	case n < 12:
		return string(r[:1]) + "…" + string(r[n-1:])
	default:
		return string(r[:3]) + "…" + string(r[n-2:])
	}
}

// ActiveProfile returns the profile a run uses and where that choice came
// from: --profile, then PROMOCTL_PROFILE, then current_profile of the file,
// then "default".
func ActiveProfile(flagProfile string, env Env, f *File, path string) (string, Source) {
	switch {
	case flagProfile != "":
		return flagProfile, Source{"flag", "--profile"}
	case env.Getenv("PROMOCTL_PROFILE") != "":
		return env.Getenv("PROMOCTL_PROFILE"), Source{"env", "PROMOCTL_PROFILE"}
	case f != nil && f.CurrentProfile != "":
		return f.CurrentProfile, Source{"file", "current_profile in " + path}
	}
	return DefaultProfile, Source{Kind: "default"}
}
