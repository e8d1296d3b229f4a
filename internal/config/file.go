// Package config reads promoctl's settings: the config file with its named
// profiles, the PROMOCTL_* environment and the global flags, in the
// contract's order of precedence.
//
// Every setting is a row of one table (table.go): its key, flag,
// variable, default and checks. cmd registers the flags from it, and a
// Resolver binds the same rows to one viper instance per run, which
// resolves them. The file is read and written through a YAML node editor
// (Doc), atomically and under a lock, so that an edit keeps the user's
// comments; viper gets the active profile's values from it.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Env looks up an environment variable. Commands get it from main, so
// tests can give every run its own environment.
type Env func(key string) (string, bool)

// Getenv returns the value of key, or "" when it is unset.
func (e Env) Getenv(key string) string {
	v, _ := e(key)
	return v
}

// DefaultProfile is the profile used when none is named.
const DefaultProfile = "default"

// File is the config file.
type File struct {
	CurrentProfile string              `yaml:"current_profile,omitempty"`
	Profiles       map[string]*Profile `yaml:"profiles,omitempty"`
}

// Profile is one account's settings. Strings hold what the user wrote;
// they are checked when resolved, so a bad value is reported with its
// place.
type Profile struct {
	BaseURL string `yaml:"base_url,omitempty"`
	Token   string `yaml:"token,omitempty"`
	UserID  string `yaml:"user_id,omitempty"`
	SiteID  string `yaml:"site_id,omitempty"`
	Output  string `yaml:"output,omitempty"`
	Timeout string `yaml:"timeout,omitempty"`
	// Language is en or ru; "" for the locale's.
	Language string `yaml:"language,omitempty"`
}

// Path returns the config file's path: flagPath (--config) when given,
// else $PROMOCTL_CONFIG, else $XDG_CONFIG_HOME/promoctl/config.yaml, else
// ~/.config/promoctl/config.yaml.
func Path(flagPath string, env Env) (string, error) {
	if flagPath != "" {
		return flagPath, nil
	}
	if p := env.Getenv("PROMOCTL_CONFIG"); p != "" {
		return p, nil
	}
	if d := env.Getenv("XDG_CONFIG_HOME"); d != "" {
		return filepath.Join(d, "promoctl", "config.yaml"), nil
	}
	home := env.Getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", errors.New("cannot find the config file: set HOME, XDG_CONFIG_HOME or PROMOCTL_CONFIG")
		}
		home = h
	}
	return filepath.Join(home, ".config", "promoctl", "config.yaml"), nil
}

// Load reads the config file at path. A missing file is an empty config,
// not an error; a file that is not valid YAML is an error that names the
// file and the line.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", path, err)
	}
	return Parse(path, data)
}

// Parse reads a config file's contents; path is only for messages.
func Parse(path string, data []byte) (*File, error) {
	d, err := ParseDoc(path, data)
	if err != nil {
		return nil, err
	}
	return d.File, nil
}

// FileError is a config file that cannot be read as YAML.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string {
	msg := strings.TrimPrefix(e.Err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(e.Err, &te) {
		// "unmarshal errors:\n  line 3: …" becomes "line 3: …".
		msg = strings.Join(te.Errors, "; ")
	}
	msg = strings.ReplaceAll(msg, "\n", "; ")
	return fmt.Sprintf("config file %s is not valid: %s (fix or remove the file)", e.Path, msg)
}

func (e *FileError) Unwrap() error { return e.Err }
