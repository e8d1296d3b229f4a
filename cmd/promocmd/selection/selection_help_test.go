package selection

import (
	"net/http"
	"strings"
	"testing"
)

// promo enable --help shows promo enable, and promo disable --help promo
// disable, in every example.
func TestPromoToggleHelpExamples(t *testing.T) {
	for _, verb := range []string{"enable", "disable"} {
		res := newRunner(t).Run("promo", verb, "--help")
		_, examples, ok := strings.Cut(res.Stdout, "Examples:\n")
		examples, _, _ = strings.Cut(examples, "\n\n")
		if res.Code != 0 || !ok {
			t.Fatalf("promo %s --help: exit %d, no examples:\n%s", verb, res.Code, res.Stdout)
		}
		for _, line := range strings.Split(examples, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "promoctl promo "+verb+" ") {
				t.Errorf("promo %s --help shows %q", verb, strings.TrimSpace(line))
			}
		}
	}
}

// promo delete names the code it deleted when it knows it: named by its
// code, or read to ask; an id deleted with --yes is not read just for that.
func TestPromoDeleteNamesTheCode(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":5006,"code":"XMAS26"}]`)
	r.API.Handle("DELETE /v1/promo/5006", http.StatusNoContent, "")
	r.Run("promo", "delete", "XMAS26", "--site-id", "7", "--yes").Expect(t, 0, "", "Deleted promo code XMAS26 (id 5006).\n")
	r.Run("promo", "delete", "5006", "--yes").Expect(t, 0, "", "Deleted promo code 5006.\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "DELETE /v1/promo/5006", "DELETE /v1/promo/5006")
}
