// Package product is the product command: a product read.
package product

import (
	"context"
	"encoding/json"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/sitecurrency"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/view"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:     "product",
		Aliases: []string{"products"},
		Short:   "Read shop products",
		Long:    "Read the products of a shop: price, stock, dimensions, categories, images, parameters and modifiers.",
		Example: `  promoctl product get 123456
  promoctl product get 123456 -o json --jq '.image_list[].url'`,
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newProductGetCmd(f, nil))
	return c
}

// ProductGetOptions are the inputs of product get.
type ProductGetOptions struct {
	*cmdutil.Session
	ID int64
}

func newProductGetCmd(f *cmdutil.Factory, run func(context.Context, *ProductGetOptions) error) *cobra.Command {
	if run == nil {
		run = RunProductGet
	}
	opts := &ProductGetOptions{}
	return &cobra.Command{
		Use:     "get ID",
		Aliases: []string{"show", "view"},
		Short:   "Show one product",
		Long: `Show one product as a card: name, SKU, prices, quantity, visibility,
size and weight, categories, then its images, parameters with their values,
and modifiers.

The table shortens long descriptions and shows their HTML as plain text;
-o json and -o yaml print the product exactly as the API sent it.`,
		Args: cmdutil.ExactArgs(1, i18n.M("base.arg.product")),
		Example: `  promoctl product get 123456
  promoctl product get 123456 -o json
  promoctl product get 123456 --jq '.image_list[].url'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(i18n.M("base.id.product"), args[0])
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

// RunProductGet shows one product.
func RunProductGet(ctx context.Context, opts *ProductGetOptions) error {
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	raw, err := client.GetProduct(ctx, opts.ID)
	if err != nil {
		return err
	}
	// Prices in the currency of the product's site: the one the record
	// names, else the configured site_id, else the one every site of the
	// user has.
	var rec struct {
		SiteID int64 `json:"site_id"`
	}
	site := opts.Settings.SiteID
	if json.Unmarshal(raw, &rec) == nil && rec.SiteID > 0 {
		site = rec.SiteID
	}
	sitecurrency.Use(ctx, opts.Session, client, site)
	return opts.Print(view.Product(raw, opts.Loc, opts.Msg))
}
