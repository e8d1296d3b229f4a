package promo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// BonusType is what a promo code discounts: the goods or the delivery.
type BonusType int

// The bonus types the API knows (spec 2.1).
const (
	Goods    BonusType = 2
	Delivery BonusType = 3
)

// ParseBonusType accepts the names goods and delivery (any case), the
// words promoctl's tables show them as in any language it speaks
// (word.goods, word.delivery, and word.delivery.also, a word tables wrote
// before: товары, доставку, доставка), and the API's own numbers 2 and 3.
func ParseBonusType(s string) (BonusType, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	types := []BonusType{Goods, Delivery}
	for _, b := range types {
		if w == b.String() || w == strconv.Itoa(int(b)) {
			return b, nil
		}
	}
	for _, b := range types {
		if i18n.Written(w, "word."+b.String(), "word."+b.String()+".also") {
			return b, nil
		}
	}
	return 0, i18n.NewError(0, "value.bonus_type", "Value", Quoted(s))
}

// Valid reports whether b is one of the types the API accepts.
func (b BonusType) Valid() bool { return b == Goods || b == Delivery }

// String returns goods or delivery, or the number for a type this client
// does not know, so that a new server value is still shown.
func (b BonusType) String() string {
	switch b {
	case Goods:
		return "goods"
	case Delivery:
		return "delivery"
	}
	return fmt.Sprintf("%d", int(b))
}
