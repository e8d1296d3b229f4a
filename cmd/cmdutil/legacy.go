package cmdutil

import (
	"fmt"

	"github.com/spf13/cobra"
)

// LegacyFlag adds --legacy for a command with a deprecated v1 endpoint.
func LegacyFlag(c *cobra.Command, legacy *bool, endpoint string) {
	c.Flags().BoolVar(legacy, "legacy", false, "use the deprecated "+endpoint+" (prints a warning)")
}

// WarnDeprecated says on stderr that a deprecated endpoint is used, and
// which replaces it.
func (s *Session) WarnDeprecated(old, replacement string) {
	fmt.Fprintf(s.IO.ErrOut, "promoctl: %s\n", s.Msg.T("rest.deprecated", "Old", old, "New", replacement))
}
