package site

import (
	"context"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/view"
)

// SiteGetOptions are the inputs of site get.
type SiteGetOptions struct {
	*cmdutil.Session
	ID     int64
	Legacy bool // use the deprecated v1 endpoint
}

func newSiteGetCmd(f *cmdutil.Factory, run func(context.Context, *SiteGetOptions) error) *cobra.Command {
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
		Args: cmdutil.ExactArgs(1, "a site id"),
		Example: `  promoctl site get 11111
  promoctl site get 11111 -o yaml
  promoctl site get 11111 --legacy`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID("site id", args[0])
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
	cmdutil.LegacyFlag(c, &opts.Legacy, "GET /v1/site/{site_id}")
	c.ValidArgsFunction = complete.FirstArg(f.Completions().SiteIDs)
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
