package site

import (
	"context"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/view"
)

func NewCmd(f *core.Factory) *cobra.Command {
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
		RunE: core.GroupRun,
	}
	c.AddCommand(newSiteListCmd(f, nil), newSiteGetCmd(f, nil))
	return c
}

// SiteListOptions are the inputs of site list.
type SiteListOptions struct {
	*core.Session
	Legacy bool // use the deprecated v1 endpoint
}

func newSiteListCmd(f *core.Factory, run func(context.Context, *SiteListOptions) error) *cobra.Command {
	if run == nil {
		run = RunSiteList
	}
	opts := &SiteListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the sites you can manage",
		Args:    core.NoArgs,
		Example: `  promoctl site list
  promoctl site list -o json --jq '.[].id'
  promoctl site list --legacy`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			opts.Session = sess
			return run(cmd.Context(), opts)
		},
	}
	core.LegacyFlag(c, &opts.Legacy, "GET /v1/site")
	return c
}

// RunSiteList lists the sites the user can manage.
func RunSiteList(ctx context.Context, opts *SiteListOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	var raw json.RawMessage
	if opts.Legacy {
		opts.WarnDeprecated("GET /v1/site", "GET /v3/public/site")
		raw, err = client.ListSitesLegacy(ctx)
	} else {
		raw, err = client.ListSites(ctx)
	}
	if err != nil {
		return err
	}
	return opts.PrintList(view.Records(raw, opts.Loc), "No sites.")
}

// SiteGetOptions are the inputs of site get.
type SiteGetOptions struct {
	*core.Session
	ID     int64
	Legacy bool // use the deprecated v1 endpoint
}

func newSiteGetCmd(f *core.Factory, run func(context.Context, *SiteGetOptions) error) *cobra.Command {
	if run == nil {
		run = RunSiteGet
	}
	opts := &SiteGetOptions{}
	c := &cobra.Command{
		Use:     "get ID",
		Aliases: []string{"show", "view"},
		Short:   "Show one site",
		Long: `Show one site as key/value rows; nested fields are shown as a.b and
lists as a[0].b, field names as words (is_published as Published).`,
		Args: core.ExactArgs(1, "a site id"),
		Example: `  promoctl site get 11111
  promoctl site get 11111 -o yaml
  promoctl site get 11111 --legacy`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := core.ParseID("site id", args[0])
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
	core.LegacyFlag(c, &opts.Legacy, "GET /v1/site/{site_id}")
	return c
}

// RunSiteGet shows one site.
func RunSiteGet(ctx context.Context, opts *SiteGetOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	var raw json.RawMessage
	if opts.Legacy {
		opts.WarnDeprecated("GET /v1/site/{site_id}", "GET /v3/public/site/{site_id}")
		raw, err = client.GetSiteLegacy(ctx, opts.ID)
	} else {
		raw, err = client.GetSite(ctx, opts.ID)
	}
	if err != nil {
		return err
	}
	return opts.Print(view.Record(raw, opts.Loc))
}
