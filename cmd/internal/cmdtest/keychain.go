package cmdtest

import (
	"time"

	"github.com/zalando/go-keyring"

	"github.com/promoctl/promoctl/internal/keychain"
)

// WithKeychain gives the runner go-keyring's in-memory keychain, failing
// every call with err when err is not nil. The real keychain is never
// touched.
func (r *Runner) WithKeychain(err error) {
	if err != nil {
		keyring.MockInitWithError(err)
	} else {
		keyring.MockInit()
	}
	r.keychain = keychain.System{Timeout: time.Second}
}

// KeychainKey is what the mock keychain holds for a profile of the
// runner's config file, or "".
func (r *Runner) KeychainKey(profile string) string {
	v, err := keyring.Get(keychain.Service, keychain.Account(profile, r.ConfigPath()))
	if err != nil {
		return ""
	}
	return v
}

// KeepInKeychain puts key in the mock keychain for a profile of the
// runner's config file.
func (r *Runner) KeepInKeychain(profile, key string) {
	r.T.Helper()
	if err := keyring.Set(keychain.Service, keychain.Account(profile, r.ConfigPath()), key); err != nil {
		r.T.Fatal(err)
	}
}
