package jobrun

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/progress"
)

// API is the API as a bulk job (promo generate, promo apply, delete,
// enable and disable of many) uses it: see newBulkAPI.
type API struct {
	*api.Client             // writes
	Reads       *api.Client // lists and records
}

func (g API) ListPromos(ctx context.Context, site int64) (json.RawMessage, error) {
	return g.Reads.ListPromos(ctx, site)
}

// newBulkAPI is the API as a bulk job uses it: lists and records are read
// with the client's retries, writes are sent once each, since the engine
// retries them (a 429) or settles them (an unknown outcome). Both go
// through the throttle, so that a Retry-After holds back every request.
func newBulkAPI(s *cmdutil.Session, th *bulk.Throttle) (API, error) {
	reads, err := Client(s, th, false)
	if err != nil {
		return API{}, err
	}
	writes, err := Client(s, th, true)
	if err != nil {
		return API{}, err
	}
	return API{Client: writes, Reads: reads}, nil
}

// Retry is the run's one retry policy, as every client's options of s
// carry it (cmdutil.Options.Retry): a bulk run's (bulk.Options.Retry) and
// its throttle's (NewThrottle), its clients' (Client).
func Retry(s *cmdutil.Session) (api.RetryPolicy, error) {
	o, err := s.ClientOptions()
	return o.Retry, err
}

// MaxConcurrency is the most requests a bulk command may have in flight:
// a bulk client keeps an idle connection for each.
const MaxConcurrency = 64

// Client is a new client of the session for a bulk run: its transport
// goes through th (nil: none, a client without the spinner) and keeps an
// idle connection for each request in flight; with oneAttempt each
// request is sent once, since the engine retries.
func Client(s *cmdutil.Session, th *bulk.Throttle, oneAttempt bool) (*api.Client, error) {
	o, err := s.ClientOptions()
	if err != nil {
		return nil, err
	}
	if th != nil {
		if o.Transport == nil {
			t := http.DefaultTransport.(*http.Transport).Clone()
			t.MaxIdleConnsPerHost = MaxConcurrency
			o.Transport = t
		}
		o.Transport = th.Transport(o.Transport)
	}
	if oneAttempt {
		o.Retry = o.Retry.OneAttempt()
	}
	return api.New(o)
}

// Env is what promo's bulk jobs take from the run besides the session:
// how to build the throttle, and whether a progress bar may be drawn.
type Env struct {
	// Throttle, when set, builds a bulk run's throttle (tests: one on a
	// simulated clock, bulk.NewThrottleClock); nil: bulk.NewThrottle(0).
	Throttle func() *bulk.Throttle
	// Bar says a progress bar may be drawn on stderr: it is a terminal,
	// and nothing else writes there meanwhile (--debug) or reads it aloud
	// (accessible mode).
	Bar bool
}

// NewEnv is the job environment of the run of f.
func NewEnv(f *cmdutil.Factory) Env {
	return Env{Bar: f.IO.IsStderrTTY() && !f.Global.Debug && !cmdutil.Accessible(f.Global.Accessible, f.Env)}
}

// NewThrottle is a bulk run's throttle, pausing after a 429 as the run's
// retry policy p says (Throttle.Follow): Throttle's, else one on the real
// clock without a limit until the server answers 429.
func (e Env) NewThrottle(p api.RetryPolicy) *bulk.Throttle {
	var th *bulk.Throttle
	if e.Throttle != nil {
		th = e.Throttle()
	} else {
		th = bulk.NewThrottle(0)
	}
	th.Follow(p)
	return th
}

// NewBar is a progress bar on stderr, in the run's language.
func NewBar(s *cmdutil.Session) *progress.Bar {
	b := progress.NewBar(s.IO.ErrOut, 0)
	b.Words = progress.BarWords{PerSecond: s.Msg.T("progress.per_second"), Left: s.Msg.T("progress.left"), Duration: s.Msg.Duration}
	return b
}
