package core

import (
	"net/http"

	"github.com/promoctl/promoctl/internal/bulk"
)

// BulkAPI is the API as a bulk job uses it: lists and records are read
// with the client's retries, writes are sent once each, since the engine
// retries them (a 429) or settles them (an unknown outcome). Both go
// through the throttle, so that a Retry-After holds back every request.
func (s *Session) BulkAPI(th *bulk.Throttle) (GenerateAPI, error) {
	wrap := func(next http.RoundTripper) http.RoundTripper { return th.Transport(next) }
	reads, err := s.BulkClient(wrap, false)
	if err != nil {
		return GenerateAPI{}, err
	}
	writes, err := s.BulkClient(wrap, true)
	if err != nil {
		return GenerateAPI{}, err
	}
	return GenerateAPI{Client: writes, Reads: reads}, nil
}
