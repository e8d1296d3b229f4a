package apicmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
)

// apiPaths are the API's endpoints, for `api METHOD PATH`, described in
// p's language; those ending in / or = want an id typed after them.
func apiPaths(p *i18n.Printer) []cobra.Completion {
	return []cobra.Completion{
		complete.Candidate("/v1/promo?site_id=", p.T("complete.api.promo_list")),
		complete.Candidate("/v1/promo", p.T("complete.api.promo_create")),
		complete.Candidate("/v1/promo/", p.T("complete.api.promo_one")),
		complete.Candidate("/v1/shop/product/", p.T("complete.api.product")),
		complete.Candidate("/v3/public/site", p.T("complete.api.sites")),
		complete.Candidate("/v3/public/site/", p.T("complete.api.site")),
		complete.Candidate("/v3/public/site/page/", p.T("complete.api.page")),
	}
}

// completeAPI completes the [METHOD] PATH of `api`: a method or a path
// first, a path after a method, the paths described in p's language.
func completeAPI(p *i18n.Printer) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return completeAPIArgs(p, args, toComplete)
	}
}

// completeAPIArgs are completeAPI's candidates.
func completeAPIArgs(p *i18n.Printer, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		if strings.HasPrefix(toComplete, "/") {
			return pathsFrom(p, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
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
			return pathsFrom(p, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
		}
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// pathsFrom are the API's endpoints that start with typed.
func pathsFrom(p *i18n.Printer, typed string) []cobra.Completion {
	out, _ := complete.Fixed(apiPaths(p))(nil, nil, typed)
	return out
}
