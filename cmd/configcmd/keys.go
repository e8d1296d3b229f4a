package configcmd

import (
	"context"
	"errors"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/keychain"
)

// allKeys reads the API keys the keychain of k keeps for the profiles of
// the config file, one call per profile, within ctx. A keychain that
// fails is not asked again: it holds no key promoctl could use, as for
// every command.
func allKeys(ctx context.Context, k *cmdutil.APIKeys, doc *config.Doc) map[string]string {
	if k.KC == nil {
		return nil
	}
	keys := map[string]string{}
	for _, name := range doc.File.ProfileNames() {
		t, err := k.KC.Get(ctx, keychain.Account(name, doc.Path))
		if errors.Is(err, keychain.ErrNotFound) {
			continue
		}
		if err != nil {
			break
		}
		if t = strings.TrimSpace(t); t != "" {
			k.Secret(t)
			keys[name] = t
		}
	}
	return keys
}
