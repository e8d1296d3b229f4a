package apicmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
)

// apiPaths are the API's endpoints, for `api METHOD PATH`; those ending
// in / or = want an id typed after them.
func apiPaths() []cobra.Completion {
	return []cobra.Completion{
		cobra.CompletionWithDesc("/v1/promo?site_id=", "promo codes of a site"),
		cobra.CompletionWithDesc("/v1/promo", "create a promo code (POST)"),
		cobra.CompletionWithDesc("/v1/promo/", "one promo code; /statistics for its uses"),
		cobra.CompletionWithDesc("/v1/shop/product/", "one product"),
		cobra.CompletionWithDesc("/v3/public/site", "your sites"),
		cobra.CompletionWithDesc("/v3/public/site/", "one site; /page for its pages"),
		cobra.CompletionWithDesc("/v3/public/site/page/", "one page"),
	}
}

// completeAPI completes the [METHOD] PATH of `api`: a method or a path
// first, a path after a method.
func completeAPI(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		if strings.HasPrefix(toComplete, "/") {
			return pathsFrom(toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
		}
		var out []cobra.Completion
		for _, m := range api.RawMethods() {
			if strings.HasPrefix(m, strings.ToUpper(toComplete)) {
				out = append(out, m)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	case 1:
		if _, err := api.RawMethod(args[0]); err == nil {
			return pathsFrom(toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
		}
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// pathsFrom are the API's endpoints that start with typed.
func pathsFrom(typed string) []cobra.Completion {
	out, _ := complete.Fixed(apiPaths())(nil, nil, typed)
	return out
}
