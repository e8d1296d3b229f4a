package cmd

import (
	"net/http"
	"testing"
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
