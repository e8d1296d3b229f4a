package configcmd

import (
	"errors"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

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
