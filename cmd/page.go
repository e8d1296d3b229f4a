package cmd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/view"
)

func newPageCmd(f *factory) *cobra.Command {
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
		RunE: groupRun,
	}
	c.AddCommand(newPageListCmd(f), newPageGetCmd(f))
	return c
}

func newPageListCmd(f *factory) *cobra.Command {
	var legacy bool
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the pages of a site",
		Long: `List the pages of a site (GET /v3/public/site/ID/page).

--site-id defaults to the configured site_id (PROMOCTL_SITE_ID, or the
profile's site_id).

--legacy reads the deprecated /v1/site/ID/page instead. The API
documentation does not name that endpoint's HTTP method; promoctl uses GET.`,
		Args: noArgs,
		Example: `  promoctl page list --site-id 11111
  promoctl page list -o json --jq '.[] | .id'
  promoctl page list --site-id 11111 --legacy`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			site, err := sess.requireSite()
			if err != nil {
				return err
			}
			client, err := sess.Client()
			if err != nil {
				return err
			}
			ctx, cancel := sess.withTimeout(cmd.Context())
			defer cancel()
			var raw json.RawMessage
			if legacy {
				f.warnDeprecated("GET /v1/site/{site_id}/page", "GET /v3/public/site/{site_id}/page")
				raw, err = client.ListPagesLegacy(ctx, site)
			} else {
				raw, err = client.ListPages(ctx, site)
			}
			if err != nil {
				return err
			}
			return sess.printList(view.Records(raw, sess.Loc), fmt.Sprintf("No pages on site %d.", site))
		},
	}
	siteFlag(c)
	legacyFlag(c, &legacy, "GET /v1/site/{site_id}/page")
	return c
}

func newPageGetCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:     "get ID",
		Aliases: []string{"show", "view"},
		Short:   "Show one page",
		Long: `Show one page (GET /v3/public/site/page/ID) as key/value rows; nested
fields are shown as a.b and lists as a[0].b, field names as words
(is_published as Published). A page id is enough: no site id is needed.`,
		Args: exactArgs(1, "a page id"),
		Example: `  promoctl page get 5001
  promoctl page get 5001 -o json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID("page id", args[0])
			if err != nil {
				return err
			}
			return f.fetch(cmd, func(ctx context.Context, sess *session, client *api.Client) (output.Data, error) {
				raw, err := client.GetPage(ctx, id)
				if err != nil {
					return output.Data{}, err
				}
				return view.Record(raw, sess.Loc), nil
			})
		},
	}
}
