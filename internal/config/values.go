package config

import (
	"github.com/promoctl/promoctl/internal/i18n"
)

// maxProfileName is the longest profile name, in bytes.
const maxProfileName = 64

// CheckProfileName checks the name of a profile to be created: letters,
// digits, '.', '_' and '-', so that it is easy to type and to quote.
func CheckProfileName(name string) error {
	if name == "" {
		return i18n.NewError(0, "config.profile.name_empty")
	}
	if len(name) > maxProfileName {
		return i18n.NewError(0, "config.profile.name_long", "Name", name, "Max", maxProfileName)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return i18n.NewError(0, "config.profile.name_chars", "Name", name)
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
