package view

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sandbox"
)

// Redemption shows an order a promo code was applied to in the sandbox:
// the prices asked, the discount and what is left to pay.
func Redemption(req sandbox.RedeemRequest, r sandbox.RedeemResult, loc *time.Location) (output.Data, error) {
	js, err := json.Marshal(sandbox.NewRedemption(req, r))
	if err != nil {
		return output.Data{}, err
	}
	return output.Data{
		JSON: js,
		Tables: func() ([]output.Grid, error) {
			rows := [][]string{
				{"Promo code id:", strconv.FormatInt(r.PromoID, 10)},
				{"Order:", strconv.FormatInt(r.LeadID, 10)},
				{"Discount on:", promo.BonusType(r.BonusType).String()},
				{"Order price:", Money(req.OrderPrice) + " " + output.Text(r.Currency)},
				{"Delivery price:", Money(req.DeliveryPrice) + " " + output.Text(r.Currency)},
				{"Discount:", Money(r.Discount) + " " + output.Text(r.Currency)},
				{"To pay:", Money(r.Total) + " " + output.Text(r.Currency)},
				{"Used at:", r.UsedAt.In(loc).Format("2006-01-02 15:04")},
			}
			return []output.Grid{{Rows: rows, KeyValue: true}}, nil
		},
	}, nil
}
