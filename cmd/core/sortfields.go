package core

import (
	"github.com/promoctl/promoctl/internal/promo"
)

// PromoSortFields are the names --sort takes: the API's fields of a list
// item (promo.Registry's sortable ones), and status.
func PromoSortFields() []string {
	return append(promo.FieldNames(func(f promo.Field) bool { return f.Sortable }), "status")
}
