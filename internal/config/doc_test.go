package config

import (
	"github.com/promoctl/promoctl/internal/i18n"

	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseDocErrorsNameTheFileAndLine(t *testing.T) {
	const path = "/home/u/.config/promoctl/config.yaml"
	for _, c := range []struct {
		name, content, want string
	}{
		{"bad YAML", "current_profile: default\nprofiles:\n  default:\n    token: a: b\n",
			"config file " + path + " is not valid: line 4: mapping values are not allowed in this context (fix or remove the file)"},
		{"unclosed quote", "profiles:\n  default:\n    token: \"abc\n",
			"config file " + path + " is not valid: line 3: found unexpected end of stream (fix or remove the file)"},
		{"tab indent", "profiles:\n\tdefault:\n",
			"config file " + path + " is not valid: line 2: found character that cannot start any token (fix or remove the file)"},
		{"a list at the top", "- default\n",
			"config file " + path + " is not valid: line 1: the file must be a mapping with current_profile and profiles, found a list (fix or remove the file)"},
		{"profiles a list", "current_profile: default\nprofiles:\n  - default\n",
			"config file " + path + " is not valid: line 3: profiles must be a mapping of profile names to settings, found a list (fix or remove the file)"},
		{"a profile a string", "profiles:\n  default: yes\n",
			"config file " + path + " is not valid: line 2: profile \"default\" must be a mapping of settings such as base_url and token, found the value \"yes\" (fix or remove the file)"},
		{"a setting a mapping", "profiles:\n  default:\n    token:\n      a: b\n",
			"config file " + path + " is not valid: line 4: token in profile \"default\" must be a single value, found a mapping (fix or remove the file)"},
		{"current_profile a list", "current_profile: [a]\n",
			"config file " + path + " is not valid: line 1: current_profile must be a profile name, found a list (fix or remove the file)"},
		{"a key twice", "profiles:\n  default:\n    token: a\n    token: b\n",
			"config file " + path + " is not valid: line 4: mapping key \"token\" already defined at line 3 (fix or remove the file)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseDoc(path, []byte(c.content))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("ParseDoc error = %v, want a *FileError", err)
			}
			if got := err.Error(); got != c.want {
				t.Errorf("error:\n got %s\nwant %s", got, c.want)
			}
			// Parse, which Load and Resolve use, reports the same.
			if _, err := Parse(path, []byte(c.content)); err == nil || err.Error() != c.want {
				t.Errorf("Parse error = %v, want %s", err, c.want)
			}
		})
	}
}

func TestParseDocAcceptsTheContractsExample(t *testing.T) {
	d, err := ParseDoc("c.yaml", []byte(`current_profile: default
profiles:
  default:
    base_url: https://api.lpmotor.ru
    token: "abc"
    user_id: 123
    site_id: 11111
  empty:
unknown_top_level: {a: 1}
`))
	if err != nil {
		t.Fatalf("ParseDoc: %v", err)
	}
	p := d.Profile("default")
	if p == nil || p.BaseURL != "https://api.lpmotor.ru" || p.Token != "abc" || p.UserID != "123" || p.SiteID != "11111" {
		t.Errorf("profile default = %+v, want the file's values", p)
	}
	if !d.HasProfile("empty") || d.Profile("empty") != nil {
		t.Errorf("profile empty: has = %v, value = %+v; want present and empty", d.HasProfile("empty"), d.Profile("empty"))
	}
	if got := d.File.ProfileNames(); strings.Join(got, ",") != "default,empty" {
		t.Errorf("profile names = %q, want default, empty", got)
	}
}

func TestParseDocEmpty(t *testing.T) {
	for _, content := range []string{"", "\n\n", "# only a comment\n"} {
		d, err := ParseDoc("c.yaml", []byte(content))
		if err != nil {
			t.Fatalf("ParseDoc(%q): %v", content, err)
		}
		if d.File.CurrentProfile != "" || len(d.File.Profiles) != 0 {
			t.Errorf("ParseDoc(%q) = %+v, want an empty config", content, d.File)
		}
	}
}

func TestLoadDocMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope", "config.yaml")
	d, err := LoadDoc(path)
	if err != nil {
		t.Fatalf("LoadDoc: %v", err)
	}
	if d.Path != path || len(d.File.Profiles) != 0 || len(d.Warnings) != 0 {
		t.Errorf("LoadDoc of a missing file = %+v, want an empty config without warnings", d)
	}
}

func TestLoadDocWarnsOfALooseFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte("current_profile: default\nprofiles:\n  default:\n    token: abc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := LoadDoc(path)
	if err != nil {
		t.Fatalf("LoadDoc: %v", err)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings for a 0600 file = %v, want none", d.Warnings)
	}
	for _, m := range []os.FileMode{0o640, 0o604, 0o644} {
		if err := os.Chmod(path, m); err != nil {
			t.Fatal(err)
		}
		d, err := LoadDoc(path)
		if err != nil {
			t.Fatalf("LoadDoc: %v", err)
		}
		want := "config file " + path + " can be read by other users (mode " + octal(m) + ") and holds an API key: run chmod 600 " + path
		if len(d.Warnings) != 1 || i18n.InEnglish(d.Warnings[0]) != want {
			t.Errorf("mode %04o: warnings = %v, want [%q]", m, d.Warnings, want)
		}
	}
}

func TestLoadDocSaysALooseFileHoldsAKeyOnlyWhenItDoes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("profiles:\n  default:\n    user_id: 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	d, err := LoadDoc(path)
	if err != nil {
		t.Fatalf("LoadDoc: %v", err)
	}
	want := "config file " + path + " can be read by other users (mode 0644): run chmod 600 " + path
	if len(d.Warnings) != 1 || i18n.InEnglish(d.Warnings[0]) != want {
		t.Errorf("warnings = %v, want [%q]", d.Warnings, want)
	}
}

func TestLoadDocNeverAdvisesChmodOnANonRegularFile(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no ", os.DevNull)
	}
	d, err := LoadDoc(os.DevNull)
	if err != nil {
		t.Fatalf("LoadDoc: %v", err)
	}
	if len(d.Warnings) != 0 {
		t.Errorf("warnings for %s = %v, want none", os.DevNull, d.Warnings)
	}
}

func octal(m os.FileMode) string {
	const digits = "01234567"
	p := uint32(m.Perm())
	return string([]byte{'0', digits[p>>6&7], digits[p>>3&7], digits[p&7]})
}

// edit parses content, applies fn and returns the new file.
func edit(t *testing.T, content string, fn func(d *Doc) error) string {
	t.Helper()
	d, err := ParseDoc("c.yaml", []byte(content))
	if err != nil {
		t.Fatalf("ParseDoc: %v", err)
	}
	if err := fn(d); err != nil {
		t.Fatalf("edit: %v", err)
	}
	out, err := d.Bytes()
	if err != nil {
		t.Fatalf("Bytes: %v", err)
	}
	// What was written reads back as what was edited.
	back, err := ParseDoc("c.yaml", out)
	if err != nil {
		t.Fatalf("the edited file does not parse: %v\n%s", err, out)
	}
	if got, want := back.File.ProfileNames(), d.File.ProfileNames(); strings.Join(got, ",") != strings.Join(want, ",") || back.File.CurrentProfile != d.File.CurrentProfile {
		t.Errorf("read back: profiles %q current %q, want %q %q", got, back.File.CurrentProfile, want, d.File.CurrentProfile)
	}
	return string(out)
}

func TestDocEditsKeepCommentsOrderAndUnknownKeys(t *testing.T) {
	got := edit(t, `# promoctl settings
current_profile: default # the shop
profiles:
  # the main account
  default:
    base_url: https://api.lpmotor.ru   # public
    user_id: 123
    future_setting: keep me
  staging:
editor: vim
`, func(d *Doc) error {
		if err := d.Set("default", KeySiteID, "11111"); err != nil {
			return err
		}
		if err := d.Set("default", KeyUserID, "456"); err != nil {
			return err
		}
		if err := d.Set("staging", KeyOutput, "json"); err != nil {
			return err
		}
		return d.SetCurrent("staging")
	})
	want := `# promoctl settings
current_profile: staging # the shop
profiles:
  # the main account
  default:
    base_url: https://api.lpmotor.ru # public
    user_id: 456
    future_setting: keep me
    site_id: 11111
  staging:
    output: json
editor: vim
`
	if got != want {
		t.Errorf("edited file:\n%s\nwant:\n%s", got, want)
	}
}

func TestDocEditsAnEmptyFile(t *testing.T) {
	got := edit(t, "", func(d *Doc) error {
		for _, kv := range [][2]string{{KeyBaseURL, "https://api.lpmotor.ru"}, {KeyToken, "0123456789"}, {KeyUserID, "123"}} {
			if err := d.Set("default", kv[0], kv[1]); err != nil {
				return err
			}
		}
		return d.SetCurrent("default")
	})
	// The token looks like a number, so it is quoted to stay a string;
	// the user id is a number.
	want := `current_profile: default
profiles:
  default:
    base_url: https://api.lpmotor.ru
    token: "0123456789"
    user_id: 123
`
	if got != want {
		t.Errorf("new file:\n%s\nwant:\n%s", got, want)
	}
}

func TestDocSetKeepsQuotes(t *testing.T) {
	got := edit(t, "profiles:\n  default:\n    token: \"old\" # the key\n    user_id: \"7\"\n", func(d *Doc) error {
		if err := d.Set("default", KeyToken, "new"); err != nil {
			return err
		}
		return d.Set("default", KeyUserID, "8")
	})
	if want := "profiles:\n  default:\n    token: \"new\" # the key\n    user_id: 8\n"; got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

func TestDocSetUpdatesFile(t *testing.T) {
	d, err := ParseDoc("c.yaml", []byte("profiles:\n  default:\n    token: old\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("default", KeyToken, "new-token"); err != nil {
		t.Fatal(err)
	}
	if err := d.Set("work", KeyTimeout, "1m"); err != nil {
		t.Fatal(err)
	}
	if got := d.Profile("default").Token; got != "new-token" {
		t.Errorf("token after Set = %q, want new-token", got)
	}
	if got := d.Profile("work").Get(KeyTimeout); got != "1m" {
		t.Errorf("timeout of the new profile = %q, want 1m", got)
	}
	if err := d.Set("default", "tokn", "x"); err == nil {
		t.Errorf("Set of an unknown key succeeded; want an error")
	}
}

func TestDocUnset(t *testing.T) {
	var removed, again, missing bool
	got := edit(t, "profiles:\n  default:\n    token: secret # key\n    user_id: 1\n", func(d *Doc) error {
		var err error
		if removed, err = d.Unset("default", KeyToken); err != nil {
			return err
		}
		if again, err = d.Unset("default", KeyToken); err != nil {
			return err
		}
		missing, err = d.Unset("nope", KeyToken)
		return err
	})
	if !removed || again || missing {
		t.Errorf("Unset reported %v, %v, %v; want true, then false, false", removed, again, missing)
	}
	if want := "profiles:\n  default:\n    user_id: 1\n"; got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
	d, _ := ParseDoc("c.yaml", nil)
	if ok, err := d.Unset("default", KeyToken); ok || err != nil {
		t.Errorf("Unset on an empty file = %v, %v; want false, nil", ok, err)
	}
}

func TestDocSaveWritesAtomicallyWithMode0600(t *testing.T) {
	path := filepath.Join(t.TempDir(), "promoctl", "config.yaml")
	d, err := LoadDoc(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("default", KeySiteID, "7"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Save(); err != nil {
		t.Fatalf("Save: %v", err)
	}
	if got := readString(t, path); got != "profiles:\n  default:\n    site_id: 7\n" {
		t.Errorf("saved file = %q", got)
	}
	if got := mode(t, path); got != 0o600 {
		t.Errorf("file mode = %04o, want 0600", got)
	}
	if got := mode(t, filepath.Dir(path)); got != 0o700 {
		t.Errorf("folder mode = %04o, want 0700", got)
	}
}
