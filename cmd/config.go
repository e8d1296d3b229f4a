package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
)

// configSession is what a verb that changes the config file is given
// (config set, unset and use, auth logout), as session is what a verb that
// talks to the API is given: the streams, the environment, the file, where
// API keys are kept, and the active profile. factory.startConfig fills one
// in; a verb's test builds one around a file in a temporary folder.
type configSession struct {
	IO       *iostreams.IOStreams
	Warnings *warnings
	Env      config.Env
	File     configEditor
	Keys     *apiKeys
	Secret   func(token string) // learns a token the run read, which errors never show
	// Profile is the active profile of the file doc: --profile, else
	// PROMOCTL_PROFILE, else its current_profile, else "default"; and
	// where that choice came from.
	Profile func(doc *config.Doc) (string, config.Source)
	// LockWait bounds the wait for the file's lock: --timeout, else
	// PROMOCTL_TIMEOUT, else the default.
	LockWait time.Duration
}

// configEditor changes the config file under its lock: it reads the file
// afresh, lets edit change it and writes it back, so that concurrent runs
// keep each other's changes. The wait for the lock ends with ctx.
type configEditor interface {
	Edit(ctx context.Context, edit func(doc *config.Doc) (save bool, err error)) (*config.Doc, error)
}

// configFile is the config file, found on first use (--config, else
// PROMOCTL_CONFIG, else the default path); what is wrong with it is
// warned of.
type configFile struct {
	path func() (string, error)
	warn func(...string)
}

func (c *configFile) Edit(ctx context.Context, edit func(doc *config.Doc) (bool, error)) (*config.Doc, error) {
	path, err := c.path()
	if err != nil {
		return nil, err
	}
	doc, warnings, err := config.Edit(ctx, path, edit)
	c.warn(warnings...)
	return doc, err
}

// lockWait is how long a command that resolves no settings waits for the
// config file's lock: --timeout (or PROMOCTL_TIMEOUT, else the default).
func lockWait(r *config.Resolver) time.Duration {
	if v, src := r.Given(config.KeyTimeout); src.Kind != "" {
		if t, err := config.ParseTimeout(v); err == nil {
			return t
		}
	}
	return config.DefaultTimeout
}

// notef writes a success message to stderr when a person is watching.
func (s *configSession) notef(format string, args ...any) {
	if s.IO.IsStderrTTY() {
		fmt.Fprintln(s.IO.ErrOut, s.Warnings.say(fmt.Sprintf(format, args...)))
	}
}

// warn writes warnings to stderr, each once per run.
func (s *configSession) warn(msgs ...string) { s.Warnings.warn(msgs...) }

func newConfigCmd(f *factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "config",
		GroupID: "setup",
		Short:   "Read and change the config file",
		Long: `Read and change the config file: named profiles of settings, and the current
profile.

Settings: base_url, token, user_id, site_id (the default --site-id), output
(table, wide, json, jsonl, yaml, csv or xlsx) and timeout (such as 30s or 2m). A command takes
each from, in order: its flag, the environment (PROMOCTL_BASE_URL,
PROMOCTL_TOKEN, PROMOCTL_USER_ID, PROMOCTL_SITE_ID, PROMOCTL_OUTPUT,
PROMOCTL_TIMEOUT), the active profile, or the default. The active profile is
--profile, else PROMOCTL_PROFILE, else current_profile, else "default".
language (en or ru) has no flag: PROMOCTL_LANG, else the active profile's,
else the locale's (LC_ALL, LC_MESSAGES, LANG).

The file is --config, else $PROMOCTL_CONFIG, else
$XDG_CONFIG_HOME/promoctl/config.yaml (~/.config/promoctl/config.yaml). It is
written atomically with mode 0600, keeping your comments.`,
		Example: `  promoctl config list
  promoctl config set site_id 11111
  promoctl config explain`,
		RunE: groupRun,
	}
	c.AddCommand(newConfigListCmd(f, nil), newConfigGetCmd(f, nil), newConfigSetCmd(f, nil), newConfigUnsetCmd(f, nil),
		newConfigUseCmd(f, nil), newConfigPathCmd(f, nil), newConfigExplainCmd(f, nil))
	return c
}

// completeKeys completes the name of a setting.
func completeKeys(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) == 0 {
		return config.Keys(), cobra.ShellCompDirectiveNoFileComp
	}
	if len(args) == 1 && args[0] == config.KeyOutput {
		return format.Names(), cobra.ShellCompDirectiveNoFileComp
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// configListOptions are the inputs of config list.
type configListOptions struct {
	*session
	Doc  *config.Doc // the config file as read
	Keys *apiKeys
}

func newConfigListCmd(f *factory, run func(context.Context, *configListOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigList
	}
	opts := &configListOptions{}
	return &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the profiles of the config file",
		Long: `List the profiles of the config file with their settings; the current profile
is marked with *. API keys are masked; a key the system keychain keeps is
shown as abc…yz (keychain), and -o json and -o csv give token_source
(keychain or config file).`,
		Example: `  promoctl config list
  promoctl config list -o json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			doc, err := f.configDoc(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.Doc, opts.Keys = sess, doc, f.apiKeys()
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigList lists the profiles, with the keys the keychain keeps.
func runConfigList(ctx context.Context, opts *configListOptions) error {
	if len(opts.Doc.File.Profiles) == 0 {
		opts.notef("No profiles in %s yet: run `promoctl auth login`.", opts.Doc.Path)
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	return opts.print(profileList(opts.Doc.File, opts.Keys.all(ctx, opts.Doc)))
}

// profileColumns are the CSV columns of config list.
func profileColumns() []string {
	return append(append([]string{"current", "profile"}, config.Keys()...), "token_source")
}

// Where a profile's API key is kept, as config list and config get say.
const (
	keptInKeychain = "keychain"
	keptInFile     = "config file"
)

// profileList shows the profiles with masked tokens; inKeychain holds the
// API keys the keychain keeps, by profile, which win over the file's as
// they do for every command.
func profileList(file *config.File, inKeychain map[string]string) output.Data {
	type item struct {
		Current     bool   `json:"current"`
		Profile     string `json:"profile"`
		BaseURL     string `json:"base_url,omitempty"`
		Token       string `json:"token,omitempty"`
		TokenSource string `json:"token_source,omitempty"`
		UserID      string `json:"user_id,omitempty"`
		SiteID      string `json:"site_id,omitempty"`
		Output      string `json:"output,omitempty"`
		Timeout     string `json:"timeout,omitempty"`
		Language    string `json:"language,omitempty"`
	}
	items := []item{}
	for _, name := range file.ProfileNames() {
		p := file.Profiles[name]
		if p == nil {
			p = &config.Profile{}
		}
		it := item{
			Current: name == file.CurrentProfile, Profile: name,
			BaseURL: p.BaseURL, UserID: p.UserID,
			SiteID: p.SiteID, Output: p.Output, Timeout: p.Timeout, Language: p.Language,
		}
		switch {
		case inKeychain[name] != "":
			it.Token, it.TokenSource = config.MaskToken(inKeychain[name]), keptInKeychain
		case p.Token != "":
			it.Token, it.TokenSource = config.MaskToken(p.Token), keptInFile
		}
		items = append(items, it)
	}
	j, _ := json.Marshal(items)
	row := func(it item, mark string) []string {
		return []string{mark, it.Profile, it.BaseURL, it.Token, it.UserID, it.SiteID, it.Output, it.Timeout, it.Language}
	}
	return output.Data{
		JSON: j,
		Tables: func() ([]output.Grid, error) {
			g := output.Grid{Header: []string{"CURRENT", "PROFILE", "BASE URL", "API KEY", "USER ID", "SITE ID", "OUTPUT", "TIMEOUT", "LANGUAGE"}}
			for _, it := range items {
				mark := ""
				if it.Current {
					mark = "*"
				}
				r := row(it, mark)
				for i := range r {
					r[i] = output.Text(r[i])
				}
				if it.TokenSource == keptInKeychain {
					// Every other value of the table is the file's.
					r[3] += " (keychain)"
				}
				g.Rows = append(g.Rows, r)
			}
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			g := output.Grid{Header: profileColumns()}
			for _, it := range items {
				g.Rows = append(g.Rows, append(row(it, fmt.Sprint(it.Current)), it.TokenSource))
			}
			return g, nil
		},
	}
}

// configGetOptions are the inputs of config get.
type configGetOptions struct {
	*configSession
	Doc *config.Doc // the config file as read
	Key string
}

func newConfigGetCmd(f *factory, run func(context.Context, *configGetOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigGet
	}
	opts := &configGetOptions{}
	return &cobra.Command{
		Use:   "get KEY",
		Short: "Print a setting of the active profile",
		Long: `Print a setting as the active profile of the config file stores it, or its
default when the profile has none. The API key is printed masked: promoctl
never prints it. A key the system keychain keeps is shown as abc…yz
(keychain).

To see the value a command would use, with flags and environment variables
applied, run 'promoctl config explain'.

Keys: ` + strings.Join(config.Keys(), ", ") + `.`,
		Example: `  promoctl config get site_id
  promoctl config get base_url --profile staging`,
		Args:              exactArgs(1, "a setting name"),
		ValidArgsFunction: completeKeys,
		RunE: func(cmd *cobra.Command, args []string) error {
			key := args[0]
			if !config.IsKey(key) {
				return unknownKey(key)
			}
			doc, err := f.configDoc(cmd)
			if err != nil {
				return err
			}
			opts.configSession, opts.Doc, opts.Key = f.startConfig(cmd), doc, key
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigGet prints a setting of the active profile as the file keeps
// it, or its default; the API key masked, the keychain's first.
func runConfigGet(ctx context.Context, opts *configGetOptions) error {
	doc, key := opts.Doc, opts.Key
	name, src := opts.Profile(doc)
	if err := requireProfile(doc, name, src); err != nil {
		return err
	}
	v := doc.Profile(name).Get(key)
	if v == "" {
		v = config.Default(key)
	}
	if key == config.KeyToken {
		ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
		defer cancel()
		if t := opts.Keys.all(ctx, doc)[name]; t != "" {
			v = config.MaskToken(t) + " (keychain)"
		} else {
			v = config.MaskToken(v)
		}
	}
	if v == "" {
		opts.notef("%s is not set in profile %q.", key, name)
		return nil
	}
	_, err := fmt.Fprintln(opts.IO.Out, output.Text(v))
	return err
}

func unknownKey(key string) error {
	return usagef("unknown setting %q: use one of %s", key, strings.Join(config.Keys(), ", "))
}

// envOf is the environment variable of a setting.
func envOf(key string) string {
	s, _ := config.Find(key)
	return s.Env
}

// configSetOptions are the inputs of config set.
type configSetOptions struct {
	*configSession
	PlainHTTP  plainHTTP
	Key, Value string // the value as typed, not yet checked
}

func newConfigSetCmd(f *factory, run func(context.Context, *configSetOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigSet
	}
	opts := &configSetOptions{}
	return &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Change a setting of the active profile",
		Long: `Change a setting of the active profile (or of --profile NAME), creating the
profile when it does not exist. Values are checked first:

  base_url  an https URL (default https://api.lpmotor.ru); plain http only to
            loopback, or with --allow-insecure-http on a trusted network
  user_id   your user id, a positive whole number ("Your ID" in the site admin)
  site_id   the default site of commands that take --site-id
  output    table, wide, json, jsonl, yaml, csv or xlsx
  timeout   a time limit such as 30s or 2m
  language  en or ru (default: the locale's)
  token     the API key, kept in the system keychain when there is one
            (else in the file); prefer 'promoctl auth login', which keeps
            the key out of your shell history and checks that it works`,
		Example: `  promoctl config set site_id 11111
  promoctl config set output json
  promoctl config set base_url https://api.lpmotor.ru --profile staging`,
		Args:              exactArgs(2, "a setting name and a value"),
		ValidArgsFunction: completeKeys,
		RunE: func(cmd *cobra.Command, args []string) error {
			key := args[0]
			if !config.IsKey(key) {
				return unknownKey(key)
			}
			opts.configSession, opts.PlainHTTP, opts.Key, opts.Value = f.startConfig(cmd), f.plainHTTP(), key, args[1]
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigSet checks the value, then sets it in the active profile under
// the file's lock, creating the profile (and making it the current one in
// a file that has none); a token goes where auth login keeps it.
func runConfigSet(ctx context.Context, opts *configSetOptions) error {
	key := opts.Key
	if key == config.KeyToken {
		opts.Secret(opts.Value)
	}
	value, err := config.CheckValue(key, opts.Value)
	if err != nil {
		return usagef("invalid %s: %v", key, err)
	}
	if key == config.KeyBaseURL {
		if err := opts.PlainHTTP.allowSaved(value); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
	defer cancel()
	var name string
	var inKeychain bool
	doc, err := opts.File.Edit(ctx, func(doc *config.Doc) (bool, error) {
		name, _ = opts.Profile(doc)
		first := len(doc.File.Profiles) == 0
		if !doc.HasProfile(name) {
			if err := config.CheckProfileName(name); err != nil {
				return false, usageErr(err)
			}
		}
		if key == config.KeyToken {
			// Kept where auth login keeps it: a key in the keychain
			// would win over one in the file.
			if err := doc.AddProfile(name); err != nil {
				return false, err
			}
			var err error
			if inKeychain, err = opts.Keys.store(ctx, doc, name, value); err != nil {
				return false, err
			}
		} else if err := doc.Set(name, key, value); err != nil {
			return false, err
		}
		if first && doc.File.CurrentProfile == "" {
			if err := doc.SetCurrent(name); err != nil {
				return false, err
			}
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	shown := value
	if key == config.KeyToken {
		shown = config.MaskToken(value)
	}
	where := doc.Path
	if inKeychain {
		where = "the system keychain"
	}
	opts.notef("Set %s to %s in profile %q (%s).", key, output.Text(shown), name, where)
	if opts.Env.Getenv(envOf(key)) != "" {
		opts.warn(fmt.Sprintf("%s is set and overrides this setting until you unset it", envOf(key)))
	}
	return nil
}

// configUnsetOptions are the inputs of config unset.
type configUnsetOptions struct {
	*configSession
	Key string
}

func newConfigUnsetCmd(f *factory, run func(context.Context, *configUnsetOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigUnset
	}
	opts := &configUnsetOptions{}
	return &cobra.Command{
		Use:   "unset KEY",
		Short: "Remove a setting from the active profile",
		Long: `Remove a setting from the active profile (or from --profile NAME), so that
commands fall back to the environment or the default. The rest of the file,
comments included, stays as it is.

Unsetting token removes the profile's API key from the system keychain too,
as 'promoctl auth logout' does. A setting the profile does not have is left
alone, with a note on stderr.

Keys: ` + strings.Join(config.Keys(), ", ") + `.`,
		Example: `  promoctl config unset site_id
  promoctl config unset output --profile staging
  promoctl config unset token`,
		Args: exactArgs(1, "a setting name"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeKeys(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			key := args[0]
			if !config.IsKey(key) {
				return unknownKey(key)
			}
			opts.configSession, opts.Key = f.startConfig(cmd), key
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigUnset removes a setting from the active profile under the
// file's lock; the token from the keychain too.
func runConfigUnset(ctx context.Context, opts *configUnsetOptions) error {
	key := opts.Key
	ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
	defer cancel()
	var name string
	var fromFile, fromKeychain bool
	doc, err := opts.File.Edit(ctx, func(doc *config.Doc) (bool, error) {
		var src config.Source
		name, src = opts.Profile(doc)
		if err := requireProfile(doc, name, src); err != nil {
			return false, err
		}
		var err error
		if key == config.KeyToken && doc.HasProfile(name) {
			if fromKeychain, err = opts.Keys.remove(ctx, name, doc.Path); err != nil {
				return false, err
			}
		}
		fromFile, err = doc.Unset(name, key)
		return fromFile, err
	})
	if err != nil {
		return err
	}
	var where string
	switch {
	case fromKeychain && fromFile:
		where = "the system keychain and " + doc.Path
	case fromKeychain:
		where = "the system keychain"
	case fromFile:
		where = doc.Path
	default:
		// Not only on a terminal: a script that unsets what is not
		// there may well have a mistaken profile or key.
		fmt.Fprintln(opts.IO.ErrOut, opts.Warnings.msg.T("rest.config.nothing_to_unset", "Key", key, "Profile", fmt.Sprintf("%q", name)))
		return nil
	}
	opts.notef("Unset %s in profile %q (%s).", key, name, where)
	if opts.Env.Getenv(envOf(key)) != "" {
		opts.warn(fmt.Sprintf("%s is set and still gives %s until you unset it", envOf(key), key))
	}
	return nil
}

// configUseOptions are the inputs of config use.
type configUseOptions struct {
	*configSession
	Name string // the profile
}

func newConfigUseCmd(f *factory, run func(context.Context, *configUseOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigUse
	}
	opts := &configUseOptions{}
	return &cobra.Command{
		Use:     "use PROFILE",
		Aliases: []string{"use-profile"},
		Short:   "Make a profile the current one",
		Long:    "Make a profile of the config file the current one: commands use it unless --profile or PROMOCTL_PROFILE names another.",
		Example: `  promoctl config use staging
  promoctl config list`,
		Args: exactArgs(1, "a profile name"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return newCompleter(f).completeProfiles(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.configSession, opts.Name = f.startConfig(cmd), args[0]
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigUse makes a profile of the file the current one.
func runConfigUse(ctx context.Context, opts *configUseOptions) error {
	name := opts.Name
	ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
	defer cancel()
	_, err := opts.File.Edit(ctx, func(doc *config.Doc) (bool, error) {
		if !doc.HasProfile(name) {
			return false, usageErr(fmt.Errorf("profile %w", profileNotFound(doc, name)))
		}
		return true, doc.SetCurrent(name)
	})
	if err != nil {
		return err
	}
	opts.notef("Now using profile %q.", name)
	if v := opts.Env.Getenv("PROMOCTL_PROFILE"); v != "" && v != name {
		opts.warn(fmt.Sprintf("PROMOCTL_PROFILE=%s is set and overrides the current profile until you unset it", v))
	}
	return nil
}

// configPathOptions are the inputs of config path.
type configPathOptions struct {
	IO   *iostreams.IOStreams
	Path string
}

func newConfigPathCmd(f *factory, run func(context.Context, *configPathOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigPath
	}
	opts := &configPathOptions{}
	return &cobra.Command{
		Use:   "path",
		Short: "Print the path of the config file",
		Long:  "Print the path of the config file promoctl reads: --config, else $PROMOCTL_CONFIG, else $XDG_CONFIG_HOME/promoctl/config.yaml (~/.config/promoctl/config.yaml). The file need not exist yet.",
		Example: `  promoctl config path
  "$EDITOR" "$(promoctl config path)"`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			path, _, err := f.resolver(cmd).Path()
			if err != nil {
				return err
			}
			opts.IO, opts.Path = f.io, path
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigPath prints the path of the config file.
func runConfigPath(_ context.Context, opts *configPathOptions) error {
	_, err := fmt.Fprintln(opts.IO.Out, opts.Path)
	return err
}

// configExplainOptions are the inputs of config explain.
type configExplainOptions struct {
	*session
	// ConfigSource and ProfileSource say where the config file's path
	// and the active profile came from.
	ConfigSource, ProfileSource config.Source
}

func newConfigExplainCmd(f *factory, run func(context.Context, *configExplainOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigExplain
	}
	opts := &configExplainOptions{}
	return &cobra.Command{
		Use:   "explain",
		Short: "Show each setting's value and where it comes from",
		Long: `Show the value each setting has for a command run like this one, and where it
comes from: a flag, an environment variable, the active profile of the config
file, or the default. The API key is masked.`,
		Example: `  promoctl config explain
  PROMOCTL_OUTPUT=json promoctl config explain --profile staging
  promoctl config explain -o json --jq '.[] | select(.source == "env") | .setting'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session = sess
			_, opts.ConfigSource, _ = f.resolver(cmd).Path()
			_, opts.ProfileSource = f.resolver(cmd).Profile(sess.Settings.File, sess.Settings.Path)
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigExplain prints each setting's value and where it came from.
func runConfigExplain(_ context.Context, opts *configExplainOptions) error {
	return opts.print(explain(opts.Settings, opts.ConfigSource, opts.ProfileSource))
}

// explain lists the effective settings with their sources.
func explain(s *config.Settings, cfgSrc, profSrc config.Source) output.Data {
	type row struct {
		Setting string `json:"setting"`
		Value   string `json:"value"`
		Source  string `json:"source"`
		From    string `json:"from,omitempty"`
	}
	rows := []row{
		{"config_file", s.Path, cfgSrc.Kind, cfgSrc.Name},
		{"profile", s.Profile, profSrc.Kind, profSrc.Name},
	}
	values := map[string]string{
		config.KeyBaseURL:  s.BaseURL,
		config.KeyToken:    config.MaskToken(s.Token),
		config.KeyOutput:   string(s.Output),
		config.KeyTimeout:  s.Timeout.String(),
		config.KeyLanguage: string(s.Language),
	}
	if s.UserID != 0 {
		values[config.KeyUserID] = fmt.Sprint(s.UserID)
	}
	if s.SiteID != 0 {
		values[config.KeySiteID] = fmt.Sprint(s.SiteID)
	}
	for _, k := range config.Keys() {
		src := s.Sources[k]
		r := row{Setting: k, Value: values[k], Source: src.Kind, From: src.Name}
		if src.Kind == "" {
			r.Source = "unset"
		}
		rows = append(rows, r)
	}
	j, _ := json.Marshal(rows)
	return output.Data{
		JSON: j,
		Tables: func() ([]output.Grid, error) {
			g := output.Grid{Header: []string{"SETTING", "VALUE", "SOURCE"}}
			for _, r := range rows {
				src := r.Source
				if r.From != "" {
					src += " " + r.From
				}
				g.Rows = append(g.Rows, []string{r.Setting, output.Text(r.Value), output.Text(src)})
			}
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			g := output.Grid{Header: []string{"setting", "value", "source", "from"}}
			for _, r := range rows {
				g.Rows = append(g.Rows, []string{r.Setting, r.Value, r.Source, r.From})
			}
			return g, nil
		},
	}
}
