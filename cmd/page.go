package cmd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/view"
)

func newPageCmd(f *core.Factory) *cobra.Command {
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
		RunE: core.GroupRun,
	}
	c.AddCommand(newPageListCmd(f, nil), newPageGetCmd(f, nil))
	return c
}

// pageListOptions are the inputs of page list.
type pageListOptions struct {
	*core.Session
	SiteID int64 // --site-id or the configured site_id; 0 when neither
	Legacy bool  // use the deprecated v1 endpoint
}

func newPageListCmd(f *core.Factory, run func(context.Context, *pageListOptions) error) *cobra.Command {
	if run == nil {
		run = runPageList
	}
	opts := &pageListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the pages of a site",
		Long: `List the pages of a site (GET /v3/public/site/ID/page).

--site-id defaults to the configured site_id (PROMOCTL_SITE_ID, or the
profile's site_id).

--legacy reads the deprecated /v1/site/ID/page instead. The API
documentation does not name that endpoint's HTTP method; promoctl uses GET.`,
		Args: core.NoArgs,
		Example: `  promoctl page list --site-id 11111
  promoctl page list -o json --jq '.[] | .id'
  promoctl page list --site-id 11111 --legacy`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.SiteID = sess, sess.Settings.SiteID
			return run(cmd.Context(), opts)
		},
	}
	core.SiteFlag(c)
	core.LegacyFlag(c, &opts.Legacy, "GET /v1/site/{site_id}/page")
	return c
}

// runPageList lists the pages of the site.
func runPageList(ctx context.Context, opts *pageListOptions) error {
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	var raw json.RawMessage
	if opts.Legacy {
		opts.WarnDeprecated("GET /v1/site/{site_id}/page", "GET /v3/public/site/{site_id}/page")
		raw, err = client.ListPagesLegacy(ctx, site)
	} else {
		raw, err = client.ListPages(ctx, site)
	}
	if err != nil {
		return err
	}
	return opts.PrintList(view.Records(raw, opts.Loc), fmt.Sprintf("No pages on site %d.", site))
}

// pageGetOptions are the inputs of page get.
type pageGetOptions struct {
	*core.Session
	ID int64
}

func newPageGetCmd(f *core.Factory, run func(context.Context, *pageGetOptions) error) *cobra.Command {
	if run == nil {
		run = runPageGet
	}
	opts := &pageGetOptions{}
	return &cobra.Command{
		Use:     "get ID",
		Aliases: []string{"show", "view"},
		Short:   "Show one page",
		Long: `Show one page (GET /v3/public/site/page/ID) as key/value rows; nested
fields are shown as a.b and lists as a[0].b, field names as words
(is_published as Published). A page id is enough: no site id is needed.`,
		Args: core.ExactArgs(1, "a page id"),
		Example: `  promoctl page get 5001
  promoctl page get 5001 -o json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := core.ParseID("page id", args[0])
			if err != nil {
				return err
			}
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.ID = sess, id
			return run(cmd.Context(), opts)
		},
	}
}

// runPageGet shows one page; its id is enough.
func runPageGet(ctx context.Context, opts *pageGetOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, err := client.GetPage(ctx, opts.ID)
	if err != nil {
		return err
	}
	return opts.Print(view.Record(raw, opts.Loc))
}
