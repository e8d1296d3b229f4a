package view

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Redeemed is an order a promo code was applied to in the sandbox, as its
// card shows it. The command fills it from the sandbox's answer.
type Redeemed struct {
	PromoID int64
	LeadID  int64 // the order
	// BonusType says which price was discounted.
	BonusType promo.BonusType
	// OrderPrice and DeliveryPrice are the prices asked, before the
	// discount; Total is what is left to pay.
	OrderPrice, DeliveryPrice float64
	Discount, Total           float64
	Currency                  string
	UsedAt                    time.Time
}

// Redemption shows an order a promo code was applied to in the sandbox:
// the prices asked, the discount and what is left to pay. raw is the
// redemption as JSON and YAML show it.
func Redemption(raw json.RawMessage, r Redeemed, loc *time.Location) output.Data {
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			var c card
			c.add(h("promo_code_id", text), strconv.FormatInt(r.PromoID, 10))
			c.add(h("order", text), strconv.FormatInt(r.LeadID, 10))
			c.add(h("discount_on", word), r.BonusType.String())
			c.add(h("order_price", money), Money(r.OrderPrice)+" "+termsafe.String(r.Currency))
			c.add(h("delivery_price", money), Money(r.DeliveryPrice)+" "+termsafe.String(r.Currency))
			c.add(h("discount", money), Money(r.Discount)+" "+termsafe.String(r.Currency))
			c.add(h("to_pay", money), Money(r.Total)+" "+termsafe.String(r.Currency))
			c.add(h("used_at", moment), r.UsedAt.In(loc).Format("2006-01-02 15:04"))
			return []output.Grid{c.grid(false)}, nil
		},
	}
}
