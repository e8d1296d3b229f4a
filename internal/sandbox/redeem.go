package sandbox

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
)

// Refusal says why a promo code was not applied to an order.
type Refusal string

// Reasons for refusing a promo code, checked in this order.
const (
	RefusalUnknownCode      Refusal = "unknown_code"      // no such code on the site
	RefusalDisabled         Refusal = "disabled"          // is_enabled is false
	RefusalNotStarted       Refusal = "not_started"       // time-limited and before d_on
	RefusalExpired          Refusal = "expired"           // time-limited and after d_off
	RefusalUsedUp           Refusal = "used_up"           // quantity-limited and no uses left
	RefusalCustomerRequired Refusal = "customer_required" // once per user, but no customer given
	RefusalAlreadyUsed      Refusal = "already_used"      // once per user and this customer used it
	RefusalNotApplicable    Refusal = "not_applicable"    // nothing to discount: the price it applies to is 0
)

// ErrCantViewSite is matched by errors.Is when Redeem is called for a site
// the user cannot view.
const ErrCantViewSite = constError(titleCantViewSite)

// RefusedError is the error Redeem returns when the shop refuses the code.
type RefusedError struct {
	Code   string
	Reason Refusal
}

func (e *RefusedError) Error() string {
	var why string
	switch e.Reason {
	case RefusalUnknownCode:
		why = "no such promo code on this site"
	case RefusalDisabled:
		why = "the promo code is disabled"
	case RefusalNotStarted:
		why = "the promo code is not valid yet"
	case RefusalExpired:
		why = "the promo code has expired"
	case RefusalUsedUp:
		why = "the promo code has been used the permitted number of times"
	case RefusalCustomerRequired:
		why = "the promo code is once per customer and no customer was given"
	case RefusalAlreadyUsed:
		why = "this customer has already used the promo code"
	case RefusalNotApplicable:
		why = "the order has nothing the promo code discounts"
	default:
		why = string(e.Reason)
	}
	return fmt.Sprintf("promo code %s refused: %s", e.Code, why)
}

// Message is the refusal for the person at the terminal, in the run's
// language; Error() stays the title POST /sandbox/redeem answers with,
// the API's words (RefusedCode reads it).
func (e *RefusedError) Message() i18n.Message {
	return i18n.M("sandbox.redeem.refused", "Code", e.Code, "Why", i18n.M("sandbox.refusal."+string(e.Reason)))
}

// RedeemRequest is an order to which a shopper applies a promo code.
// Its JSON form is the body of POST /sandbox/redeem.
type RedeemRequest struct {
	SiteID int64 `json:"site_id"`
	// Code is matched regardless of letter case.
	Code string `json:"code"`
	// OrderPrice is the cost of the main goods; DeliveryPrice the cost of
	// delivery. Neither may be negative.
	OrderPrice    float64 `json:"order_price"`
	DeliveryPrice float64 `json:"delivery_price,omitempty"`
	// OrderQuantity is the number of items ordered; 0 means 1.
	OrderQuantity float64 `json:"order_quantity,omitempty"`
	// CustomerID identifies the shopper; once-per-user codes require it.
	CustomerID int64 `json:"customer_id,omitempty"`
	// Currency of the prices; "" means the site's currency.
	Currency string `json:"currency,omitempty"`
	// LeadID is the order's id; 0 assigns the next free one.
	LeadID int64 `json:"lead_id,omitempty"`
}

// RedeemResult is an order after the promo code was applied.
type RedeemResult struct {
	PromoID int64
	Code    string // the promo code as stored, in its own letter case
	StatID  int64  // id of the statistics record of this use
	LeadID  int64
	// BonusType is BonusGoods or BonusDelivery: which price was discounted.
	BonusType int64
	// Discount is the amount taken off, never more than the discounted price.
	Discount float64
	// OrderPrice and DeliveryPrice are the prices after the discount.
	OrderPrice    float64
	DeliveryPrice float64
	Total         float64
	Currency      string
	UsedAt        time.Time
}

// Redeem applies a promo code to an order the way the shop would: it refuses
// it (a *RefusedError) when it is unknown, disabled, not started, expired,
// used up, or already used by this customer under personal_limit_is_enabled;
// otherwise it computes the discount on the goods or on delivery, as a
// percentage or a fixed amount capped at the price, and records the use as a
// statistics record, so statistics and promo_used_count show it. userID is
// the shop administrator acting; a site they cannot view fails with
// ErrCantViewSite.
func (s *Store) Redeem(ctx context.Context, userID int64, r RedeemRequest) (RedeemResult, error) {
	if err := checkRedeemRequest(r); err != nil {
		return RedeemResult{}, i18n.NewError(0, "sandbox.err.redeem", "Code", r.Code, "Site", r.SiteID, "Err", err)
	}
	if r.OrderQuantity == 0 {
		r.OrderQuantity = 1
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	var res RedeemResult
	err := s.update(ctx, func(tx *bolt.Tx) error {
		site, err := viewableSite(tx, userID, r.SiteID)
		var ae *apiError
		if errors.As(err, &ae) {
			return ErrCantViewSite
		}
		if err != nil {
			return err
		}
		if r.Currency == "" {
			r.Currency = site.Currency
		}
		p, err := promoByCode(tx, r.SiteID, r.Code)
		if err != nil {
			return err
		}
		if p == nil {
			return &RefusedError{Code: r.Code, Reason: RefusalUnknownCode}
		}
		if why := p.refusal(usedCount(tx, p.ID), now); why != "" {
			return &RefusedError{Code: p.Code, Reason: why}
		}
		if p.PersonalLimit {
			if r.CustomerID == 0 {
				return &RefusedError{Code: p.Code, Reason: RefusalCustomerRequired}
			}
			used, err := customerUsed(tx, p.ID, r.CustomerID)
			if err != nil {
				return err
			}
			if used {
				return &RefusedError{Code: p.Code, Reason: RefusalAlreadyUsed}
			}
		}
		if discountBase(p, r.OrderPrice, r.DeliveryPrice) == 0 {
			return &RefusedError{Code: p.Code, Reason: RefusalNotApplicable}
		}
		stats := tx.Bucket([]byte(bucketStats))
		statID, err := stats.NextSequence()
		if err != nil {
			return i18n.NewError(0, "sandbox.err.next_stat_id", "Err", err)
		}
		lead := r.LeadID
		if lead == 0 {
			seq, err := tx.Bucket([]byte(bucketLeads)).NextSequence()
			if err != nil {
				return i18n.NewError(0, "sandbox.err.next_lead_id", "Err", err)
			}
			lead = int64(seq)
		}
		rec := newStat(p, int64(statID), lead, r.CustomerID, r.OrderPrice, r.OrderQuantity, r.DeliveryPrice, r.Currency, now)
		if err := putJSON(tx, bucketStats, pairKey(p.ID, rec.ID), rec); err != nil {
			return err
		}
		res = RedeemResult{
			PromoID: p.ID, Code: p.Code, StatID: rec.ID, LeadID: lead, BonusType: p.BonusType,
			Discount: rec.DiscountAmount, OrderPrice: r.OrderPrice, DeliveryPrice: r.DeliveryPrice,
			Currency: r.Currency, UsedAt: now,
		}
		if p.BonusType == BonusDelivery {
			res.DeliveryPrice = roundCents(r.DeliveryPrice - rec.DiscountAmount)
		} else {
			res.OrderPrice = roundCents(r.OrderPrice - rec.DiscountAmount)
		}
		res.Total = roundCents(res.OrderPrice + res.DeliveryPrice)
		return nil
	})
	if err != nil {
		return RedeemResult{}, i18n.NewError(0, "sandbox.err.redeem", "Code", r.Code, "Site", r.SiteID, "Err", err)
	}
	return res, nil
}

func checkRedeemRequest(r RedeemRequest) error {
	for _, f := range []struct {
		id string // the catalog's id of its refusal
		v  float64
	}{{"sandbox.err.order_price", r.OrderPrice}, {"sandbox.err.delivery_price", r.DeliveryPrice}, {"sandbox.err.order_quantity", r.OrderQuantity}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v < 0 {
			return i18n.NewError(0, f.id, "Value", fmt.Sprint(f.v))
		}
	}
	if r.LeadID < 0 || r.CustomerID < 0 {
		return i18n.NewError(0, "sandbox.err.negative_ids")
	}
	return nil
}

// promoByCode finds a promo code of a site through the code index.
func promoByCode(tx *bolt.Tx, siteID int64, code string) (*promoRec, error) {
	if !validCode(code) {
		return nil, nil
	}
	id := tx.Bucket([]byte(bucketCodes)).Get(codeKey(siteID, strings.TrimSpace(code)))
	if id == nil {
		return nil, nil
	}
	var p promoRec
	ok, err := getJSON(tx, bucketPromos, id, &p)
	if err != nil || !ok {
		return nil, err
	}
	return &p, nil
}

// customerUsed reports whether the customer has a recorded use of the promo.
func customerUsed(tx *bolt.Tx, promoID, customerID int64) (bool, error) {
	errFound := errors.New("found")
	err := forEachJSON(tx, bucketStats, itob(promoID), func(r *statRec) error {
		if r.CustomerID == customerID {
			return errFound
		}
		return nil
	})
	if errors.Is(err, errFound) {
		return true, nil
	}
	return false, err
}

// discountBase is the price the promo code discounts.
func discountBase(p *promoRec, orderPrice, deliveryPrice float64) float64 {
	if p.BonusType == BonusDelivery {
		return deliveryPrice
	}
	return orderPrice
}

// discount is what the promo code takes off: a percentage of the price or a
// fixed amount, rounded to cents and never more than the price.
func discount(p *promoRec, orderPrice, deliveryPrice float64) float64 {
	base := discountBase(p, orderPrice, deliveryPrice)
	d := p.BonusAmount
	if p.IsPercent {
		d = base * p.BonusAmount / 100
	}
	return roundCents(math.Min(d, base))
}

func roundCents(v float64) float64 {
	return math.Round(v*100) / 100
}

// newStat builds the statistics record of one use, copying the promo code's
// terms as they are at the time of use.
func newStat(p *promoRec, id, lead, customer int64, orderPrice, quantity, deliveryPrice float64, currency string, at time.Time) statRec {
	return statRec{
		ID: id, PromoID: p.ID, LeadID: lead, CustomerID: customer, Code: p.Code,
		BonusType: p.BonusType, BonusAmount: p.BonusAmount, IsPercent: p.IsPercent,
		OrderPrice: orderPrice, OrderQuantity: quantity, DeliveryPrice: deliveryPrice,
		DiscountAmount: discount(p, orderPrice, deliveryPrice),
		Currency:       currency, LeadCreated: at,
	}
}

// RefusedCode is the promo code that the title of a refusal (the text of
// a RefusedError, as POST /sandbox/redeem answers it) names, as the
// sandbox stores it: a client that says the refusal in its own words
// names the code the same.
func RefusedCode(title string) (string, bool) {
	rest, ok := strings.CutPrefix(title, "promo code ")
	if !ok {
		return "", false
	}
	code, _, ok := strings.Cut(rest, " refused: ")
	return code, ok && code != ""
}
