package auth

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/keychain"
)

func TestAuthLoginKeepsTheKeyInTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.WriteConfig("profiles:\n  default:\n    token: old-token-0123456789 # a key saved before\n    user_id: 7\n")
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL).Expect(t, 0, "", "")
	if got := r.KeychainKey("default"); got != cmdtest.TestToken {
		t.Errorf("keychain holds %q, want the key", got)
	}
	// The file holds no key any more.
	r.ExpectConfig(t, apitest.Lines(
		"current_profile: default",
		"profiles:",
		"  default:",
		"    user_id: 42",
		"    base_url: "+r.API.URL,
	))

	// The next command uses the key from the keychain, and says so.
	r.Run("auth", "status").Expect(t, 0, keyValueTable(
		"Profile:", "default",
		"Config file:", r.ConfigPath(),
		"Base URL:", r.API.URL+"  (profile default)",
		"User ID:", "42  (profile default)",
		"API key:", "tok…56  (keychain)",
		"Credentials:", "valid",
	), "")
	reqs := r.ExpectRoutes(t, "GET /v3/public/site", "GET /v3/public/site")
	cmdtest.ExpectHeaders(t, reqs[1], false)
	res := r.Run("auth", "status", "-o", "json")
	if !strings.Contains(res.Stdout, `"token":"tok…56","token_source":"keychain"`) {
		t.Errorf("auth status -o json = %s, want token_source keychain", res.Stdout)
	}
}

func TestAuthLoginTerminalSaysTheKeyIsInTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.TTY = true
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL, "--profile", "shop").Expect(t, 0, "",
		"Paste the API key, then press Enter\n"+
			"Logged in to "+r.API.URL+" as user 42: the credentials work. Saved as profile \"shop\" (the current profile) in "+r.ConfigPath()+", with the API key in the system keychain.\n")
}

func TestAuthLoginWithoutAKeychainSavesTheKeyInTheFile(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(errors.New("no secret service"))
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL).Expect(t, 0, "",
		"promoctl: warning: no system keychain to keep the API key in (keychain: no secret service): it is saved in the config file "+r.ConfigPath()+", which only you can read\n")
	r.ExpectConfig(t, apitest.Lines(
		"current_profile: default",
		"profiles:",
		"  default:",
		"    base_url: "+r.API.URL,
		"    token: "+cmdtest.TestToken,
		"    user_id: 42",
	))
	r.ExpectModes(t)
	res := r.Run("auth", "status")
	if res.Code != 0 || !strings.Contains(res.Stdout, "API key:      tok…56  (config file)\n") {
		t.Errorf("auth status: exit %d\n%s%s\nwant the key from the config file", res.Code, res.Stdout, res.Stderr)
	}
}

func TestNoKeyringEnvironmentForcesTheConfigFile(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.Env["PROMOCTL_NO_KEYRING"] = "1"
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Stdin = cmdtest.TestToken + "\n"
	r.Run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.API.URL).Expect(t, 0, "", cmdtest.KeyInFile(42, r.ConfigPath()))
	if got := r.KeychainKey("default"); got != "" {
		t.Errorf("keychain holds %q, want nothing", got)
	}
	if got := r.ReadConfig(); !strings.Contains(got, "    token: "+cmdtest.TestToken+"\n") {
		t.Errorf("config file:\n%s\nwant the key", got)
	}
}

func TestAuthLogoutRemovesTheKeyFromTheKeychainAndTheFile(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.TTY = true
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    token: file-token-0123456789\n    user_id: 42\n")
	if err := keyring.Set(keychain.Service, keychain.Account("default", r.ConfigPath()), cmdtest.TestToken); err != nil {
		t.Fatal(err)
	}
	r.Run("auth", "logout").Expect(t, 0, "", "Removed the API key of profile \"default\" from the system keychain and from "+r.ConfigPath()+".\n")
	if got := r.KeychainKey("default"); got != "" {
		t.Errorf("keychain still holds %q", got)
	}
	r.ExpectConfig(t, "current_profile: default\nprofiles:\n  default:\n    user_id: 42\n")
	r.Run("auth", "logout").Expect(t, 0, "", "Profile \"default\" has no saved API key: nothing to do.\n")
}
