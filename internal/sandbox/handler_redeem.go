package sandbox

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// RedeemPath is the sandbox's own checkout endpoint, which the real API
// does not have: POST a RedeemRequest as JSON to it, with the API's auth
// headers, and the answer is a Redemption. A refused code answers 422 with
// the error kind of its Refusal (KindOfRefusal).
const RedeemPath = "/sandbox/redeem"

// Redemption is the answer of POST /sandbox/redeem: the order with the
// promo code applied. OrderPrice and DeliveryPrice are the prices ordered;
// Total is what is left to pay after Discount.
type Redemption struct {
	PromoID       int64   `json:"promo_id"`
	Code          string  `json:"code"`
	SiteID        int64   `json:"site_id"`
	StatID        int64   `json:"statistics_id"`
	LeadID        int64   `json:"lead_id"`
	BonusType     int64   `json:"bonus_type"`
	OrderPrice    float64 `json:"order_price"`
	DeliveryPrice float64 `json:"delivery_price"`
	Discount      float64 `json:"discount_amount"`
	Total         float64 `json:"total"`
	Currency      string  `json:"currency"`
	UsedAt        string  `json:"used_at"` // as the API writes dates: 2026-03-02T09:30:15.250Z
}

// NewRedemption is the Redemption of an order req that (*Store).Redeem
// answered with res.
func NewRedemption(req RedeemRequest, res RedeemResult) Redemption {
	return Redemption{
		PromoID: res.PromoID, Code: res.Code, SiteID: req.SiteID, StatID: res.StatID, LeadID: res.LeadID,
		BonusType: res.BonusType, OrderPrice: req.OrderPrice, DeliveryPrice: req.DeliveryPrice,
		Discount: res.Discount, Total: res.Total, Currency: res.Currency, UsedAt: formatAPITime(res.UsedAt),
	}
}

// Parts returns the order and the result a Redemption describes, as
// (*Store).Redeem takes and returns them.
func (r Redemption) Parts() (RedeemRequest, RedeemResult, error) {
	at, err := time.Parse(time.RFC3339Nano, r.UsedAt)
	if err != nil {
		return RedeemRequest{}, RedeemResult{}, i18n.NewError(0, "sandbox.err.used_at", "Value", r.UsedAt, "Err", err)
	}
	req := RedeemRequest{SiteID: r.SiteID, Code: r.Code, OrderPrice: r.OrderPrice, DeliveryPrice: r.DeliveryPrice, Currency: r.Currency, LeadID: r.LeadID}
	res := RedeemResult{
		PromoID: r.PromoID, Code: r.Code, StatID: r.StatID, LeadID: r.LeadID, BonusType: r.BonusType,
		Discount: r.Discount, OrderPrice: r.OrderPrice, DeliveryPrice: r.DeliveryPrice, Total: r.Total,
		Currency: r.Currency, UsedAt: at,
	}
	if r.BonusType == BonusDelivery {
		res.DeliveryPrice = roundCents(r.DeliveryPrice - r.Discount)
	} else {
		res.OrderPrice = roundCents(r.OrderPrice - r.Discount)
	}
	return req, res, nil
}

// POST /sandbox/redeem
func (h *handler) redeem(c *call) error {
	body, err := c.body()
	if err != nil {
		return err
	}
	obj, err := decodeObject(body)
	if err != nil {
		return err
	}
	req, err := parseRedeemRequest(obj)
	if err != nil {
		return err
	}
	res, err := h.store.Redeem(c.r.Context(), c.user, req)
	var refused *RefusedError
	switch {
	case errors.As(err, &refused):
		return &apiError{Title: refused.Error(), Kind: KindOfRefusal(refused.Reason), Status: http.StatusUnprocessableEntity}
	case errors.Is(err, ErrCantViewSite):
		return errCantViewSite()
	case err != nil:
		return err
	}
	return c.json(http.StatusOK, NewRedemption(req, res))
}

// parseRedeemRequest reads the order of a redeem body. Unlike promo
// bodies, it refuses fields it does not know: the endpoint is the
// sandbox's own, and a misspelt optional field would otherwise change the
// discount without a word.
func parseRedeemRequest(obj map[string]json.RawMessage) (RedeemRequest, error) {
	known := []string{"site_id", "code", "order_price", "delivery_price", "order_quantity", "customer_id", "currency", "lead_id"}
	var unknown []string
	for name := range obj {
		if !slices.Contains(known, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return RedeemRequest{}, invalidf("unknown field %s; the fields are %s", strings.Join(unknown, ", "), strings.Join(known, ", "))
	}
	var r RedeemRequest
	site, err := intField(obj, "site_id")
	switch {
	case err != nil:
		return r, err
	case site == nil:
		return r, invalidf("site_id is required")
	case *site <= 0:
		return r, invalidf("site_id must be a positive integer")
	}
	r.SiteID = *site
	code, err := stringField(obj, "code")
	switch {
	case err != nil:
		return r, err
	case code == nil:
		return r, invalidf("code is required")
	}
	r.Code = *code
	if currency, err := stringField(obj, "currency"); err != nil {
		return r, err
	} else if currency != nil {
		r.Currency = *currency
	}
	for _, f := range []struct {
		name     string
		dst      *float64
		required bool
	}{
		{"order_price", &r.OrderPrice, true},
		{"delivery_price", &r.DeliveryPrice, false},
		{"order_quantity", &r.OrderQuantity, false},
	} {
		v, err := numberField(obj, f.name)
		switch {
		case err != nil:
			return r, err
		case v == nil && f.required:
			return r, invalidf("%s is required", f.name)
		case v == nil:
			continue
		case *v < 0:
			return r, invalidf("%s must be a non-negative number, got %v", f.name, *v)
		}
		*f.dst = *v
	}
	for _, f := range []struct {
		name string
		dst  *int64
	}{
		{"customer_id", &r.CustomerID},
		{"lead_id", &r.LeadID},
	} {
		v, err := intField(obj, f.name)
		switch {
		case err != nil:
			return r, err
		case v == nil:
			continue
		case *v <= 0:
			return r, invalidf("%s must be a positive integer", f.name)
		}
		*f.dst = *v
	}
	return r, nil
}
