package sandbox

import "net/http"

// GET /v3/public/site
func (h *handler) listSites(c *call) error {
	views, err := h.store.listSites(c.r.Context(), c.user)
	if err != nil {
		return err
	}
	out := []siteOut{}
	for _, v := range views {
		out = append(out, v.site.out(c.user, v.pageCount))
	}
	return c.json(http.StatusOK, out)
}

// GET /v3/public/site/{site_id}
func (h *handler) getSite(c *call) error {
	id, err := c.id("site_id")
	if err != nil {
		return err
	}
	v, err := h.store.getSite(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, v.site.out(c.user, v.pageCount))
}

// GET /v3/public/site/{site_id}/page
func (h *handler) listPages(c *call) error {
	id, err := c.id("site_id")
	if err != nil {
		return err
	}
	site, pages, err := h.store.listPages(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	out := []pageOut{}
	for i := range pages {
		out = append(out, pages[i].out(site))
	}
	return c.json(http.StatusOK, out)
}

// GET /v3/public/site/page/{page_id}
func (h *handler) getPage(c *call) error {
	id, err := c.id("page_id")
	if err != nil {
		return err
	}
	site, page, err := h.store.getPage(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, page.out(site))
}

// GET /v1/site (deprecated)
func (h *handler) listSitesV1(c *call) error {
	views, err := h.store.listSites(c.r.Context(), c.user)
	if err != nil {
		return err
	}
	out := []siteV1Out{}
	for _, v := range views {
		out = append(out, v.site.v1Out())
	}
	return c.json(http.StatusOK, out)
}

// GET /v1/site/{site_id} (deprecated)
func (h *handler) getSiteV1(c *call) error {
	id, err := c.id("site_id")
	if err != nil {
		return err
	}
	v, err := h.store.getSite(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	return c.json(http.StatusOK, v.site.v1Out())
}

// GET /v1/site/{site_id}/page (deprecated; the method is not documented)
func (h *handler) listPagesV1(c *call) error {
	id, err := c.id("site_id")
	if err != nil {
		return err
	}
	site, pages, err := h.store.listPages(c.r.Context(), c.user, id)
	if err != nil {
		return err
	}
	out := []pageV1Out{}
	for i := range pages {
		out = append(out, pages[i].v1Out(site))
	}
	return c.json(http.StatusOK, out)
}
