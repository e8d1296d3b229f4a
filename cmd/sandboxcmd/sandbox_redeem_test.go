package sandboxcmd

import (
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

func TestSandboxRedeemOnASiteOfAnotherUser(t *testing.T) {
	r := newSandboxRunner(t)
	r.Run("sandbox", "redeem", "--site-id", "3", "--code", "COFFEE10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem COFFEE10 on site 3: you cannot view site 3 (API error 30: user cant view site); "+
			"site 3 belongs to sandbox user 2: add --user-id 2\n")
	r.Run("--user-id", "2", "sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem WELCOME10 on site 1: you cannot view site 1 (API error 30: user cant view site); "+
			"site 1 belongs to sandbox user 1: use --user-id 1\n")
	r.Run("--user-id", "2", "sandbox", "redeem", "--site-id", "2", "--code", "WELCOME10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem WELCOME10 on site 2: you cannot view site 2 (API error 30: user cant view site); "+
			"sandbox user 1 can view site 2: use --user-id 1\n")
	r.Run("sandbox", "redeem", "--site-id", "99", "--code", "WELCOME10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem WELCOME10 on site 99: you cannot view site 99 (API error 30: user cant view site); "+
			"the sandbox has no site 99 (user 1 can view sites 1 and 2, user 2 site 3)\n")
	r.Run("--user-id", "2", "sandbox", "redeem", "--site-id", "3", "--code", "COFFEE10", "--order-price", "10", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "1\n", "")
}

func TestSandboxRedeemRequiredFlags(t *testing.T) {
	r := newSandboxRunner(t)
	// In-process, as with --sandbox, the configured site is not the
	// sandbox's.
	r.WriteConfig(cmdtest.RealProfileConfig)
	r.Env["PROMOCTL_SITE_ID"] = "1"
	r.Run("sandbox", "redeem", "--code", "WELCOME10", "--order-price", "10").Expect(t, 2, "",
		"promoctl: --site-id is required: the in-process sandbox ignores your configured site_id (user 1 can view sites 1 and 2, user 2 site 3)\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10").Expect(t, 2, "",
		"promoctl: --order-price is required\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--order-price", "10").Expect(t, 2, "",
		"promoctl: --code is required\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "ten").Expect(t, 2, "",
		"promoctl: --order-price: \"ten\" is not an amount of money\n")
	r.Run("sandbox", "redeem", "--token", "sandbox", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10").Expect(t, 2, "",
		"promoctl: --token is for a served sandbox: give its --base-url too, or drop --token to redeem in-process\n")
	// The profile's base URL is the real service's: in-process, not there.
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "1\n", "")
}

func TestSandboxRedeemSaysWhatACodeDiscounts(t *testing.T) {
	r := newSandboxRunner(t)
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "FREESHIP", "--order-price", "900").Expect(t, 1, "",
		"promoctl: promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: add --delivery-price\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "freeship", "--order-price", "900", "--delivery-price", "0").Expect(t, 1, "",
		"promoctl: promo code FREESHIP refused: the order has nothing the promo code discounts; freeship discounts delivery: give a --delivery-price above 0\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "0", "--delivery-price", "300").Expect(t, 1, "",
		"promoctl: promo code WELCOME10 refused: the order has nothing the promo code discounts; WELCOME10 discounts the goods: give an --order-price above 0\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "LIMITED3", "--order-price", "100").Expect(t, 1, "",
		"promoctl: promo code LIMITED3 refused: the promo code has been used the permitted number of times\n")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "FREESHIP", "--order-price", "900", "--delivery-price", "300", "-o", "json", "--jq", "[.discount_amount, .total]").
		Expect(t, 0, "[300,900]\n", "")
}

func TestSandboxRedeemOnAServerThatIsNoSandbox(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /sandbox/redeem", http.StatusNotFound, apitest.Error(404, 0, "not found"))
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10").Expect(t, 4, "",
		"promoctl: redeem WELCOME10 on site 1: "+r.API.URL+" is not a promoctl sandbox: POST /sandbox/redeem answered 404 (base URL from env PROMOCTL_BASE_URL); "+
			"start one with `promoctl sandbox serve`, or give --sandbox to redeem in the local data file\n")
	// --sandbox redeems in-process, whatever the environment says.
	r.Run("--sandbox", "sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "1\n", "")
	r.ExpectRoutes(t, "POST /sandbox/redeem")
}
