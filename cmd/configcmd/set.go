package configcmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// configSetOptions are the inputs of config set.
type configSetOptions struct {
	*cmdutil.ConfigSession
	PlainHTTP  cmdutil.PlainHTTP
	Formats    format.Set // the run's output formats
	Key, Value string     // the value as typed, not yet checked
}

func newConfigSetCmd(f *cmdutil.Factory, run func(context.Context, *configSetOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigSet
	}
	opts := &configSetOptions{}
	formats := f.Formats()
	return &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Change a setting of the active profile",
		Long: `Change a setting of the active profile (or of --profile NAME), creating the
profile when it does not exist. Values are checked first:

  base_url  an https URL (default https://api.lpmotor.ru); plain http only to
            loopback, or with --allow-insecure-http on a trusted network
  user_id   your user id, a positive whole number ("Your ID" in the site admin)
  site_id   the default site of commands that take --site-id
  output    ` + formats.List() + `
  timeout   a time limit such as 30s or 2m
  language  en or ru (default: the locale's)
  token     the API key, kept in the system keychain when there is one
            (else in the file); prefer 'promoctl auth login', which keeps
            the key out of your shell history and checks that it works`,
		Example: `  promoctl config set site_id 11111
  promoctl config set output json
  promoctl config set base_url https://api.lpmotor.ru --profile staging`,
		Args:              cmdutil.ExactArgs(2, i18n.M("base.arg.setting_value")),
		ValidArgsFunction: completeKeys(formats),
		RunE: func(cmd *cobra.Command, args []string) error {
			key := args[0]
			if !config.IsKey(key) {
				return unknownKey(key)
			}
			opts.ConfigSession, opts.PlainHTTP, opts.Formats, opts.Key, opts.Value = f.StartConfig(cmd), f.PlainHTTP(), formats, key, args[1]
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
	value, err := config.CheckValue(key, opts.Value, opts.Formats)
	if err != nil {
		return i18n.NewError(cmdutil.ExitUsage, "config.set.invalid", "Key", key, "Err", err)
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
				return false, cmdutil.UsageErr(err)
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
	var where any = doc.Path
	if inKeychain {
		where = i18n.M("config.set.keychain")
	}
	opts.NoteMsg(i18n.M("config.set.done", "Key", key, "Value", termsafe.String(shown), "Profile", name, "Where", where))
	if opts.Env.Getenv(envOf(key)) != "" {
		opts.Warnings.WarnMsg(i18n.M("config.set.env_overrides", "Env", envOf(key)))
	}
	return nil
}
