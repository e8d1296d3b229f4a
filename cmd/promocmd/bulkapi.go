package promocmd

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/progress"
)

// bulkAPI is the API as a bulk job (promo generate, promo apply, delete,
// enable and disable of many) uses it: see newBulkAPI.
type bulkAPI struct {
	*api.Client             // writes
	Reads       *api.Client // lists and records
}

func (g bulkAPI) ListPromos(ctx context.Context, site int64) (json.RawMessage, error) {
	return g.Reads.ListPromos(ctx, site)
}

// newBulkAPI is the API as a bulk job uses it: lists and records are read
// with the client's retries, writes are sent once each, since the engine
// retries them (a 429) or settles them (an unknown outcome). Both go
// through the throttle, so that a Retry-After holds back every request.
func newBulkAPI(s *cmdutil.Session, th *bulk.Throttle) (bulkAPI, error) {
	wrap := func(next http.RoundTripper) http.RoundTripper { return th.Transport(next) }
	reads, err := s.BulkClient(wrap, false)
	if err != nil {
		return bulkAPI{}, err
	}
	writes, err := s.BulkClient(wrap, true)
	if err != nil {
		return bulkAPI{}, err
	}
	return bulkAPI{Client: writes, Reads: reads}, nil
}

// newThrottle is a bulk run's throttle: Throttle's, else one on the real
// clock without a limit until the server answers 429.
func newThrottle(s *cmdutil.Session) *bulk.Throttle {
	if s.Throttle != nil {
		return s.Throttle()
	}
	return bulk.NewThrottle(0)
}

// newBar is a progress bar on stderr, in the run's language.
func newBar(s *cmdutil.Session) *progress.Bar {
	b := progress.NewBar(s.IO.ErrOut, 0)
	b.Words = progress.BarWords{PerSecond: s.Msg.T("progress.per_second"), Left: s.Msg.T("progress.left"), Duration: s.Msg.Duration}
	return b
}
