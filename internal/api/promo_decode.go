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
	return p.decode(b, nil)
}

func (p *Promo) decode(b []byte, a *arena) error {
	*p = Promo{}
	return jsonscan.Fields(b, func(k, v []byte) error { return p.field(k, v, a) })
}

// field decodes one field of a promo code.
func (p *Promo) field(k, v []byte, a *arena) error {
	var err error
	switch string(k) {
	case "id":
		p.ID, err = optionalIn(a.int, v)
	case "code":
		err = p.Code.UnmarshalJSON(v)
	case "pos":
		p.Pos, err = optionalIn(a.int, v)
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
		err = a.time(&p.DOn, v)
	case "d_off":
		err = a.time(&p.DOff, v)
	case "quantity_limit_is_enabled":
		err = p.QuantityLimitIsEnabled.UnmarshalJSON(v)
	case "quantity_limit":
		err = p.QuantityLimit.UnmarshalJSON(v)
	case "promo_used_count":
		p.PromoUsedCount, err = optionalIn(a.int, v)
	case "is_valid":
		p.IsValid, err = optionalIn(a.bool, v)
	case "personal_limit_is_enabled":
		p.PersonalLimitIsEnabled, err = optionalIn(a.bool, v)
	}
	if err != nil {
		return fmt.Errorf("field %q: %w", k, err)
	}
	return nil
}

// optionalIn decodes a field that a shape may lack, into a value from
// alloc; null is absent.
func optionalIn[T any, PT interface {
	*T
	json.Unmarshaler
}](alloc func() *T, v []byte) (*T, error) {
	if isNull(v) {
		return nil, nil
	}
	x := alloc()
	if err := PT(x).UnmarshalJSON(v); err != nil {
		return nil, err
	}
	return x, nil
}

// arena hands out the optional fields of many promo codes from a few
// large blocks, and reads each distinct date once: a list of 100,000 codes
// otherwise costs half a million small allocations, and codes made for one
// campaign share their dates. A nil arena allocates one by one.
type arena struct {
	ints  []Int
	bools []Bool
	dates map[string]Time
}

const arenaBlock = 4096

func (a *arena) int() *Int {
	if a == nil {
		return new(Int)
	}
	if len(a.ints) == cap(a.ints) {
		a.ints = make([]Int, 0, arenaBlock)
	}
	a.ints = a.ints[:len(a.ints)+1]
	return &a.ints[len(a.ints)-1]
}

func (a *arena) bool() *Bool {
	if a == nil {
		return new(Bool)
	}
	if len(a.bools) == cap(a.bools) {
		a.bools = make([]Bool, 0, arenaBlock)
	}
	a.bools = a.bools[:len(a.bools)+1]
	return &a.bools[len(a.bools)-1]
}

// time decodes a date, reusing the result for a date seen before.
func (a *arena) time(t *Time, v []byte) error {
	if a == nil {
		return t.UnmarshalJSON(v)
	}
	if cached, ok := a.dates[string(v)]; ok {
		*t = cached
		return nil
	}
	if err := t.UnmarshalJSON(v); err != nil {
		return err
	}
	if a.dates == nil {
		a.dates = map[string]Time{}
	}
	if len(a.dates) < arenaBlock {
		a.dates[string(v)] = *t
	}
	return nil
}

// DecodePromos decodes a list returned by ListPromos, checking that it is
// valid JSON.
func DecodePromos(raw json.RawMessage) ([]Promo, error) {
	// A list item is about 300 bytes of JSON: size the slice once.
	ps := make([]Promo, 0, len(raw)/256+1)
	// ListPromos checked only the list's shape: check the rest on the
	// other core while this one decodes.
	valid := make(chan error, 1)
	go func() { valid <- jsonscan.Check(raw) }()
	var a arena
	err := jsonscan.ObjectElements(raw,
		func(int) error { ps = append(ps, Promo{}); return nil },
		func(k, v []byte) error {
			if err := ps[len(ps)-1].field(k, v, &a); err != nil {
				return fmt.Errorf("promo code #%d: %w", len(ps), err)
			}
			return nil
		})
	if err := <-valid; err != nil {
		return nil, &ResponseError{Status: http.StatusOK, Reason: err.Error()}
	}
	if err != nil {
		return nil, &ResponseError{Status: http.StatusOK, Reason: err.Error()}
	}
	return ps, nil
}

// PromoDecoder decodes the promo codes of a list one at a time, as the
// list streams (ListStream): each distinct date is read once, and the
// optional fields reuse one block, so the Promo it fills is valid until
// the next call. Errors read as DecodePromos's.
type PromoDecoder struct {
	a    arena
	n    int
	code []byte // DecodeCode's
}

// Decode decodes the next element of the list into p.
func (d *PromoDecoder) Decode(elem []byte, p *Promo) error {
	return d.decode(elem, p, func(k, v []byte) error { return p.field(k, v, &d.a) })
}

// DecodeCode decodes the next element of the list into p as Decode does,
// except its code: p.Code is left empty and the code's text returned
// instead, in a buffer of d's that the next call reuses. A list's table
// then makes no string per code, and no garbage per element.
func (d *PromoDecoder) DecodeCode(elem []byte, p *Promo) ([]byte, error) {
	d.code = d.code[:0]
	err := d.decode(elem, p, func(k, v []byte) error {
		if string(k) != "code" {
			return p.field(k, v, &d.a)
		}
		var err error
		if d.code, err = appendString(d.code[:0], v); err != nil {
			return fmt.Errorf("field %q: %w", k, err)
		}
		return nil
	})
	return d.code, err
}

// decode decodes elem into p, each field by field.
func (d *PromoDecoder) decode(elem []byte, p *Promo, field func(k, v []byte) error) error {
	d.n++
	d.a.ints, d.a.bools = d.a.ints[:0], d.a.bools[:0]
	*p = Promo{}
	if len(elem) == 0 || elem[0] != '{' {
		return &ResponseError{Status: http.StatusOK, Reason: fmt.Sprintf("item %d is not an object", d.n)}
	}
	if err := jsonscan.Fields(elem, field); err != nil {
		return &ResponseError{Status: http.StatusOK, Reason: fmt.Sprintf("promo code #%d: %v", d.n, err)}
	}
	return nil
}
