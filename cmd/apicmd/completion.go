package apicmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
)

// apiPaths are the API's endpoints, for `api METHOD PATH`, described in
// msg's language; those ending in / or = want an id typed after them.
func apiPaths(msg *i18n.Printer) []cobra.Completion {
	return []cobra.Completion{
		cobra.CompletionWithDesc("/v1/promo?site_id=", msg.T("complete.api.promos")),
		cobra.CompletionWithDesc("/v1/promo", msg.T("complete.api.create")),
		cobra.CompletionWithDesc("/v1/promo/", msg.T("complete.api.promo")),
		cobra.CompletionWithDesc("/v1/shop/product/", msg.T("complete.api.product")),
		cobra.CompletionWithDesc("/v3/public/site", msg.T("complete.api.sites")),
		cobra.CompletionWithDesc("/v3/public/site/", msg.T("complete.api.site")),
		cobra.CompletionWithDesc("/v3/public/site/page/", msg.T("complete.api.page")),
	}
}

// completeAPI completes the [METHOD] PATH of `api`: a method or a path
// first, a path after a method; paths are described in msg's language.
func completeAPI(msg *i18n.Printer) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return apiCompletions(msg, args, toComplete)
	}
}

// apiCompletions are completeAPI's candidates.
func apiCompletions(msg *i18n.Printer, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	switch len(args) {
	case 0:
		if strings.HasPrefix(toComplete, "/") {
			return pathsFrom(msg, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
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
			return pathsFrom(msg, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
		}
	}
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// pathsFrom are the API's endpoints that start with typed.
func pathsFrom(msg *i18n.Printer, typed string) []cobra.Completion {
	out, _ := complete.Fixed(apiPaths(msg))(nil, nil, typed)
	return out
}
