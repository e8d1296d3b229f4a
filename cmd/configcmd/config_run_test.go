package configcmd

import (
	"context"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/keychain"
)

// Table-driven tests of the config verbs' run functions; see verb_test.go.

// commented is a config file with comments, which every edit keeps.
var commented = apitest.Lines(
	"# my settings",
	"current_profile: default",
	"profiles:",
	"  default:",
	"    output: json # for scripts",
	"    site_id: 11111",
)

func TestRunConfigSet(t *testing.T) {
	for _, c := range []struct {
		name       string
		tty        bool
		config     string
		keychain   *cmdtest.MapKeychain
		env        map[string]string
		args       []string // global flags
		key, value string
		err        string
		stderr     string
		file       string
		inKeychain string // the key the keychain holds for profile default after the run
		exit       int
	}{
		{name: "the first setting makes its profile the current one", tty: true,
			key: "site_id", value: "222",
			stderr: `Set site_id to 222 in profile "default" (PATH).` + "\n",
			file:   apitest.Lines("current_profile: default", "profiles:", "  default:", "    site_id: 222")},
		{name: "comments stay, piped says nothing", config: commented,
			key: "timeout", value: "2m",
			file: commented + "    timeout: 2m\n"},
		{name: "--profile names another, which is created", config: commented, args: []string{"--profile", "staging"},
			key: "user_id", value: "7",
			file: commented + "  staging:\n    user_id: 7\n"},
		{name: "a token goes to the keychain", tty: true, keychain: &cmdtest.MapKeychain{}, config: commented,
			key: "token", value: cmdtest.TestToken,
			stderr: `Set token to tok…56 in profile "default" (the system keychain).` + "\n",
			file:   commented, inKeychain: cmdtest.TestToken},
		{name: "a token without a keychain goes to the file", config: commented,
			key: "token", value: cmdtest.TestToken,
			file: commented + "    token: " + cmdtest.TestToken + "\n"},
		{name: "an invalid value changes nothing", config: commented, exit: cmdutil.ExitUsage,
			key: "user_id", value: "abc",
			err:  `invalid user_id: "abc" is not a positive integer`,
			file: commented},
		{name: "plain HTTP is refused", exit: cmdutil.ExitUsage,
			key: "base_url", value: "http://shop.example",
			err: "refusing to set base_url to http://shop.example: promoctl sends the API token in clear text over plain HTTP to anything but loopback; " +
				"use https, or pass --allow-insecure-http (or set PROMOCTL_ALLOW_INSECURE_HTTP=1) on a network you trust, here and on every command that uses it"},
		{name: "plain HTTP, opted in, with a warning", env: map[string]string{"PROMOCTL_ALLOW_INSECURE_HTTP": "1"},
			key: "base_url", value: "http://shop.example",
			stderr: "promoctl: warning: base_url http://shop.example sends the API token in clear text: every command that uses it needs --allow-insecure-http or PROMOCTL_ALLOW_INSECURE_HTTP=1\n",
			file:   apitest.Lines("current_profile: default", "profiles:", "  default:", "    base_url: http://shop.example")},
		{name: "a variable that overrides it is warned of", config: commented, env: map[string]string{"PROMOCTL_SITE_ID": "5"},
			key: "site_id", value: "333",
			stderr: "promoctl: warning: PROMOCTL_SITE_ID is set and overrides this setting until you unset it\n",
			file:   strings.Replace(commented, "11111", "333", 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewConfigEnv(t, c.tty, c.config, c.keychain, c.env, c.args...)
			opts := &configSetOptions{ConfigSession: e.Sess, PlainHTTP: e.PlainHTTP(), Key: c.key, Value: c.value}
			err := runConfigSet(context.Background(), opts)
			path := func(s string) string { return strings.ReplaceAll(s, "PATH", e.Path) }
			e.Expect(t, err, c.err, "", path(c.stderr), c.file)
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
			if c.keychain != nil {
				if got := c.keychain.Keys[keychain.Account(config.DefaultProfile, e.Path)]; got != c.inKeychain {
					t.Errorf("keychain holds %q, want %q", got, c.inKeychain)
				}
			}
			if c.key == config.KeyToken && !e.Redacts(c.value) {
				t.Errorf("the run did not learn the token as a secret")
			}
		})
	}
}

func TestRunConfigUnset(t *testing.T) {
	withToken := commented + "    token: " + cmdtest.TestToken + "\n"
	for _, c := range []struct {
		name     string
		tty      bool
		config   string
		keychain *cmdtest.MapKeychain
		env      map[string]string
		args     []string
		key      string
		err      string
		stderr   string
		file     string
		exit     int
	}{
		{name: "a setting goes, comments stay", tty: true, config: commented, key: "site_id",
			stderr: `Unset site_id in profile "default" (PATH).` + "\n",
			file:   strings.Replace(commented, "    site_id: 11111\n", "", 1)},
		{name: "a setting that is not there is said, piped too", config: commented, key: "timeout",
			stderr: `timeout is not set in profile "default": nothing to unset.` + "\n",
			file:   commented},
		{name: "the token goes from the keychain and the file", tty: true, config: withToken, key: "token",
			keychain: &cmdtest.MapKeychain{Keys: map[string]string{"KEY": "kc-token-0123456789"}},
			stderr:   `Unset token in profile "default" (the system keychain and PATH).` + "\n",
			file:     commented},
		{name: "a profile named on the command line must exist", config: commented, args: []string{"--profile", "staging"}, key: "site_id",
			exit: cmdutil.ExitUsage,
			err:  `invalid profile (from flag --profile): "staging" is not in PATH (profiles: default)`,
			file: commented},
		{name: "a variable that still gives it is warned of", config: commented, env: map[string]string{"PROMOCTL_OUTPUT": "yaml"}, key: "output",
			stderr: "promoctl: warning: PROMOCTL_OUTPUT is set and still gives output until you unset it\n",
			file:   strings.Replace(commented, "    output: json # for scripts\n", "", 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewConfigEnv(t, c.tty, c.config, c.keychain, c.env, c.args...)
			if kc := c.keychain; kc != nil && kc.Keys["KEY"] != "" {
				kc.Keys = map[string]string{keychain.Account(config.DefaultProfile, e.Path): kc.Keys["KEY"]}
			}
			err := runConfigUnset(context.Background(), &configUnsetOptions{ConfigSession: e.Sess, Key: c.key})
			path := func(s string) string { return strings.ReplaceAll(s, "PATH", e.Path) }
			e.Expect(t, err, path(c.err), "", path(c.stderr), c.file)
			if got := cmdutil.ExitCode(err); got != c.exit {
				t.Errorf("exit code = %d, want %d", got, c.exit)
			}
			if c.keychain != nil && len(c.keychain.Keys) != 0 {
				t.Errorf("keychain holds %q, want nothing", c.keychain.Keys)
			}
		})
	}
}

func TestRunConfigExplain(t *testing.T) {
	const explainPath = "/c.yaml"
	defaults := map[string]config.Source{
		config.KeyBaseURL: {Kind: "default"}, config.KeyOutput: {Kind: "default"}, config.KeyTimeout: {Kind: "default"},
	}
	for _, c := range []struct {
		name            string
		format          format.Format
		sources         map[string]config.Source
		cfgSrc, profSrc config.Source
		stdout          string
	}{
		{name: "JSON: every setting, unset ones too", format: format.JSON,
			sources: map[string]config.Source{
				config.KeyBaseURL: {Kind: "default"}, config.KeyOutput: {Kind: "flag", Name: "--output"}, config.KeyTimeout: {Kind: "default"},
				config.KeyToken: {Kind: "env", Name: "PROMOCTL_TOKEN"}, config.KeyUserID: {Kind: "profile", Name: "default in " + explainPath},
			},
			cfgSrc: config.Source{Kind: "env", Name: "PROMOCTL_CONFIG"}, profSrc: config.Source{Kind: "default"},
			stdout: `[{"setting":"config_file","value":"/c.yaml","source":"env","from":"PROMOCTL_CONFIG"},` +
				`{"setting":"profile","value":"default","source":"default"},` +
				`{"setting":"base_url","value":"https://api.example","source":"default"},` +
				`{"setting":"token","value":"tok…56","source":"env","from":"PROMOCTL_TOKEN"},` +
				`{"setting":"user_id","value":"42","source":"profile","from":"default in /c.yaml"},` +
				`{"setting":"site_id","value":"","source":"unset"},` +
				`{"setting":"output","value":"json","source":"flag","from":"--output"},` +
				`{"setting":"timeout","value":"10s","source":"default"},` +
				`{"setting":"language","value":"","source":"unset"}]` + "\n"},
		{name: "a table names the source and where", format: format.Table, sources: defaults,
			cfgSrc: config.Source{Kind: "default"}, profSrc: config.Source{Kind: "file", Name: "current_profile in " + explainPath},
			stdout: apitest.Lines(
				"SETTING      VALUE                SOURCE",
				"config_file  /c.yaml              default",
				"profile      default              file current_profile in /c.yaml",
				"base_url     https://api.example  default",
				"token        tok…56               unset",
				"user_id      42                   unset",
				"site_id                           unset",
				"output       table                default",
				"timeout      10s                  default",
				"language                          unset",
			)},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, false, c.format)
			s := e.Sess.Settings
			s.Path, s.Sources, s.BaseURL = explainPath, c.sources, "https://api.example"
			err := runConfigExplain(context.Background(), &configExplainOptions{Session: e.Sess, ConfigSource: c.cfgSrc, ProfileSource: c.profSrc})
			e.Expect(t, err, "", c.stdout, "")
		})
	}
}
