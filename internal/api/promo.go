package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// StatusFields returns the fields of p that decide its status
// (promo.StatusFields.StatusAt). They point into p, rather than at
// copies, so that the status of each code of a long list costs no
// allocation.
func (p *Promo) StatusFields() promo.StatusFields {
	f := promo.StatusFields{
		Enabled:       bool(p.IsEnabled),
		TimeLimit:     bool(p.TimeLimitIsEnabled),
		QuantityLimit: bool(p.QuantityLimitIsEnabled),
		Limit:         int64(p.QuantityLimit),
	}
	if p.DOn.Set() {
		f.Starts = &p.DOn.Time
	}
	if p.DOff.Set() {
		f.Ends = &p.DOff.Time
	}
	if p.PromoUsedCount != nil {
		f.Used = (*int64)(p.PromoUsedCount)
	}
	return f
}

// Stat is one use of a promo code (spec 2.4).
type Stat struct {
	ID                         Int   `json:"id"`
	PromoID                    Int   `json:"promo_id"`
	LeadID                     Int   `json:"lead_id"`
	BonusTypeID                Int   `json:"bonus_type_id"`
	BonusAmount                Float `json:"bonus_amount"`
	BonusAmountIsInPercentages Bool  `json:"bonus_amount_is_in_percentages"`
	OrderPrice                 Float `json:"order_price"`
	OrderQuantity              Float `json:"order_quantity"`
	DiscountAmount             Float `json:"discount_amount"`
	Promo                      struct {
		Code String `json:"code"`
	} `json:"promo"`
	DLeadCreated Time   `json:"d_lead_created"`
	Currency     String `json:"currency"`
}

// ListPromos returns the promo codes of a site as the server sent them: a
// JSON array (null is read as an empty one). A list can be tens of
// megabytes, so only its shape is checked here (not empty, not HTML, an
// array, not cut off); whoever uses it checks the rest on the way:
// DecodePromos while decoding, the JSON output before printing.
func (c *Client) ListPromos(ctx context.Context, siteID int64) (json.RawMessage, error) {
	q := url.Values{"site_id": {strconv.FormatInt(siteID, 10)}}
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: "/v1/promo", Query: q, List: true})
	if err == nil {
		var raw json.RawMessage
		if raw, err = checkShape(resp, '['); err == nil {
			return raw, nil
		}
	}
	return nil, i18n.NewError(0, "api.list_promos", "Site", siteID, "Err", withSubject(err, SiteSubject(siteID)))
}

// NotAPromoRecord is the Reason of the ResponseError GetPromo returns for
// an object without a code.
const NotAPromoRecord = "not_a_promo_record"

// GetPromo returns one promo code: its JSON as sent and decoded. An object
// without a code (empty, all null, or a wrapper such as {"data":[…]}) is
// an unexpected response, not a blank promo code: every promo code has one
// (spec 2.2), and update would otherwise send the blank record back.
func (c *Client) GetPromo(ctx context.Context, id int64) (json.RawMessage, Promo, error) {
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: promoPath(id)})
	if err != nil {
		return nil, Promo{}, inContext(withSubject(err, PromoSubject(id)), "api.get_promo", "ID", id)
	}
	raw, p, err := decodeRecord(resp)
	if err == nil && p.Code == "" {
		err = &ResponseError{Status: resp.Status, Reason: NotAPromoRecord, Why: i18n.M("api.json.no_code")}
	}
	if err != nil {
		return nil, Promo{}, inContext(err, "api.get_promo", "ID", id)
	}
	return raw, p, nil
}

// CreatePromo creates a promo code and returns the server's record. The
// documented record has no id; when the server names the new promo code
// in a Location header (/v1/promo/{id}), its id is set from there.
func (c *Client) CreatePromo(ctx context.Context, body promo.CreateBody) (json.RawMessage, Promo, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, Promo{}, i18n.NewError(0, "api.create_promo", "Code", body.Code, "Err", err)
	}
	resp, err := c.Do(ctx, Request{Method: http.MethodPost, Path: "/v1/promo", Body: b})
	var raw json.RawMessage
	var p Promo
	if err == nil {
		// A 2xx whose record cannot be read is a code created, most
		// likely: MayHaveActed says so.
		raw, p, err = decodeRecord(resp)
	}
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled) || !MayHaveActed(err):
		// Ctrl-C is reported as cancelled, whatever the request's fate.
		return nil, Promo{}, i18n.NewError(0, "api.create_promo_on_site", "Code", body.Code, "Site", body.SiteID, "Err", withSubject(err, SiteSubject(body.SiteID)))
	default:
		return nil, Promo{}, i18n.NewError(0, "api.create_promo_maybe", "Code", body.Code, "Site", body.SiteID, "Err", err)
	}
	if p.ID == nil {
		if id, ok := locationID(resp.Header.Get("Location")); ok {
			v := Int(id)
			p.ID = &v
		}
	}
	return raw, p, nil
}

// locationID reads the id from a Location of the form …/v1/promo/{id}.
func locationID(loc string) (int64, bool) {
	i := strings.LastIndex(loc, "/v1/promo/")
	if i < 0 {
		return 0, false
	}
	id, err := strconv.ParseInt(loc[i+len("/v1/promo/"):], 10, 64)
	return id, err == nil && id > 0
}

// UpdatePromo replaces the writable fields of a promo code.
func (c *Client) UpdatePromo(ctx context.Context, id int64, f promo.Record) (json.RawMessage, Promo, error) {
	b, err := json.Marshal(f)
	if err != nil {
		return nil, Promo{}, inContext(err, "api.update_promo", "ID", id)
	}
	raw, p, err := c.promoRecord(ctx, Request{Method: http.MethodPut, Path: promoPath(id), Body: b}, id)
	if err != nil {
		return nil, Promo{}, inContext(err, "api.update_promo", "ID", id)
	}
	return raw, p, nil
}

// DeletePromo deletes a promo code.
func (c *Client) DeletePromo(ctx context.Context, id int64) error {
	if _, err := c.Do(ctx, Request{Method: http.MethodDelete, Path: promoPath(id)}); err != nil {
		return inContext(withSubject(err, PromoSubject(id)), "api.delete_promo", "ID", id)
	}
	return nil
}

// PromoStats returns the usage statistics of a promo code: a JSON array.
func (c *Client) PromoStats(ctx context.Context, id int64) (json.RawMessage, error) {
	raw, err := c.getJSON(ctx, promoPath(id)+"/statistics", nil, '[', PromoSubject(id))
	if err != nil {
		return nil, i18n.NewError(0, "api.promo_stats", "ID", id, "Err", err)
	}
	return raw, nil
}

// DecodeStats decodes a list returned by PromoStats.
func DecodeStats(raw json.RawMessage) ([]Stat, error) {
	var ss []Stat
	if err := json.Unmarshal(raw, &ss); err != nil {
		return nil, &ResponseError{Status: http.StatusOK, Why: describeJSONError(err)}
	}
	return ss, nil
}

func promoPath(id int64) string { return "/v1/promo/" + strconv.FormatInt(id, 10) }

func (c *Client) promoRecord(ctx context.Context, req Request, id int64) (json.RawMessage, Promo, error) {
	resp, err := c.Do(ctx, req)
	if err != nil {
		return nil, Promo{}, withSubject(err, PromoSubject(id))
	}
	return decodeRecord(resp)
}

func decodeRecord(resp *Response) (json.RawMessage, Promo, error) {
	raw, err := checkJSON(resp, '{')
	if err != nil {
		return nil, Promo{}, err
	}
	var p Promo
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, Promo{}, &ResponseError{Status: resp.Status, Why: describeJSONError(err)}
	}
	return raw, p, nil
}

// withSubject names what an API error was about, for its message.
func withSubject(err error, subject Subject) error {
	if e, ok := err.(*Error); ok && e.Subject.Kind == "" {
		e.Subject = subject
	}
	return err
}
