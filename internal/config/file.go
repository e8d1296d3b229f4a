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
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/i18n"
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
			return "", i18n.NewError(0, "config.file.no_home")
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
		return nil, i18n.NewError(0, "config.file.read", "Path", path, "Err", err)
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

// FileError is a config file that cannot be read as YAML, or whose YAML
// is not the contract's shape. Its words are a catalog message
// (i18n.Sayer) naming the file and the line.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return i18n.InEnglish(e.Message()) }

// Message says what is wrong and where: the line and what the contract
// wants there (the shape's checks, in every language), or the YAML
// reader's own words in English and the line alone in other languages.
func (e *FileError) Message() i18n.Message {
	if _, ok := e.Err.(i18n.Sayer); ok {
		return i18n.M("config.file.invalid", "Path", e.Path, "Err", e.Err)
	}
	msg := strings.TrimPrefix(e.Err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(e.Err, &te) {
		// "unmarshal errors:\n  line 3: …" becomes "line 3: …".
		msg = strings.Join(te.Errors, "; ")
	}
	msg = strings.ReplaceAll(msg, "\n", "; ")
	if m := regexp.MustCompile(`^line (\d+): ([^;]*)$`).FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return i18n.M("config.file.yaml", "Path", e.Path, "Line", line, "Reason", yamlReason(m[2]))
	}
	return i18n.M("config.file.yaml_noline", "Path", e.Path, "Reason", yamlReason(msg))
}

// yamlReasons are the YAML reader's words for the mistakes a person
// makes in a config file, each with its catalog message (whose English is
// the reader's words).
func yamlReasons() map[string]string {
	return map[string]string{
		"mapping values are not allowed in this context":         "config.yaml.mapping_values",
		"found character that cannot start any token":            "config.yaml.bad_char",
		"found unexpected end of stream":                         "config.yaml.end_of_stream",
		"did not find expected key":                              "config.yaml.expected_key",
		"did not find expected '-' indicator":                    "config.yaml.expected_dash",
		"did not find expected ',' or ']'":                       "config.yaml.expected_bracket",
		"did not find expected ',' or '}'":                       "config.yaml.expected_brace",
		"could not find expected ':'":                            "config.yaml.expected_colon",
		"did not find expected node content":                     "config.yaml.expected_value",
		"found unknown escape character":                         "config.yaml.escape",
		"block sequence entries are not allowed in this context": "config.yaml.list_item",
	}
}

// yamlReason is the YAML reader's reason as a message when it is one a
// person is likely to meet, else as the reader wrote it.
func yamlReason(reason string) any {
	if id, ok := yamlReasons()[reason]; ok {
		return i18n.M(id)
	}
	if m := regexp.MustCompile(`^mapping key "(.*)" already defined at line (\d+)$`).FindStringSubmatch(reason); m != nil {
		line, _ := strconv.Atoi(m[2])
		return i18n.M("config.yaml.key_twice", "Key", m[1], "Line", line)
	}
	return reason
}

func (e *FileError) Unwrap() error { return e.Err }
