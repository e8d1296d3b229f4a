package promocmd

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
)

// maxPastEndsNamed is how many codes the warning of promo apply names.
const maxPastEndsNamed = 3

// pastEndWarning is the warning for a create whose end (--ends, d_off) has
// already passed at now: the promo code (or, many, the codes) it creates
// would be expired from the start. false when there is none.
func pastEndWarning(ends *time.Time, now time.Time, loc *time.Location, many bool) (i18n.Message, bool) {
	if ends == nil || !ends.Before(now) {
		return i18n.Message{}, false
	}
	id := "promo.create.past_end"
	if many {
		id = "promo.generate.past_end"
	}
	return i18n.M(id, "End", i18n.DateTime{Time: *ends, Loc: loc}), true
}

// warnPastEnds warns about the codes a plan creates, or gives a new end,
// that has already passed at now: they would be expired.
func warnPastEnds(s *core.Session, p plan.Plan) {
	var named []string
	n := 0
	for _, e := range p.Entries {
		if e.New.DOff == nil || !(e.Action == plan.ActionCreate || e.Action == plan.ActionUpdate && slices.Contains(e.Changed, "d_off")) {
			continue
		}
		end, err := promo.ParseAPITime(*e.New.DOff)
		if err != nil || !end.Before(s.Now()) {
			continue
		}
		n++
		if len(named) < maxPastEndsNamed {
			named = append(named, fmt.Sprintf("%s (line %d, ends %s)", e.Code, e.Line, promo.FormatLocal(end, s.Loc)))
		}
	}
	if n == 0 {
		return
	}
	list := strings.Join(named, ", ")
	if n > len(named) {
		list += fmt.Sprintf(" and %d more", n-len(named))
	}
	noun := "promo codes end"
	if n == 1 {
		noun = "promo code ends"
	}
	s.Warn(fmt.Sprintf("%d %s before now, so they will be expired: %s", n, noun, list))
}
