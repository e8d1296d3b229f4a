package selection

import (
	"net/http"
	"testing"
)

// TestSelectionOfNothingIsRefusedByWriteVerbs: a filter that selects no
// code is a usage error for delete, enable and disable; nothing is sent
// but the list read.
func TestSelectionOfNothingIsRefusedByWriteVerbs(t *testing.T) {
	r := newSelectRunner(t)
	r.Run("promo", "disable", "--site-id", "7", "--prefix", "XMAS", "--unused", "--yes").
		Expect(t, 2, "", "promoctl: no promo codes on site 7 match: starting with \"XMAS\", never used; nothing was disabled\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

// TestDisableAnIDAlreadyOff: a code named by its id alone, without a
// site, is read first: one already disabled is counted apart, not sent,
// and its outcome carries its code.
func TestDisableAnIDAlreadyOff(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.API.Handle("GET /v1/promo/2001", http.StatusOK, `{"code":"OFF10","is_enabled":false}`)
	r.Run("promo", "disable", "2001", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2001,"code":"OFF10","outcome":"unchanged"}]`+"\n", "Nothing to disable: 1 promo code is already disabled.\n")
	r.ExpectRoutes(t, "GET /v3/public/site", "GET /v1/promo/2001")

	// found on the site: said with it, as the list has it
	r = newSelectRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":7}]`)
	r.Run("promo", "disable", "2001", "--yes").Expect(t, 0, "", "Nothing to disable: 1 promo code is already disabled.\n")

	r = newSelectRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Run("promo", "disable", "2002", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2002,"code":"C2002","outcome":"disabled"}]`+"\n", "Disabled 1 promo code.\n")
}
