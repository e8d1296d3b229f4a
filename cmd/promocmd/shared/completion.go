package shared

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// The completions of promo's verbs, which each verb declares
// (ValidArgsFunction, f.CompleteFlag); what every noun completes (site ids,
// profiles) is core's Completer.

// CompletePromoIDs completes a promo code of the configured site
// (site_id, PROMOCTL_SITE_ID, or --site-id when the command has it) by its
// id, described by its code (1001<TAB>WELCOME10), or by its code,
// described by its id (WELCOME10<TAB>id 1001), as CODE_OR_ID takes either.
// Codes are offered only where a code can be looked up: with a site
// given or configured, and not for what is typed as digits (an id).
func CompletePromoIDs(c *complete.Completer) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return promoIDCompletions(c, cmd, toComplete)
	}
}

// promoIDCompletions are completePromoIDs' candidates for toComplete.
func promoIDCompletions(c *complete.Completer, cmd *cobra.Command, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ctx, cancel, client, s, ok := c.Client(cmd)
	defer cancel()
	if !ok {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	codes := s.SiteID != 0 && (toComplete == "" || !isDigits(toComplete))
	var ids, byCode []cobra.Completion
	for _, site := range complete.Sites(ctx, client, s) {
		raw, err := client.ListPromos(ctx, site)
		if err != nil {
			continue
		}
		promos, err := api.DecodePromos(raw)
		if err != nil {
			continue
		}
		for _, p := range promos {
			if p.ID == nil {
				continue
			}
			id := strconv.FormatInt(int64(*p.ID), 10)
			if strings.HasPrefix(id, toComplete) {
				ids = append(ids, complete.Candidate(id, string(p.Code)))
			}
			code := termsafe.String(string(p.Code))
			if codes && code != "" && !isDigits(code) && !strings.ContainsAny(code, " \t\n") &&
				strings.HasPrefix(strings.ToLower(code), strings.ToLower(toComplete)) {
				byCode = append(byCode, complete.Candidate(code, "id "+id))
			}
		}
	}
	out := append(ids, byCode...)
	if out == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// ReportByChoices are the values of promo report --by, described in
// msg's language (the values stay as typed).
func ReportByChoices(msg *i18n.Printer) []cobra.Completion {
	return []cobra.Completion{
		cobra.CompletionWithDesc("code", msg.T("complete.by.code")),
		cobra.CompletionWithDesc("day", msg.T("complete.by.day")),
	}
}

// completeStatuses completes --status S[,S...]: the statuses not yet
// named, after what is typed up to the last comma, each described in p's
// language.
func completeStatuses(p *i18n.Printer) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		head, last := "", toComplete
		if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
			head, last = toComplete[:i+1], toComplete[i+1:]
		}
		var out []cobra.Completion
		for _, s := range statusNames() {
			if strings.HasPrefix(s, last) && !slices.Contains(strings.Split(head, ","), s) {
				out = append(out, complete.Candidate(head+s, p.T("complete.status."+s)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// SortChoices are the values of --sort: each field, and -field.
func SortChoices() []cobra.Completion {
	var out []cobra.Completion
	for _, f := range promoSortFields() {
		out = append(out, f, "-"+f)
	}
	return out
}

// BonusTypeChoices are the values of --bonus-type, described in msg's
// language (the values stay as typed).
func BonusTypeChoices(msg *i18n.Printer) []cobra.Completion {
	return []cobra.Completion{
		cobra.CompletionWithDesc("goods", msg.T("complete.bonus.goods")),
		cobra.CompletionWithDesc("delivery", msg.T("complete.bonus.delivery")),
	}
}

// promoSortFields are the names --sort takes: the API's fields of a list
// item (promo.Registry's sortable ones), and status.
func promoSortFields() []string {
	return append(promo.FieldNames(func(f promo.FieldSpec) bool { return f.Sortable }), "status")
}

// statusNames are the statuses of promo codes, for help and completion.
func statusNames() []string {
	var out []string
	for _, s := range promo.Statuses() {
		out = append(out, string(s))
	}
	return out
}
