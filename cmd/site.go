package cmd

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/internal/view"
)

func newSiteCmd(f *factory) *cobra.Command {
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
		RunE: groupRun,
	}
	c.AddCommand(newSiteListCmd(f), newSiteGetCmd(f))
	return c
}

// legacyFlag adds --legacy for a command with a deprecated v1 endpoint.
func legacyFlag(c *cobra.Command, legacy *bool, endpoint string) {
	c.Flags().BoolVar(legacy, "legacy", false, "use the deprecated "+endpoint+" (prints a warning)")
}

// warnDeprecated says on stderr that a deprecated endpoint is used, and
// which replaces it.
func (f *factory) warnDeprecated(old, replacement string) {
	fmt.Fprintf(f.io.ErrOut, "promoctl: warning: %s is deprecated and will be removed; %s replaces it (drop --legacy to use it)\n", old, replacement)
}

func newSiteListCmd(f *factory) *cobra.Command {
	var legacy bool
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the sites you can manage",
		Args:    noArgs,
		Example: `  promoctl site list
  promoctl site list -o json --jq '.[].id'
  promoctl site list --legacy`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, client, err := f.connect(cmd)
			if err != nil {
				return err
			}
			ctx, cancel := sess.withTimeout(cmd.Context())
			defer cancel()
			var raw json.RawMessage
			if legacy {
				f.warnDeprecated("GET /v1/site", "GET /v3/public/site")
				raw, err = client.ListSitesLegacy(ctx)
			} else {
				raw, err = client.ListSites(ctx)
			}
			if err != nil {
				return err
			}
			return sess.printList(view.Records(raw, sess.Loc), "No sites.")
		},
	}
	legacyFlag(c, &legacy, "GET /v1/site")
	return c
}

func newSiteGetCmd(f *factory) *cobra.Command {
	var legacy bool
	c := &cobra.Command{
		Use:     "get ID",
		Aliases: []string{"show", "view"},
		Short:   "Show one site",
		Long: `Show one site as key/value rows; nested fields are shown as a.b and
lists as a[0].b, field names as words (is_published as Published).`,
		Args: exactArgs(1, "a site id"),
		Example: `  promoctl site get 11111
  promoctl site get 11111 -o yaml
  promoctl site get 11111 --legacy`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID("site id", args[0])
			if err != nil {
				return err
			}
			sess, client, err := f.connect(cmd)
			if err != nil {
				return err
			}
			ctx, cancel := sess.withTimeout(cmd.Context())
			defer cancel()
			var raw json.RawMessage
			if legacy {
				f.warnDeprecated("GET /v1/site/{site_id}", "GET /v3/public/site/{site_id}")
				raw, err = client.GetSiteLegacy(ctx, id)
			} else {
				raw, err = client.GetSite(ctx, id)
			}
			if err != nil {
				return err
			}
			return sess.print(view.Record(raw, sess.Loc))
		},
	}
	legacyFlag(c, &legacy, "GET /v1/site/{site_id}")
	return c
}
