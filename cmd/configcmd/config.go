package configcmd

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
)

func NewCmd(f *core.Factory) *cobra.Command {
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
		RunE: core.GroupRun,
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
	*core.Session
	Doc  *config.Doc // the config file as read
	Keys *core.APIKeys
}

func newConfigListCmd(f *core.Factory, run func(context.Context, *configListOptions) error) *cobra.Command {
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
		Args: core.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			doc, err := f.ConfigDoc(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.Doc, opts.Keys = sess, doc, f.APIKeys()
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigList lists the profiles, with the keys the keychain keeps.
func runConfigList(ctx context.Context, opts *configListOptions) error {
	if len(opts.Doc.File.Profiles) == 0 {
		opts.Notef("No profiles in %s yet: run `promoctl auth login`.", opts.Doc.Path)
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	return opts.Print(profileList(opts.Doc.File, opts.Keys.All(ctx, opts.Doc)))
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
	*core.ConfigSession
	Doc *config.Doc // the config file as read
	Key string
}

func newConfigGetCmd(f *core.Factory, run func(context.Context, *configGetOptions) error) *cobra.Command {
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
		Args:              core.ExactArgs(1, "a setting name"),
		ValidArgsFunction: completeKeys,
		RunE: func(cmd *cobra.Command, args []string) error {
			key := args[0]
			if !config.IsKey(key) {
				return unknownKey(key)
			}
			doc, err := f.ConfigDoc(cmd)
			if err != nil {
				return err
			}
			opts.ConfigSession, opts.Doc, opts.Key = f.StartConfig(cmd), doc, key
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigGet prints a setting of the active profile as the file keeps
// it, or its default; the API key masked, the keychain's first.
func runConfigGet(ctx context.Context, opts *configGetOptions) error {
	doc, key := opts.Doc, opts.Key
	name, src := opts.Profile(doc)
	if err := core.RequireProfile(doc, name, src); err != nil {
		return err
	}
	v := doc.Profile(name).Get(key)
	if v == "" {
		v = config.Default(key)
	}
	if key == config.KeyToken {
		ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
		defer cancel()
		if t := opts.Keys.All(ctx, doc)[name]; t != "" {
			v = config.MaskToken(t) + " (keychain)"
		} else {
			v = config.MaskToken(v)
		}
	}
	if v == "" {
		opts.Notef("%s is not set in profile %q.", key, name)
		return nil
	}
	_, err := fmt.Fprintln(opts.IO.Out, output.Text(v))
	return err
}

func unknownKey(key string) error {
	return core.Usagef("unknown setting %q: use one of %s", key, strings.Join(config.Keys(), ", "))
}

// envOf is the environment variable of a setting.
func envOf(key string) string {
	s, _ := config.Find(key)
	return s.Env
}

// configSetOptions are the inputs of config set.
type configSetOptions struct {
	*core.ConfigSession
	PlainHTTP  core.PlainHTTP
	Key, Value string // the value as typed, not yet checked
}

func newConfigSetCmd(f *core.Factory, run func(context.Context, *configSetOptions) error) *cobra.Command {
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
		Args:              core.ExactArgs(2, "a setting name and a value"),
		ValidArgsFunction: completeKeys,
		RunE: func(cmd *cobra.Command, args []string) error {
			key := args[0]
			if !config.IsKey(key) {
				return unknownKey(key)
			}
			opts.ConfigSession, opts.PlainHTTP, opts.Key, opts.Value = f.StartConfig(cmd), f.PlainHTTP(), key, args[1]
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
		return core.Usagef("invalid %s: %v", key, err)
	}
	if key == config.KeyBaseURL {
		if err := opts.PlainHTTP.AllowSaved(value); err != nil {
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
				return false, core.UsageErr(err)
			}
		}
		if key == config.KeyToken {
			// Kept where auth login keeps it: a key in the keychain
			// would win over one in the file.
			if err := doc.AddProfile(name); err != nil {
				return false, err
			}
			var err error
			if inKeychain, err = opts.Keys.Store(ctx, doc, name, value); err != nil {
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
	opts.Notef("Set %s to %s in profile %q (%s).", key, output.Text(shown), name, where)
	if opts.Env.Getenv(envOf(key)) != "" {
		opts.Warn(fmt.Sprintf("%s is set and overrides this setting until you unset it", envOf(key)))
	}
	return nil
}

// configUnsetOptions are the inputs of config unset.
type configUnsetOptions struct {
	*core.ConfigSession
	Key string
}

func newConfigUnsetCmd(f *core.Factory, run func(context.Context, *configUnsetOptions) error) *cobra.Command {
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
		Args: core.ExactArgs(1, "a setting name"),
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
			opts.ConfigSession, opts.Key = f.StartConfig(cmd), key
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
		if err := core.RequireProfile(doc, name, src); err != nil {
			return false, err
		}
		var err error
		if key == config.KeyToken && doc.HasProfile(name) {
			if fromKeychain, err = opts.Keys.Remove(ctx, name, doc.Path); err != nil {
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
		fmt.Fprintf(opts.IO.ErrOut, "%s is not set in profile %q: nothing to unset.\n", key, name)
		return nil
	}
	opts.Notef("Unset %s in profile %q (%s).", key, name, where)
	if opts.Env.Getenv(envOf(key)) != "" {
		opts.Warn(fmt.Sprintf("%s is set and still gives %s until you unset it", envOf(key), key))
	}
	return nil
}

// configUseOptions are the inputs of config use.
type configUseOptions struct {
	*core.ConfigSession
	Name string // the profile
}

func newConfigUseCmd(f *core.Factory, run func(context.Context, *configUseOptions) error) *cobra.Command {
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
		Args: core.ExactArgs(1, "a profile name"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return core.NewCompleter(f).CompleteProfiles(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ConfigSession, opts.Name = f.StartConfig(cmd), args[0]
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
			return false, core.UsageErr(fmt.Errorf("profile %w", core.ProfileNotFound(doc, name)))
		}
		return true, doc.SetCurrent(name)
	})
	if err != nil {
		return err
	}
	opts.Notef("Now using profile %q.", name)
	if v := opts.Env.Getenv("PROMOCTL_PROFILE"); v != "" && v != name {
		opts.Warn(fmt.Sprintf("PROMOCTL_PROFILE=%s is set and overrides the current profile until you unset it", v))
	}
	return nil
}

// configPathOptions are the inputs of config path.
type configPathOptions struct {
	IO   *iostreams.IOStreams
	Path string
}

func newConfigPathCmd(f *core.Factory, run func(context.Context, *configPathOptions) error) *cobra.Command {
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
		Args: core.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			path, _, err := f.Resolver(cmd).Path()
			if err != nil {
				return err
			}
			opts.IO, opts.Path = f.IO, path
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
	*core.Session
	// ConfigSource and ProfileSource say where the config file's path
	// and the active profile came from.
	ConfigSource, ProfileSource config.Source
}

func newConfigExplainCmd(f *core.Factory, run func(context.Context, *configExplainOptions) error) *cobra.Command {
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
		Args: core.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session = sess
			_, opts.ConfigSource, _ = f.Resolver(cmd).Path()
			_, opts.ProfileSource = f.Resolver(cmd).Profile(sess.Settings.File, sess.Settings.Path)
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigExplain prints each setting's value and where it came from.
func runConfigExplain(_ context.Context, opts *configExplainOptions) error {
	return opts.Print(explain(opts.Settings, opts.ConfigSource, opts.ProfileSource))
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
