package configcmd

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
)

// configUseOptions are the inputs of config use.
type configUseOptions struct {
	*cmdutil.ConfigSession
	Name string // the profile
}

func newConfigUseCmd(f *cmdutil.Factory, run func(context.Context, *configUseOptions) error) *cobra.Command {
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
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.profile")),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return f.Completions().Profiles(cmd, args, toComplete)
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
			return false, i18n.NewError(cmdutil.ExitUsage, "config.use.not_found", "Err", config.ProfileNotFound(doc.Path, doc.File, name))
		}
		return true, doc.SetCurrent(name)
	})
	if err != nil {
		return err
	}
	opts.NoteMsg(i18n.M("config.use.done", "Profile", name))
	if v := opts.Env.Getenv("PROMOCTL_PROFILE"); v != "" && v != name {
		opts.Warnings.WarnMsg(i18n.M("config.use.env_overrides", "Value", v))
	}
	return nil
}
