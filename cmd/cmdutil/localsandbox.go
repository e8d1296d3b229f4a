package cmdutil

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/i18n"
)

// DataFlag adds --data, the data file of a sandbox command: the same as
// the global --sandbox-data.
func DataFlag(c *cobra.Command) {
	c.Flags().String("data", "", "data file (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
	_ = c.MarkFlagFilename("data") // the flag exists: no error
}

// SandboxData is the data file the command line names: the --data of a
// sandbox command or the global --sandbox-data (given), "" when neither
// does. Both, naming different files, is an error.
func SandboxData(cmd *cobra.Command, given string) (string, error) {
	fl := cmd.Flags().Lookup("data")
	if fl == nil || !fl.Changed {
		return given, nil
	}
	if given != "" && given != fl.Value.String() {
		return "", i18n.NewError(ExitUsage, "base.sandbox.data_twice")
	}
	return fl.Value.String(), nil
}
