package configcmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
)

// configUnsetOptions are the inputs of config unset.
type configUnsetOptions struct {
	*cmdutil.ConfigSession
	Key string
}

func newConfigUnsetCmd(f *cmdutil.Factory, run func(context.Context, *configUnsetOptions) error) *cobra.Command {
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
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.setting")),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeKeys(f.Formats())(cmd, args, toComplete)
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
		if err := cmdutil.RequireProfile(doc, name, src); err != nil {
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
	done := "config.unset.done"
	switch {
	case fromKeychain && fromFile:
		done = "config.unset.done_keychain_file"
	case fromKeychain:
		done = "config.unset.done_keychain"
	case !fromFile:
		// Not only on a terminal: a script that unsets what is not
		// there may well have a mistaken profile or key.
		fmt.Fprintln(opts.IO.ErrOut, opts.Warnings.Msg.Say(i18n.M("config.unset.nothing", "Key", key, "Profile", name)))
		return nil
	}
	opts.NoteMsg(i18n.M(done, "Key", key, "Profile", name, "Path", doc.Path))
	if opts.Env.Getenv(envOf(key)) != "" {
		opts.Warnings.WarnMsg(i18n.M("config.unset.env_still", "Env", envOf(key), "Key", key))
	}
	return nil
}
