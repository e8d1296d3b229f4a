package api

import (
	"context"
	"net/http"
)

// Verify checks that the client's credentials work with one cheap
// authenticated request, GET /v3/public/site: any 2xx answer means they do.
// It returns the request's error otherwise: an *Error with status 401 or 403
// when the server refused them.
func (c *Client) Verify(ctx context.Context) error {
	_, err := c.Do(ctx, Request{Method: http.MethodGet, Path: "/v3/public/site", List: true})
	return err
}
