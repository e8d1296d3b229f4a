package cmd

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/sandbox"
)

// newSandboxRunner returns a runner with no API settings in its
// environment, so that sandbox redeem runs in-process.
func newSandboxRunner(t *testing.T) *cmdtest.Runner {
	t.Helper()
	r := newBareRunner(t)
	r.Env["PROMOCTL_TIMEOUT"] = "5s"
	return r
}

// serveSandbox serves a sandbox on a data file of its own over loopback
// HTTP, as 'promoctl sandbox serve' does, and returns its URL.
func serveSandbox(t *testing.T) string {
	t.Helper()
	store, err := sandbox.Open(t.Context(), filepath.Join(t.TempDir(), "served.db"), sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sandbox.NewHandler(store, sandbox.HandlerOptions{}))
	t.Cleanup(func() {
		srv.Close()
		store.Close()
	})
	return srv.URL
}

func TestSandboxRedeemOnASiteOfAnotherUser(t *testing.T) {
	r := newSandboxRunner(t)
	r.Run("sandbox", "redeem", "--site-id", "3", "--code", "COFFEE10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem COFFEE10 on site 3: permission denied: you cannot view site 3 (API error 30: user cant view site); "+
			"site 3 belongs to sandbox user 2: add --user-id 2\n")
	r.Run("--user-id", "2", "sandbox", "redeem", "--site-id", "1", "--code", "WELCOME10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem WELCOME10 on site 1: permission denied: you cannot view site 1 (API error 30: user cant view site); "+
			"site 1 belongs to sandbox user 1: use --user-id 1\n")
	r.Run("--user-id", "2", "sandbox", "redeem", "--site-id", "2", "--code", "WELCOME10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem WELCOME10 on site 2: permission denied: you cannot view site 2 (API error 30: user cant view site); "+
			"sandbox user 1 can view site 2: use --user-id 1\n")
	r.Run("sandbox", "redeem", "--site-id", "99", "--code", "WELCOME10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem WELCOME10 on site 99: permission denied: you cannot view site 99 (API error 30: user cant view site); "+
			"the sandbox has no site 99 (user 1 can view sites 1 and 2, user 2 site 3)\n")
	r.Run("--user-id", "2", "sandbox", "redeem", "--site-id", "3", "--code", "COFFEE10", "--order-price", "10", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "1\n", "")
}

func TestSandboxRedeemRequiredFlags(t *testing.T) {
	r := newSandboxRunner(t)
	// In-process, as with --sandbox, the configured site is not the
	// sandbox's.
	r.WriteConfig(realProfileConfig)
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

func TestSandboxRedeemOverHTTP(t *testing.T) {
	url := serveSandbox(t)
	r := newBareRunner(t)
	r.Env["PROMOCTL_BASE_URL"] = url
	r.Env["PROMOCTL_TOKEN"] = "sandbox"
	r.Env["PROMOCTL_USER_ID"] = "1"
	// Over HTTP the settings are the usual ones: the site from the
	// environment (or profile).
	r.Env["PROMOCTL_SITE_ID"] = "1"
	r.Run("sandbox", "redeem", "--code", "WELCOME10", "--order-price", "2500", "-o", "json", "--jq", "[.site_id, .discount_amount, .total]").
		Expect(t, 0, "[1,250,2250]\n", "")
	r.Run("promo", "stats", "1001", "-o", "json", "--jq", "length").Expect(t, 0, "4\n", "")
	// Nothing was written to the local data file.
	if _, err := os.Stat(sandbox.DefaultDataPath(func(k string) string { return r.Env[k] })); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("local sandbox data file: %v, want none", err)
	}
	r.Run("sandbox", "redeem", "--site-id", "3", "--code", "COFFEE10", "--order-price", "10").Expect(t, 3, "",
		"promoctl: redeem COFFEE10 on site 3: permission denied: you cannot view site 3 (API error 30: user cant view site)\n")
	r.Run("sandbox", "redeem", "--code", "FREESHIP", "--order-price", "900").Expect(t, 1, "",
		"promoctl: promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: add --delivery-price\n")
	r.Run("sandbox", "redeem", "--code", "FREESHIP", "--order-price", "900", "-o", "json").Expect(t, 1, "",
		`{"error":{"message":"promo code FREESHIP refused: the order has nothing the promo code discounts; FREESHIP discounts delivery: add --delivery-price",`+
			`"status":422,"kind":78,"title":"promo code FREESHIP refused: the order has nothing the promo code discounts","exit_code":1}}`+"\n")
	delete(r.Env, "PROMOCTL_SITE_ID")
	r.Run("sandbox", "redeem", "--code", "WELCOME10", "--order-price", "10").Expect(t, 2, "",
		"promoctl: --site-id is required (or set a default: promoctl config set site_id N)\n")
	// The flag gives the server too.
	delete(r.Env, "PROMOCTL_BASE_URL")
	r.Run("--base-url", url, "sandbox", "redeem", "--site-id", "1", "--code", "MINUS500", "--order-price", "300", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "300\n", "")
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

func TestSandboxDataFile(t *testing.T) {
	r := newSandboxRunner(t)
	data := filepath.Join(t.TempDir(), "demo.db")
	defaultPath := sandbox.DefaultDataPath(func(k string) string { return r.Env[k] })

	r.Run("--sandbox", "--sandbox-data", data, "promo", "create", "--site-id", "1", "--code", "DATATEST", "--amount", "5", "--enabled", "-o", "json", "--jq", ".id").
		Expect(t, 0, "5001\n", "")
	r.Run("sandbox", "redeem", "--data", data, "--site-id", "1", "--code", "DATATEST", "--order-price", "100", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "5\n", "")
	r.Run("--sandbox", "--sandbox-data", data, "promo", "stats", "5001", "-o", "json", "--jq", "length").Expect(t, 0, "1\n", "")
	if _, err := os.Stat(defaultPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("default data file %s: %v, want none", defaultPath, err)
	}

	// PROMOCTL_SANDBOX_DATA names it for every sandbox command.
	r.Env["PROMOCTL_SANDBOX_DATA"] = data
	r.Run("--sandbox", "promo", "get", "5001", "-o", "json", "--jq", ".code").Expect(t, 0, "DATATEST\n", "")
	r.Run("sandbox", "redeem", "--site-id", "1", "--code", "DATATEST", "--order-price", "10", "-o", "json", "--jq", ".discount_amount").
		Expect(t, 0, "5\n", "")
	r.Run("sandbox", "reset").Expect(t, 0, "", "Restored the demo data in "+data+".\n")
	r.Run("--sandbox", "promo", "get", "5001").Expect(t, 4, "",
		"promoctl: get promo 5001: not found: promo code 5001 does not exist or is not visible to you (API error 41: promo 5001 not found)\n")
	delete(r.Env, "PROMOCTL_SANDBOX_DATA")
	if _, err := os.Stat(defaultPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("default data file %s: %v, want none", defaultPath, err)
	}
	r.Run("sandbox", "reset", "--sandbox-data", data).Expect(t, 0, "", "Restored the demo data in "+data+".\n")

	// Never silently ignored.
	r.Run("--sandbox-data", data, "promo", "list", "--site-id", "1").Expect(t, 2, "",
		"promoctl: --sandbox-data names the data file of --sandbox: add --sandbox\n")
	r.Run("sandbox", "reset", "--data", data, "--sandbox-data", data+"2").Expect(t, 2, "",
		"promoctl: --data and --sandbox-data name different files: give one\n")
	r.Run("--base-url", "http://127.0.0.1:1", "sandbox", "redeem", "--data", data, "--site-id", "1", "--code", "WELCOME10", "--order-price", "10").Expect(t, 2, "",
		"promoctl: --data names the data file of the in-process sandbox and --base-url a served one: give one\n")
}
