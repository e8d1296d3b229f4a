package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// Keys of the settings, as the config file and `config get` name them.
const (
	KeyBaseURL = "base_url"
	KeyToken   = "token"
	KeyUserID  = "user_id"
	KeySiteID  = "site_id"
	KeyOutput  = "output"
	KeyTimeout = "timeout"
	// KeyLanguage is the language of messages and help (en or ru); unset,
	// the locale's (i18n.FromLocale).
	KeyLanguage = "language"
)

// Keys of the two selectors: they choose the config file and its profile,
// and are never kept in a profile.
const (
	KeyConfig  = "config"
	KeyProfile = "profile"
)

// DefaultTimeout bounds a whole command.
const DefaultTimeout = 30 * time.Second

// Setting is one row of the settings table. Everything about a setting is
// declared here once: cmd registers its flag from it, Resolver binds it to
// the run's viper instance, `config explain` names its source by walking
// it, and `config get/set/unset` check and read its value with it.
type Setting struct {
	Key     string // the config file's key, and viper's: base_url
	Flag    string // its flag, without dashes: base-url; "" for none
	Short   string // the flag's one-letter form, or ""
	Env     string // its environment variable: PROMOCTL_BASE_URL
	Default string // its default as text; "" for none
	Usage   string // the flag's help
	// Local marks a flag that only the commands that take it define
	// (--site-id); the others are global flags of the root command.
	Local bool
	// Credential marks what --sandbox takes only from its flag: the
	// sandbox is a world apart from the real service, so neither the
	// environment nor the profile may point it elsewhere.
	Credential bool

	check func(v string) (string, error)    // a value for the file, in the form it keeps
	apply func(s *Settings, v string) error // the resolved value into s
	// format marks the output format: a value of the run's format.Set,
	// which its Usage's %s lists (FlagUsage).
	format bool
	field  func(p *Profile) *string // where a profile keeps it
}

// Table is the settings of a profile, in the order they are shown.
func Table() []Setting {
	return []Setting{
		{
			Key: KeyBaseURL, Flag: "base-url", Env: "PROMOCTL_BASE_URL", Default: baseurl.Default,
			Usage: "API base URL (default " + baseurl.Default + ")", Credential: true,
			check: checkBaseURL,
			apply: func(s *Settings, v string) error {
				v, err := checkBaseURL(v)
				s.BaseURL = v
				return err
			},
			field: func(p *Profile) *string { return &p.BaseURL },
		},
		{
			Key: KeyToken, Flag: "token", Env: "PROMOCTL_TOKEN",
			Usage: "API token (prefer 'auth login --with-token': a flag shows in the process list)", Credential: true,
			check: CheckToken,
			// Checked before a request is sent (the command names the
			// source), so that a bad key never stops `config explain`.
			apply: func(s *Settings, v string) error { s.Token = strings.TrimSpace(v); return nil },
			field: func(p *Profile) *string { return &p.Token },
		},
		{
			Key: KeyUserID, Flag: "user-id", Env: "PROMOCTL_USER_ID",
			Usage: "your user id (\"Your ID\" in the account menu of the site admin)", Credential: true,
			check: checkID,
			apply: func(s *Settings, v string) (err error) { s.UserID, err = optionalID(v); return err },
			field: func(p *Profile) *string { return &p.UserID },
		},
		{
			Key: KeySiteID, Flag: "site-id", Env: "PROMOCTL_SITE_ID",
			Usage: "site id (default: the configured site_id)", Local: true, Credential: true,
			check: checkID,
			apply: func(s *Settings, v string) (err error) { s.SiteID, err = optionalID(v); return err },
			field: func(p *Profile) *string { return &p.SiteID },
		},
		{
			// One of the run's formats (Lookup.Formats): checked and
			// said by the table of formats, not by this row.
			Key: KeyOutput, Flag: "output", Short: "o", Env: "PROMOCTL_OUTPUT", Default: string(format.Table),
			Usage:  "output format: %s (default table)",
			format: true,
			field:  func(p *Profile) *string { return &p.Output },
		},
		{
			Key: KeyTimeout, Flag: "timeout", Env: "PROMOCTL_TIMEOUT", Default: DefaultTimeout.String(),
			Usage: "time limit for the whole command, e.g. 30s or 2m (default 30s)",
			check: func(v string) (string, error) {
				if _, err := ParseTimeout(v); err != nil {
					return "", err
				}
				return strings.TrimSpace(v), nil
			},
			apply: func(s *Settings, v string) (err error) { s.Timeout, err = ParseTimeout(v); return err },
			field: func(p *Profile) *string { return &p.Timeout },
		},
		{
			// No flag: the language must be known before the flags are
			// parsed, to translate the help (cmd's decideLanguage reads
			// the variable and the profile itself, by this row).
			Key: KeyLanguage, Env: "PROMOCTL_LANG",
			Usage: "language of messages and help: en or ru (default: the locale's, from LC_ALL, LC_MESSAGES or LANG)",
			check: func(v string) (string, error) { l, err := i18n.Parse(v); return string(l), err },
			apply: func(s *Settings, v string) error {
				if v == "" {
					s.Language = ""
					return nil
				}
				l, err := i18n.Parse(v)
				s.Language = l
				return err
			},
			field: func(p *Profile) *string { return &p.Language },
		},
	}
}

// Selectors are the settings that choose where the others are read: the
// config file and its active profile. An empty value of either is no value.
func Selectors() []Setting {
	return []Setting{
		{Key: KeyProfile, Flag: "profile", Env: "PROMOCTL_PROFILE", Default: DefaultProfile, Usage: "config profile to use"},
		{Key: KeyConfig, Flag: "config", Env: "PROMOCTL_CONFIG", Usage: "config file (default $XDG_CONFIG_HOME/promoctl/config.yaml)"},
	}
}

// GlobalFlags are the settings the root command has a flag for, each
// inherited by every command.
func GlobalFlags() []Setting {
	var out []Setting
	for _, s := range append(Selectors(), Table()...) {
		if !s.Local && s.Flag != "" {
			out = append(out, s)
		}
	}
	return out
}

// Find returns the row of key, among the settings and the selectors.
func Find(key string) (Setting, bool) {
	for _, s := range append(Table(), Selectors()...) {
		if s.Key == key {
			return s, true
		}
	}
	return Setting{}, false
}

// Keys lists the settings of a profile in the order they are shown.
func Keys() []string {
	var keys []string
	for _, s := range Table() {
		keys = append(keys, s.Key)
	}
	return keys
}

// IsKey reports whether key names a setting of a profile.
func IsKey(key string) bool {
	s, ok := Find(key)
	return ok && s.field != nil
}

// Default returns the default of a setting, or "" for one without.
func Default(key string) string {
	s, _ := Find(key)
	return s.Default
}

// CheckValue checks a value for a setting and returns it in the form the
// config file keeps: a base URL without a trailing slash, ids without
// leading zeros, the output format in lower case.
// formats are the run's output formats, which the output setting takes.
func CheckValue(key, value string, formats format.Set) (string, error) {
	s, ok := Find(key)
	if !ok || (s.check == nil && !s.format) {
		return "", unknownSetting(key)
	}
	if s.format {
		f, err := formats.Parse(value)
		return string(f), err
	}
	return s.check(strings.TrimSpace(value))
}

// unknownSetting is the error of a key that names no setting of a
// profile: it lists those there are.
func unknownSetting(key string) error {
	return i18n.NewError(0, "config.unknown_setting", "Key", key, "Keys", strings.Join(Keys(), ", "))
}

// apply puts the resolved value v into st; formats are the run's output
// formats.
func (s Setting) applyTo(st *Settings, v string, formats format.Set) (err error) {
	if s.format {
		st.Output, err = formats.Parse(v)
		return err
	}
	return s.apply(st, v)
}

// FlagUsage is the flag's help, listing formats for the output format.
func (s Setting) FlagUsage(formats format.Set) string {
	if s.format {
		return fmt.Sprintf(s.Usage, formats.List())
	}
	return s.Usage
}

// Get returns the value of key as the profile stores it.
func (p *Profile) Get(key string) string {
	s, ok := Find(key)
	if p == nil || !ok || s.field == nil {
		return ""
	}
	return *s.field(p)
}

func checkBaseURL(v string) (string, error) {
	if _, err := baseurl.Parse(v); err != nil {
		return "", err
	}
	return strings.TrimRight(strings.TrimSpace(v), "/"), nil
}

// CheckToken checks an API key: not empty, and nothing a header cannot
// carry.
func CheckToken(v string) (string, error) {
	if v == "" {
		return "", i18n.NewError(0, "config.value.token_empty")
	}
	if strings.ContainsFunc(v, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return "", i18n.NewError(0, "config.value.token_chars")
	}
	return v, nil
}

func checkID(v string) (string, error) {
	n, err := ParseID(v)
	if err != nil {
		return "", err
	}
	return strconv.FormatInt(n, 10), nil
}
