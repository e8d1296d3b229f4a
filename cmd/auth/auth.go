// Package auth is the auth command: log in, say who is logged in, log out.
package auth

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "auth",
		GroupID: "setup",
		Short:   "Log in, check the credentials, log out",
		Long: `Save your Mottor (LPmotor) credentials in a profile of the config file (the
API key in the system keychain when there is one), check that they work, and
remove them.

promoctl needs your user id ("Your ID" in the account menu of the site admin)
and an API key (Profile → API key; a leaked key can be regenerated there).`,
		Example: `  promoctl auth login
  printf '%s' "$KEY" | promoctl auth login --with-token --user-id 123
  promoctl auth status`,
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newAuthLoginCmd(f, nil), newAuthStatusCmd(f, nil), newAuthLogoutCmd(f, nil))
	return c
}
