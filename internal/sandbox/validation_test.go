package sandbox

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestCodeRules(t *testing.T) {
	e := newEnv(t)
	for _, code := range []string{
		"ПРОМО10",                           // Cyrillic letters
		"É1",                                // accented Latin
		"ＡＢＣ１",                              // full-width letters and digit
		"A_B", "a-b", "A B", "SALE!", "10%", // punctuation and space
		"A", "", // too short
		"ABCDEFGHIJKLMNOP", // 16 characters
		"ß2", "١٢٣",        // other letters and digits
	} {
		r := e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 1, "code": code})
		wantError(t, r, 400, KindInvalid, "code must be 2 to 15 Latin letters or digits")
		r = e.do(user1, "PUT", "/v1/promo/1001", map[string]any{"code": code})
		wantError(t, r, 400, KindInvalid, "code")
	}
	for _, code := range []string{"ab", "Z9", "ABCDEFGHIJKLMNO", "0123456789", "MixedCase7"} {
		wantStatus(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 2, "code": code}), http.StatusCreated)
	}
	if got := e.list(user1, 1)[1001].Code; got != "WELCOME10" {
		t.Errorf("refused updates changed the code to %q", got)
	}
}

func TestDuplicateCode(t *testing.T) {
	e := newEnv(t)
	for _, code := range []string{"WELCOME10", "welcome10", "Welcome10"} {
		wantError(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 1, "code": code}), 409, KindInvalid, "already exists on site 1")
	}
	wantError(t, e.do(user1, "PUT", "/v1/promo/1002", map[string]any{"code": "MINUS500"}), 409, KindInvalid, "already exists")
	// Codes are unique per site only.
	wantStatus(t, e.do(user1, "POST", "/v1/promo", map[string]any{"site_id": 2, "code": "WELCOME10"}), http.StatusCreated)
	wantStatus(t, e.do(user2, "POST", "/v1/promo", map[string]any{"site_id": 3, "code": "WELCOME10"}), http.StatusCreated)
	if n := len(e.list(user1, 1)); n != 12 {
		t.Errorf("site 1 has %d promo codes after refused duplicates, want 12", n)
	}
}

func TestWrongTypes(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		field string
		value any
	}{
		{"site_id", "one"}, {"site_id", 1.5}, {"site_id", true}, {"site_id", 0}, {"site_id", nil},
		{"code", 123}, {"code", nil}, {"code", []string{"A1"}},
		{"is_enabled", "yes"}, {"is_enabled", 2}, {"is_enabled", nil},
		{"bonus_type", "two"}, {"bonus_type", 2.5}, {"bonus_type", false},
		{"bonus_amount", "ten"}, {"bonus_amount", true}, {"bonus_amount", map[string]int{"v": 1}},
		{"bonus_amount_is_in_percentages", "true"},
		{"time_limit_is_enabled", "false"},
		{"quantity_limit_is_enabled", []int{1}},
		{"quantity_limit", 1.5}, {"quantity_limit", "many"},
		{"personal_limit_is_enabled", "no"},
		{"d_on", 12345}, {"d_on", "tomorrow"}, {"d_on", "2026-13-01T00:00:00Z"}, {"d_on", "2026-12-01"}, {"d_on", ""},
		{"d_off", true}, {"d_off", "2026-12-01 10:00:00"},
	} {
		body := map[string]any{"site_id": 1, "code": "TYPES1", c.field: c.value}
		r := e.do(user1, "POST", "/v1/promo", body)
		wantError(t, r, 400, KindInvalid, c.field)
		if c.field != "site_id" {
			r = e.do(user1, "PUT", "/v1/promo/1001", map[string]any{c.field: c.value})
			wantError(t, r, 400, KindInvalid, c.field)
		}
	}
}

func TestRangeRules(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		body  map[string]any
		title string
	}{
		{map[string]any{"bonus_type": 1}, "bonus_type must be 2 (goods) or 3 (delivery)"},
		{map[string]any{"bonus_type": 4}, "bonus_type"},
		{map[string]any{"bonus_type": 0}, "bonus_type"},
		{map[string]any{"bonus_amount": 0}, "bonus_amount must be greater than 0"},
		{map[string]any{"bonus_amount": -5}, "bonus_amount"},
		{map[string]any{"bonus_amount": 100.5, "bonus_amount_is_in_percentages": true}, "must not exceed 100"},
		{map[string]any{"quantity_limit": -1}, "quantity_limit"},
		{map[string]any{"d_on": "2026-05-01T00:00:00Z", "d_off": "2026-04-01T00:00:00Z"}, "d_off must not be before d_on"},
	} {
		c.body["site_id"], c.body["code"] = 1, "RANGE1"
		wantError(t, e.do(user1, "POST", "/v1/promo", c.body), 400, KindInvalid, c.title)
	}
	// Rules spanning fields hold against the stored values on update: 500
	// roubles off cannot become 500 percent off.
	wantError(t, e.do(user1, "PUT", "/v1/promo/1003", map[string]any{"bonus_amount_is_in_percentages": true}), 400, KindInvalid, "must not exceed 100")
	wantError(t, e.do(user1, "PUT", "/v1/promo/1005", map[string]any{"d_off": "2024-01-01T00:00:00Z"}), 400, KindInvalid, "d_off")
}

func TestMalformedJSON(t *testing.T) {
	e := newEnv(t)
	for _, body := range []string{
		`{"site_id":1,`, `{"site_id":1, "code": "A1"`, `not json`, `[1,2]`, `"text"`, `null`, ``, `   `,
		`{"site_id":1,"code":"MALF1"} {"x":1}`, `{"site_id":1,"code":"MALF1"}]`,
	} {
		wantError(t, e.doLenient(user1, "POST", "/v1/promo", body), 400, KindInvalid, "")
		wantError(t, e.doLenient(user1, "PUT", "/v1/promo/1001", body), 400, KindInvalid, "")
	}
	r := e.doLenient(user1, "POST", "/v1/promo", `{"site_id":1,`)
	wantError(t, r, 400, KindInvalid, "malformed JSON")
	r = e.doLenient(user1, "POST", "/v1/promo", `[1]`)
	wantError(t, r, 400, KindInvalid, "must be a JSON object")
}

func TestLenientForms(t *testing.T) {
	e := newEnv(t)
	r := e.doLenient(user1, "POST", "/v1/promo", `{"site_id":"1","code":"LENIENT1","is_enabled":1,"bonus_type":"3",
		"bonus_amount":"15.5","bonus_amount_is_in_percentages":0,"time_limit_is_enabled":true,
		"d_on":"2026-02-01T10:00:00Z","d_off":"2026-12-01T03:00:00.123456+03:00","quantity_limit":"5","quantity_limit_is_enabled":1,
		"personal_limit_is_enabled":false,"user_id":1,"unknown_field":{"x":1},"id":77,"pos":1}`)
	wantStatus(t, r, http.StatusCreated)
	var got record
	r.json(t, &got)
	want := record{Code: "LENIENT1", IsEnabled: true, BonusType: 3, BonusAmount: 15.5, TimeLimit: true,
		DOn: strp("2026-02-01T10:00:00.000Z"), DOff: strp("2026-12-01T00:00:00.123Z"), QuantityOn: true, QuantityLimit: 5}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lenient create = %+v, want %+v", got, want)
	}
	// id and pos in the body are ignored.
	id := locationID(t, r)
	if item := e.list(user1, 1)[id]; id == 77 || item.Pos != 13 {
		t.Errorf("body id/pos were used: id %d pos %d", id, item.Pos)
	}
}

func TestBodyTooLarge(t *testing.T) {
	e := newEnv(t)
	pad := strings.Repeat("x", MaxBodyBytes)
	big := fmt.Sprintf(`{"site_id":1,"code":"BIG1","pad":%q}`, pad)
	wantError(t, e.doLenient(user1, "POST", "/v1/promo", big), 413, KindInvalid, "too large")
	wantError(t, e.doLenient(user1, "PUT", "/v1/promo/1001", big), 413, KindInvalid, "too large")

	// Without Content-Length (chunked), the limit holds while reading.
	req, _ := http.NewRequest("POST", e.srv.URL+"/v1/promo", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	req.Header.Set("Authorization", "Bearer sandbox")
	req.Header.Set("X-Api-User-Id", "1")
	res, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 413 || !bytes.Contains(body, []byte(`"code":413`)) {
		t.Errorf("chunked big body: %d %s", res.StatusCode, body)
	}
	// Far over the limit: the client still gets the answer, not a reset.
	huge := fmt.Sprintf(`{"site_id":1,"code":"BIG3","pad":%q}`, strings.Repeat("x", 5*MaxBodyBytes))
	if r := e.srvDo(user1, "POST", "/v1/promo", huge); r.status != 413 {
		t.Errorf("5 MiB body: %d %s", r.status, r.body)
	}
	// Just under the limit is fine.
	ok := fmt.Sprintf(`{"site_id":1,"code":"BIG2","pad":%q}`, pad[:MaxBodyBytes-64])
	wantStatus(t, e.doLenient(user1, "POST", "/v1/promo", ok), http.StatusCreated)
	if _, found := e.list(user1, 1)[5001]; !found {
		t.Error("promo from a body under the limit not stored")
	}
}

// TestDateYearRange: a date whose UTC year is outside 0001–9999 cannot be
// written in the API's form. Such a date is refused as invalid data (400,
// kind 10), not stored, on create and on update, whichever offset carries
// it over the edge.
func TestDateYearRange(t *testing.T) {
	e := newEnv(t)
	before := e.list(user1, 1)
	for _, value := range []string{
		"9999-12-31T23:59:59-14:00", // UTC year 10000
		"9999-12-31T23:00:00-01:00",
		"0001-01-01T00:00:00+14:00", // UTC year 0000
		"0001-01-01T00:59:59.999+01:00",
		"0000-06-01T00:00:00Z",
		"0000-01-01T00:00:00+01:00",
	} {
		for _, field := range []string{"d_on", "d_off"} {
			body := map[string]any{"site_id": 1, "code": "YEARS1", "time_limit_is_enabled": true, field: value}
			wantError(t, e.doLenient(user1, "POST", "/v1/promo", body), 400, KindInvalid,
				field+" must be between 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z")
			wantError(t, e.doLenient(user1, "PUT", "/v1/promo/1001", map[string]any{field: value}), 400, KindInvalid,
				field+" must be between 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z")
		}
	}
	if after := e.list(user1, 1); !reflect.DeepEqual(after, before) {
		t.Errorf("refused dates changed site 1:\n got %+v\nwant %+v", after, before)
	}
	// The edges themselves are fine.
	r := e.do(user1, "PUT", "/v1/promo/1001", map[string]any{"d_on": "0001-01-01T00:00:00Z", "d_off": "9999-12-31T23:59:59.999Z"})
	wantStatus(t, r, http.StatusOK)
	var got record
	r.json(t, &got)
	if got.DOn == nil || *got.DOn != "0001-01-01T00:00:00.000Z" || got.DOff == nil || *got.DOff != "9999-12-31T23:59:59.999Z" {
		t.Errorf("edge dates stored as %v, %v", got.DOn, got.DOff)
	}
}
