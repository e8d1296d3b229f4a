package config

import (
	"fmt"
)

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
