package core

// promoSortFields are the names --sort takes: the API's fields of a list
// item, and status.
func PromoSortFields() []string {
	return []string{"id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "promo_used_count", "is_valid",
		"personal_limit_is_enabled", "status"}
}
