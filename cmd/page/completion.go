package page

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
)

// completePageIDs completes the id of a page of the configured site,
// described by its title.
func completePageIDs(c *complete.Completer) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return pageIDCompletions(c, cmd, toComplete)
	}
}

// pageIDCompletions are completePageIDs' candidates for toComplete.
func pageIDCompletions(c *complete.Completer, cmd *cobra.Command, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ctx, cancel, client, s, ok := c.Client(cmd)
	defer cancel()
	if !ok {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, site := range complete.Sites(ctx, client, s) {
		raw, err := client.ListPages(ctx, site)
		if err != nil {
			continue
		}
		out = append(out, complete.Records(raw, toComplete, "title", "name", "path")...)
	}
	if out == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
