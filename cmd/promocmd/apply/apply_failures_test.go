package apply

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestApplyNamesEachFailedWriteInTheLanguage: a write the server refused
// is named on stderr with its code (and id, when the site has one) and
// why, in the run's language: the error the run met, said in it (the
// journal records its English text).
func TestApplyNamesEachFailedWriteInTheLanguage(t *testing.T) {
	for _, c := range []struct {
		lang string
		want []string
	}{
		{"C", []string{
			"promoctl: update failed: MINUS500 (id 5001): update promo 5001: invalid request (HTTP 422)",
			"promoctl: create failed: NEW1: create promo NEW1 on site 7: invalid request (HTTP 422)",
		}},
		{"ru_RU.UTF-8", []string{
			"promoctl: не удалось изменить MINUS500 (ID 5001): изменение промокода 5001: неверный запрос (HTTP 422)",
			"promoctl: не удалось создать NEW1: создание промокода NEW1 на сайте 7: неверный запрос (HTTP 422)",
		}},
	} {
		r := newRunner(t)
		r.Env["LANG"] = c.lang
		r.API.Handle("GET /v1/promo", http.StatusOK, langSite())
		r.API.Handle("GET /v3/public/site/7", http.StatusOK, `{"id":7,"settings":{"currency":"RUB"}}`)
		r.API.Handle("PUT /v1/promo/5001", http.StatusUnprocessableEntity, `{"message":"bonus_amount: invalid"}`)
		r.API.Handle("GET /v1/promo/5001", http.StatusOK, `{"id":5001,"code":"MINUS500","is_enabled":true}`)
		r.API.Handle("POST /v1/promo", http.StatusUnprocessableEntity, `{"message":"code: invalid"}`)
		path := filepath.Join(t.TempDir(), "f.csv")
		if err := os.WriteFile(path, []byte("code,bonus_amount\nMINUS500,600\nNEW1,5\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		res := r.Run("promo", "apply", "-f", path, "--site-id", "7", "--yes", "--concurrency", "1")
		if res.Code != 1 {
			t.Errorf("LANG=%s: exit %d, want 1", c.lang, res.Code)
		}
		lines := strings.Split(res.Stderr, "\n")
		if len(lines) < 5 || strings.Join(lines[len(lines)-4:len(lines)-2], "\n") != strings.Join(c.want, "\n") {
			t.Errorf("LANG=%s: stderr:\n%s\nwant, before the last line:\n%s", c.lang, res.Stderr, strings.Join(c.want, "\n"))
		}
	}
}

// langSite is a site's list for the tests of the language: a code in
// money, one in percent, and 0580 (a code of digits with a leading zero).
func langSite() string {
	return `[` +
		`{"id":5001,"code":"MINUS500","is_enabled":true,"bonus_type":2,"bonus_amount":500,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
		`{"id":5002,"code":"0580","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
		`{"id":5003,"code":"WELCOME10","is_enabled":false,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true}` +
		`]`
}
