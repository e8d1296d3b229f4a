package create

import (
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// TestPromoCreateWarnsOfAPastEnd: a create whose --ends has already passed
// is sent (the user may mean it), with a warning that the code will be
// expired; a later end gives none.
func TestPromoCreateWarnsOfAPastEnd(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "OLD1", "--amount", "5", "--enabled", "--ends", "2020-01-31")
	want := "promoctl: warning: the end date 2020-01-31 23:59:59 has already passed, so the promo code will be expired: give a later --ends\n"
	res.Expect(t, 0, createdShown, want)
	res = r.Run("promo", "create", "--site-id", "7", "--code", "NEW1", "--amount", "5", "--enabled", "--ends", "2099-01-31")
	res.Expect(t, 0, createdShown, "")
	r.ExpectRoutes(t, "POST /v1/promo", "POST /v1/promo")
}

// createdShown is how promo create shows cmdtest.CreatedJSON, the promo
// the fake API answers with.
const createdShown = `Code:               SUMMER25
Status:             disabled
Enabled:            no
Bonus type:         goods
Amount:             0.01
Time limit:         none
Max uses:           unlimited
Once per customer:  no
`
