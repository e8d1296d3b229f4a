package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// Source says where a setting's value came from.
type Source struct {
	Kind SourceKind
	Name string // --flag, the variable, "profile NAME in PATH", or ""
}

// SourceKind is the kind of place a setting's value came from. Its text
// is what `config explain` and the JSON of `auth status` show, and the
// catalogs' word.source.* ids.
type SourceKind string

// The kinds of source, in the order the resolver looks, and Unset, the
// zero value: a setting no source gives.
const (
	Unset        SourceKind = ""
	FromFlag     SourceKind = "flag"
	FromEnv      SourceKind = "env"
	FromKeychain SourceKind = "keychain"
	FromProfile  SourceKind = "profile"
	// FromFile is a selector the config file names (current_profile).
	FromFile    SourceKind = "file"
	FromDefault SourceKind = "default"
)

// Given reports whether the command line or the environment gives the
// value: a flag or a variable, never the file.
func (k SourceKind) Given() bool { return k == FromFlag || k == FromEnv }

func (s Source) String() string {
	if s.Name == "" {
		return string(s.Kind)
	}
	return string(s.Kind) + " " + s.Name
}

// Settings are the resolved settings of one command run.
type Settings struct {
	BaseURL string
	Token   string
	UserID  int64
	SiteID  int64
	Output  format.Format
	Timeout time.Duration
	// Language is the language setting; "" when neither PROMOCTL_LANG nor
	// the profile gives one (the locale's then).
	Language i18n.Lang

	Profile string // the active profile
	Path    string // the config file
	File    *File  // the config file's contents
	// Sandbox says the settings are for the built-in sandbox: see
	// Lookup.Sandbox.
	Sandbox bool

	Sources map[string]Source
}

// Lookup is what a run's settings are read from besides the config file:
// the command's flags (those the table declares), the environment, and the
// keychain.
type Lookup struct {
	Flags *pflag.FlagSet
	Env   Env
	// Keychain, when set, returns the API key the operating system's
	// keychain keeps for a profile, or "". It is asked only when no flag or
	// variable gives the key, and only for a profile the file has; its key
	// wins over the file's.
	Keychain func(profile string) string
	// Sandbox resolves the settings for the built-in sandbox, a world apart
	// from the real service: the table's credentials (base_url, token,
	// user_id and site_id) come only from flags, never from the
	// environment, the keychain or the profile (the caller supplies the
	// sandbox's own credentials).
	Sandbox bool
	// Formats are the run's output formats (output.Formats of its
	// printers), which the output setting takes.
	Formats format.Set
}

// Resolver holds one run's viper instance, built once at the edge from the
// settings table: each setting's default (SetDefault), its flag
// (BindPFlag), its environment variable and, once the config file is read,
// the active profile's values (MergeConfigMap). Viper then gives each
// setting with the contract's precedence: flag > environment > profile >
// default.
//
// Viper reads variables with os.LookupEnv, but a run's environment is the
// Env it is given (tests give each run its own), so the table's variables
// are read through Env and Set on the instance. Set is viper's top layer,
// above flags, so a variable is Set only when its flag was not given.
//
// Viper does not say where a value came from; Source walks the same table
// in the same order instead, and tests hold the two to each other.
type Resolver struct {
	l Lookup
	v *viper.Viper
}

// NewResolver builds the run's viper instance from the table, l's flags
// and l's environment. The config file is added by Profile and Settings.
func NewResolver(l Lookup) *Resolver {
	if l.Env == nil {
		l.Env = func(string) (string, bool) { return "", false }
	}
	r := &Resolver{l: l, v: viper.New()}
	for _, s := range append(Selectors(), Table()...) {
		if s.Default != "" {
			r.v.SetDefault(s.Key, s.Default)
		}
		if fl := r.l.flag(s); fl != nil {
			_ = r.v.BindPFlag(s.Key, fl) // fails only for a nil flag
			if fl.Changed {
				continue
			}
		}
		if v, ok := r.l.env(s); ok {
			r.v.Set(s.Key, v)
		}
	}
	return r
}

// flag is the flag of s that l's flags define, or nil. A selector given
// an empty value (--profile "") counts as not given.
func (l Lookup) flag(s Setting) *pflag.Flag {
	if l.Flags == nil || s.Flag == "" {
		return nil
	}
	fl := l.Flags.Lookup(s.Flag)
	if fl != nil && s.field == nil && fl.Changed && fl.Value.String() == "" {
		return nil
	}
	return fl
}

// changed reports whether the command line gives s.
func (l Lookup) changed(s Setting) bool {
	fl := l.flag(s)
	return fl != nil && fl.Changed
}

// env is the value of s's variable, when it is set and not empty and the
// run may read it: the sandbox ignores the variables of credentials.
func (l Lookup) env(s Setting) (string, bool) {
	if l.Sandbox && s.Credential {
		return "", false
	}
	v, ok := l.Env(s.Env)
	return v, ok && v != ""
}

// FlagValue is the value of key's flag, when the command line gives it.
// It builds nothing: `version` reads --output this way, where only the
// flags count.
func (l Lookup) FlagValue(key string) (string, bool) {
	s, ok := Find(key)
	if !ok || !l.changed(s) {
		return "", false
	}
	return l.flag(s).Value.String(), true
}

// Secrets are every value of key the command line and the environment
// hold, winning or not: what a message must never show of the token.
func (l Lookup) Secrets(key string) []string {
	s, ok := Find(key)
	if !ok {
		return nil
	}
	var out []string
	if fl := l.flag(s); fl != nil {
		out = append(out, fl.Value.String())
	}
	if l.Env != nil {
		if v, ok := l.Env(s.Env); ok {
			out = append(out, v)
		}
	}
	return out
}

// source walks s's layers in the order of precedence: its flag, its
// variable, then what the file gives (inFile, the source of the value
// merged from the config file or the keychain, if any), then its default.
func (r *Resolver) source(s Setting, inFile Source) Source {
	if r.l.changed(s) {
		return Source{FromFlag, "--" + s.Flag}
	}
	if _, ok := r.l.env(s); ok {
		return Source{FromEnv, s.Env}
	}
	if inFile.Kind != Unset {
		return inFile
	}
	if s.Default != "" {
		return Source{Kind: FromDefault}
	}
	return Source{}
}

// FlagValue is the value of key's flag, when the command line gives it.
func (r *Resolver) FlagValue(key string) (string, bool) { return r.l.FlagValue(key) }

// Given is the value of key that the command line or the environment
// gives, and its source, before any file is read; "" and no source when
// neither does.
func (r *Resolver) Given(key string) (string, Source) {
	s, ok := Find(key)
	if !ok {
		return "", Source{}
	}
	if src := r.source(s, Source{}); src.Kind.Given() {
		return r.v.GetString(key), src
	}
	return "", Source{}
}

// Secrets are every value of key the command line and the environment
// hold, winning or not.
func (r *Resolver) Secrets(key string) []string { return r.l.Secrets(key) }

// Path is the config file's path: --config, else $PROMOCTL_CONFIG, else
// the XDG default (see Path), and where that choice came from.
func (r *Resolver) Path() (string, Source, error) {
	s, _ := Find(KeyConfig)
	flag, _ := r.FlagValue(KeyConfig)
	p, err := Path(flag, r.l.Env)
	src := r.source(s, Source{})
	if src.Kind == Unset {
		src.Kind = FromDefault
	}
	return p, src, err
}

// Profile returns the active profile of the file f at path, and where that
// choice came from: --profile, else PROMOCTL_PROFILE, else the file's
// current_profile, else "default".
func (r *Resolver) Profile(f *File, path string) (string, Source) {
	s, _ := Find(KeyProfile)
	var inFile Source
	if f != nil && f.CurrentProfile != "" {
		_ = r.v.MergeConfigMap(map[string]any{KeyProfile: f.CurrentProfile}) // a map always merges
		inFile = Source{FromFile, "current_profile in " + path}
	}
	return r.v.GetString(KeyProfile), r.source(s, inFile)
}

// Resolve reads the config file and returns the settings with the
// contract's precedence: flag > environment > active profile > default.
// Every value is checked; an invalid one is an error naming where it came
// from.
func Resolve(l Lookup) (*Settings, error) {
	r := NewResolver(l)
	path, _, err := r.Path()
	if err != nil {
		return nil, err
	}
	f, err := Load(path)
	if err != nil {
		return nil, err
	}
	return r.Settings(path, f)
}

// ResolveFile is Resolve for the config file f, already read from path, so
// that a run reads the file once.
func ResolveFile(l Lookup, path string, f *File) (*Settings, error) {
	return NewResolver(l).Settings(path, f)
}

// Settings merges the active profile of the config file f, read from path,
// into the run's viper instance and returns every setting, checked.
func (r *Resolver) Settings(path string, f *File) (*Settings, error) {
	return r.settings(path, f, false)
}

// NewProfileSettings are Settings for a command that may create the
// profile it names (auth login): a profile named by --profile or
// PROMOCTL_PROFILE need not exist yet, and then its settings are the
// defaults. The keychain is not asked: the command is about to replace the
// key.
func (r *Resolver) NewProfileSettings(path string, f *File) (*Settings, error) {
	return r.settings(path, f, true)
}

func (r *Resolver) settings(path string, f *File, newProfile bool) (*Settings, error) {
	name, profSrc := r.Profile(f, path)
	prof := f.Profiles[name]
	if _, ok := f.Profiles[name]; !ok && !newProfile && (profSrc.Kind.Given()) {
		// A profile named by --profile or PROMOCTL_PROFILE must exist, file
		// or no file, unless the command creates it. A ValueError, so that
		// a mistyped name is a usage error (exit 2).
		return nil, &ValueError{Key: KeyProfile, Source: profSrc, Err: ProfileNotFound(path, f, name)}
	}
	if prof == nil {
		prof = &Profile{}
	}

	layer := map[string]any{}
	inFile := map[string]Source{}
	for _, s := range Table() {
		if r.l.Sandbox && s.Credential {
			continue
		}
		v, src := *s.field(prof), Source{FromProfile, fmt.Sprintf("%s in %s", name, path)}
		if s.Key == KeyToken && !r.l.changed(s) {
			if _, ok := r.l.env(s); !ok {
				if t := r.keychainToken(f, name, newProfile); t != "" {
					v, src = t, Source{Kind: FromKeychain}
				}
			}
		}
		if v != "" {
			layer[s.Key], inFile[s.Key] = v, src
		}
	}
	if err := r.v.MergeConfigMap(layer); err != nil {
		return nil, i18n.NewError(0, "config.profile.read", "Profile", name, "Err", err)
	}

	st := &Settings{Profile: name, Path: path, File: f, Sandbox: r.l.Sandbox, Sources: map[string]Source{}}
	for _, s := range Table() {
		v, src := r.v.GetString(s.Key), r.source(s, inFile[s.Key])
		if v != "" {
			st.Sources[s.Key] = src
		}
		if err := s.applyTo(st, v, r.l.Formats); err != nil {
			return nil, &ValueError{Key: s.Key, Source: src, Err: err}
		}
	}
	return st, nil
}

// keychainToken is the keychain's API key of profile, when the file has
// the profile.
func (r *Resolver) keychainToken(f *File, profile string, newProfile bool) string {
	if r.l.Keychain == nil || newProfile {
		return ""
	}
	if _, ok := f.Profiles[profile]; !ok {
		return ""
	}
	return strings.TrimSpace(r.l.Keychain(profile))
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
		return 0, i18n.NewError(0, "config.value.not_positive_int", "Value", s)
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
		return 0, i18n.NewError(0, "config.value.not_duration", "Value", s)
	}
	if d <= 0 {
		return 0, i18n.NewError(0, "config.value.duration_zero", "Value", s)
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
		return i18n.NewError(0, "config.profile.none_yet", "Name", name, "Path", path)
	}
	return i18n.NewError(0, "config.profile.not_found", "Name", name, "Path", path, "Names", strings.Join(names, ", "))
}
