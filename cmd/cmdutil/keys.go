package cmdutil

import (
	"context"
	"errors"

	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/keychain"
	"github.com/promoctl/promoctl/internal/prompt"
)

// loginRules are the login form's defaults and checks: those of the
// config file and the API client, so that the form refuses what
// `config set` would.
func loginRules() prompt.LoginRules {
	return prompt.LoginRules{
		DefaultProfile: config.DefaultProfile,
		DefaultBaseURL: baseurl.Default,
		Profile:        config.CheckProfileName,
		BaseURL: func(s string) error {
			_, err := baseurl.Parse(s)
			return err
		},
		UserID: config.ParseID,
		Token: func(s string) error {
			_, err := config.CheckValue(config.KeyToken, s, nil)
			return err
		},
	}
}

// APIKeys keeps the API keys of profiles in the keychain, when there is
// one, and otherwise leaves them to the config file.
type APIKeys struct {
	KC     Keychain           // nil: none, or PROMOCTL_NO_KEYRING forbids it
	Secret func(token string) // learns each key read, which errors never show
	warn   func(i18n.Message) // says on stderr why a key went to the file
}

// Store keeps the API key of a profile, within an edit of the config file:
// in the keychain when there is one (and then not in the file), else in
// the file, saying why on stderr. It reports whether the keychain took it.
func (k *APIKeys) Store(ctx context.Context, doc *config.Doc, profile, token string) (bool, error) {
	if k.KC != nil {
		account := keychain.Account(profile, doc.Path)
		err := k.KC.Set(ctx, account, token)
		if err == nil {
			_, err := doc.Unset(profile, config.KeyToken)
			return true, err
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		k.warn(i18n.M("base.keys.no_keychain", "Err", err, "Path", doc.Path))
		// An older key in the keychain would win over the file's. A
		// keychain that cannot take a key seldom has one; if it does and
		// will not let go, auth status shows it.
		_ = k.KC.Delete(ctx, account)
	}
	return false, doc.Set(profile, config.KeyToken, token)
}

// Remove removes a profile's API key from the keychain and reports whether
// there was one. A keychain that cannot be reached holds no key promoctl
// could use; one that keeps a key it was told to remove is an error.
func (k *APIKeys) Remove(ctx context.Context, profile, path string) (bool, error) {
	if k.KC == nil {
		return false, nil
	}
	account := keychain.Account(profile, path)
	err := k.KC.Delete(ctx, account)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, keychain.ErrNotFound):
		return false, nil
	case ctx.Err() != nil:
		return false, ctx.Err()
	}
	if _, gerr := k.KC.Get(ctx, account); gerr == nil {
		return false, i18n.NewError(0, "base.keys.remove", "Profile", profile, "Err", err)
	}
	return false, nil
}
