package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/promoctl/promoctl/internal/i18n"
)

func kind(k int) *int { return &k }

func TestErrorMessages(t *testing.T) {
	tests := []struct {
		name string
		err  Error
		want string
	}{
		{"401", Error{Status: 401}, "authentication failed: check the token and user id (promoctl auth status) (HTTP 401)"},
		{"401 with body", Error{Status: 401, Kind: kind(0), Title: "unauthorized"},
			"authentication failed: check the token and user id (promoctl auth status) (API error 0: unauthorized)"},
		{"403 kind 30 with subject", Error{Status: 403, Kind: kind(30), Title: "user cant view site", Subject: SiteSubject(2)},
			"you cannot view site 2 (API error 30: user cant view site)"},
		{"403 kind 30", Error{Status: 403, Kind: kind(30), Title: "user cant view site"},
			"you cannot view this site (API error 30: user cant view site)"},
		{"403 kind 40 with subject", Error{Status: 403, Kind: kind(40), Title: "user cant view promo", Subject: PromoSubject(1001)},
			"you cannot view promo code 1001 (API error 40: user cant view promo)"},
		{"403 kind 40", Error{Status: 403, Kind: kind(40)}, "you cannot view this promo code (API error 40, HTTP 403)"},
		{"403 without body", Error{Status: 403}, "permission denied (HTTP 403)"},
		{"404 with subject", Error{Status: 404, Kind: kind(17), Title: "not found", Subject: PromoSubject(5)},
			"promo code 5 does not exist or is not visible to you (API error 17: not found)"},
		{"404 with the API's error body", Error{Status: 404, Kind: kind(17), Title: "user not found"}, "not found (API error 17: user not found)"},
		{"404 without the API's error body", Error{Status: 404, Subject: SiteSubject(1), Method: "GET", Path: "/v1/promo",
			BaseURL: "https://x.example", BaseURLOrigin: i18n.M("api.base_url.from_profile", "Profile", "default")},
			"the server at https://x.example has no endpoint GET /v1/promo (HTTP 404 without an API error): check --base-url (now https://x.example, from profile default)"},
		{"404 with a text page", Error{Status: 404, Title: "404 page not found", Method: "DELETE", Path: "/v1/promo/5", BaseURL: "https://x.example"},
			"the server at https://x.example has no endpoint DELETE /v1/promo/5 (HTTP 404 without an API error: 404 page not found): check --base-url (now https://x.example)"},
		{"404 to a path the user typed", Error{Status: 404, Method: "GET", Path: "/v1/promos", PathFromUser: true, BaseURL: "https://x.example", BaseURLOrigin: i18n.M("api.base_url.default")},
			"the server at https://x.example has no endpoint GET /v1/promos (HTTP 404 without an API error): check the path, and --base-url (now https://x.example, the default)"},
		{"404 of an unknown request", Error{Status: 404}, "the server has no such endpoint (HTTP 404 without an API error): check --base-url"},
		{"400 kind 10", Error{Status: 400, Kind: kind(10), Title: "data is invalid"}, "invalid request (API error 10: data is invalid)"},
		{"422", Error{Status: 422}, "invalid request (HTTP 422)"},
		{"409", Error{Status: 409}, "conflict (HTTP 409)"},
		{"413", Error{Status: 413}, "request too large (HTTP 413)"},
		{"429", Error{Status: 429}, "rate limited (HTTP 429)"},
		{"500 kind 0", Error{Status: 500, Kind: kind(0), Title: "unknown error"}, "server error (API error 0: unknown error)"},
		{"502 HTML page", Error{Status: 502}, "server error (HTTP 502 Bad Gateway)"},
		{"503 after three attempts", Error{Status: 503, Attempts: 3}, "server error (HTTP 503 Service Unavailable) after 3 attempts"},
		{"429 after three attempts", Error{Status: 429, Kind: kind(0), Title: "too many requests", Attempts: 3},
			"rate limited (API error 0: too many requests) after 3 attempts"},
		{"one attempt is not counted", Error{Status: 500, Attempts: 1}, "server error (HTTP 500 Internal Server Error)"},
		{"599 has no status text", Error{Status: 599}, "server error (HTTP 599)"},
		{"503 plain text", Error{Status: 503, Title: "upstream down"}, "server error (HTTP 503: upstream down)"},
		{"418", Error{Status: 418}, "unexpected response (HTTP 418)"},
		{"302", Error{Status: 302}, "unexpected response (HTTP 302)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Errorf("Error() =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestErrorMessagesInRussian: an API error's words are catalog messages,
// said in the run's language as a whole: category, detail with its
// subject in the right case, what the server said, the attempts.
func TestErrorMessagesInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"422", &Error{Status: 422}, "неверный запрос (HTTP 422)"},
		{"401", &Error{Status: 401}, "не удалось войти: проверьте ключ API и ID пользователя (promoctl auth status) (HTTP 401)"},
		{"403 kind 30 with subject", &Error{Status: 403, Kind: kind(30), Title: "user cant view site", Subject: SiteSubject(2)},
			"у вас нет доступа к сайту 2 (ошибка API 30: user cant view site)"},
		{"403 kind 30 of a promo code", &Error{Status: 403, Kind: kind(30), Subject: PromoSubject(7)},
			"у вас нет доступа к сайту, которому принадлежит промокод 7 (ошибка API 30, HTTP 403)"},
		{"404 with subject", &Error{Status: 404, Kind: kind(17), Title: "not found", Subject: PromoSubject(5)},
			"промокод 5 не найден или у вас нет к нему доступа (ошибка API 17: not found)"},
		{"409", &Error{Status: 409}, "конфликт (HTTP 409)"},
		{"413", &Error{Status: 413}, "слишком большой запрос (HTTP 413)"},
		{"429 after three attempts", &Error{Status: 429, Attempts: 3}, "слишком много запросов (HTTP 429) после 3 попыток"},
		{"503 after 21 attempts", &Error{Status: 503, Attempts: 21}, "ошибка сервера (HTTP 503 Service Unavailable) после 21 попытки"},
		{"418", &Error{Status: 418}, "неожиданный ответ сервера (HTTP 418)"},
		{"404 without the API's error body", &Error{Status: 404, Method: "GET", Path: "/v1/promos", PathFromUser: true,
			BaseURL: "https://x.example", BaseURLOrigin: i18n.M("api.base_url.from_profile", "Profile", "default")},
			"у сервера https://x.example нет адреса GET /v1/promos (HTTP 404 без ошибки API): проверьте путь и --base-url (сейчас https://x.example, из профиля «default»)"},
		{"timeout", &TimeoutError{After: 30 * time.Second}, "сервер не ответил за 30\u00a0с (увеличьте время ожидания флагом --timeout)"},
		{"too large", tooLargeError(200, 1024), "сервер ответил не так, как ожидалось (HTTP 200): ответ превышает 1\u00a0024 байта; если так и должно быть, поднимите предел переменной PROMOCTL_MAX_RESPONSE"},
		{"plain HTTP", &PlainHTTPError{Host: "shop.example"}, "ключ API не будет отправлен на shop.example по незащищённому HTTP: его сможет прочитать любой в сети; используйте https или, только в доверенной сети, флаг --allow-insecure-http (или PROMOCTL_ALLOW_INSECURE_HTTP=1)"},
		{"a request's context", i18n.NewError(0, "api.list_promos", "Site", 7, "Err", &Error{Status: 403, Kind: kind(30), Subject: SiteSubject(7)}),
			"список промокодов сайта 7: у вас нет доступа к сайту 7 (ошибка API 30, HTTP 403)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ru.ErrorText(tt.err); got != tt.want {
				t.Errorf("in Russian =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestIsStatus(t *testing.T) {
	err := fmt.Errorf("get promo 5: %w", &Error{Status: 404})
	if !IsStatus(err, 404) {
		t.Errorf("IsStatus(wrapped 404, 404) = false, want true")
	}
	if IsStatus(err, 403) {
		t.Errorf("IsStatus(wrapped 404, 403) = true, want false")
	}
	if IsStatus(errors.New("404"), 404) {
		t.Errorf("IsStatus(plain error, 404) = true, want false")
	}
}

func TestTimeoutAndResponseErrorMessages(t *testing.T) {
	if got, want := (&TimeoutError{After: 30 * time.Second}).Error(), "timed out after 30s waiting for the server (raise it with --timeout)"; got != want {
		t.Errorf("TimeoutError.Error() = %q, want %q", got, want)
	}
	if got, want := (&TimeoutError{}).Error(), "timed out waiting for the server"; got != want {
		t.Errorf("TimeoutError{}.Error() = %q, want %q", got, want)
	}
	if got, want := (&ResponseError{Status: 200, Why: i18n.M("api.json.empty")}).Error(),
		"unexpected response from the server (HTTP 200): the body is empty, expected JSON"; got != want {
		t.Errorf("ResponseError.Error() = %q, want %q", got, want)
	}
}

func TestDecodeError(t *testing.T) {
	jsonCT := http.Header{"Content-Type": {"application/json"}}
	textCT := http.Header{"Content-Type": {"text/plain; charset=utf-8"}}
	htmlCT := http.Header{"Content-Type": {"text/html"}}
	long := strings.Repeat("ж", 150) // 300 bytes
	tests := []struct {
		name   string
		status int
		h      http.Header
		body   string
		kind   *int
		title  string
	}{
		{"API body", 403, jsonCT, `{"title":"user cant view site","error":30,"code":403}`, kind(30), "user cant view site"},
		{"kind as a string", 403, jsonCT, `{"title":"user cant view promo","error":"40","code":"403"}`, kind(40), "user cant view promo"},
		{"kind 0", 500, jsonCT, `{"title":"unknown error","error":0,"code":500}`, kind(0), "unknown error"},
		{"no kind", 400, jsonCT, `{"title":"bad"}`, nil, "bad"},
		{"title not a string", 400, jsonCT, `{"title":{"ru":"плохо"},"error":10}`, kind(10), ""},
		{"title with escapes", 400, jsonCT, `{"title":"bad \"code\"","error":10}`, kind(10), `bad "code"`},
		{"title made terminal-safe", 400, jsonCT, `{"title":"\u001b[31mred\u001b[0m\u0007 \u202eevil","error":10}`, kind(10), "red evil"},
		{"title trimmed", 400, jsonCT, `{"title":"  spaced  ","error":10}`, kind(10), "spaced"},
		{"long title shortened on a character boundary", 400, jsonCT, `{"title":"` + long + `"}`, nil, strings.Repeat("ж", 100) + "…"},
		{"empty object", 500, jsonCT, `{}`, nil, ""},
		{"JSON null", 500, jsonCT, `null`, nil, ""},
		{"JSON list", 500, jsonCT, `[1,2]`, nil, ""},
		{"HTML page", 502, htmlCT, "<html><body><h1>502 Bad Gateway</h1></body></html>", nil, ""},
		{"HTML without a content type", 502, nil, "<html>oops</html>", nil, ""},
		{"empty", 503, nil, "", nil, ""},
		{"plain text", 503, textCT, "upstream connect error\n", nil, "upstream connect error"},
		{"plain text made safe", 503, textCT, "down\x1b]0;pwned\x07 now\r\n", nil, "down now"},
		{"plain text without a content type is not shown", 503, nil, "some text", nil, ""},
		{"truncated JSON", 500, jsonCT, `{"title":"unknown err`, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := decodeError(tt.status, tt.h, []byte(tt.body))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("decodeError() = %T, want *Error", err)
			}
			if e.Status != tt.status {
				t.Errorf("Status = %d, want %d", e.Status, tt.status)
			}
			switch {
			case (e.Kind == nil) != (tt.kind == nil):
				t.Errorf("Kind = %v, want %v", e.Kind, tt.kind)
			case e.Kind != nil && *e.Kind != *tt.kind:
				t.Errorf("Kind = %d, want %d", *e.Kind, *tt.kind)
			}
			if e.Title != tt.title {
				t.Errorf("Title = %q, want %q", e.Title, tt.title)
			}
			if !utf8.ValidString(e.Error()) {
				t.Errorf("Error() = %q is not valid UTF-8", e.Error())
			}
		})
	}
}

func TestCheckJSON(t *testing.T) {
	tests := []struct {
		name string
		body string
		want byte
		out  string // the JSON returned; "" for an error
		err  string
	}{
		{"list", ` [{"id":1}] `, '[', `[{"id":1}]`, ""},
		{"empty list", `[]`, '[', `[]`, ""},
		{"null list", `null`, '[', `[]`, ""},
		{"null list with spaces", " null\n", '[', `[]`, ""},
		{"object", "{\"code\":\"AB\"}\n", '{', `{"code":"AB"}`, ""},
		{"any value", `"text"`, 0, `"text"`, ""},
		{"null object", `null`, '{', "", "expected an object, got null"},
		{"empty", ``, '[', "", "the body is empty, expected JSON"},
		{"only spaces", " \r\n\t", '{', "", "the body is empty, expected JSON"},
		{"HTML", "<!DOCTYPE html><html></html>", '[', "", "the body is an HTML page, expected JSON"},
		{"truncated list", `[{"id":1},{"id"`, '[', "", "the JSON is malformed or truncated"},
		{"truncated object", `{"code":"AB"`, '{', "", "the JSON is malformed or truncated"},
		{"plain text", "Service Unavailable", '[', "", "the body is not valid JSON"},
		{"two values", `{} {}`, '{', "", "the JSON is malformed or truncated"},
		{"object for a list", `{"items":[]}`, '[', "", "expected a list, got an object"},
		{"list for an object", `[]`, '{', "", "expected an object, got a list"},
		{"string for a list", `"x"`, '[', "", "expected a list, got a string"},
		{"number for an object", `42`, '{', "", "expected an object, got a number"},
		{"boolean for a list", `true`, '[', "", "expected a list, got a boolean"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := checkJSON(&Response{Status: 200, Body: []byte(tt.body)}, tt.want)
			if tt.err == "" {
				if err != nil || string(got) != tt.out {
					t.Errorf("checkJSON(%q) = %s, %v; want %s, nil", tt.body, got, err, tt.out)
				}
				return
			}
			var re *ResponseError
			if !errors.As(err, &re) {
				t.Fatalf("checkJSON(%q) = %s, %v; want a *ResponseError %q", tt.body, got, err, tt.err)
			}
			if why := i18n.InEnglish(re.Why); why != tt.err || re.Status != 200 {
				t.Errorf("checkJSON(%q) = HTTP %d %q, want HTTP 200 %q", tt.body, re.Status, why, tt.err)
			}
		})
	}
}

func TestDecodePromos(t *testing.T) {
	ps, err := DecodePromos([]byte(`[{"id":1,"code":"AB","is_enabled":true,"unknown":[{"x":"]"}]},{"id":"2","code":"CD","d_on":"2026-12-01T00:00:00.000Z"}]`))
	if err != nil {
		t.Fatalf("DecodePromos error: %v", err)
	}
	if len(ps) != 2 || *ps[0].ID != 1 || ps[0].Code != "AB" || !bool(ps[0].IsEnabled) || *ps[1].ID != 2 || ps[1].Code != "CD" || !ps[1].DOn.Set() {
		t.Errorf("DecodePromos = %+v, not the two codes sent", ps)
	}
	if ps, err := DecodePromos([]byte(`[]`)); err != nil || len(ps) != 0 {
		t.Errorf("DecodePromos([]) = %v, %v; want empty, nil", ps, err)
	}
	_, err = DecodePromos([]byte(`[{"id":1},{"id":2,"is_enabled":2}]`))
	var re *ResponseError
	if !errors.As(err, &re) {
		t.Fatalf("DecodePromos(bad flag) = %v, want *ResponseError", err)
	}
	if want := `promo code #2: field "is_enabled": want true or false, got 2`; i18n.InEnglish(re.Why) != want {
		t.Errorf("DecodePromos(bad flag) reason = %q, want %q", i18n.InEnglish(re.Why), want)
	}
	if got, want := i18n.New(i18n.Russian).Say(re.Message()),
		"сервер ответил не так, как ожидалось (HTTP 200): промокод № 2: поле «is_enabled»: нужно true или false, а пришло 2"; got != want {
		t.Errorf("DecodePromos(bad flag) in Russian = %q, want %q", got, want)
	}
}

func TestDecodeStats(t *testing.T) {
	ss, err := DecodeStats([]byte(`[{"id":1,"promo_id":"5","lead_id":9,"bonus_amount":"10","bonus_amount_is_in_percentages":1,
		"order_price":"1500.50","order_quantity":2,"discount_amount":150.05,"promo":{"code":"SUMMER"},
		"d_lead_created":"2021-08-04T13:57:37.243Z","currency":"RUB"}]`))
	if err != nil {
		t.Fatalf("DecodeStats error: %v", err)
	}
	s := ss[0]
	if len(ss) != 1 || s.PromoID != 5 || s.OrderPrice != 1500.5 || !bool(s.BonusAmountIsInPercentages) || s.Promo.Code != "SUMMER" ||
		s.DLeadCreated.Raw != "2021-08-04T13:57:37.243Z" || s.Currency != "RUB" {
		t.Errorf("DecodeStats = %+v, not the record sent", ss)
	}
	if _, err := DecodeStats([]byte(`[{"order_price":"lots"}]`)); err == nil || !strings.Contains(err.Error(), "want a number, got lots") {
		t.Errorf("DecodeStats(bad price) = %v, want an error naming the value", err)
	}
}

// MayHaveActed: a write may have been carried out unless the server
// refused it (4xx) or it never left; no error, nothing to settle.
func TestMayHaveActed(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"no error", nil, false},
		{"refused", &Error{Status: 400}, false},
		{"rate limited", &Error{Status: 429}, false},
		{"a 4xx without the API's body", &ResponseError{Status: 403}, false},
		{"never connected", &connError{err: errors.New("refused"), sent: false}, false},
		{"connection lost", &connError{err: errors.New("reset"), sent: true}, true},
		{"server error", &Error{Status: 502}, true},
		{"created, answer unreadable", &ResponseError{Status: 201}, true},
		{"timeout", &TimeoutError{}, true},
	} {
		if got := MayHaveActed(c.err); got != c.want {
			t.Errorf("%s: MayHaveActed = %v, want %v", c.name, got, c.want)
		}
	}
}
