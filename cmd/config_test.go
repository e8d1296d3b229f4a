package cmd

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
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

func TestConfigWritesRefuseACorruptFile(t *testing.T) {
	const corrupt = "current_profile: default\nprofiles:\n  default:\n    token: a: b\n"
	want := "promoctl: config file %s is not valid: line 4: mapping values are not allowed in this context (fix or remove the file)\n"
	for _, args := range [][]string{
		{"config", "set", "site_id", "1"},
		{"config", "use", "default"},
		{"auth", "logout"},
		{"config", "get", "site_id"},
		{"config", "list"},
		{"promo", "list", "--site-id", "1"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := newBareRunner(t)
			r.WriteConfig(corrupt)
			r.Run(args...).Expect(t, 2, "", strings.Replace(want, "%s", r.ConfigPath(), 1))
			r.ExpectConfig(t, corrupt)
			r.ExpectNoRequests(t)
		})
	}
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

// TestSiteIDPrecedence checks --site-id > PROMOCTL_SITE_ID > the profile
// on a command that has the flag.
func TestSiteIDPrecedence(t *testing.T) {
	for _, c := range []struct {
		name string
		env  string
		args []string
		want string
	}{
		{"profile", "", nil, "site_id=11111"},
		{"env over profile", "12", nil, "site_id=12"},
		{"flag over env", "12", []string{"--site-id", "13"}, "site_id=13"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.WriteConfig("profiles:\n  default:\n    site_id: 11111\n")
			if c.env != "" {
				r.Env["PROMOCTL_SITE_ID"] = c.env
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			res := r.Run(append([]string{"promo", "list", "-o", "json"}, c.args...)...)
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			r.ExpectRoutes(t, "GET /v1/promo?"+c.want)
		})
	}
}

// TestCredentialPrecedenceInRequests checks that the token, user id and
// base URL a request carries follow flag > environment > profile.
func TestCredentialPrecedenceInRequests(t *testing.T) {
	profileAPI, envAPI, flagAPI := apitest.New(t), apitest.New(t), apitest.New(t)
	for _, s := range []*apitest.Server{profileAPI, envAPI, flagAPI} {
		s.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	}
	const profileToken, envToken = "profile-token-0123456789", "env-token-0123456789"
	for _, c := range []struct {
		name  string
		env   bool
		flags bool
		want  *apitest.Server
		token string
		user  string
	}{
		{"profile", false, false, profileAPI, profileToken, "1"},
		{"env", true, false, envAPI, envToken, "2"},
		{"flag", true, true, flagAPI, cmdtest.TestToken, "3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newBareRunner(t)
			r.WriteConfig("profiles:\n  default:\n    base_url: " + profileAPI.URL + "\n    token: " + profileToken + "\n    user_id: 1\n")
			if c.env {
				r.Env["PROMOCTL_BASE_URL"], r.Env["PROMOCTL_TOKEN"], r.Env["PROMOCTL_USER_ID"] = envAPI.URL, envToken, "2"
			}
			args := []string{"auth", "status"}
			if c.flags {
				args = append(args, "--base-url", flagAPI.URL, "--token", cmdtest.TestToken, "--user-id", "3")
			}
			before := len(c.want.Requests())
			res := r.Run(args...)
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			for _, tok := range []string{profileToken, envToken} {
				if strings.Contains(res.Stdout+res.Stderr, tok) {
					t.Errorf("output shows a token:\n%s%s", res.Stdout, res.Stderr)
				}
			}
			reqs := c.want.Requests()
			if len(reqs) != before+1 {
				t.Fatalf("requests to the %s server = %d, want 1", c.name, len(reqs)-before)
			}
			req := reqs[len(reqs)-1]
			if got := req.Header.Get("Authorization"); got != "Bearer "+c.token {
				t.Errorf("Authorization = %q, want the %s token", got, c.name)
			}
			if got := req.Header.Get("X-Api-User-Id"); got != c.user {
				t.Errorf("X-Api-User-Id = %q, want %s", got, c.user)
			}
		})
	}
}

func TestLooseConfigFileIsWarnedOf(t *testing.T) {
	for _, args := range [][]string{
		{"config", "get", "site_id"},
		{"config", "list", "-o", "json"},
		{"auth", "status"},
		{"promo", "list", "-o", "json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := newRunner(t)
			// A file without a key is not said to hold one.
			p := r.WriteConfig("profiles:\n  default:\n    site_id: 11111\n")
			if err := os.Chmod(p, 0o644); err != nil {
				t.Fatal(err)
			}
			r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			res := r.Run(args...)
			want := "promoctl: warning: config file " + p + " can be read by other users (mode 0644): run chmod 600 " + p + "\n"
			if res.Code != 0 || !strings.HasPrefix(res.Stderr, want) || strings.Count(res.Stderr, "warning") != 1 {
				t.Errorf("exit %d, stderr:\n%s\nwant 0 and one warning: %s", res.Code, res.Stderr, want)
			}

			// One with a key is.
			r.WriteConfig("profiles:\n  default:\n    site_id: 11111\n  other:\n    token: saved-token-0123456789\n")
			res = r.Run(args...)
			want = "promoctl: warning: config file " + p + " can be read by other users (mode 0644) and holds an API key: run chmod 600 " + p + "\n"
			if res.Code != 0 || !strings.HasPrefix(res.Stderr, want) || strings.Count(res.Stderr, "warning") != 1 {
				t.Errorf("exit %d, stderr:\n%s\nwant 0 and one warning: %s", res.Code, res.Stderr, want)
			}
		})
	}
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

func TestSetupCommandsHaveHelpWithExamples(t *testing.T) {
	for _, args := range [][]string{
		{"auth", "login"}, {"auth", "status"}, {"auth", "logout"},
		{"config", "list"}, {"config", "get"}, {"config", "set"}, {"config", "unset"}, {"config", "use"}, {"config", "path"}, {"config", "explain"},
	} {
		r := newBareRunner(t)
		res := r.Run(append(args, "--help")...)
		_, examples, _ := strings.Cut(res.Stdout, "\nExamples:\n")
		if res.Code != 0 || !strings.Contains(examples, "promoctl "+strings.Join(args, " ")) {
			t.Errorf("promoctl %s --help: exit %d, want examples of the command:\n%s", strings.Join(args, " "), res.Code, res.Stdout)
		}
	}
	r := newBareRunner(t)
	res := r.Run("--help")
	if !strings.Contains(res.Stdout, "Setup commands:\n  auth ") || !strings.Contains(res.Stdout, "\n  config ") {
		t.Errorf("promoctl --help lists no auth and config under setup commands:\n%s", res.Stdout)
	}
	r.Run("config", "nope").Expect(t, 2, "", "promoctl: unknown command \"nope\" for \"promoctl config\"\n")
	r.Run("auth", "logon").Expect(t, 2, "", "promoctl: unknown command \"logon\" for \"promoctl auth\"; did you mean \"login\"?\n")
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

func TestConfigWritesWaitForTheLockWithinTheTimeout(t *testing.T) {
	r := newBareRunner(t)
	path := r.WriteConfig("current_profile: default\n")
	unlock, err := config.Lock(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	want := "promoctl: wait for the lock on config file " + path + ": another promoctl is changing it: context deadline exceeded\n"
	r.Run("config", "set", "site_id", "1", "--timeout", "100ms").Expect(t, 1, "", want)
	r.Run("config", "use", "default", "--timeout", "100ms").Expect(t, 1, "", want)
	r.Run("config", "unset", "site_id", "--timeout", "100ms").Expect(t, 1, "", want)
	r.Run("auth", "logout", "--timeout", "100ms").Expect(t, 1, "", want)

	// Ctrl-C while waiting: cancelled, nothing written.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r.Ctx = ctx
	r.Run("config", "set", "site_id", "1").Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectConfig(t, "current_profile: default\n")
}

func TestConfigThatIsNotARegularFileIsNotWarnedOf(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no ", os.DevNull)
	}
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	// /dev/null reads as an empty config; no advice to chmod it.
	r.Run("--config", os.DevNull, "promo", "list", "--site-id", "7", "-o", "json").Expect(t, 0, "[]\n", "")
	r.Run("--config", os.DevNull, "config", "set", "site_id", "7").Expect(t, 1, "",
		"promoctl: config file "+os.DevNull+" is not a regular file: cannot write it\n")
}
