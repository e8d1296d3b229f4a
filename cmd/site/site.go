// Package site is the site command: the user's sites listed and read.
package site

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "site",
		Aliases: []string{"sites"},
		Short:   "List and read your sites",
		Long: `List the sites you can manage and read one site, on the API's v3 endpoints.

The API does not document the fields of a site, so the table shows the
fields the server sends: the id first, then names, then the rest. -o json
prints the server's records unchanged.`,
		Example: `  promoctl site list
  promoctl site get 11111 -o yaml`,
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newSiteListCmd(f, nil), newSiteGetCmd(f, nil))
	return c
}
