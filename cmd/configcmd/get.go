package configcmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// configGetOptions are the inputs of config get.
type configGetOptions struct {
	*cmdutil.ConfigSession
	Doc *config.Doc // the config file as read
	Key string
}

func newConfigGetCmd(f *cmdutil.Factory, run func(context.Context, *configGetOptions) error) *cobra.Command {
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
		Args:              cmdutil.ExactArgs(1, i18n.M("base.arg.setting")),
		ValidArgsFunction: completeKeys(f.Formats()),
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
	if err := cmdutil.RequireProfile(doc, name, src); err != nil {
		return err
	}
	v := doc.Profile(name).Get(key)
	if v == "" {
		v = config.Default(key)
	}
	if key == config.KeyToken {
		ctx, cancel := context.WithTimeout(ctx, opts.LockWait)
		defer cancel()
		if t := allKeys(ctx, opts.Keys, doc)[name]; t != "" {
			v = opts.Warnings.Msg.Say(i18n.M("config.in_keychain", "Token", config.MaskToken(t)))
		} else {
			v = config.MaskToken(v)
		}
	}
	if v == "" {
		opts.NoteMsg(i18n.M("config.get.not_set", "Key", key, "Profile", name))
		return nil
	}
	_, err := fmt.Fprintln(opts.IO.Out, termsafe.String(v))
	return err
}

func unknownKey(key string) error {
	return i18n.NewError(cmdutil.ExitUsage, "config.unknown_setting", "Key", key, "Keys", strings.Join(config.Keys(), ", "))
}

// envOf is the environment variable of a setting.
func envOf(key string) string {
	s, _ := config.Find(key)
	return s.Env
}
