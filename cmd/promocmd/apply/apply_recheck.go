package apply

import (
	"context"
	"fmt"

	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// recheckPlan reads the site's list again after the confirmation (as the
// selection verbs' recheck does) and drops each delete or disable
// (--prune, --disable-missing) whose promo code is no longer on the site or
// has another code now, naming it on stderr; the other entries are kept.
func (opts *promoApplyOptions) recheckPlan(ctx context.Context, p plan.Plan) (plan.Plan, error) {
	var targets []shared.Selected
	for _, e := range p.Entries {
		if e.Action == plan.ActionDelete || e.Action == plan.ActionDisable {
			targets = append(targets, shared.Selected{ID: e.ID, Code: e.Code})
		}
	}
	if len(targets) == 0 {
		return p, nil
	}
	now, err := shared.ReadAgain(ctx, opts.Session, targets, p.Site, nil)
	if err != nil {
		return p, err
	}
	kept := make([]plan.Entry, 0, len(p.Entries))
	for _, e := range p.Entries {
		if e.Action != plan.ActionDelete && e.Action != plan.ActionDisable {
			kept = append(kept, e)
			continue
		}
		why := ""
		switch cur, ok := now[e.ID]; {
		case !ok:
			why = opts.Msg.T("confirm.gone", "Site", p.Site)
		case cur.Code != e.Code:
			why = opts.Msg.T("confirm.renamed", "Code", termsafe.String(cur.Code))
		default:
			kept = append(kept, e)
			continue
		}
		name := shared.Selected{ID: e.ID, Code: e.Code}.Name(opts.Msg)
		fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+opts.Msg.T("promo.bulk.skipped_changed", "Name", name, "Why", why))
	}
	if len(kept) == 0 {
		fmt.Fprintln(opts.IO.ErrOut, opts.Msg.T("confirm.nothing_left"))
	}
	p.Entries = kept
	return p, nil
}
