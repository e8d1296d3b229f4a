package page

import (
	"context"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/view"
)

// PageListOptions are the inputs of page list.
type PageListOptions struct {
	*cmdutil.Session
	SiteID int64 // --site-id or the configured site_id; 0 when neither
	Legacy bool  // use the deprecated v1 endpoint
}

func newPageListCmd(f *cmdutil.Factory, run func(context.Context, *PageListOptions) error) *cobra.Command {
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
		Args: cmdutil.NoArgs,
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
	cmdutil.SiteFlag(f, c)
	cmdutil.LegacyFlag(c, &opts.Legacy, "GET /v1/site/{site_id}/page")
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
	return opts.PrintList(view.Records(raw, opts.Loc), opts.Msg.T("page.list.empty", "Site", site))
}
