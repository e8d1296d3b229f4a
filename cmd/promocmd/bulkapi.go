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
	reads, err := bulkClient(s, th, false)
	if err != nil {
		return bulkAPI{}, err
	}
	writes, err := bulkClient(s, th, true)
	if err != nil {
		return bulkAPI{}, err
	}
	return bulkAPI{Client: writes, Reads: reads}, nil
}

// maxConcurrency is the most requests a bulk command may have in flight:
// a bulk client keeps an idle connection for each.
const maxConcurrency = 64

// bulkClient is a new client of the session for a bulk run: its transport
// goes through th (nil: none, a client without the spinner) and keeps an
// idle connection for each request in flight; with oneAttempt each
// request is sent once, since the engine retries.
func bulkClient(s *cmdutil.Session, th *bulk.Throttle, oneAttempt bool) (*api.Client, error) {
	o, err := s.ClientOptions()
	if err != nil {
		return nil, err
	}
	if th != nil {
		if o.Transport == nil {
			t := http.DefaultTransport.(*http.Transport).Clone()
			t.MaxIdleConnsPerHost = maxConcurrency
			o.Transport = t
		}
		o.Transport = th.Transport(o.Transport)
	}
	if oneAttempt {
		o.Retry = api.RetryPolicy{Attempts: 1}
	}
	return api.New(o)
}

// jobEnv is what promo's bulk jobs take from the run besides the session:
// how to build the throttle, and whether a progress bar may be drawn.
type jobEnv struct {
	// Throttle, when set, builds a bulk run's throttle (tests: one on a
	// simulated clock, bulk.NewThrottleClock); nil: bulk.NewThrottle(0).
	Throttle func() *bulk.Throttle
	// Bar says a progress bar may be drawn on stderr: it is a terminal,
	// and nothing else writes there meanwhile (--debug) or reads it aloud
	// (accessible mode).
	Bar bool
}

// newJobEnv is the job environment of the run of f.
func newJobEnv(f *cmdutil.Factory) jobEnv {
	return jobEnv{Bar: f.IO.IsStderrTTY() && !f.Global.Debug && !cmdutil.Accessible(f.Global.Accessible, f.Env)}
}

// newThrottle is a bulk run's throttle: Throttle's, else one on the real
// clock without a limit until the server answers 429.
func (e jobEnv) newThrottle() *bulk.Throttle {
	if e.Throttle != nil {
		return e.Throttle()
	}
	return bulk.NewThrottle(0)
}

// newBar is a progress bar on stderr, in the run's language.
func newBar(s *cmdutil.Session) *progress.Bar {
	b := progress.NewBar(s.IO.ErrOut, 0)
	b.Words = progress.BarWords{PerSecond: s.Msg.T("progress.per_second"), Left: s.Msg.T("progress.left"), Duration: s.Msg.Duration}
	return b
}
