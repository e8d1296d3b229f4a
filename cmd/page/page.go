package page

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/view"
)

func NewCmd(f *core.Factory) *cobra.Command {
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

// PageListOptions are the inputs of page list.
type PageListOptions struct {
	*core.Session
	SiteID int64 // --site-id or the configured site_id; 0 when neither
	Legacy bool  // use the deprecated v1 endpoint
}

func newPageListCmd(f *core.Factory, run func(context.Context, *PageListOptions) error) *cobra.Command {
	if run == nil {
		run = RunPageList
	}
	opts := &PageListOptions{}
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

// RunPageList lists the pages of the site.
func RunPageList(ctx context.Context, opts *PageListOptions) error {
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

// PageGetOptions are the inputs of page get.
type PageGetOptions struct {
	*core.Session
	ID int64
}

func newPageGetCmd(f *core.Factory, run func(context.Context, *PageGetOptions) error) *cobra.Command {
	if run == nil {
		run = RunPageGet
	}
	opts := &PageGetOptions{}
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

// RunPageGet shows one page; its id is enough.
func RunPageGet(ctx context.Context, opts *PageGetOptions) error {
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
