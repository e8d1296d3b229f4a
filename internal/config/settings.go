package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/format"
)

// Keys of the settings, as the config file and `config get` name them.
const (
	KeyBaseURL = "base_url"
	KeyToken   = "token"
	KeyUserID  = "user_id"
	KeySiteID  = "site_id"
	KeyOutput  = "output"
	KeyTimeout = "timeout"
)

// Keys lists the settings in the order they are shown.
func Keys() []string {
	return []string{KeyBaseURL, KeyToken, KeyUserID, KeySiteID, KeyOutput, KeyTimeout}
}

// DefaultTimeout bounds a whole command.
const DefaultTimeout = 30 * time.Second

// Source says where a setting's value came from.
type Source struct {
	Kind string // "flag", "env", "keychain", "profile" or "default"
	Name string // --flag, the variable, "profile NAME in PATH", or ""
}

func (s Source) String() string {
	if s.Name == "" {
		return s.Kind
	}
	return s.Kind + " " + s.Name
}

// Settings are the resolved settings of one command run.
type Settings struct {
	BaseURL string
	Token   string
	UserID  int64
	SiteID  int64
	Output  format.Format
	Timeout time.Duration

	Profile string // the active profile
	Path    string // the config file
	File    *File  // the config file's contents
	// Sandbox says the settings are for the built-in sandbox: see
	// Lookup.Sandbox.
	Sandbox bool

	Sources map[string]Source
}

// Lookup is what Resolve reads: the command's flags, the environment and
// the config file path from --config.
type Lookup struct {
	Flags      *pflag.FlagSet
	Env        Env
	ConfigPath string // --config
	Profile    string // --profile
	// NewProfile allows a named profile the file does not have yet
	// (auth login creates it): its settings are the defaults.
	NewProfile bool
	// Keychain, when set, returns the API key the operating system's
	// keychain keeps for a profile, or "". It is asked only when no flag or
	// variable gives the key, and only for a profile the file has; its key
	// wins over the file's.
	Keychain func(profile string) string
	// Sandbox resolves the settings for the built-in sandbox, a world apart
	// from the real service: base_url, token, user_id and site_id come only
	// from flags, never from the environment, the keychain or the profile
	// (the caller supplies the sandbox's own credentials).
	Sandbox bool
}

// sandboxIgnores reports whether the sandbox takes key only from a flag.
func sandboxIgnores(key string) bool {
	switch key {
	case KeyBaseURL, KeyToken, KeyUserID, KeySiteID:
		return true
	}
	return false
}

// settingFlags maps each setting to its global flag and variable.
func settingFlags() [6]struct{ key, flag, env string } {
	return [...]struct{ key, flag, env string }{
		{KeyBaseURL, "base-url", "PROMOCTL_BASE_URL"},
		{KeyToken, "token", "PROMOCTL_TOKEN"},
		{KeyUserID, "user-id", "PROMOCTL_USER_ID"},
		{KeySiteID, "site-id", "PROMOCTL_SITE_ID"},
		{KeyOutput, "output", "PROMOCTL_OUTPUT"},
		{KeyTimeout, "timeout", "PROMOCTL_TIMEOUT"},
	}
}

// Resolve reads the config file and returns the settings with the
// contract's precedence: flag > environment > active profile > default.
// Every value is checked; an invalid one is an error naming where it came
// from.
func Resolve(l Lookup) (*Settings, error) {
	path, err := Path(l.ConfigPath, l.Env)
	if err != nil {
		return nil, err
	}
	f, err := Load(path)
	if err != nil {
		return nil, err
	}
	return ResolveFile(l, path, f)
}

// ResolveFile is Resolve for the config file f, already read from path, so
// that a run reads the file once.
func ResolveFile(l Lookup, path string, f *File) (*Settings, error) {
	s := &Settings{Path: path, File: f, Sandbox: l.Sandbox, Sources: map[string]Source{}}

	switch {
	case l.Profile != "":
		s.Profile = l.Profile
	case l.Env.Getenv("PROMOCTL_PROFILE") != "":
		s.Profile = l.Env.Getenv("PROMOCTL_PROFILE")
	case f.CurrentProfile != "":
		s.Profile = f.CurrentProfile
	default:
		s.Profile = DefaultProfile
	}
	prof := f.Profiles[s.Profile]
	if prof == nil {
		// A profile named by --profile or PROMOCTL_PROFILE must exist, file
		// or no file, unless the command creates it.
		if !l.NewProfile && (l.Profile != "" || l.Env.Getenv("PROMOCTL_PROFILE") != "") {
			if _, ok := f.Profiles[s.Profile]; !ok {
				src := Source{"flag", "--profile"}
				if l.Profile == "" {
					src = Source{"env", "PROMOCTL_PROFILE"}
				}
				// A ValueError, so that a mistyped name is a usage error (exit 2).
				return nil, &ValueError{Key: "profile", Source: src, Err: ProfileNotFound(path, f, s.Profile)}
			}
		}
		prof = &Profile{}
	}
	profVals := map[string]string{
		KeyBaseURL: prof.BaseURL, KeyToken: prof.Token, KeyUserID: prof.UserID,
		KeySiteID: prof.SiteID, KeyOutput: prof.Output, KeyTimeout: prof.Timeout,
	}
	defaults := map[string]string{KeyBaseURL: baseurl.Default, KeyOutput: string(format.Table), KeyTimeout: DefaultTimeout.String()}

	raw := map[string]string{}
	from := map[string]Source{} // also for an empty value, e.g. --output ""
	for _, sf := range settingFlags() {
		var val string
		var src Source
		if fl := lookupFlag(l.Flags, sf.flag); fl != nil && fl.Changed {
			val, src = fl.Value.String(), Source{"flag", "--" + sf.flag}
		} else if l.Sandbox && sandboxIgnores(sf.key) {
			// Only the default, if any.
			if v, ok := defaults[sf.key]; ok {
				val, src = v, Source{Kind: "default"}
			}
		} else if v, ok := l.Env(sf.env); ok && v != "" {
			val, src = v, Source{"env", sf.env}
		} else if v := keychainToken(l, f, s.Profile, sf.key); v != "" {
			val, src = v, Source{Kind: "keychain"}
		} else if v := profVals[sf.key]; v != "" {
			val, src = v, Source{"profile", fmt.Sprintf("%s in %s", s.Profile, path)}
		} else if v, ok := defaults[sf.key]; ok {
			val, src = v, Source{Kind: "default"}
		}
		raw[sf.key], from[sf.key] = val, src
		if val != "" {
			s.Sources[sf.key] = src
		}
	}
	if err := s.set(raw, from); err != nil {
		return nil, err
	}
	return s, nil
}

// keychainToken is the keychain's API key of profile, when key is the
// token and the file has the profile.
func keychainToken(l Lookup, f *File, profile, key string) string {
	if key != KeyToken || l.Keychain == nil {
		return ""
	}
	if _, ok := f.Profiles[profile]; !ok {
		return ""
	}
	return strings.TrimSpace(l.Keychain(profile))
}

func lookupFlag(fs *pflag.FlagSet, name string) *pflag.Flag {
	if fs == nil {
		return nil
	}
	return fs.Lookup(name)
}

func (s *Settings) set(raw map[string]string, from map[string]Source) error {
	bad := func(key string, err error) error {
		return &ValueError{Key: key, Source: from[key], Err: err}
	}
	if _, err := baseurl.Parse(raw[KeyBaseURL]); err != nil {
		return bad(KeyBaseURL, err)
	}
	s.BaseURL = strings.TrimRight(strings.TrimSpace(raw[KeyBaseURL]), "/")
	s.Token = strings.TrimSpace(raw[KeyToken])
	var err error
	if s.UserID, err = optionalID(raw[KeyUserID]); err != nil {
		return bad(KeyUserID, err)
	}
	if s.SiteID, err = optionalID(raw[KeySiteID]); err != nil {
		return bad(KeySiteID, err)
	}
	if s.Output, err = format.Parse(raw[KeyOutput]); err != nil {
		return bad(KeyOutput, err)
	}
	if s.Timeout, err = ParseTimeout(raw[KeyTimeout]); err != nil {
		return bad(KeyTimeout, err)
	}
	return nil
}

// ValueError is a setting with an invalid value.
type ValueError struct {
	Key    string
	Source Source
	Err    error
}

func (e *ValueError) Error() string {
	return fmt.Sprintf("invalid %s (from %s): %v", e.Key, e.Source, e.Err)
}

func (e *ValueError) Unwrap() error { return e.Err }

// ParseID reads a positive integer id.
func ParseID(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a positive integer", s)
	}
	return n, nil
}

func optionalID(s string) (int64, error) {
	if strings.TrimSpace(s) == "" {
		return 0, nil
	}
	return ParseID(s)
}

// ParseTimeout reads a duration such as 30s or 2m; a plain number is
// seconds.
func ParseTimeout(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		s = strconv.FormatFloat(n, 'f', -1, 64) + "s"
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration such as 30s or 2m", s)
	}
	if d <= 0 {
		return 0, fmt.Errorf("%q must be longer than zero", s)
	}
	return d, nil
}

// ProfileNames lists the profiles in the file, sorted.
func (f *File) ProfileNames() []string {
	names := make([]string, 0, len(f.Profiles))
	for n := range f.Profiles {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// ProfileNotFound explains a profile name that the file at path does not
// have: it names the profiles there are, or how to create the first.
func ProfileNotFound(path string, f *File, name string) error {
	names := f.ProfileNames()
	if len(names) == 0 {
		return fmt.Errorf("%q is not in %s, which has no profiles yet: run `promoctl auth login --profile %s`", name, path, name)
	}
	return fmt.Errorf("%q is not in %s (profiles: %s)", name, path, strings.Join(names, ", "))
}
