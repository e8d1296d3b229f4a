package generate

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// TestRunPromoGenerateSummarySaysFailedForServerErrors: a create answered
// with a 5xx in every round, that the list never shows, failed: the
// summary does not call it refused (only a 4xx is a refusal).
func TestRunPromoGenerateSummarySaysFailedForServerErrors(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	e.Sess.Settings.Timeout = 150 * time.Millisecond // the settling delay: a list read must fit, and the job waits it each round
	opts.Count, opts.Concurrency, opts.Format = 3, 1, codegen.Format{Prefix: "F", Length: 5}
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	var failing string
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if failing == "" {
			failing = code
		}
		if code != failing {
			return false
		}
		w.WriteHeader(http.StatusBadGateway) // not created, every time
		return true
	}
	err := runPromoGenerate(context.Background(), opts)
	want := "1 of 3 promo codes could not be created (0 refused, 1 failed, 0 of unknown outcome, 0 not sent): finish the job with: promoctl promo generate --resume " + opts.Journal
	if err == nil || err.Error() != want {
		t.Fatalf("run returned %v\nwant %s\n%s", err, want, e.Stderr)
	}
	if made, _ := g.made(0); len(made) != 2 || g.posts[failing] != bulk.MaxRounds {
		t.Errorf("the site has %d new codes and %s was sent %d times; want 2, and %d sends", len(made), failing, g.posts[failing], bulk.MaxRounds)
	}
}
