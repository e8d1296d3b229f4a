package page

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/view"
)

// PageGetOptions are the inputs of page get.
type PageGetOptions struct {
	*cmdutil.Session
	ID int64
}

func newPageGetCmd(f *cmdutil.Factory, run func(context.Context, *PageGetOptions) error) *cobra.Command {
	if run == nil {
		run = RunPageGet
	}
	opts := &PageGetOptions{}
	return &cobra.Command{
		Use:               "get ID",
		ValidArgsFunction: complete.FirstArg(completePageIDs(f.Completions())),
		Aliases:           []string{"show", "view"},
		Short:             "Show one page",
		Long: `Show one page (GET /v3/public/site/page/ID) as key/value rows; nested
fields are shown as a.b and lists as a[0].b, field names as words
(is_published as Published). A page id is enough: no site id is needed.`,
		Args: cmdutil.ExactArgs(1, "a page id"),
		Example: `  promoctl page get 5001
  promoctl page get 5001 -o json`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID("page id", args[0])
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
