package sandbox

import (
	"net/http"
	"strconv"
	"strings"
)

// GET /v1/promo?site_id=N
func (h *handler) listPromos(c *call) error {
	raw := strings.TrimSpace(c.r.URL.Query().Get("site_id"))
	if raw == "" {
		return invalidf("site_id query parameter is required")
	}
	siteID, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || siteID <= 0 {
		return invalidf("site_id must be a positive integer, got %q", raw)
	}
	items, err := h.store.listPromos(c.r.Context(), c.user, siteID)
	if err != nil {
		return err
	}
	if lag := h.faults.lagging(h.faults.now()); len(lag) > 0 {
		shown := items[:0]
		for _, it := range items {
			if !lag[it.ID] {
				shown = append(shown, it)
			}
		}
		items = shown
	}
	return c.json(http.StatusOK, items)
}

// POST /v1/promo
func (h *handler) createPromo(c *call) error {
	in, err := readPromoInput(c, true)
	if err != nil {
		return err
	}
	id, out, err := h.store.createPromo(c.r.Context(), c.user, in)
	if err != nil {
		return err
	}
	h.faults.created(id, h.faults.now())
	// The documented record carries no id; Location tells the client.
	c.w.Header().Set("Location", "/v1/promo/"+strconv.FormatInt(id, 10))
	return c.json(http.StatusCreated, out)
}

// GET /v1/promo/{promo_id}
func (h *handler) getPromo(c *call) error {
	id, err := c.id("promo_id")
	if err != nil {
		return err
	}
	out, err := h.store.getPromo(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, out)
}

// PUT /v1/promo/{promo_id}
func (h *handler) updatePromo(c *call) error {
	id, err := c.id("promo_id")
	if err != nil {
		return err
	}
	in, err := readPromoInput(c, false)
	if err != nil {
		return err
	}
	out, err := h.store.updatePromo(c.r.Context(), c.user, id, in)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, out)
}

// DELETE /v1/promo/{promo_id}
func (h *handler) deletePromo(c *call) error {
	id, err := c.id("promo_id")
	if err != nil {
		return err
	}
	if err := h.store.deletePromo(c.r.Context(), c.user, id); err != nil {
		return err
	}
	c.w.WriteHeader(http.StatusNoContent)
	return nil
}

// GET /v1/promo/{promo_id}/statistics
func (h *handler) promoStats(c *call) error {
	id, err := c.id("promo_id")
	if err != nil {
		return err
	}
	out, err := h.store.promoStats(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, out)
}

// readPromoInput reads and decodes a create or update body.
func readPromoInput(c *call, create bool) (*promoInput, error) {
	body, err := c.body()
	if err != nil {
		return nil, err
	}
	obj, err := decodeObject(body)
	if err != nil {
		return nil, err
	}
	return parsePromoInput(obj, create)
}
