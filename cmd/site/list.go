package site

import (
	"context"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/view"
)

// SiteListOptions are the inputs of site list.
type SiteListOptions struct {
	*cmdutil.Session
	Legacy bool // use the deprecated v1 endpoint
}

func newSiteListCmd(f *cmdutil.Factory, run func(context.Context, *SiteListOptions) error) *cobra.Command {
	if run == nil {
		run = RunSiteList
	}
	opts := &SiteListOptions{}
	c := &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the sites you can manage",
		Args:    cmdutil.NoArgs,
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
	cmdutil.LegacyFlag(c, &opts.Legacy, "GET /v1/site")
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
	return opts.PrintList(view.Records(raw, opts.Loc), opts.Msg.T("site.list.empty"))
}
