package cmdutil

import (
	"fmt"
	"strconv"
	"strings"
)

// PromoNotFoundError is a code text, or an id given with a site, that the
// site's list does not have: a 404 of promoctl's own (exit 4), which says
// where it looked.
type PromoNotFoundError struct {
	Codes []string
	IDs   []int64
	Site  int64
}

func (e *PromoNotFoundError) Error() string {
	ids := make([]string, len(e.IDs))
	for i, id := range e.IDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	idWhy := "an id given with a site (--site-id or the configured site_id) must be on that site's list"
	if len(e.Codes) == 0 {
		what := "promo code " + ids[0] + " is"
		if len(ids) > 1 {
			what = "promo codes " + strings.Join(ids, ", ") + " are"
		}
		return fmt.Sprintf("%s not on site %d, and nothing was sent: %s", what, e.Site, idWhy)
	}
	if len(ids) > 0 {
		return fmt.Sprintf("promo codes %q and ids %s not found on site %d, and nothing was sent: a code is looked up in the list of --site-id or the configured site_id, and %s",
			strings.Join(e.Codes, ", "), strings.Join(ids, ", "), e.Site, idWhy)
	}
	what := fmt.Sprintf("promo code %q", e.Codes[0])
	if len(e.Codes) > 1 {
		what = fmt.Sprintf("promo codes %q", strings.Join(e.Codes, ", "))
	}
	return fmt.Sprintf("%s not found on site %d (a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)",
		what, e.Site)
}
