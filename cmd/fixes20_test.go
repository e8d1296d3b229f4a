package cmd

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// TestPromoUpdateIDMustBeOnTheSite: an id given with a site (--site-id or
// the configured one) names a promo code of whatever site it is on, so
// promo update, a write, checks it against the site's list as promo delete
// does: one that is not there is refused (exit 4) and nothing is sent.
func TestPromoUpdateIDMustBeOnTheSite(t *testing.T) {
	const notOn = "promoctl: promo code 1001 is not on site 7, and nothing was sent: " +
		"an id given with a site (--site-id or the configured site_id) must be on that site's list\n"
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"--site-id", []string{"promo", "update", "1001", "--amount", "15", "--site-id", "7"}, nil},
		{"--site-id, dry run", []string{"promo", "update", "1001", "--amount", "15", "--site-id", "7", "--dry-run"}, nil},
		{"site from the environment", []string{"promo", "update", "1001", "--amount", "15"}, map[string]string{"PROMOCTL_SITE_ID": "7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newSelectRunner(t)
			r.api.Handle("GET /v1/promo/1001", http.StatusOK, `{"code":"OTHER1","is_enabled":true}`)
			r.api.Handle("PUT /v1/promo/1001", http.StatusOK, `{"code":"OTHER1","is_enabled":true}`)
			for k, v := range c.env {
				r.env[k] = v
			}
			r.run(c.args...).expect(t, 4, "", notOn)
			r.expectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
}

// TestPromoUpdateIDOnTheSite: an id given with a site that is on it is
// updated after the list read that says so.
func TestPromoUpdateIDOnTheSite(t *testing.T) {
	r := newSelectRunner(t)
	res := r.run("promo", "update", "2001", "--enabled=false", "--site-id", "7", "-o", "json")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	r.expectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo/2001", "PUT /v1/promo/2001")
}

// TestRunPromoGenerateSummarySaysFailedForServerErrors: a create answered
// with a 5xx in every round, that the list never shows, failed: the
// summary does not call it refused (only a 4xx is a refusal).
func TestRunPromoGenerateSummarySaysFailedForServerErrors(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	e.sess.Settings.Timeout = 20 * time.Millisecond
	opts.Count, opts.Concurrency, opts.Format = 3, 1, codegen.Format{Prefix: "F", Length: 5}
	opts.Changes = promo.Changes{Enabled: ptr(true), Amount: ptr(1.0)}
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
		t.Fatalf("run returned %v\nwant %s\n%s", err, want, e.stderr)
	}
	if made, _ := g.made(0); len(made) != 2 || g.posts[failing] != bulk.MaxRounds {
		t.Errorf("the site has %d new codes and %s was sent %d times; want 2, and %d sends", len(made), failing, g.posts[failing], bulk.MaxRounds)
	}
}
