package selection

import (
	"net/http"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/prompt"
)

func TestPromoDeleteWithYes(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("DELETE /v1/promo/5", http.StatusNoContent, "")
	r.Run("promo", "delete", "5", "--yes").Expect(t, 0, "", "Deleted promo code 5.\n")
	reqs := r.ExpectRoutes(t, "DELETE /v1/promo/5")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	if reqs[0].Body != "" {
		t.Errorf("DELETE body = %q, want none", reqs[0].Body)
	}
}

func TestPromoDeleteOnATerminalAsksFirst(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	stub := &cmdtest.ConfirmStub{Answer: true}
	r.Prompter = stub
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.API.Handle("DELETE /v1/promo/5", http.StatusNoContent, "")
	r.Run("promo", "rm", "5").Expect(t, 0, "", "Deleted promo code SUMMER25 (id 5).\n")
	r.ExpectRoutes(t, "GET /v1/promo/5", "DELETE /v1/promo/5")
	// The fake API is not the public service, so the question names it.
	want := "Delete promo code SUMMER25 (id 5) at " + r.API.URL + "?"
	if len(stub.Asked) != 1 || stub.Asked[0] != want {
		t.Errorf("questions asked = %q, want [%q]", stub.Asked, want)
	}
}

func TestPromoDeleteDeclined(t *testing.T) {
	for _, c := range []struct {
		name string
		stub *cmdtest.ConfirmStub
	}{
		{"answered no", &cmdtest.ConfirmStub{Answer: false}},
		{"aborted", &cmdtest.ConfirmStub{Err: prompt.ErrCancelled}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = true
			r.Prompter = c.stub
			r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
			r.Run("promo", "delete", "5").Expect(t, 130, "", "promoctl: cancelled\n")
			r.ExpectRoutes(t, "GET /v1/promo/5") // read to name it, never deleted
			if len(c.stub.Asked) != 1 {
				t.Errorf("asked %d questions, want 1", len(c.stub.Asked))
			}
		})
	}
}

func TestPromoDeleteWithYesOnATerminalDoesNotAsk(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	stub := &cmdtest.ConfirmStub{Answer: false}
	r.Prompter = stub
	r.API.Handle("DELETE /v1/promo/5", http.StatusNoContent, "")
	r.Run("promo", "delete", "-y", "5").Expect(t, 0, "", "Deleted promo code 5.\n")
	r.ExpectRoutes(t, "DELETE /v1/promo/5")
	if len(stub.Asked) != 0 {
		t.Errorf("asked %q despite --yes", stub.Asked)
	}
}

func TestPromoDeleteErrors(t *testing.T) {
	for _, c := range []struct {
		name, body string
		status     int
		code       int
		stderr     string
	}{
		{"not found", apitest.Error(404, 17, "promo not found"), 404, 4,
			"promoctl: promo code 5 does not exist or is not visible to you (API error 17: promo not found); if 5 is a code rather than an id, find it with promoctl promo list --site-id SITE_ID --search 5 (an argument of digits only is an id)"},
		{"no access", apitest.Error(403, 40, "user cant view promo"), 403, 3,
			"promoctl: you cannot view promo code 5 (API error 40: user cant view promo)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("DELETE /v1/promo/5", c.status, c.body)
			r.Run("promo", "delete", "5", "--yes").Expect(t, c.code, "", c.stderr+"\n")
			r.ExpectRoutes(t, "DELETE /v1/promo/5")
		})
	}
}

func TestPromoDeleteIsRetriedOn502(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("DELETE /v1/promo/5", http.StatusBadGateway, "<html><body>bad gateway</body></html>")
	r.API.Handle("DELETE /v1/promo/5", http.StatusNoContent, "")
	r.Run("promo", "delete", "5", "--yes").Expect(t, 0, "", "Deleted promo code 5.\n")
	r.ExpectRoutes(t, "DELETE /v1/promo/5", "DELETE /v1/promo/5")
}
