package auth

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
)

// authLogoutOptions are the inputs of auth logout.
type authLogoutOptions struct {
	*cmdutil.ConfigSession
}

func newAuthLogoutCmd(f *cmdutil.Factory, run func(context.Context, *authLogoutOptions) error) *cobra.Command {
	if run == nil {
		run = runAuthLogout
	}
	opts := &authLogoutOptions{}
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove the API key of a profile",
		Long: `Remove the API key of a profile from the system keychain and from the config
file; the profile's other settings stay. Without --profile, the active profile
is logged out.

The key itself stays valid at Mottor: if it has leaked, regenerate it in the
site admin under Profile → API key.`,
		Example: `  promoctl auth logout
  promoctl auth logout --profile staging`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.ConfigSession = f.StartConfig(cmd)
			return run(cmd.Context(), opts)
		},
	}
}

// runAuthLogout removes the API key of the active profile from the
// keychain and the config file.
func runAuthLogout(ctx context.Context, opts *authLogoutOptions) error {
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
		if fromKeychain, err = opts.Keys.Remove(ctx, name, doc.Path); err != nil {
			return false, err
		}
		fromFile, err = doc.Unset(name, config.KeyToken)
		return fromFile, err
	})
	if err != nil {
		return err
	}
	switch {
	case fromKeychain && fromFile:
		opts.NoteMsg(i18n.M("auth.logout.removed_keychain_file", "Profile", name, "Path", doc.Path))
	case fromKeychain:
		opts.NoteMsg(i18n.M("auth.logout.removed_keychain", "Profile", name))
	case fromFile:
		opts.NoteMsg(i18n.M("auth.logout.removed_file", "Profile", name, "Path", doc.Path))
	default:
		opts.NoteMsg(i18n.M("auth.logout.no_key", "Profile", name))
		return nil
	}
	if opts.Env.Getenv("PROMOCTL_TOKEN") != "" {
		opts.Warnings.WarnMsg(i18n.M("auth.logout.token_env"))
	}
	return nil
}
