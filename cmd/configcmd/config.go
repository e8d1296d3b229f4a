// Package configcmd is the config command: the settings and profiles of
// the config file. Named configcmd: it imports internal/config.
package configcmd

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "config",
		GroupID: "setup",
		Short:   "Read and change the config file",
		Long: `Read and change the config file: named profiles of settings, and the current
profile.

Settings: base_url, token, user_id, site_id (the default --site-id), output
(` + f.Formats().List() + `) and timeout (such as 30s or 2m). A command takes
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
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newConfigListCmd(f, nil), newConfigGetCmd(f, nil), newConfigSetCmd(f, nil), newConfigUnsetCmd(f, nil),
		newConfigUseCmd(f, nil), newConfigPathCmd(f, nil), newConfigExplainCmd(f, nil))
	return c
}

// completeKeys completes the name of a setting, and then an output
// format of the run (formats).
func completeKeys(formats format.Set) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		if len(args) == 0 {
			return config.Keys(), cobra.ShellCompDirectiveNoFileComp
		}
		if len(args) == 1 && args[0] == config.KeyOutput {
			return formats.Names(), cobra.ShellCompDirectiveNoFileComp
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}

// Where a profile's API key is kept, as config list and config get say.
const (
	keptInKeychain = "keychain"
	keptInFile     = "config file"
)
