package cmdutil

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/i18n"
)

// SandboxData is the data file the command line names: the --data of a
// sandbox command (sandbox's verbs define it) or the global --sandbox-data
// (given), "" when neither does. Both, naming different files, is an
// error.
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
