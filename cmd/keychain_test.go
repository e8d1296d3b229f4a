package cmd

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

func TestTokenPrecedenceWithTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.WriteConfig("profiles:\n  default:\n    token: file-token-0123456789\n    user_id: 42\n    base_url: " + r.API.URL + "\n")
	if err := keyring.Set(keychain.Service, keychain.Account("default", r.ConfigPath()), "keychain-token-0123456789"); err != nil {
		t.Fatal(err)
	}
	r.API.Handle("GET /v1/promo/5", http.StatusOK, `{"id":5,"code":"A1"}`)
	bearer := func() string {
		reqs := r.API.Requests()
		return strings.TrimPrefix(reqs[len(reqs)-1].Header.Get("Authorization"), "Bearer ")
	}
	// keychain > config file
	r.Run("promo", "get", "5", "-o", "json").Expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "keychain-token-0123456789" {
		t.Errorf("sent %q, want the keychain's key", got)
	}
	// env > keychain
	r.Env["PROMOCTL_TOKEN"] = "env-token-0123456789"
	r.Run("promo", "get", "5", "-o", "json").Expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "env-token-0123456789" {
		t.Errorf("sent %q, want the environment's key", got)
	}
	// flag > env
	r.Run("promo", "get", "5", "-o", "json", "--token", "flag-token-0123456789").Expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "flag-token-0123456789" {
		t.Errorf("sent %q, want the flag's key", got)
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

func TestConfigSetTokenUsesTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.TTY = true
	r.Run("config", "set", "token", cmdtest.TestToken).Expect(t, 0, "",
		"Set token to tok…56 in profile \"default\" (the system keychain).\n")
	if got := r.KeychainKey("default"); got != cmdtest.TestToken {
		t.Errorf("keychain holds %q, want the key", got)
	}
	r.ExpectConfig(t, "current_profile: default\nprofiles:\n  default: {}\n")
}

func TestConfigListShowsKeysInTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	// default's key is in the keychain only; staging's in the file and,
	// newer, in the keychain, which wins as it does for commands; local's
	// in the file only.
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    user_id: 42\n" +
		"  local:\n    token: file-token-0123456789\n" +
		"  staging:\n    token: old-token-0123456789\n    user_id: 43\n")
	r.KeepInKeychain("default", cmdtest.TestToken)
	r.KeepInKeychain("staging", "new-token-9876543210")
	r.Run("config", "list").Expect(t, 0, apitest.Lines(
		"CURRENT  PROFILE  BASE URL  API KEY            USER ID  SITE ID  OUTPUT  TIMEOUT  LANGUAGE  ",
		"*        default            tok…56 (keychain)  42                                           ",
		"         local              fil…89                                                          ",
		"         staging            new…10 (keychain)  43                                           ",
	), "")
	r.Run("config", "list", "-o", "json").Expect(t, 0, `[`+
		`{"current":true,"profile":"default","token":"tok…56","token_source":"keychain","user_id":"42"},`+
		`{"current":false,"profile":"local","token":"fil…89","token_source":"config file"},`+
		`{"current":false,"profile":"staging","token":"new…10","token_source":"keychain","user_id":"43"}`+
		`]
`, "")
	r.Run("config", "list", "-o", "csv").Expect(t, 0, apitest.Lines(
		"current,profile,base_url,token,user_id,site_id,output,timeout,language,token_source",
		"true,default,,tok…56,42,,,,,keychain",
		"false,local,,fil…89,,,,,,config file",
		"false,staging,,new…10,43,,,,,keychain",
	), "")

	// PROMOCTL_NO_KEYRING: the keychain is not asked, as by every command.
	r.Env["PROMOCTL_NO_KEYRING"] = "1"
	r.Run("config", "list", "-o", "csv", "--no-headers").Expect(t, 0, apitest.Lines(
		"true,default,,,42,,,,,",
		"false,local,,fil…89,,,,,,config file",
		"false,staging,,old…89,43,,,,,config file",
	), "")
}

func TestConfigListWithAFailingKeychainShowsTheFile(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(errors.New("no secret service"))
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "list", "-o", "csv", "--no-headers").Expect(t, 0, apitest.Lines(
		"true,default,https://api.lpmotor.ru,tok…56,42,11111,,,,config file",
		"false,staging,http://127.0.0.1:8787,sta…89,43,,json,2m,,config file",
	), "")
}

func TestConfigGetTokenFromTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    user_id: 42\n  staging:\n    token: file-token-0123456789\n")
	r.KeepInKeychain("default", cmdtest.TestToken)
	r.Run("config", "get", "token").Expect(t, 0, "tok…56 (keychain)\n", "")
	r.Run("config", "get", "token", "--profile", "staging").Expect(t, 0, "fil…89\n", "")
	r.KeepInKeychain("staging", "new-token-9876543210")
	r.Run("config", "get", "token", "--profile", "staging").Expect(t, 0, "new…10 (keychain)\n", "")
	r.Env["PROMOCTL_NO_KEYRING"] = "1"
	r.Run("config", "get", "token", "--profile", "staging").Expect(t, 0, "fil…89\n", "")
	r.TTY = true
	r.Run("config", "get", "token").Expect(t, 0, "", "token is not set in profile \"default\".\n")
}

func TestConfigUnsetTokenRemovesItFromTheKeychainToo(t *testing.T) {
	r := newBareRunner(t)
	r.WithKeychain(nil)
	r.TTY = true
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    token: file-token-0123456789 # old\n    user_id: 42\n  staging:\n    user_id: 43\n")
	r.KeepInKeychain("default", cmdtest.TestToken)
	r.KeepInKeychain("staging", "staging-token-0123456789")
	r.Run("config", "unset", "token").Expect(t, 0, "",
		"Unset token in profile \"default\" (the system keychain and "+r.ConfigPath()+").\n")
	if got := r.KeychainKey("default"); got != "" {
		t.Errorf("keychain still holds %q", got)
	}
	r.ExpectConfig(t, "current_profile: default\nprofiles:\n  default:\n    user_id: 42\n  staging:\n    user_id: 43\n")
	r.Run("config", "unset", "token").Expect(t, 0, "", "token is not set in profile \"default\": nothing to unset.\n")

	r.Run("config", "unset", "token", "--profile", "staging").Expect(t, 0, "",
		"Unset token in profile \"staging\" (the system keychain).\n")
	if got := r.KeychainKey("staging"); got != "" {
		t.Errorf("keychain still holds %q", got)
	}
	r.ExpectConfig(t, "current_profile: default\nprofiles:\n  default:\n    user_id: 42\n  staging:\n    user_id: 43\n")
}
