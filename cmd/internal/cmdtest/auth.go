package cmdtest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ConfigPath is where the runner's promoctl keeps its config file.
func (r *Runner) ConfigPath() string {
	return filepath.Join(r.Env["XDG_CONFIG_HOME"], "promoctl", "config.yaml")
}

// ReadConfig returns the config file, or "" when there is none.
func (r *Runner) ReadConfig() string {
	r.T.Helper()
	data, err := os.ReadFile(r.ConfigPath())
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	if err != nil {
		r.T.Fatal(err)
	}
	return string(data)
}

// ExpectConfig checks the config file's contents.
func (r *Runner) ExpectConfig(t *testing.T, want string) {
	t.Helper()
	if got := r.ReadConfig(); got != want {
		t.Errorf("config file:\n%s\nwant:\n%s", got, want)
	}
}

// ExpectModes checks the modes of the config file and its folder.
func (r *Runner) ExpectModes(t *testing.T) {
	t.Helper()
	for _, c := range []struct {
		path string
		want os.FileMode
	}{{r.ConfigPath(), 0o600}, {filepath.Dir(r.ConfigPath()), 0o700}} {
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("mode of %s = %04o, want %04o", c.path, got, c.want)
		}
	}
}

// WithoutCredentials takes the credentials out of r's environment.
func WithoutCredentials(r *Runner) *Runner {
	for _, k := range []string{"PROMOCTL_BASE_URL", "PROMOCTL_TOKEN", "PROMOCTL_USER_ID"} {
		delete(r.Env, k)
	}
	return r
}

// Pad right-pads s to n display columns, as the table renderer does.
func Pad(s string, n int) string {
	w := len([]rune(s))
	if w >= n {
		return s
	}
	return s + strings.Repeat(" ", n-w)
}
