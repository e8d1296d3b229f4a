package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/format"
)

// envOf is an environment made of the given pairs only.
func envOf(kv ...string) Env {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

// flagsOf is the flags of the settings table as cmd defines them, with the
// given ones set on the command line.
func flagsOf(t *testing.T, args ...string) *pflag.FlagSet {
	t.Helper()
	fs := pflag.NewFlagSet("promoctl", pflag.ContinueOnError)
	for _, s := range append(Selectors(), Table()...) {
		fs.StringP(s.Flag, s.Short, "", s.Usage)
	}
	if err := fs.Parse(args); err != nil {
		t.Fatalf("parse %q: %v", args, err)
	}
	return fs
}

func writeConfig(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPath(t *testing.T) {
	tests := []struct {
		name, flag string
		env        Env
		want       string
	}{
		{"flag first", "/flag/c.yaml", envOf("PROMOCTL_CONFIG", "/env/c.yaml", "XDG_CONFIG_HOME", "/xdg", "HOME", "/home/u"), "/flag/c.yaml"},
		{"then PROMOCTL_CONFIG", "", envOf("PROMOCTL_CONFIG", "/env/c.yaml", "XDG_CONFIG_HOME", "/xdg", "HOME", "/home/u"), "/env/c.yaml"},
		{"then XDG_CONFIG_HOME", "", envOf("XDG_CONFIG_HOME", "/xdg", "HOME", "/home/u"), "/xdg/promoctl/config.yaml"},
		{"then HOME", "", envOf("HOME", "/home/u"), "/home/u/.config/promoctl/config.yaml"},
		{"empty variables are unset", "", envOf("PROMOCTL_CONFIG", "", "XDG_CONFIG_HOME", "", "HOME", "/home/u"), "/home/u/.config/promoctl/config.yaml"},
		{"relative flag kept", "my.yaml", envOf("HOME", "/home/u"), "my.yaml"},
	}
	for _, tt := range tests {
		got, err := Path(tt.flag, tt.env)
		if err != nil || got != tt.want {
			t.Errorf("%s: Path() = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

func TestPathWithoutHome(t *testing.T) {
	t.Setenv("HOME", "") // os.UserHomeDir has nothing to fall back on
	_, err := Path("", envOf())
	if err == nil || !strings.Contains(err.Error(), "set HOME, XDG_CONFIG_HOME or PROMOCTL_CONFIG") {
		t.Errorf("Path() with no home error = %v, want advice on what to set", err)
	}
}

func TestLoad(t *testing.T) {
	f, err := Load(filepath.Join(t.TempDir(), "missing.yaml"))
	if err != nil || f == nil || len(f.Profiles) != 0 || f.CurrentProfile != "" {
		t.Errorf("Load(missing) = %+v, %v; want an empty config", f, err)
	}
	path := writeConfig(t, `current_profile: work
profiles:
  default:
    base_url: https://api.lpmotor.ru
    token: "tok-default"
    user_id: 123
    site_id: 11111
  work:
    token: tok-work
    output: json
    timeout: 45
`)
	f, err = Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.CurrentProfile != "work" || f.Profiles["default"].UserID != "123" || f.Profiles["default"].SiteID != "11111" || f.Profiles["work"].Timeout != "45" {
		t.Errorf("Load() = %+v, want the file's values, numbers as text", f)
	}
	if got := strings.Join(f.ProfileNames(), ","); got != "default,work" {
		t.Errorf("ProfileNames() = %s, want default,work", got)
	}
	if _, err := Load(t.TempDir()); err == nil || !strings.HasPrefix(err.Error(), "read config ") {
		t.Errorf("Load(directory) error = %v, want read config …", err)
	}
}

func TestLoadCorrupt(t *testing.T) {
	tests := []struct{ content, line string }{
		{"profiles:\n  default:\n    token: [unclosed\n", "line "},
		{"current_profile: a\nprofiles:\n\tdefault: {}\n", "line 3"},
		{"profiles:\n  - default\n", "line 2"},
		{"current_profile: a\n  bad indent: b\n", "line 2"},
	}
	for _, tt := range tests {
		path := writeConfig(t, tt.content)
		_, err := Load(path)
		var fe *FileError
		if !errors.As(err, &fe) {
			t.Errorf("Load(%q) = %v, want a *FileError", tt.content, err)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "config file "+path+" is not valid: ") || !strings.Contains(msg, tt.line) || !strings.HasSuffix(msg, "(fix or remove the file)") {
			t.Errorf("Load(%q) error = %q, want the file, %s and advice", tt.content, msg, tt.line)
		}
		if strings.Contains(msg, "\n") {
			t.Errorf("Load(%q) error = %q spans lines", tt.content, msg)
		}
	}
}

func TestResolveDefaults(t *testing.T) {
	s, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--config", filepath.Join(t.TempDir(), "none.yaml")), Env: envOf()})
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://api.lpmotor.ru" || s.Output != format.Table || s.Timeout != 30*time.Second ||
		s.Token != "" || s.UserID != 0 || s.SiteID != 0 || s.Profile != "default" {
		t.Errorf("Resolve() = %+v, want the defaults", s)
	}
	for _, k := range []string{KeyBaseURL, KeyOutput, KeyTimeout} {
		if got := s.Sources[k]; got != (Source{Kind: "default"}) {
			t.Errorf("Sources[%s] = %+v, want default", k, got)
		}
	}
	for _, k := range []string{KeyToken, KeyUserID, KeySiteID} {
		if got, ok := s.Sources[k]; ok {
			t.Errorf("Sources[%s] = %+v, want none for an unset setting", k, got)
		}
	}
}

func TestResolveEmptyEnvIsUnset(t *testing.T) {
	path := writeConfig(t, "profiles:\n  default:\n    token: tok-profile\n")
	s, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--config", path), Env: envOf("PROMOCTL_TOKEN", "", "PROMOCTL_PROFILE", "")})
	if err != nil {
		t.Fatal(err)
	}
	if s.Token != "tok-profile" || s.Sources[KeyToken].Kind != "profile" {
		t.Errorf("token = %q from %v, want tok-profile from the profile", s.Token, s.Sources[KeyToken])
	}
}

func TestResolveTrims(t *testing.T) {
	s, err := Resolve(Lookup{Formats: testFormats(),
		Flags: flagsOf(t, "--base-url", " https://api.test/v/ ", "--token", " tok \n", "--user-id", " 12 ",
			"--config", filepath.Join(t.TempDir(), "none.yaml")),
		Env: envOf("PROMOCTL_OUTPUT", " JSON ", "PROMOCTL_TIMEOUT", " 1m "),
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://api.test/v" || s.Token != "tok" || s.UserID != 12 || s.Output != format.JSON || s.Timeout != time.Minute {
		t.Errorf("Resolve() = %+v, want values trimmed", s)
	}
}

func TestResolveProfileChoice(t *testing.T) {
	path := writeConfig(t, `current_profile: work
profiles:
  default:
    token: tok-default
  work:
    token: tok-work
  staging:
    token: tok-staging
`)
	tests := []struct {
		name, flag string
		env        Env
		want       string
	}{
		{"--profile", "staging", envOf("PROMOCTL_PROFILE", "default"), "staging"},
		{"PROMOCTL_PROFILE", "", envOf("PROMOCTL_PROFILE", "default"), "default"},
		{"current_profile", "", envOf(), "work"},
	}
	for _, tt := range tests {
		args := []string{"--config", path}
		if tt.flag != "" {
			args = append(args, "--profile", tt.flag)
		}
		s, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, args...), Env: tt.env})
		if err != nil {
			t.Errorf("%s: Resolve() error: %v", tt.name, err)
			continue
		}
		if s.Profile != tt.want || s.Token != "tok-"+tt.want {
			t.Errorf("%s: profile %q token %q, want %q tok-%s", tt.name, s.Profile, s.Token, tt.want, tt.want)
		}
		if want := (Source{"profile", tt.want + " in " + path}); s.Sources[KeyToken] != want {
			t.Errorf("%s: token source = %v, want %v", tt.name, s.Sources[KeyToken], want)
		}
	}
	noCurrent := writeConfig(t, "profiles:\n  default:\n    token: tok-default\n")
	s, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--config", noCurrent), Env: envOf()})
	if err != nil || s.Profile != "default" || s.Token != "tok-default" {
		t.Errorf("without current_profile: %+v, %v; want the default profile", s, err)
	}
}

func TestResolveMissingProfile(t *testing.T) {
	path := writeConfig(t, "profiles:\n  work:\n    token: a\n  default:\n    token: b\n")
	for name, l := range map[string]Lookup{
		"--profile":        {Flags: flagsOf(t, "--config", path, "--profile", "nope"), Env: envOf()},
		"PROMOCTL_PROFILE": {Flags: flagsOf(t, "--config", path), Env: envOf("PROMOCTL_PROFILE", "nope")},
	} {
		_, err := Resolve(l)
		want := `"nope" is not in ` + path + ` (profiles: default, work)`
		if err == nil || !strings.HasSuffix(err.Error(), want) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: Resolve() error = %v, want one naming %s and ending %q", name, err, name, want)
		}
	}
}

func TestResolveInvalidValuesNameTheirSource(t *testing.T) {
	path := writeConfig(t, "profiles:\n  default:\n    site_id: \"0\"\n    base_url: ftp://files.test\n")
	profile := "profile default in " + path
	tests := []struct {
		name string
		args []string
		env  Env
		cfg  string
		want string
	}{
		{"user id from env", nil, envOf("PROMOCTL_USER_ID", "abc"), "",
			`invalid user_id (from env PROMOCTL_USER_ID): "abc" is not a positive integer`},
		{"negative user id from flag", []string{"--user-id", "-4"}, envOf(), "",
			`invalid user_id (from flag --user-id): "-4" is not a positive integer`},
		{"site id from profile", []string{"--base-url", "https://api.test"}, envOf(), path,
			`invalid site_id (from ` + profile + `): "0" is not a positive integer`},
		{"base url from profile", nil, envOf(), path,
			`invalid base_url (from ` + profile + `): invalid base URL "ftp://files.test"`},
		{"output from flag", []string{"-o", "xml"}, envOf(), "",
			`invalid output (from flag --output): unknown output format "xml": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{"timeout from env", nil, envOf("PROMOCTL_TIMEOUT", "soon"), "",
			`invalid timeout (from env PROMOCTL_TIMEOUT): "soon" is not a duration such as 30s or 2m`},
		{"zero timeout from flag", []string{"--timeout", "0"}, envOf(), "",
			`invalid timeout (from flag --timeout): "0s" must be longer than zero`},
		{"empty base url from flag", []string{"--base-url", ""}, envOf(), "",
			`invalid base_url (from flag --base-url): invalid base URL ""`},
		{"empty output from flag", []string{"--output="}, envOf("PROMOCTL_OUTPUT", "json"), "",
			`invalid output (from flag --output): unknown output format ""`},
	}
	for _, tt := range tests {
		cfg := tt.cfg
		if cfg == "" {
			cfg = filepath.Join(t.TempDir(), "none.yaml")
		}
		_, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, append([]string{"--config", cfg}, tt.args...)...), Env: tt.env})
		var ve *ValueError
		if !errors.As(err, &ve) {
			t.Errorf("%s: Resolve() error = %v, want a *ValueError", tt.name, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: Resolve() error =\n%q\nwant it to start with\n%q", tt.name, err, tt.want)
		}
		if errors.Unwrap(err) == nil {
			t.Errorf("%s: ValueError does not unwrap to its cause", tt.name)
		}
	}
}

func TestResolveCorruptFile(t *testing.T) {
	path := writeConfig(t, "profiles:\n  default:\n    token: \"unterminated\n")
	_, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--config", path), Env: envOf()})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != path || !strings.Contains(err.Error(), "line ") {
		t.Errorf("Resolve(corrupt) error = %v, want a *FileError naming %s and the line", err, path)
	}
}

func TestResolveFindsTheFileByEnvironment(t *testing.T) {
	xdg := t.TempDir()
	if err := os.MkdirAll(filepath.Join(xdg, "promoctl"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(xdg, "promoctl", "config.yaml"), []byte("profiles:\n  default:\n    user_id: 77\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t), Env: envOf("XDG_CONFIG_HOME", xdg, "HOME", t.TempDir())})
	if err != nil || s.UserID != 77 || s.Path != filepath.Join(xdg, "promoctl", "config.yaml") {
		t.Errorf("Resolve() = %+v, %v; want user 77 from $XDG_CONFIG_HOME/promoctl/config.yaml", s, err)
	}
}

func TestResolveWithoutFlags(t *testing.T) {
	s, err := Resolve(Lookup{Formats: testFormats(), Env: envOf("PROMOCTL_TOKEN", "tok", "PROMOCTL_CONFIG", filepath.Join(t.TempDir(), "none.yaml"))})
	if err != nil || s.Token != "tok" {
		t.Errorf("Resolve(no flag set) = %+v, %v; want the environment's token", s, err)
	}
}

func TestParseTimeout(t *testing.T) {
	good := map[string]time.Duration{"30s": 30 * time.Second, "2m": 2 * time.Minute, "45": 45 * time.Second,
		"1.5": 1500 * time.Millisecond, " 10s ": 10 * time.Second, "1h30m": 90 * time.Minute, "500ms": 500 * time.Millisecond}
	for in, want := range good {
		if got, err := ParseTimeout(in); err != nil || got != want {
			t.Errorf("ParseTimeout(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "0s", "-1", "-5s", "abc", "10 s", "1d"} {
		if got, err := ParseTimeout(in); err == nil {
			t.Errorf("ParseTimeout(%q) = %v, want an error", in, got)
		}
	}
}

func TestParseID(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, " 11111 ": 11111, "9223372036854775807": 9223372036854775807} {
		if got, err := ParseID(in); err != nil || got != want {
			t.Errorf("ParseID(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "1.0", "1e3", "abc", "9223372036854775808"} {
		if _, err := ParseID(in); err == nil || err.Error() != `"`+in+`" is not a positive integer` {
			t.Errorf("ParseID(%q) error = %v, want %q is not a positive integer", in, err, in)
		}
	}
}

func TestSourceString(t *testing.T) {
	for _, tt := range []struct {
		s    Source
		want string
	}{{Source{Kind: "default"}, "default"}, {Source{"flag", "--token"}, "flag --token"}, {Source{"env", "PROMOCTL_TOKEN"}, "env PROMOCTL_TOKEN"}} {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestResolveForTheSandboxTakesCredentialsAndSiteOnlyFromFlags(t *testing.T) {
	path := writeConfig(t, "profiles:\n  default:\n    base_url: https://shop.example\n    token: file-token\n    user_id: 7\n    site_id: 11111\n    output: json\n    timeout: 2m\n")
	env := envOf("PROMOCTL_BASE_URL", "https://env.example", "PROMOCTL_TOKEN", "env-token", "PROMOCTL_USER_ID", "8", "PROMOCTL_SITE_ID", "22222")
	s, err := Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--config", path), Env: env, Sandbox: true,
		Keychain: func(string) string { return "keychain-token" }})
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://api.lpmotor.ru" || s.Token != "" || s.UserID != 0 || s.SiteID != 0 || !s.Sandbox {
		t.Errorf("settings = %+v, want the defaults and no credentials or site", s)
	}
	// Not credentials: the profile's output and timeout still apply.
	if s.Output != format.JSON || s.Timeout != 2*time.Minute {
		t.Errorf("output, timeout = %s, %v; want json, 2m from the profile", s.Output, s.Timeout)
	}
	s, err = Resolve(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--user-id", "2", "--site-id", "3", "--config", path), Env: env, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.UserID != 2 || s.SiteID != 3 {
		t.Errorf("user, site = %d, %d; want 2, 3 from the flags", s.UserID, s.SiteID)
	}
}
