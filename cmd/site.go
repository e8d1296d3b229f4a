package cmd

import (
	"context"
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
	c.AddCommand(newSiteListCmd(f, nil), newSiteGetCmd(f, nil))
	return c
}

// legacyFlag adds --legacy for a command with a deprecated v1 endpoint.
func legacyFlag(c *cobra.Command, legacy *bool, endpoint string) {
	c.Flags().BoolVar(legacy, "legacy", false, "use the deprecated "+endpoint+" (prints a warning)")
}

// warnDeprecated says on stderr that a deprecated endpoint is used, and
// which replaces it.
func (s *session) warnDeprecated(old, replacement string) {
	fmt.Fprintf(s.IO.ErrOut, "promoctl: %s\n", s.Msg.T("rest.deprecated", "Old", old, "New", replacement))
}

// siteListOptions are the inputs of site list.
type siteListOptions struct {
	*session
	Legacy bool // use the deprecated v1 endpoint
}

func newSiteListCmd(f *factory, run func(context.Context, *siteListOptions) error) *cobra.Command {
	if run == nil {
		run = runSiteList
	}
	opts := &siteListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the sites you can manage",
		Args:    noArgs,
		Example: `  promoctl site list
  promoctl site list -o json --jq '.[].id'
  promoctl site list --legacy`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session = sess
			return run(cmd.Context(), opts)
		},
	}
	legacyFlag(c, &opts.Legacy, "GET /v1/site")
	return c
}

// runSiteList lists the sites the user can manage.
func runSiteList(ctx context.Context, opts *siteListOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	var raw json.RawMessage
	if opts.Legacy {
		opts.warnDeprecated("GET /v1/site", "GET /v3/public/site")
		raw, err = client.ListSitesLegacy(ctx)
	} else {
		raw, err = client.ListSites(ctx)
	}
	if err != nil {
		return err
	}
	return opts.printList(view.Records(raw, opts.Loc), "No sites.")
}

// siteGetOptions are the inputs of site get.
type siteGetOptions struct {
	*session
	ID     int64
	Legacy bool // use the deprecated v1 endpoint
}

func newSiteGetCmd(f *factory, run func(context.Context, *siteGetOptions) error) *cobra.Command {
	if run == nil {
		run = runSiteGet
	}
	opts := &siteGetOptions{}
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
			sess, err := f.start(cmd)
			if err != nil {
				return err
			}
			opts.session, opts.ID = sess, id
			return run(cmd.Context(), opts)
		},
	}
	legacyFlag(c, &opts.Legacy, "GET /v1/site/{site_id}")
	return c
}

// runSiteGet shows one site.
func runSiteGet(ctx context.Context, opts *siteGetOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.withTimeout(ctx)
	defer cancel()
	var raw json.RawMessage
	if opts.Legacy {
		opts.warnDeprecated("GET /v1/site/{site_id}", "GET /v3/public/site/{site_id}")
		raw, err = client.GetSiteLegacy(ctx, opts.ID)
	} else {
		raw, err = client.GetSite(ctx, opts.ID)
	}
	if err != nil {
		return err
	}
	return opts.print(view.Record(raw, opts.Loc))
}
