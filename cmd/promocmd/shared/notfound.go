package shared

import (
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/i18n"
)

// notFoundError is a code text, or an id given with a site, that the
// site's list does not have: a 404 of promoctl's own (exit 4), which says
// where it looked. codes and ids are what the list lacks (at least one).
func notFoundError(codes []string, ids []int64, site int64) error {
	idText := make([]string, len(ids))
	for i, id := range ids {
		idText[i] = strconv.FormatInt(id, 10)
	}
	ids2, codes2 := strings.Join(idText, ", "), strings.Join(codes, ", ")
	// One or several: the words for a list do not follow its count's last
	// digits (21 codes are several, though Russian says 21 as it says 1).
	id := "promo.not_found."
	switch {
	case len(codes) == 0 && len(ids) == 1:
		id += "id"
	case len(codes) == 0:
		id += "ids"
	case len(ids) > 0:
		id += "codes_and_ids"
	case len(codes) == 1:
		id += "code"
	default:
		id += "codes"
	}
	return i18n.NewError(cmdutil.ExitNotFound, id, "Codes", codes2, "IDs", ids2, "Site", site)
}
