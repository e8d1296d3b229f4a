package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/promoctl/promoctl/internal/i18n"
)

// The site and page endpoints document only their paths (spec 4.8): the
// records are returned as the server sent them, checked to be JSON, and
// rendered without assuming any field.

// ListSites returns the sites the user can see (GET /v3/public/site): a
// JSON array, or an object wrapping one.
func (c *Client) ListSites(ctx context.Context) (json.RawMessage, error) {
	raw, err := c.getList(ctx, "/v3/public/site", Subject{})
	if err != nil {
		return nil, i18n.NewError(0, "api.list_sites", "Err", err)
	}
	return raw, nil
}

// ListSitesLegacy is ListSites on the deprecated GET /v1/site.
func (c *Client) ListSitesLegacy(ctx context.Context) (json.RawMessage, error) {
	raw, err := c.getList(ctx, "/v1/site", Subject{})
	if err != nil {
		return nil, i18n.NewError(0, "api.list_sites_v1", "Err", err)
	}
	return raw, nil
}

// GetSite returns one site (GET /v3/public/site/{id}): a JSON object.
func (c *Client) GetSite(ctx context.Context, id int64) (json.RawMessage, error) {
	raw, err := c.getJSON(ctx, "/v3/public/site/"+itoa(id), nil, '{', siteSubject(id))
	if err != nil {
		return nil, inContext(err, "api.get_site", "ID", id)
	}
	return raw, nil
}

// GetSiteLegacy is GetSite on the deprecated GET /v1/site/{id}.
func (c *Client) GetSiteLegacy(ctx context.Context, id int64) (json.RawMessage, error) {
	raw, err := c.getJSON(ctx, "/v1/site/"+itoa(id), nil, '{', siteSubject(id))
	if err != nil {
		return nil, inContext(err, "api.get_site_v1", "ID", id)
	}
	return raw, nil
}

// ListPages returns the pages of a site (GET /v3/public/site/{id}/page).
func (c *Client) ListPages(ctx context.Context, siteID int64) (json.RawMessage, error) {
	raw, err := c.getList(ctx, "/v3/public/site/"+itoa(siteID)+"/page", siteSubject(siteID))
	if err != nil {
		return nil, inContext(err, "api.list_pages", "Site", siteID)
	}
	return raw, nil
}

// ListPagesLegacy is ListPages on the deprecated /v1/site/{id}/page. The
// spec does not name its method; GET is what a list is read with.
func (c *Client) ListPagesLegacy(ctx context.Context, siteID int64) (json.RawMessage, error) {
	raw, err := c.getList(ctx, "/v1/site/"+itoa(siteID)+"/page", siteSubject(siteID))
	if err != nil {
		return nil, inContext(err, "api.list_pages_v1", "Site", siteID)
	}
	return raw, nil
}

// GetPage returns one page (GET /v3/public/site/page/{id}).
func (c *Client) GetPage(ctx context.Context, id int64) (json.RawMessage, error) {
	raw, err := c.getJSON(ctx, "/v3/public/site/page/"+itoa(id), nil, '{', Subject{Kind: SubjectPage, ID: id})
	if err != nil {
		return nil, inContext(err, "api.get_page", "ID", id)
	}
	return raw, nil
}

// getList GETs a list whose shape is not documented: a JSON array, or an
// object such as {"data": [...]} that wraps one. null is read as [].
func (c *Client) getList(ctx context.Context, path string, subject Subject) (json.RawMessage, error) {
	resp, err := c.Do(ctx, Request{Method: http.MethodGet, Path: path, List: true})
	if err != nil {
		return nil, withSubject(err, subject)
	}
	raw, err := checkJSON(resp, 0)
	if err != nil {
		return nil, err
	}
	switch raw[0] {
	case '[', '{':
		return raw, nil
	case 'n':
		return json.RawMessage("[]"), nil
	}
	return nil, &ResponseError{Status: resp.Status, Why: i18n.M("api.json.expected", "Want", i18n.M("api.json.kind.list"), "Got", jsonKind(raw[0]))}
}

func siteSubject(id int64) Subject { return SiteSubject(id) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
