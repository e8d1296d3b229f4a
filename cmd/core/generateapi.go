package core

import (
	"context"
	"encoding/json"

	"github.com/promoctl/promoctl/internal/api"
)

// MaxConcurrency is the most requests a bulk command may have in flight.
const MaxConcurrency = 64

// GenerateAPI is the API as a bulk job (promo generate, promo apply) uses
// it: see session.bulkAPI.
type GenerateAPI struct {
	*api.Client             // writes
	Reads       *api.Client // lists and records
}

func (g GenerateAPI) ListPromos(ctx context.Context, site int64) (json.RawMessage, error) {
	return g.Reads.ListPromos(ctx, site)
}
