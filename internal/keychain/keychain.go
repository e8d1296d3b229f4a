// Package keychain keeps API keys in the operating system's keychain —
// the macOS Keychain, the Windows Credential Manager, or a Secret Service
// (GNOME Keyring, KWallet) over D-Bus — through go-keyring. Every call is
// bounded in time: a Secret Service that does not answer must not stall
// promoctl.
package keychain

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Service is the keychain service promoctl's keys are kept under.
const Service = "promoctl"

// DefaultTimeout bounds one keychain call.
const DefaultTimeout = 3 * time.Second

// ErrNotFound is a key the keychain does not have.
var ErrNotFound error = i18n.NewError(0, "keychain.not_found")

// System is the operating system's keychain.
type System struct {
	// Timeout bounds each call; zero means DefaultTimeout.
	Timeout time.Duration
	// Store is the keyring; nil means the system's (go-keyring's own,
	// which its MockInit replaces in tests).
	Store keyring.Keyring
}

// Account is the keychain account of a profile of the config file at
// path: "PROFILE@/absolute/path/config.yaml", so that profiles of the same
// name in different config files keep different keys.
func Account(profile, path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return profile + "@" + path
}

// Get returns the key of account, or ErrNotFound.
func (s System) Get(ctx context.Context, account string) (string, error) {
	var v string
	err := s.call(ctx, func(k keyring.Keyring) error {
		var err error
		v, err = k.Get(Service, account)
		return err
	})
	return v, err
}

// Set keeps secret as the key of account.
func (s System) Set(ctx context.Context, account, secret string) error {
	return s.call(ctx, func(k keyring.Keyring) error { return k.Set(Service, account, secret) })
}

// Delete removes the key of account; ErrNotFound when there was none.
func (s System) Delete(ctx context.Context, account string) error {
	return s.call(ctx, func(k keyring.Keyring) error { return k.Delete(Service, account) })
}

// call runs op in the background and waits for it at most the timeout or
// until ctx is done. A call given up on finishes, or not, on its own; its
// result is dropped.
func (s System) call(ctx context.Context, op func(keyring.Keyring) error) error {
	k := s.Store
	if k == nil {
		k = packageKeyring{}
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	done := make(chan error, 1)
	go func() { done <- op(k) }()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case err := <-done:
		switch {
		case err == nil:
			return nil
		case errors.Is(err, keyring.ErrNotFound):
			return ErrNotFound
		}
		return i18n.NewError(0, "keychain.failed", "Err", err)
	case <-t.C:
		return i18n.NewError(0, "keychain.timeout", "Timeout", timeout)
	case <-ctx.Done():
		return i18n.NewError(0, "keychain.failed", "Err", ctx.Err())
	}
}

// packageKeyring is go-keyring's system keyring.
type packageKeyring struct{}

func (packageKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }
func (packageKeyring) Set(service, user, pass string) error     { return keyring.Set(service, user, pass) }
func (packageKeyring) Delete(service, user string) error        { return keyring.Delete(service, user) }
func (packageKeyring) DeleteAll(service string) error           { return keyring.DeleteAll(service) }
