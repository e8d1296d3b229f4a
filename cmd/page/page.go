// Package page is the page command: a site's pages listed and read.
package page

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "page",
		Aliases: []string{"pages"},
		Short:   "List and read the pages of a site",
		Long: `List the pages of a site and read one page, on the API's v3 endpoints.

The API does not document the fields of a page, so the table shows the
fields the server sends: the id first, then titles and paths, then the
rest. -o json prints the server's records unchanged.`,
		Example: `  promoctl page list --site-id 11111
  promoctl page get 42`,
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newPageListCmd(f, nil), newPageGetCmd(f, nil))
	return c
}
