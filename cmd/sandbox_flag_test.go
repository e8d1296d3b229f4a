package cmd

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/sandbox"
)

func TestSandboxRedeemOverHTTP(t *testing.T) {
	url := cmdtest.ServeSandbox(t)
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
		"promoctl: redeem COFFEE10 on site 3: you cannot view site 3 (API error 30: user cant view site)\n")
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
		"promoctl: promo code 5001 does not exist or is not visible to you (API error 41: promo 5001 not found); if 5001 is a code rather than an id, find it with promoctl --sandbox promo list --site-id SITE_ID --search 5001 (an argument of digits only is an id)\n")
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
