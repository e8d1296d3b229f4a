package keychain

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/promoctl/promoctl/internal/i18n"
)

func TestSystemKeepsKeysInTheKeyring(t *testing.T) {
	keyring.MockInit()
	ctx := context.Background()
	s := System{Timeout: time.Second}
	if _, err := s.Get(ctx, "default@/c.yaml"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get of a missing key: err = %v, want ErrNotFound", err)
	}
	if err := s.Set(ctx, "default@/c.yaml", "key-1"); err != nil {
		t.Fatalf("Set: %v", err)
	}
	if got, err := keyring.Get(Service, "default@/c.yaml"); err != nil || got != "key-1" {
		t.Errorf("keyring holds %q, %v; want key-1 under service %q", got, err, Service)
	}
	if got, err := s.Get(ctx, "default@/c.yaml"); err != nil || got != "key-1" {
		t.Errorf("Get = %q, %v; want key-1", got, err)
	}
	if err := s.Delete(ctx, "default@/c.yaml"); err != nil {
		t.Errorf("Delete: %v", err)
	}
	if err := s.Delete(ctx, "default@/c.yaml"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete of a missing key: err = %v, want ErrNotFound", err)
	}
}

func TestSystemReportsAnUnavailableKeyring(t *testing.T) {
	keyring.MockInitWithError(errors.New("no secret service"))
	err := System{Timeout: time.Second}.Set(context.Background(), "a", "secret-value")
	if err == nil || err.Error() != "keychain: no secret service" {
		t.Errorf("err = %v, want the keyring's reason", err)
	}
	if got := i18n.New(i18n.Russian).ErrorText(err); got != "связка ключей: no secret service" {
		t.Errorf("in Russian: %q, want the keyring's reason after «связка ключей»", got)
	}
}

// stuck is a keyring that never answers, as a Secret Service that waits
// for a prompt nobody sees.
type stuck struct{ keyring.Keyring }

func (stuck) Get(string, string) (string, error) { select {} }
func (stuck) Set(string, string, string) error   { select {} }
func (stuck) Delete(string, string) error        { select {} }

func TestSystemGivesUpOnAKeyringThatDoesNotAnswer(t *testing.T) {
	s := System{Timeout: 50 * time.Millisecond, Store: stuck{}}
	_, err := s.Get(context.Background(), "a")
	if err == nil || err.Error() != "keychain: did not answer within 50ms" {
		t.Errorf("err = %v, want a timeout", err)
	}
	if got := i18n.New(i18n.Russian).ErrorText(err); got != "связка ключей не ответила за 50\u00a0мс" {
		t.Errorf("in Russian: %q, want the timeout in Russian units", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (System{Timeout: time.Minute, Store: stuck{}}).Set(ctx, "a", "b"); !errors.Is(err, context.Canceled) {
		t.Errorf("Set with a cancelled context: err = %v, want context.Canceled", err)
	}
}

func TestAccountTellsConfigFilesApart(t *testing.T) {
	a, b := Account("default", "/home/u/.config/promoctl/config.yaml"), Account("default", "/tmp/ci.yaml")
	if a != "default@/home/u/.config/promoctl/config.yaml" || a == b {
		t.Errorf("accounts %q and %q, want the profile and the file's absolute path", a, b)
	}
}
