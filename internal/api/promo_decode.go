package api

import (
	"encoding/json"
	"net/http"

	"github.com/promoctl/promoctl/internal/i18n"
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

// field decodes one field of a promo code (decodeField, generated from
// promo.Registry), naming it in an error.
func (p *Promo) field(k, v []byte, a *arena) error {
	if err := p.decodeField(k, v, a); err != nil {
		return i18n.NewError(0, "api.json.field", "Field", string(k), "Err", err)
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
				return i18n.NewError(0, "api.json.promo_n", "N", len(ps), "Err", err)
			}
			return nil
		})
	if err := <-valid; err != nil {
		return nil, &ResponseError{Status: http.StatusOK, Why: i18n.M("api.json.error", "Err", err)}
	}
	if err != nil {
		return nil, &ResponseError{Status: http.StatusOK, Why: i18n.M("api.json.error", "Err", err)}
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
	code []byte
}

// Decode decodes the next element of the list into p.
func (d *PromoDecoder) Decode(elem []byte, p *Promo) error {
	return d.decode(elem, p, false)
}

// DecodeCode decodes the next element as Decode does, except for its code:
// p.Code is left empty and the code is returned, in a buffer that is
// reused by the next call. A list written as it streams (CSV) then makes
// no garbage for its codes.
func (d *PromoDecoder) DecodeCode(elem []byte, p *Promo) ([]byte, error) {
	err := d.decode(elem, p, true)
	return d.code, err
}

func (d *PromoDecoder) decode(elem []byte, p *Promo, codeBytes bool) error {
	d.n++
	d.a.ints, d.a.bools = d.a.ints[:0], d.a.bools[:0]
	d.code = d.code[:0]
	*p = Promo{}
	if len(elem) == 0 || elem[0] != '{' {
		return &ResponseError{Status: http.StatusOK, Why: i18n.M("api.json.item_not_object", "N", d.n)}
	}
	err := jsonscan.Fields(elem, func(k, v []byte) error {
		if !codeBytes || string(k) != "code" {
			return p.field(k, v, &d.a)
		}
		text, err := stringText(v)
		if err != nil {
			return i18n.NewError(0, "api.json.field", "Field", string(k), "Err", err)
		}
		d.code = append(d.code[:0], text...)
		return nil
	})
	if err != nil {
		return &ResponseError{Status: http.StatusOK, Why: i18n.M("api.json.promo_n", "N", d.n, "Err", err)}
	}
	return nil
}

// one allocates a value of an optional field that the arena does not hold
// in blocks (an amount, a text). promo_gen.go calls it for such a field.
//
//lint:ignore U1000 fieldgen writes calls to it for an optional amount or text, which no row has today.
func one[T any]() *T { return new(T) }

// optionalTime decodes a date that a shape may lack; null is absent.
//
//lint:ignore U1000 fieldgen writes calls to it for an optional date, which no row has today.
func (a *arena) optionalTime(v []byte) (*Time, error) {
	if isNull(v) {
		return nil, nil
	}
	t := new(Time)
	if err := a.time(t, v); err != nil {
		return nil, err
	}
	return t, nil
}
