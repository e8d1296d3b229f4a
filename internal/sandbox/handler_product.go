package sandbox

import "net/http"

// GET /v1/shop/product/{product_id}
func (h *handler) getProduct(c *call) error {
	id, err := c.id("product_id")
	if err != nil {
		return err
	}
	out, err := h.store.getProduct(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, out)
}
