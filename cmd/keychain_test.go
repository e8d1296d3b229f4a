package cmd

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/keychain"
)

// withKeychain gives the runner go-keyring's in-memory keychain, failing
// every call with err when err is not nil. The real keychain is never
// touched.
func (r *runner) withKeychain(err error) {
	if err != nil {
		keyring.MockInitWithError(err)
	} else {
		keyring.MockInit()
	}
	r.keychain = keychain.System{Timeout: time.Second}
}

// keychainKey is what the mock keychain holds for a profile of the
// runner's config file, or "".
func (r *runner) keychainKey(profile string) string {
	v, err := keyring.Get(keychain.Service, keychain.Account(profile, r.configPath()))
	if err != nil {
		return ""
	}
	return v
}

func TestAuthLoginKeepsTheKeyInTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.writeConfig("profiles:\n  default:\n    token: old-token-0123456789 # a key saved before\n    user_id: 7\n")
	r.api.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.stdin = testToken + "\n"
	r.run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.api.URL).expect(t, 0, "", "")
	if got := r.keychainKey("default"); got != testToken {
		t.Errorf("keychain holds %q, want the key", got)
	}
	// The file holds no key any more.
	r.expectConfig(t, apitest.Lines(
		"current_profile: default",
		"profiles:",
		"  default:",
		"    user_id: 42",
		"    base_url: "+r.api.URL,
	))

	// The next command uses the key from the keychain, and says so.
	r.run("auth", "status").expect(t, 0, keyValueTable(
		"Profile:", "default",
		"Config file:", r.configPath(),
		"Base URL:", r.api.URL+"  (profile default)",
		"User ID:", "42  (profile default)",
		"API key:", "tok…56  (keychain)",
		"Credentials:", "valid",
	), "")
	reqs := r.expectRoutes(t, "GET /v3/public/site", "GET /v3/public/site")
	expectHeaders(t, reqs[1], false)
	res := r.run("auth", "status", "-o", "json")
	if !strings.Contains(res.stdout, `"token":"tok…56","token_source":"keychain"`) {
		t.Errorf("auth status -o json = %s, want token_source keychain", res.stdout)
	}
}

func TestAuthLoginTerminalSaysTheKeyIsInTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.tty = true
	r.api.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.stdin = testToken
	r.run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.api.URL, "--profile", "shop").expect(t, 0, "",
		"Paste the API key, then press Enter\n"+
			"Logged in to "+r.api.URL+" as user 42: the credentials work. Saved as profile \"shop\" (the current profile) in "+r.configPath()+", with the API key in the system keychain.\n")
}

func TestAuthLoginWithoutAKeychainSavesTheKeyInTheFile(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(errors.New("no secret service"))
	r.api.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.stdin = testToken + "\n"
	r.run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.api.URL).expect(t, 0, "",
		"promoctl: warning: no system keychain to keep the API key in (keychain: no secret service): it is saved in the config file "+r.configPath()+", which only you can read\n")
	r.expectConfig(t, apitest.Lines(
		"current_profile: default",
		"profiles:",
		"  default:",
		"    base_url: "+r.api.URL,
		"    token: "+testToken,
		"    user_id: 42",
	))
	r.expectModes(t)
	res := r.run("auth", "status")
	if res.code != 0 || !strings.Contains(res.stdout, "API key:      tok…56  (config file)\n") {
		t.Errorf("auth status: exit %d\n%s%s\nwant the key from the config file", res.code, res.stdout, res.stderr)
	}
}

func TestNoKeyringEnvironmentForcesTheConfigFile(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.env["PROMOCTL_NO_KEYRING"] = "1"
	r.api.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.stdin = testToken + "\n"
	r.run("auth", "login", "--with-token", "--user-id", "42", "--base-url", r.api.URL).expect(t, 0, "", keyInFile(42, r.configPath()))
	if got := r.keychainKey("default"); got != "" {
		t.Errorf("keychain holds %q, want nothing", got)
	}
	if got := r.readConfig(); !strings.Contains(got, "    token: "+testToken+"\n") {
		t.Errorf("config file:\n%s\nwant the key", got)
	}
}

func TestTokenPrecedenceWithTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.writeConfig("profiles:\n  default:\n    token: file-token-0123456789\n    user_id: 42\n    base_url: " + r.api.URL + "\n")
	if err := keyring.Set(keychain.Service, keychain.Account("default", r.configPath()), "keychain-token-0123456789"); err != nil {
		t.Fatal(err)
	}
	r.api.Handle("GET /v1/promo/5", http.StatusOK, `{"id":5,"code":"A1"}`)
	bearer := func() string {
		reqs := r.api.Requests()
		return strings.TrimPrefix(reqs[len(reqs)-1].Header.Get("Authorization"), "Bearer ")
	}
	// keychain > config file
	r.run("promo", "get", "5", "-o", "json").expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "keychain-token-0123456789" {
		t.Errorf("sent %q, want the keychain's key", got)
	}
	// env > keychain
	r.env["PROMOCTL_TOKEN"] = "env-token-0123456789"
	r.run("promo", "get", "5", "-o", "json").expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "env-token-0123456789" {
		t.Errorf("sent %q, want the environment's key", got)
	}
	// flag > env
	r.run("promo", "get", "5", "-o", "json", "--token", "flag-token-0123456789").expect(t, 0, `{"id":5,"code":"A1"}`+"\n", "")
	if got := bearer(); got != "flag-token-0123456789" {
		t.Errorf("sent %q, want the flag's key", got)
	}
}

func TestAuthLogoutRemovesTheKeyFromTheKeychainAndTheFile(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.tty = true
	r.writeConfig("current_profile: default\nprofiles:\n  default:\n    token: file-token-0123456789\n    user_id: 42\n")
	if err := keyring.Set(keychain.Service, keychain.Account("default", r.configPath()), testToken); err != nil {
		t.Fatal(err)
	}
	r.run("auth", "logout").expect(t, 0, "", "Removed the API key of profile \"default\" from the system keychain and from "+r.configPath()+".\n")
	if got := r.keychainKey("default"); got != "" {
		t.Errorf("keychain still holds %q", got)
	}
	r.expectConfig(t, "current_profile: default\nprofiles:\n  default:\n    user_id: 42\n")
	r.run("auth", "logout").expect(t, 0, "", "Profile \"default\" has no saved API key: nothing to do.\n")
}

func TestConfigSetTokenUsesTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.tty = true
	r.run("config", "set", "token", testToken).expect(t, 0, "",
		"Set token to tok…56 in profile \"default\" (the system keychain).\n")
	if got := r.keychainKey("default"); got != testToken {
		t.Errorf("keychain holds %q, want the key", got)
	}
	r.expectConfig(t, "current_profile: default\nprofiles:\n  default: {}\n")
}

// keepInKeychain puts key in the mock keychain for a profile of the
// runner's config file.
func (r *runner) keepInKeychain(profile, key string) {
	r.t.Helper()
	if err := keyring.Set(keychain.Service, keychain.Account(profile, r.configPath()), key); err != nil {
		r.t.Fatal(err)
	}
}

func TestConfigListShowsKeysInTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	// default's key is in the keychain only; staging's in the file and,
	// newer, in the keychain, which wins as it does for commands; local's
	// in the file only.
	r.writeConfig("current_profile: default\nprofiles:\n  default:\n    user_id: 42\n" +
		"  local:\n    token: file-token-0123456789\n" +
		"  staging:\n    token: old-token-0123456789\n    user_id: 43\n")
	r.keepInKeychain("default", testToken)
	r.keepInKeychain("staging", "new-token-9876543210")
	r.run("config", "list").expect(t, 0, apitest.Lines(
		"CURRENT  PROFILE  BASE URL  API KEY            USER ID  SITE ID  OUTPUT  TIMEOUT  LANGUAGE  ",
		"*        default            tok…56 (keychain)  42                                           ",
		"         local              fil…89                                                          ",
		"         staging            new…10 (keychain)  43                                           ",
	), "")
	r.run("config", "list", "-o", "json").expect(t, 0, `[`+
		`{"current":true,"profile":"default","token":"tok…56","token_source":"keychain","user_id":"42"},`+
		`{"current":false,"profile":"local","token":"fil…89","token_source":"config file"},`+
		`{"current":false,"profile":"staging","token":"new…10","token_source":"keychain","user_id":"43"}`+
		`]
`, "")
	r.run("config", "list", "-o", "csv").expect(t, 0, apitest.Lines(
		"current,profile,base_url,token,user_id,site_id,output,timeout,language,token_source",
		"true,default,,tok…56,42,,,,,keychain",
		"false,local,,fil…89,,,,,,config file",
		"false,staging,,new…10,43,,,,,keychain",
	), "")

	// PROMOCTL_NO_KEYRING: the keychain is not asked, as by every command.
	r.env["PROMOCTL_NO_KEYRING"] = "1"
	r.run("config", "list", "-o", "csv", "--no-headers").expect(t, 0, apitest.Lines(
		"true,default,,,42,,,,,",
		"false,local,,fil…89,,,,,,config file",
		"false,staging,,old…89,43,,,,,config file",
	), "")
}

func TestConfigListWithAFailingKeychainShowsTheFile(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(errors.New("no secret service"))
	r.writeConfig(configTwoProfiles)
	r.run("config", "list", "-o", "csv", "--no-headers").expect(t, 0, apitest.Lines(
		"true,default,https://api.lpmotor.ru,tok…56,42,11111,,,,config file",
		"false,staging,http://127.0.0.1:8787,sta…89,43,,json,2m,,config file",
	), "")
}

func TestConfigGetTokenFromTheKeychain(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.writeConfig("current_profile: default\nprofiles:\n  default:\n    user_id: 42\n  staging:\n    token: file-token-0123456789\n")
	r.keepInKeychain("default", testToken)
	r.run("config", "get", "token").expect(t, 0, "tok…56 (keychain)\n", "")
	r.run("config", "get", "token", "--profile", "staging").expect(t, 0, "fil…89\n", "")
	r.keepInKeychain("staging", "new-token-9876543210")
	r.run("config", "get", "token", "--profile", "staging").expect(t, 0, "new…10 (keychain)\n", "")
	r.env["PROMOCTL_NO_KEYRING"] = "1"
	r.run("config", "get", "token", "--profile", "staging").expect(t, 0, "fil…89\n", "")
	r.tty = true
	r.run("config", "get", "token").expect(t, 0, "", "token is not set in profile \"default\".\n")
}

func TestConfigUnsetTokenRemovesItFromTheKeychainToo(t *testing.T) {
	r := newBareRunner(t)
	r.withKeychain(nil)
	r.tty = true
	r.writeConfig("current_profile: default\nprofiles:\n  default:\n    token: file-token-0123456789 # old\n    user_id: 42\n  staging:\n    user_id: 43\n")
	r.keepInKeychain("default", testToken)
	r.keepInKeychain("staging", "staging-token-0123456789")
	r.run("config", "unset", "token").expect(t, 0, "",
		"Unset token in profile \"default\" (the system keychain and "+r.configPath()+").\n")
	if got := r.keychainKey("default"); got != "" {
		t.Errorf("keychain still holds %q", got)
	}
	r.expectConfig(t, "current_profile: default\nprofiles:\n  default:\n    user_id: 42\n  staging:\n    user_id: 43\n")
	r.run("config", "unset", "token").expect(t, 0, "", "token is not set in profile \"default\": nothing to unset.\n")

	r.run("config", "unset", "token", "--profile", "staging").expect(t, 0, "",
		"Unset token in profile \"staging\" (the system keychain).\n")
	if got := r.keychainKey("staging"); got != "" {
		t.Errorf("keychain still holds %q", got)
	}
	r.expectConfig(t, "current_profile: default\nprofiles:\n  default:\n    user_id: 42\n  staging:\n    user_id: 43\n")
}
