package configcmd

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

func TestConfigPath(t *testing.T) {
	r := newBareRunner(t)
	home := r.Env["HOME"]
	r.Run("config", "path").Expect(t, 0, filepath.Join(home, ".config", "promoctl", "config.yaml")+"\n", "")

	r.Env["XDG_CONFIG_HOME"] = "/xdg"
	r.Run("config", "path").Expect(t, 0, "/xdg/promoctl/config.yaml\n", "")

	delete(r.Env, "XDG_CONFIG_HOME")
	r.Run("config", "path").Expect(t, 0, filepath.Join(home, ".config", "promoctl", "config.yaml")+"\n", "")

	r.Env["PROMOCTL_CONFIG"] = "/env/promoctl.yaml"
	r.Run("config", "path").Expect(t, 0, "/env/promoctl.yaml\n", "")
	r.Run("config", "path", "--config", "/flag/c.yaml").Expect(t, 0, "/flag/c.yaml\n", "")
}

func TestConfigSetAndGetEachSetting(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	for _, c := range []struct {
		key, value, stored, shown string
	}{
		{"base_url", "https://api.lpmotor.ru/", "https://api.lpmotor.ru", "https://api.lpmotor.ru"},
		{"token", cmdtest.TestToken, cmdtest.TestToken, "tok…56"},
		{"user_id", "042", "42", "42"},
		{"site_id", "11111", "11111", "11111"},
		{"output", "YAML", "yaml", "yaml"},
		{"timeout", "2m", "2m", "2m"},
	} {
		r.Run("config", "set", c.key, c.value).Expect(t, 0, "",
			"Set "+c.key+" to "+c.shown+" in profile \"default\" ("+r.ConfigPath()+").\n")
		r.Run("config", "get", c.key).Expect(t, 0, c.shown+"\n", "")
		if got := r.ReadConfig(); !strings.Contains(got, "\n    "+c.key+": "+c.stored+"\n") {
			t.Errorf("config file after set %s:\n%s\nwant %s: %s", c.key, got, c.key, c.stored)
		}
	}
	r.ExpectConfig(t, `current_profile: default
profiles:
  default:
    base_url: https://api.lpmotor.ru
    token: `+cmdtest.TestToken+`
    user_id: 42
    site_id: 11111
    output: yaml
    timeout: 2m
`)
	r.ExpectModes(t)
}

func TestConfigSetRejectsBadValues(t *testing.T) {
	for _, c := range []struct {
		key, value, stderr string
	}{
		{"base_url", "api.lpmotor.ru", `promoctl: invalid base_url: invalid base URL "api.lpmotor.ru": want an absolute http or https URL such as https://api.lpmotor.ru`},
		{"base_url", "https://user:pw@api.lpmotor.ru", `promoctl: invalid base_url: invalid base URL "https://user:xxxxx@api.lpmotor.ru": credentials in the URL are not supported, use the token setting`},
		{"user_id", "0", `promoctl: invalid user_id: "0" is not a positive integer`},
		{"user_id", "abc", `promoctl: invalid user_id: "abc" is not a positive integer`},
		{"site_id", "1.5", `promoctl: invalid site_id: "1.5" is not a positive integer`},
		{"output", "xml", `promoctl: invalid output: unknown output format "xml": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{"timeout", "0", `promoctl: invalid timeout: "0s" must be longer than zero`},
		{"timeout", "soon", `promoctl: invalid timeout: "soon" is not a duration such as 30s or 2m`},
		{"token", "has space", `promoctl: invalid token: the token contains spaces or control characters`},
		{"tokn", "x", `promoctl: unknown setting "tokn": use one of base_url, token, user_id, site_id, output, timeout, language`},
	} {
		t.Run(c.key+" "+c.value, func(t *testing.T) {
			r := newBareRunner(t)
			r.WriteConfig(cmdtest.ConfigTwoProfiles)
			r.Run("config", "set", c.key, c.value).Expect(t, 2, "", c.stderr+"\n")
			r.ExpectConfig(t, cmdtest.ConfigTwoProfiles)
		})
	}
}

func TestConfigSetKeepsCommentsAndOtherProfiles(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "set", "site_id", "22222", "--profile", "staging").Expect(t, 0, "", "")
	r.ExpectConfig(t, strings.Replace(cmdtest.ConfigTwoProfiles, "    timeout: 2m\n", "    timeout: 2m\n    site_id: 22222\n", 1))
}

func TestConfigSetCreatesAProfile(t *testing.T) {
	r := newBareRunner(t)
	r.Run("config", "set", "site_id", "7", "--profile", "shop").Expect(t, 0, "", "")
	// The first profile becomes the current one.
	r.ExpectConfig(t, "current_profile: shop\nprofiles:\n  shop:\n    site_id: 7\n")
	r.ExpectModes(t)

	r.Run("config", "set", "site_id", "8", "--profile", "other").Expect(t, 0, "", "")
	r.ExpectConfig(t, "current_profile: shop\nprofiles:\n  shop:\n    site_id: 7\n  other:\n    site_id: 8\n")

	r.Run("config", "set", "site_id", "9", "--profile", "a b").Expect(t, 2, "",
		"promoctl: profile name \"a b\" may hold only Latin letters, digits, '.', '_' and '-'\n")
}

func TestConfigSetWarnsOfTheEnvironment(t *testing.T) {
	r := newBareRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "5"
	r.Run("config", "set", "site_id", "7").Expect(t, 0, "",
		"promoctl: warning: PROMOCTL_SITE_ID is set and overrides this setting until you unset it\n")
}

func TestConfigGet(t *testing.T) {
	r := newBareRunner(t)
	// No file: the defaults, and nothing for a setting without one.
	r.Run("config", "get", "base_url").Expect(t, 0, "https://api.lpmotor.ru\n", "")
	r.Run("config", "get", "output").Expect(t, 0, "table\n", "")
	r.Run("config", "get", "timeout").Expect(t, 0, "30s\n", "")
	r.Run("config", "get", "site_id").Expect(t, 0, "", "")
	r.Run("config", "get", "token").Expect(t, 0, "", "")

	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "get", "token").Expect(t, 0, "tok…56\n", "")
	r.Run("config", "get", "site_id").Expect(t, 0, "11111\n", "")
	r.Run("config", "get", "output", "--profile", "staging").Expect(t, 0, "json\n", "")
	r.Env["PROMOCTL_PROFILE"] = "staging"
	r.Run("config", "get", "token").Expect(t, 0, "sta…89\n", "")
	// The environment's value of a setting is not the file's.
	r.Env["PROMOCTL_TIMEOUT"] = "5s"
	r.Run("config", "get", "timeout").Expect(t, 0, "2m\n", "")

	r.Run("config", "get", "tokn").Expect(t, 2, "",
		"promoctl: unknown setting \"tokn\": use one of base_url, token, user_id, site_id, output, timeout, language\n")
	r.Run("config", "get", "token", "--profile", "nope").Expect(t, 2, "",
		"promoctl: invalid profile (from flag --profile): \"nope\" is not in "+r.ConfigPath()+" (profiles: default, staging)\n")
	r.Run("config", "get").Expect(t, 2, "", "promoctl: config get needs a setting name (usage: promoctl config get KEY)\n")
}

func TestConfigGetNotesAnUnsetSettingOnATerminal(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.Run("config", "get", "site_id").Expect(t, 0, "", "site_id is not set in profile \"default\".\n")
}

func TestConfigUnset(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "unset", "site_id").Expect(t, 0, "", "Unset site_id in profile \"default\" ("+r.ConfigPath()+").\n")
	want := strings.Replace(cmdtest.ConfigTwoProfiles, "    site_id: 11111\n", "", 1)
	r.ExpectConfig(t, want)
	r.ExpectModes(t)
	r.Run("config", "get", "site_id").Expect(t, 0, "", "site_id is not set in profile \"default\".\n")

	// Another profile; its neighbours, comments and unknown keys stay.
	r.Run("config", "unset", "output", "--profile", "staging").Expect(t, 0, "", "Unset output in profile \"staging\" ("+r.ConfigPath()+").\n")
	want = strings.Replace(want, "    output: json\n", "", 1)
	r.ExpectConfig(t, want)

	// The environment still gives the setting: say so.
	r.Env["PROMOCTL_TIMEOUT"] = "5s"
	r.Run("config", "unset", "timeout", "--profile", "staging").Expect(t, 0, "", apitest.Lines(
		"Unset timeout in profile \"staging\" ("+r.ConfigPath()+").",
		"promoctl: warning: PROMOCTL_TIMEOUT is set and still gives timeout until you unset it",
	))
	r.ExpectConfig(t, strings.Replace(want, "    timeout: 2m\n", "", 1))
}

func TestConfigUnsetWhatIsNotSet(t *testing.T) {
	r := newBareRunner(t)
	// No file: nothing to unset, and no file is written.
	r.Run("config", "unset", "site_id").Expect(t, 0, "", "site_id is not set in profile \"default\": nothing to unset.\n")
	if got := r.ReadConfig(); got != "" {
		t.Errorf("config file written:\n%s\nwant none", got)
	}
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "unset", "site_id", "--profile", "staging").Expect(t, 0, "",
		"site_id is not set in profile \"staging\": nothing to unset.\n")
	r.Run("config", "unset", "tokn").Expect(t, 2, "",
		"promoctl: unknown setting \"tokn\": use one of base_url, token, user_id, site_id, output, timeout, language\n")
	r.Run("config", "unset", "current_profile").Expect(t, 2, "",
		"promoctl: unknown setting \"current_profile\": use one of base_url, token, user_id, site_id, output, timeout, language\n")
	r.Run("config", "unset", "site_id", "--profile", "nope").Expect(t, 2, "",
		"promoctl: invalid profile (from flag --profile): \"nope\" is not in "+r.ConfigPath()+" (profiles: default, staging)\n")
	r.Run("config", "unset").Expect(t, 2, "", "promoctl: config unset needs a setting name (usage: promoctl config unset KEY)\n")
	r.Run("config", "unset", "site_id", "output").Expect(t, 2, "",
		"promoctl: config unset needs a setting name, got 2 arguments (usage: promoctl config unset KEY)\n")
	r.ExpectConfig(t, cmdtest.ConfigTwoProfiles)
}

func TestConfigUse(t *testing.T) {
	r := newBareRunner(t)
	r.TTY = true
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "use", "staging").Expect(t, 0, "", "Now using profile \"staging\".\n")
	r.ExpectConfig(t, strings.Replace(cmdtest.ConfigTwoProfiles, "current_profile: default", "current_profile: staging", 1))
	r.ExpectModes(t)
	r.Run("config", "get", "output").Expect(t, 0, "json\n", "")

	r.Run("config", "use", "prod").Expect(t, 2, "",
		"promoctl: profile \"prod\" is not in "+r.ConfigPath()+" (profiles: default, staging)\n")
	r.Env["PROMOCTL_PROFILE"] = "default"
	r.Run("config", "use", "staging").Expect(t, 0, "", apitest.Lines(
		"Now using profile \"staging\".",
		"promoctl: warning: PROMOCTL_PROFILE=default is set and overrides the current profile until you unset it",
	))
}

func TestConfigUseWithoutProfiles(t *testing.T) {
	r := newBareRunner(t)
	r.Run("config", "use", "shop").Expect(t, 2, "",
		"promoctl: profile \"shop\" is not in "+r.ConfigPath()+", which has no profiles yet: run `promoctl auth login --profile shop`\n")
	if got := r.ReadConfig(); got != "" {
		t.Errorf("config file written:\n%s\nwant none", got)
	}
}

func TestConfigList(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Run("config", "list").Expect(t, 0, apitest.Lines(
		"CURRENT  PROFILE  BASE URL                API KEY  USER ID  SITE ID  OUTPUT  TIMEOUT  LANGUAGE  ",
		"*        default  https://api.lpmotor.ru  tok…56   42       11111                               ",
		"         staging  http://127.0.0.1:8787   sta…89   43                json    2m                 ",
	), "")
	r.Run("config", "list", "-o", "json").Expect(t, 0, `[`+
		`{"current":true,"profile":"default","base_url":"https://api.lpmotor.ru","token":"tok…56","token_source":"config file","user_id":"42","site_id":"11111"},`+
		`{"current":false,"profile":"staging","base_url":"http://127.0.0.1:8787","token":"sta…89","token_source":"config file","user_id":"43","output":"json","timeout":"2m"}`+
		`]
`, "")
	r.Run("config", "list", "-o", "csv").Expect(t, 0, apitest.Lines(
		"current,profile,base_url,token,user_id,site_id,output,timeout,language,token_source",
		"true,default,https://api.lpmotor.ru,tok…56,42,11111,,,,config file",
		"false,staging,http://127.0.0.1:8787,sta…89,43,,json,2m,,config file",
	), "")
}

func TestConfigListEmpty(t *testing.T) {
	r := newBareRunner(t)
	r.Run("config", "list", "-o", "json").Expect(t, 0, "[]\n", "")
	r.TTY = true
	r.Run("config", "ls").Expect(t, 0, "CURRENT  PROFILE  BASE URL  API KEY  USER ID  SITE ID  OUTPUT  TIMEOUT  LANGUAGE\n",
		"No profiles in "+r.ConfigPath()+" yet: run `promoctl auth login`.\n")
}

// TestPrecedenceOfEverySetting checks flag > environment > profile >
// default for each setting, through the command that explains them.
func TestPrecedenceOfEverySetting(t *testing.T) {
	type layers struct{ profile, env, flag, def string }
	for _, s := range []struct {
		key, flag, env string
		v              layers
	}{
		{"base_url", "--base-url", "PROMOCTL_BASE_URL", layers{"http://p.test", "http://e.test", "http://f.test", "https://api.lpmotor.ru"}},
		{"token", "--token", "PROMOCTL_TOKEN", layers{"profile-token-123", "env-token-123456", cmdtest.TestToken, ""}},
		{"user_id", "--user-id", "PROMOCTL_USER_ID", layers{"1", "2", "3", ""}},
		{"output", "--output", "PROMOCTL_OUTPUT", layers{"yaml", "csv", "json", "table"}},
		{"timeout", "--timeout", "PROMOCTL_TIMEOUT", layers{"10s", "20s", "40s", "30s"}},
		{"site_id", "", "PROMOCTL_SITE_ID", layers{"11", "12", "", ""}}, // --site-id: TestSiteIDPrecedence
	} {
		for _, c := range []struct {
			name                   string
			profile, env, flag     bool
			want, source, fromWant string
		}{
			{"default", false, false, false, s.v.def, "default", ""},
			{"profile", true, false, false, s.v.profile, "profile", "default in %s"},
			{"env over profile", true, true, false, s.v.env, "env", s.env},
			{"flag over env", true, true, true, s.v.flag, "flag", s.flag},
		} {
			if c.flag && s.flag == "" {
				continue
			}
			t.Run(s.key+"/"+c.name, func(t *testing.T) {
				r := newBareRunner(t)
				if c.profile {
					r.WriteConfig("profiles:\n  default:\n    " + s.key + ": " + s.v.profile + "\n")
				}
				if c.env {
					r.Env[s.env] = s.v.env
				}
				args := []string{"--jq", "."}
				if c.flag {
					args = append(args, s.flag, s.v.flag)
				}
				if s.key == "output" && c.flag {
					args = args[2:] // --output json is JSON already; --jq with it too
					args = append(args, "--jq", ".")
				}
				row := cmdtest.ExplainRows(t, r, args...)[s.key]
				want := c.want
				if s.key == "token" {
					want = maskedForTest(c.want)
				}
				if c.source == "default" && c.want == "" {
					c.source = "unset"
				}
				if row.Value != want || row.Source != c.source || row.From != strings.Replace(c.fromWant, "%s", r.ConfigPath(), 1) {
					t.Errorf("%s = %+v, want value %q from %s %s", s.key, row, want, c.source, c.fromWant)
				}
			})
		}
	}
}

// maskedForTest is what promoctl shows of the test tokens.
func maskedForTest(tok string) string {
	switch tok {
	case "":
		return ""
	case cmdtest.TestToken:
		return "tok…56"
	}
	return tok[:3] + "…" + tok[len(tok)-2:]
}

func TestPrecedenceOfTheProfile(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	row := cmdtest.ExplainRows(t, r, "--jq", ".")
	if p := row["profile"]; p.Value != "default" || p.Source != "file" || p.From != "current_profile in "+r.ConfigPath() {
		t.Errorf("profile = %+v, want default from current_profile", p)
	}
	if got := row["site_id"]; got.Value != "11111" {
		t.Errorf("site_id = %+v, want 11111 from profile default", got)
	}
	r.Env["PROMOCTL_PROFILE"] = "staging"
	row = cmdtest.ExplainRows(t, r, "--jq", ".")
	if p := row["profile"]; p.Value != "staging" || p.Source != "env" || p.From != "PROMOCTL_PROFILE" {
		t.Errorf("profile = %+v, want staging from PROMOCTL_PROFILE", p)
	}
	if got := row["timeout"]; got.Value != "2m0s" || got.Source != "profile" {
		t.Errorf("timeout = %+v, want 2m0s from profile staging", got)
	}
	row = cmdtest.ExplainRows(t, r, "--jq", ".", "--profile", "default")
	if p := row["profile"]; p.Value != "default" || p.Source != "flag" || p.From != "--profile" {
		t.Errorf("profile = %+v, want default from --profile", p)
	}
	delete(r.Env, "PROMOCTL_PROFILE")
	r.WriteConfig("profiles:\n  other:\n    site_id: 1\n")
	row = cmdtest.ExplainRows(t, r, "--jq", ".")
	if p := row["profile"]; p.Value != "default" || p.Source != "default" {
		t.Errorf("profile = %+v, want default by default", p)
	}
	row = cmdtest.ExplainRows(t, r, "--jq", ".", "--config", cmdtest.WriteFile(t, "c.yaml", "current_profile: x\n"))
	if c := row["config_file"]; c.Source != "flag" || c.From != "--config" {
		t.Errorf("config_file = %+v, want it from --config", c)
	}
}

func TestConfigExplainTable(t *testing.T) {
	r := newBareRunner(t)
	r.WriteConfig(cmdtest.ConfigTwoProfiles)
	r.Env["PROMOCTL_OUTPUT"] = "table"
	path := r.ConfigPath()
	rows := [][3]string{
		{"SETTING", "VALUE", "SOURCE"},
		{"config_file", path, "default"},
		{"profile", "default", "file current_profile in " + path},
		{"base_url", "https://api.lpmotor.ru", "profile default in " + path},
		{"token", "tok…56", "profile default in " + path},
		{"user_id", "42", "profile default in " + path},
		{"site_id", "11111", "profile default in " + path},
		{"output", "table", "env PROMOCTL_OUTPUT"},
		{"timeout", "1m0s", "flag --timeout"},
		{"language", "", "unset"},
	}
	var w [3]int
	for _, row := range rows {
		for i, c := range row {
			w[i] = max(w[i], len([]rune(c)))
		}
	}
	var want strings.Builder
	for _, row := range rows {
		var line string
		for i, c := range row {
			line += cmdtest.Pad(c, w[i]) + "  "
		}
		want.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	r.Run("config", "explain", "--timeout", "1m").Expect(t, 0, want.String(), "")
}

func TestLooseConfigFolderIsWarnedOfOnWrite(t *testing.T) {
	r := newBareRunner(t)
	dir := filepath.Dir(r.ConfigPath())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	r.Run("config", "set", "site_id", "1").Expect(t, 0, "",
		"promoctl: warning: config folder "+dir+" can be read by other users (mode 0755): run chmod 700 "+dir+"\n")
	if got := r.ReadConfig(); got != "current_profile: default\nprofiles:\n  default:\n    site_id: 1\n" {
		t.Errorf("config file = %q", got)
	}
}

// TestTokenNeverPrinted runs every auth and config command, on a terminal
// and not, with --debug, in every output format, against a config that
// holds testToken in two profiles and the environment that holds it too.
// The runner fails the test if testToken appears in stdout or stderr.
func TestTokenNeverPrinted(t *testing.T) {
	commands := [][]string{
		{"auth", "status"}, {"auth", "status", "--profile", "staging"},
		{"config", "list"}, {"config", "get", "token"}, {"config", "get", "token", "--profile", "staging"},
		{"config", "explain"}, {"config", "set", "token", cmdtest.TestToken}, {"config", "set", "token", cmdtest.TestToken + " x"},
		{"config", "use", "staging"}, {"config", "use", "nope"}, {"config", "path"},
		{"config", "unset", "token", "--profile", "staging"}, {"config", "unset", "token"},
		{"auth", "logout"}, {"auth", "logout", "--profile", "staging"}, {"auth", "status"},
		{"--token", cmdtest.TestToken, "auth", "status"}, {"--token", cmdtest.TestToken, "config", "explain"},
		{"--token", cmdtest.TestToken, "auth", "login", "--user-id", "42"},
	}
	for _, tty := range []bool{false, true} {
		for _, format := range []string{"table", "json", "yaml", "csv"} {
			r := newRunner(t)
			r.TTY = tty
			r.WriteConfig(strings.Replace(cmdtest.ConfigTwoProfiles, "staging-token-0123456789", cmdtest.TestToken, 1))
			r.API.Handle("GET /v3/public/site", http.StatusUnauthorized, apitest.Error(401, 16, "invalid token "+cmdtest.TestToken))
			for _, args := range commands {
				res := r.Run(append([]string{"--debug", "-o", format}, args...)...)
				if strings.Contains(res.Stdout+res.Stderr, "SECRET-123") {
					t.Errorf("promoctl %s printed part of the token:\n%s%s", strings.Join(args, " "), res.Stdout, res.Stderr)
				}
			}
			// The login above read the token from the flag and saved it.
			r.Stdin = cmdtest.TestToken + "\n"
			r.Run("auth", "login", "--with-token", "--user-id", "42", "--debug")
		}
	}
}
