package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/prompt"
)

// TestPromoUpdateInteractive edits the amount and removes the limit on
// uses in the real form: the PUT is the current record with exactly those
// changed, the untouched dates going back byte for byte.
func TestPromoUpdateInteractive(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, currentJSON)
	// code, type, unit, amount 15, enabled, starts, ends, no max uses, once; save
	r.Stdin = cmdtest.AnswerLines("", "", "", "15", "", "", "", "none", "", "")
	res := r.Run("promo", "update", "5", "-i", "-o", "json")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	for _, s := range []string{
		"Change promo code 5\n",
		"Code [SUMMER25] ",
		"Valid from [2026-06-01 03:00; type none for no start] ",
		"Maximum uses [100; type none for unlimited] ",
		"Changes to promo code 5:\n  Discount:      25% off the goods → 15% off the goods\n  Maximum uses:  100 → unlimited\n",
		"  promoctl --output json promo update 5 --amount 15 --no-max-uses\n",
		"Save the changes to promo code 5? [Y/n] ",
		"Updated promo code SUMMER25 (id 5).\n",
	} {
		if !strings.Contains(res.Stderr, s) {
			t.Errorf("no %q in stderr:\n%s", s, res.Stderr)
		}
	}
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5")
	cmdtest.ExpectJSONBody(t, reqs[1], `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":15,"bonus_amount_is_in_percentages":true,
		"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z",
		"quantity_limit_is_enabled":false,"quantity_limit":100,"personal_limit_is_enabled":false}`)
}

func TestPromoUpdateInteractiveRemovesOneDate(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, currentJSON)
	r.Stdin = cmdtest.AnswerLines("", "", "", "", "", "none", "", "", "", "")
	res := r.Run("promo", "update", "5", "-i", "-o", "json")
	if res.Code != 0 || strings.Contains(res.Stderr, "The same without the form") {
		t.Fatalf("exit %d (no flag removes only the start, so no command line is printed): %s", res.Code, res.Stderr)
	}
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5")
	cmdtest.ExpectJSONBody(t, reqs[1], `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,
		"time_limit_is_enabled":true,"d_on":null,"d_off":"2026-08-31T20:59:59.000Z",
		"quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}`)
}

func TestPromoUpdateInteractiveNothingChanged(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.Stdin = cmdtest.AnswerLines("", "", "", "", "", "", "", "", "")
	res := r.Run("promo", "update", "5", "-i")
	if res.Code != 0 || !strings.HasSuffix(res.Stderr, "Nothing changed: promo code 5 is left as it is.\n") || res.Stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", res.Code, res.Stdout, res.Stderr)
	}
	r.ExpectRoutes(t, "GET /v1/promo/5")
}

func TestPromoUpdateInteractiveCancelled(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Prompter = &cmdtest.WizardStub{Err: prompt.ErrCancelled}
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.Run("promo", "update", "5", "-i").Expect(t, 130, "", "promoctl: cancelled\n")
	r.ExpectRoutes(t, "GET /v1/promo/5")
}

func TestPromoUpdateInteractiveNeedsATerminal(t *testing.T) {
	r := newRunner(t)
	r.Run("promo", "update", "5", "-i").Expect(t, 2, "",
		"promoctl: --interactive needs a terminal: give the fields as flags instead (see --help)\n")
	r.ExpectNoRequests(t)
}

// TestPromoUpdateInteractiveCodeInUse: the update form refuses a code of
// another promo code of the record's site (its own code is fine), and a
// refused PUT re-opens the form with the answers kept.
func TestPromoUpdateInteractiveCodeInUse(t *testing.T) {
	const record = `{"site_id":7,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,` +
		`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.API.Handle("GET /v1/promo/5", http.StatusOK, record)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":5,"code":"SUMMER25"},{"id":6,"code":"WINTER26"}]`)
	r.API.Handle("PUT /v1/promo/5", http.StatusBadRequest, apitest.Error(400, 10, "data is invalid"))
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, record)
	// a code in use, then a free one; Enter through the rest; save; the
	// server refuses; edit: Enter through the kept answers, amount 30; save
	r.Stdin = cmdtest.AnswerLines("winter26", "AUTUMN26", "", "", "", "", "", "", "", "", "",
		"",
		"", "", "", "30", "", "", "", "", "", "")
	res := r.Run("promo", "update", "5", "-i", "-o", "json")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	for _, s := range []string{
		"Code [SUMMER25] winter26 is already a promo code of this site: choose another code\n",
		"Save the changes to promo code 5? [Y/n] \npromoctl: update promo 5: invalid request (API error 10: data is invalid)\n",
		"Edit the answers and try again? [Y/n] \n",
		"Code [AUTUMN26] ",
		"Updated promo code SUMMER25 (id 5).\n",
	} {
		if !strings.Contains(res.Stderr, s) {
			t.Errorf("no %q in stderr:\n%s", s, res.Stderr)
		}
	}
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo?site_id=7", "PUT /v1/promo/5", "GET /v1/promo?site_id=7", "PUT /v1/promo/5")
	cmdtest.ExpectJSONBody(t, reqs[4], `{"code":"AUTUMN26","is_enabled":true,"bonus_type":2,"bonus_amount":30,"bonus_amount_is_in_percentages":true,
		"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`)
}
