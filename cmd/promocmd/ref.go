package promocmd

import (
	"strings"

	"github.com/promoctl/promoctl/cmd/core"
	"github.com/promoctl/promoctl/internal/promo"
)

// parsePromoRef reads a CODE_OR_ID argument.
func parsePromoRef(arg string) (core.PromoRef, error) {
	s := strings.TrimSpace(arg)
	if s == "" {
		return core.PromoRef{}, core.Usagef("a promo code id or code is required, got %q", arg)
	}
	if core.IsDigits(s) {
		id, err := core.ParseID("promo code id", s)
		return core.PromoRef{ID: id}, err
	}
	if promo.ValidateCode(s) != nil {
		return core.PromoRef{}, core.Usagef("invalid promo code id or code %q: an id is digits only, a code 2-15 Latin letters or digits", arg)
	}
	return core.PromoRef{Code: s}, nil
}
