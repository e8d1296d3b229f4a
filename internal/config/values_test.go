package config

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestMaskToken(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"a", "****"},
		{"sandbox", "****"},
		{"12345678", "1…8"},
		{"abcdefghijk", "a…k"},
		{"abcdefghijkl", "abc…kl"},
		{"tok-SECRET-123456", "tok…56"},
		{"ключ-доступа-123", "клю…23"},
	} {
		if got := MaskToken(c.in); got != c.want {
			t.Errorf("MaskToken(%q) = %q, want %q", c.in, got, c.want)
		}
		if len(c.in) >= 4 && strings.Contains(MaskToken(c.in), c.in) {
			t.Errorf("MaskToken(%q) shows the whole token", c.in)
		}
	}
}

func TestCheckValue(t *testing.T) {
	for _, c := range []struct {
		key, in, want, err string
	}{
		{KeyBaseURL, "https://api.lpmotor.ru/", "https://api.lpmotor.ru", ""},
		{KeyBaseURL, " http://127.0.0.1:8787 ", "http://127.0.0.1:8787", ""},
		{KeyBaseURL, "api.lpmotor.ru", "", `invalid base URL "api.lpmotor.ru"`},
		{KeyBaseURL, "ftp://x", "", "invalid base URL"},
		{KeyUserID, "0042", "42", ""},
		{KeyUserID, "0", "", "not a positive integer"},
		{KeyUserID, "-3", "", "not a positive integer"},
		{KeyUserID, "12a", "", "not a positive integer"},
		{KeySiteID, "11111", "11111", ""},
		{KeySiteID, "1.5", "", "not a positive integer"},
		{KeyOutput, "JSON", "json", ""},
		{KeyOutput, "csv", "csv", ""},
		{KeyOutput, "xml", "", `unknown output format "xml"`},
		{KeyTimeout, "2m", "2m", ""},
		{KeyTimeout, "45", "45", ""},
		{KeyTimeout, "0s", "", "must be longer than zero"},
		{KeyTimeout, "-1s", "", "must be longer than zero"},
		{KeyTimeout, "soon", "", "not a duration"},
		{KeyToken, "abc-123", "abc-123", ""},
		{KeyToken, "", "", "empty"},
		{KeyToken, "a b", "", "spaces or control characters"},
		{KeyToken, "a\x1bb", "", "spaces or control characters"},
		{"tokn", "x", "", `unknown setting "tokn"`},
	} {
		got, err := CheckValue(c.key, c.in, testFormats())
		switch {
		case c.err == "" && err != nil:
			t.Errorf("CheckValue(%s, %q) error = %v, want %q", c.key, c.in, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("CheckValue(%s, %q) = %q, %v; want an error containing %q", c.key, c.in, got, err, c.err)
		case got != c.want:
			t.Errorf("CheckValue(%s, %q) = %q, want %q", c.key, c.in, got, c.want)
		}
	}
}

func TestCheckProfileName(t *testing.T) {
	for _, ok := range []string{"default", "staging-2", "shop_b.ru"} {
		if err := CheckProfileName(ok); err != nil {
			t.Errorf("CheckProfileName(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"", "my shop", "a/b", "магазин", "x\n", strings.Repeat("a", 65)} {
		if err := CheckProfileName(bad); err == nil {
			t.Errorf("CheckProfileName(%q) = nil, want an error", bad)
		}
	}
}

func TestActiveProfile(t *testing.T) {
	file := &File{CurrentProfile: "work"}
	env := func(vars map[string]string) Env {
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	for _, c := range []struct {
		name     string
		flag     string
		env      map[string]string
		file     *File
		want     string
		wantFrom string
	}{
		{"flag", "cli", map[string]string{"PROMOCTL_PROFILE": "envp"}, file, "cli", "flag --profile"},
		{"env", "", map[string]string{"PROMOCTL_PROFILE": "envp"}, file, "envp", "env PROMOCTL_PROFILE"},
		{"file", "", nil, file, "work", "file current_profile in c.yaml"},
		{"default", "", nil, &File{}, "default", "default"},
	} {
		var args []string
		if c.flag != "" {
			args = []string{"--profile", c.flag}
		}
		got, src := NewResolver(Lookup{Formats: testFormats(), Flags: flagsOf(t, args...), Env: env(c.env)}).Profile(c.file, "c.yaml")
		if got != c.want || src.String() != c.wantFrom {
			t.Errorf("%s: Profile = %q from %q, want %q from %q", c.name, got, src, c.want, c.wantFrom)
		}
	}
}

// TestResolvePrecedence checks flag > environment > profile > default for
// every setting, and that Sources says which one won.
func TestResolvePrecedence(t *testing.T) {
	type layer struct{ profile, env, flag, def string }
	settings := []struct {
		key, flag, env string
		v              layer
		got            func(*Settings) string
	}{
		{KeyBaseURL, "base-url", "PROMOCTL_BASE_URL", layer{"http://p.test", "http://e.test", "http://f.test", "https://api.lpmotor.ru"},
			func(s *Settings) string { return s.BaseURL }},
		{KeyToken, "token", "PROMOCTL_TOKEN", layer{"p-token", "e-token", "f-token", ""},
			func(s *Settings) string { return s.Token }},
		{KeyUserID, "user-id", "PROMOCTL_USER_ID", layer{"1", "2", "3", "0"},
			func(s *Settings) string { return itoa(s.UserID) }},
		{KeySiteID, "site-id", "PROMOCTL_SITE_ID", layer{"11", "12", "13", "0"},
			func(s *Settings) string { return itoa(s.SiteID) }},
		{KeyOutput, "output", "PROMOCTL_OUTPUT", layer{"json", "yaml", "csv", "table"},
			func(s *Settings) string { return string(s.Output) }},
		{KeyTimeout, "timeout", "PROMOCTL_TIMEOUT", layer{"10s", "20s", "40s", "30s"},
			func(s *Settings) string { return s.Timeout.String() }},
	}
	for _, st := range settings {
		for _, c := range []struct {
			name               string
			profile, env, flag bool
			want, srcName      string
			kind               SourceKind
		}{
			{"default", false, false, false, st.v.def, "", FromDefault},
			{"profile", true, false, false, st.v.profile, "default in c.yaml", FromProfile},
			{"env over profile", true, true, false, st.v.env, st.env, FromEnv},
			{"flag over env", true, true, true, st.v.flag, "--" + st.flag, FromFlag},
			{"flag over profile", true, false, true, st.v.flag, "--" + st.flag, FromFlag},
		} {
			t.Run(st.key+"/"+c.name, func(t *testing.T) {
				file := &File{Profiles: map[string]*Profile{"default": {}}}
				if c.profile {
					p := &Profile{}
					setProfile(p, st.key, st.v.profile)
					file.Profiles["default"] = p
				}
				vars := map[string]string{}
				if c.env {
					vars[st.env] = st.v.env
				}
				fs := pflag.NewFlagSet("promoctl", pflag.ContinueOnError)
				for _, s := range settings {
					fs.String(s.flag, "", "")
				}
				if c.flag {
					if err := fs.Parse([]string{"--" + st.flag, st.v.flag}); err != nil {
						t.Fatal(err)
					}
				}
				s, err := ResolveFile(Lookup{Formats: testFormats(), Flags: fs, Env: func(k string) (string, bool) { v, ok := vars[k]; return v, ok }}, "c.yaml", file)
				if err != nil {
					t.Fatalf("ResolveFile: %v", err)
				}
				if got := st.got(s); got != c.want {
					t.Errorf("%s = %q, want %q", st.key, got, c.want)
				}
				src := s.Sources[st.key]
				if c.kind == "default" && (c.want == "" || c.want == "0") {
					if src.Kind != "" {
						t.Errorf("source of unset %s = %v, want none", st.key, src)
					}
					return
				}
				if src.Kind != c.kind || src.Name != c.srcName {
					t.Errorf("source of %s = %+v, want %s %q", st.key, src, c.kind, c.srcName)
				}
			})
		}
	}
}

func setProfile(p *Profile, key, v string) {
	switch key {
	case KeyBaseURL:
		p.BaseURL = v
	case KeyToken:
		p.Token = v
	case KeyUserID:
		p.UserID = v
	case KeySiteID:
		p.SiteID = v
	case KeyOutput:
		p.Output = v
	case KeyTimeout:
		p.Timeout = v
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestResolveNewProfile(t *testing.T) {
	file := &File{Profiles: map[string]*Profile{"default": {Token: "t"}}}
	env := func(string) (string, bool) { return "", false }
	if _, err := ResolveFile(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--profile", "staging"), Env: env}, "c.yaml", file); err == nil {
		t.Errorf("ResolveFile with a missing --profile succeeded; want an error")
	}
	s, err := NewResolver(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--profile", "staging"), Env: env}).NewProfileSettings("c.yaml", file)
	if err != nil {
		t.Fatalf("NewProfileSettings: %v", err)
	}
	if s.Profile != "staging" || s.Token != "" || s.BaseURL != "https://api.lpmotor.ru" {
		t.Errorf("settings of a new profile = %q %q %q, want staging, no token, the default base URL", s.Profile, s.Token, s.BaseURL)
	}
}

func TestResolveReadsTheFileOnDisk(t *testing.T) {
	path := t.TempDir() + "/config.yaml"
	if _, err := WriteFile(path, []byte("current_profile: b\nprofiles:\n  a:\n    site_id: 1\n  b:\n    site_id: 2\n")); err != nil {
		t.Fatal(err)
	}
	s, err := Resolve(Lookup{Formats: testFormats(), Env: envOf("PROMOCTL_CONFIG", path)})
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	if s.Profile != "b" || s.SiteID != 2 || s.Path != path {
		t.Errorf("Resolve = profile %q site %d path %q, want b, 2, %s", s.Profile, s.SiteID, s.Path, path)
	}
}
