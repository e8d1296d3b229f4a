package config

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
)

// layerValues are a valid value of a setting in each layer, all different,
// and how the resolved Settings show it.
type layerValues struct {
	flag, env, keychain, profile, def string
	shown                             func(*Settings) string
}

// samples holds layer values for every row of the table: a setting added to
// the table without one here fails TestTablePrecedence.
func samples() map[string]layerValues {
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	return map[string]layerValues{
		KeyBaseURL:  {"https://f.test", "https://e.test", "", "https://p.test", "https://api.lpmotor.ru", func(s *Settings) string { return s.BaseURL }},
		KeyToken:    {"f-token", "e-token", "k-token", "p-token", "", func(s *Settings) string { return s.Token }},
		KeyUserID:   {"3", "2", "", "1", "0", func(s *Settings) string { return id(s.UserID) }},
		KeySiteID:   {"13", "12", "", "11", "0", func(s *Settings) string { return id(s.SiteID) }},
		KeyOutput:   {"csv", "yaml", "", "json", "table", func(s *Settings) string { return string(s.Output) }},
		KeyTimeout:  {"40s", "20s", "", "10s", "30s", func(s *Settings) string { return s.Timeout.String() }},
		KeyLanguage: {"", "ru", "", "en", "", func(s *Settings) string { return string(s.Language) }},
	}
}

// TestTablePrecedence proves, for every row of the settings table and every
// combination of the layers that give it a value, that the run's viper
// instance resolves flag > environment > keychain (the token) > profile >
// default, and that Source (what config explain shows) names the layer
// whose value won.
func TestTablePrecedence(t *testing.T) {
	const path = "c.yaml"
	for _, row := range Table() {
		v, ok := samples()[row.Key]
		if !ok {
			t.Errorf("setting %s has no sample values in samples(): add them", row.Key)
			continue
		}
		if row.Default != "" && row.Default != v.def {
			t.Errorf("%s: the table's default is %q, samples say %q", row.Key, row.Default, v.def)
		}
		for mask := 0; mask < 16; mask++ {
			flag, env, kc, prof := mask&8 != 0, mask&4 != 0, mask&2 != 0, mask&1 != 0
			if kc && v.keychain == "" {
				continue // only the token has a keychain layer
			}
			if flag && row.Flag == "" {
				continue // language has no flag
			}
			name := fmt.Sprintf("%s/flag=%t,env=%t,keychain=%t,profile=%t", row.Key, flag, env, kc, prof)
			t.Run(name, func(t *testing.T) {
				var args []string
				if flag {
					args = []string{"--" + row.Flag, v.flag}
				}
				vars := map[string]string{}
				if env {
					vars[row.Env] = v.env
				}
				p := &Profile{}
				if prof {
					*row.field(p) = v.profile
				}
				file := &File{Profiles: map[string]*Profile{DefaultProfile: p}}
				l := Lookup{Formats: testFormats(), Flags: flagsOf(t, args...), Env: func(k string) (string, bool) { s, ok := vars[k]; return s, ok }}
				if kc {
					l.Keychain = func(string) string { return v.keychain }
				}
				s, err := NewResolver(l).Settings(path, file)
				if err != nil {
					t.Fatalf("Settings: %v", err)
				}

				want, wantSrc := v.def, Source{Kind: "default"}
				switch {
				case flag:
					want, wantSrc = v.flag, Source{"flag", "--" + row.Flag}
				case env:
					want, wantSrc = v.env, Source{"env", row.Env}
				case kc:
					want, wantSrc = v.keychain, Source{Kind: "keychain"}
				case prof:
					want, wantSrc = v.profile, Source{"profile", DefaultProfile + " in " + path}
				case row.Default == "":
					wantSrc = Source{} // unset: no source
				}
				if got := v.shown(s); got != want {
					t.Errorf("%s = %q, want %q", row.Key, got, want)
				}
				if got := s.Sources[row.Key]; got != wantSrc {
					t.Errorf("source of %s = %+v, want %+v", row.Key, got, wantSrc)
				}
			})
		}
	}
}

// TestTableSandboxCredentialsOnlyFromFlags: with Sandbox, the rows marked
// Credential ignore the environment, the keychain and the profile; the
// others keep the usual precedence.
func TestTableSandboxCredentialsOnlyFromFlags(t *testing.T) {
	for _, row := range Table() {
		v := samples()[row.Key]
		p := &Profile{}
		*row.field(p) = v.profile
		file := &File{Profiles: map[string]*Profile{DefaultProfile: p}}
		env := func(k string) (string, bool) { return v.env, k == row.Env }
		kc := func(string) string { return "k-token" }
		s, err := NewResolver(Lookup{Formats: testFormats(), Flags: flagsOf(t), Env: env, Keychain: kc, Sandbox: true}).Settings("c.yaml", file)
		if err != nil {
			t.Fatalf("%s: Settings: %v", row.Key, err)
		}
		want := v.env
		if row.Credential {
			want = v.def
		}
		if got := v.shown(s); got != want {
			t.Errorf("%s with --sandbox = %q, want %q", row.Key, got, want)
		}
		if row.Flag == "" {
			continue
		}
		s, err = NewResolver(Lookup{Formats: testFormats(), Flags: flagsOf(t, "--"+row.Flag, v.flag), Env: env, Sandbox: true}).Settings("c.yaml", file)
		if err != nil {
			t.Fatalf("%s: Settings: %v", row.Key, err)
		}
		if got := v.shown(s); got != v.flag {
			t.Errorf("%s with --sandbox and its flag = %q, want %q", row.Key, got, v.flag)
		}
	}
}

// TestTableRowsAreComplete: every row has what the flags, the resolver and
// config set need, and flags and variables are unique.
func TestTableRowsAreComplete(t *testing.T) {
	flags, envs := map[string]bool{}, map[string]bool{}
	for _, row := range append(Table(), Selectors()...) {
		// language alone has no flag (it is decided before flags are
		// parsed) and the contract names its variable PROMOCTL_LANG.
		noFlag := row.Key == KeyLanguage
		if row.Key == "" || (row.Flag == "") != noFlag || row.Env == "" || row.Usage == "" {
			t.Errorf("row %+v lacks a key, flag, variable or usage", row)
		}
		if noFlag {
			if row.Env != "PROMOCTL_LANG" {
				t.Errorf("%s: variable %s, want PROMOCTL_LANG", row.Key, row.Env)
			}
			continue
		}
		if row.Env != "PROMOCTL_"+strings.ToUpper(row.Key) {
			t.Errorf("%s: variable %s, want PROMOCTL_%s", row.Key, row.Env, strings.ToUpper(row.Key))
		}
		if flags[row.Flag] || envs[row.Env] {
			t.Errorf("%s: flag --%s or variable %s used twice", row.Key, row.Flag, row.Env)
		}
		flags[row.Flag], envs[row.Env] = true, true
	}
	for _, row := range Table() {
		if (!row.format && (row.check == nil || row.apply == nil)) || row.field == nil {
			t.Errorf("setting %s lacks check, apply or field", row.Key)
		}
		if row.Default != "" {
			if _, err := CheckValue(row.Key, row.Default, testFormats()); err != nil {
				t.Errorf("default of %s: %v", row.Key, err)
			}
		}
	}
}

// testFormats are the output formats of the binary's table.
func testFormats() format.Set { return output.Formats(output.Printers()) }
