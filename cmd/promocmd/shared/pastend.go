package shared

import (
	"slices"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
)

// maxPastEndsNamed is how many codes the warning of promo apply names.
const maxPastEndsNamed = 3

// PastEndWarning is the warning for a create whose end (--ends, d_off) has
// already passed at now: the promo code (or, many, the codes) it creates
// would be expired from the start. false when there is none.
func PastEndWarning(ends *time.Time, now time.Time, loc *time.Location, many bool) (i18n.Message, bool) {
	if ends == nil || !ends.Before(now) {
		return i18n.Message{}, false
	}
	id := "promo.create.past_end"
	if many {
		id = "promo.generate.past_end"
	}
	return i18n.M(id, "End", i18n.DateTime{Time: *ends, Loc: loc}), true
}

// WarnPastEnds warns about the codes a plan creates, or gives a new end,
// that has already passed at now: a create would be created expired, an
// update stays (or becomes) expired. One warning for each.
func WarnPastEnds(s *cmdutil.Session, p plan.Plan) {
	for _, a := range []plan.Action{plan.ActionCreate, plan.ActionUpdate} {
		var named []i18n.Message
		n := 0
		for _, e := range p.Entries {
			if e.Action != a || e.New.DOff == nil || a == plan.ActionUpdate && !slices.Contains(e.Changed, "d_off") {
				continue
			}
			end, err := promo.ParseAPITime(*e.New.DOff)
			if err != nil || !end.Before(s.Now()) {
				continue
			}
			n++
			if len(named) < maxPastEndsNamed {
				named = append(named, i18n.M("apply.past_end", "Code", e.Code, "Line", e.Line, "End", i18n.DateTime{Time: end, Loc: s.Loc}))
			}
		}
		if n == 0 {
			continue
		}
		var list any = i18n.Messages(named)
		if n > len(named) {
			list = i18n.M("apply.list_more", "List", list, "More", n-len(named))
		}
		s.Warnings.WarnMsg(i18n.C("apply.past_ends_"+string(a), n, "List", list))
	}
}

// DefaultAmountWarning says that a create names no discount, so the API's
// default of 0.01 applies (in percent when --percent is given).
func DefaultAmountWarning(file, percent bool) i18n.Message {
	id := "promo.create.default_amount"
	if file {
		id = "promo.create.default_amount_file"
	}
	return i18n.M(id, "Amount", i18n.Amount{Value: promo.DefaultAmount, Percent: percent})
}
