package api

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/promoctl/promoctl/internal/jsonscan"
)

// UnmarshalJSON decodes a promo code field by field, accepting the API's
// type drift; unknown fields are skipped (the raw JSON keeps them). A
// value of the wrong type is an error that names its field.
func (p *Promo) UnmarshalJSON(b []byte) error {
	*p = Promo{}
	return jsonscan.Fields(b, func(k, v []byte) error {
		var err error
		switch string(k) {
		case "id":
			p.ID, err = optional[Int](v)
		case "code":
			err = p.Code.UnmarshalJSON(v)
		case "pos":
			p.Pos, err = optional[Int](v)
		case "is_enabled":
			err = p.IsEnabled.UnmarshalJSON(v)
		case "bonus_type":
			err = p.BonusType.UnmarshalJSON(v)
		case "bonus_amount":
			err = p.BonusAmount.UnmarshalJSON(v)
		case "bonus_amount_is_in_percentages":
			err = p.BonusAmountIsInPercentages.UnmarshalJSON(v)
		case "time_limit_is_enabled":
			err = p.TimeLimitIsEnabled.UnmarshalJSON(v)
		case "d_on":
			err = p.DOn.UnmarshalJSON(v)
		case "d_off":
			err = p.DOff.UnmarshalJSON(v)
		case "quantity_limit_is_enabled":
			err = p.QuantityLimitIsEnabled.UnmarshalJSON(v)
		case "quantity_limit":
			err = p.QuantityLimit.UnmarshalJSON(v)
		case "promo_used_count":
			p.PromoUsedCount, err = optional[Int](v)
		case "is_valid":
			p.IsValid, err = optional[Bool](v)
		case "personal_limit_is_enabled":
			p.PersonalLimitIsEnabled, err = optional[Bool](v)
		}
		if err != nil {
			return fmt.Errorf("field %q: %w", k, err)
		}
		return nil
	})
}

// optional decodes a field that a shape may lack; null is absent.
func optional[T any, PT interface {
	*T
	json.Unmarshaler
}](v []byte) (*T, error) {
	if isNull(v) {
		return nil, nil
	}
	var x T
	if err := PT(&x).UnmarshalJSON(v); err != nil {
		return nil, err
	}
	return &x, nil
}

// DecodePromos decodes a list returned by ListPromos, which checked that it
// is a valid JSON array.
func DecodePromos(raw json.RawMessage) ([]Promo, error) {
	// A list item is about 300 bytes of JSON: size the slice once.
	ps := make([]Promo, 0, len(raw)/256+1)
	i := 0
	err := jsonscan.Elements(raw, func(elem []byte) error {
		var p Promo
		if err := p.UnmarshalJSON(elem); err != nil {
			return fmt.Errorf("promo code #%d: %w", i+1, err)
		}
		ps = append(ps, p)
		i++
		return nil
	})
	if err != nil {
		return nil, &ResponseError{Status: http.StatusOK, Reason: err.Error()}
	}
	return ps, nil
}
