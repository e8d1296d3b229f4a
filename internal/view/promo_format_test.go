package view

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, also on a machine without a zoneinfo database

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

func loadZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func writeData(t *testing.T, d output.Data, o output.Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := output.Write(&b, d, o); err != nil {
		t.Fatalf("Write(%+v): %v", o, err)
	}
	return b.String()
}

func apiTime(t *testing.T, s string) api.Time {
	t.Helper()
	var v api.Time
	if err := v.UnmarshalJSON([]byte(`"` + s + `"`)); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAmountAndMoney(t *testing.T) {
	t.Parallel()
	tests := []struct {
		v       float64
		percent bool
		want    string
	}{
		{10, true, "10%"},
		{12.5, true, "12.5%"},
		{0.01, true, "0.01%"},
		{100, true, "100%"},
		{150, false, "150.00"},
		{300.5, false, "300.50"},
		{0.01, false, "0.01"},
		{1234567.891, false, "1234567.89"},
		{0, false, "0.00"},
	}
	for _, tt := range tests {
		if got := Amount(tt.v, tt.percent); got != tt.want {
			t.Errorf("Amount(%v, %v) = %q, want %q", tt.v, tt.percent, got, tt.want)
		}
	}
	if got := Money(99.999); got != "100.00" {
		t.Errorf("Money(99.999) = %q, want 100.00", got)
	}
	if YesNo(true) != "yes" || YesNo(false) != "no" {
		t.Errorf("YesNo = %q, %q; want yes, no", YesNo(true), YesNo(false))
	}
}

func TestDate(t *testing.T) {
	t.Parallel()
	v := apiTime(t, "2026-12-01T00:00:00.000Z")
	tests := []struct{ zone, want string }{
		{"UTC", "2026-12-01 00:00"},
		{"Europe/Moscow", "2026-12-01 03:00"},
		{"America/New_York", "2026-11-30 19:00"},
		{"Asia/Kolkata", "2026-12-01 05:30"},
		{"Pacific/Chatham", "2026-12-01 13:45"},
	}
	for _, tt := range tests {
		if got := Date(v, loadZone(t, tt.zone)); got != tt.want {
			t.Errorf("Date(%s, %s) = %q, want %q", v.Raw, tt.zone, got, tt.want)
		}
	}
	if got := Date(api.Time{}, time.UTC); got != "-" {
		t.Errorf("Date(unset) = %q, want -", got)
	}
	// Seconds and milliseconds are not shown; the minute is not rounded up.
	if got := Date(apiTime(t, "2026-12-01T10:15:59.999Z"), time.UTC); got != "2026-12-01 10:15" {
		t.Errorf("Date(10:15:59.999) = %q, want 2026-12-01 10:15", got)
	}
}

// viewNow is the clock of the promo views' tests: within SUMMER2026's
// validity.
var viewNow = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

const promoListJSON = `[
 {"id":1001,"code":"SUMMER2026","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,
  "time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T21:00:00.000Z",
  "quantity_limit_is_enabled":true,"quantity_limit":100,"promo_used_count":3,"is_valid":true,"unknown_field":{"kept":[1]}},
 {"id":"1002","code":"FREE\u001b[31mSHIP\u009b2J","pos":"2","is_enabled":0,"bonus_type":3,"bonus_amount":"150","bonus_amount_is_in_percentages":false,
  "time_limit_is_enabled":false,"d_on":"2026-01-01T00:00:00.000Z","d_off":null,
  "quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}
]`

func TestPromoListTable(t *testing.T) {
	t.Parallel()
	got := writeData(t, PromoList([]byte(promoListJSON), loadZone(t, "Europe/Moscow"), viewNow), output.Options{Format: format.Table})
	want := "ID    CODE        STATUS    ENABLED  TYPE      AMOUNT  STARTS            ENDS              USES   VALID\n" +
		"1001  SUMMER2026  active    yes      goods     10%     2026-06-01 03:00  2026-09-01 00:00  3/100  yes\n" +
		"1002  FREESHIP    disabled  no       delivery  150.00  -                 -                 0      no\n"
	if got != want {
		t.Errorf("promo list table =\n%s\nwant\n%s", got, want)
	}
}

func TestPromoListCSV(t *testing.T) {
	t.Parallel()
	got := writeData(t, PromoList([]byte(promoListJSON), time.UTC, viewNow), output.Options{Format: format.CSV})
	want := "id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off," +
		"quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid\n" +
		"1001,SUMMER2026,1,true,2,10,true,true,2026-06-01T00:00:00.000Z,2026-08-31T21:00:00.000Z,true,100,3,true\n"
	if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, ",2,false,3,150,false,false,2026-01-01T00:00:00.000Z,,false,0,0,false\n") {
		t.Errorf("promo list CSV =\n%q\nwant\n%q", got, want)
	}
	if !strings.HasPrefix(writeData(t, PromoList([]byte(promoListJSON), time.UTC, viewNow), output.Options{Format: format.CSV, NoHeaders: true}), "1001,") {
		t.Errorf("promo list CSV with --no-headers does not start with the first row")
	}
}

// TestPromoListJSONIsTheServers: -o json passes every field through,
// including ones the client does not know, with the server's types: piped
// as the very bytes the server sent, on a terminal indented.
func TestPromoListJSONIsTheServers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name     string
		terminal bool
		fields   []string
	}{
		{"piped", false, []string{`"unknown_field":{"kept":[1]}`, `"id":"1002"`, `"is_enabled":0`, `"bonus_amount":"150"`}},
		{"on a terminal", true, []string{"\"unknown_field\": {\n", `"id": "1002"`, `"is_enabled": 0`, `"bonus_amount": "150"`}},
	} {
		got := writeData(t, PromoList([]byte(promoListJSON), time.UTC, viewNow), output.Options{Format: format.JSON, Terminal: c.terminal})
		var a, b any
		if err := json.Unmarshal([]byte(got), &a); err != nil {
			t.Fatalf("%s: -o json is not JSON: %v\n%s", c.name, err, got)
		}
		json.Unmarshal([]byte(promoListJSON), &b)
		if ga, _ := json.Marshal(a); string(ga) != string(mustMarshal(t, b)) {
			t.Errorf("%s: -o json changed the data:\n%s", c.name, got)
		}
		for _, f := range c.fields {
			if !strings.Contains(got, f) {
				t.Errorf("%s: -o json dropped or retyped fields: no %s in\n%s", c.name, f, got)
			}
		}
		if !c.terminal && got != promoListJSON+"\n" {
			t.Errorf("piped -o json is not the server's bytes:\n%q\nwant\n%q", got, promoListJSON+"\n")
		}
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPromoListBadField(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	err := output.Write(&b, PromoList([]byte(`[{"id":1,"is_enabled":"maybe"}]`), time.UTC, viewNow), output.Options{Format: format.Table})
	if err == nil || !strings.Contains(err.Error(), `"is_enabled"`) {
		t.Errorf("Write(bad field) error = %v, want one that names is_enabled", err)
	}
	if b.Len() != 0 {
		t.Errorf("Write wrote %q before failing, want nothing", b.String())
	}
}

func TestPromoRecord(t *testing.T) {
	t.Parallel()
	raw := []byte(`{"code":"WINTER","is_enabled":true,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,
		"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":true,"quantity_limit":5,"personal_limit_is_enabled":true}`)
	var p api.Promo
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	d := PromoRecord(raw, p, 1001, time.UTC, viewNow)
	table := writeData(t, d, output.Options{Format: format.Table})
	want := "ID:                 1001\n" +
		"Code:               WINTER\n" +
		"Status:             active\n" +
		"Enabled:            yes\n" +
		"Bonus type:         delivery\n" +
		"Amount:             300.00\n" +
		"Time limit:         none\n" +
		"Max uses:           5\n" +
		"Once per customer:  yes\n"
	if table != want {
		t.Errorf("promo record table =\n%q\nwant\n%q", table, want)
	}
	// Piped, the record is the server's bytes with the id spliced in first.
	js := writeData(t, d, output.Options{Format: format.JSON})
	if want := `{"id":1001,` + string(raw[1:]) + "\n"; js != want {
		t.Errorf("piped -o json =\n%s\nwant the server's record with the id it was asked for first:\n%s", js, want)
	}
	js = writeData(t, d, output.Options{Format: format.JSON, Terminal: true})
	if !strings.HasPrefix(js, "{\n  \"id\": 1001,\n  \"code\": \"WINTER\",") {
		t.Errorf("-o json on a terminal does not start with the id it was asked for:\n%s", js)
	}
	csv := writeData(t, d, output.Options{Format: format.CSV})
	if !strings.HasSuffix(csv, "1001,WINTER,,true,3,300,false,false,,,true,5,,,true\n") {
		t.Errorf("promo record CSV = %q", csv)
	}
}

func TestPromoRecordKeepsTheServersID(t *testing.T) {
	t.Parallel()
	raw := []byte(`{"id":7,"code":"AB"}`)
	var p api.Promo
	json.Unmarshal(raw, &p)
	d := PromoRecord(raw, p, 1001, time.UTC, viewNow)
	if string(d.JSON) != string(raw) {
		t.Errorf("JSON = %s, want the server's %s", d.JSON, raw)
	}
}

func TestWithID(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"code":"AB"}`, `{"id":5,"code":"AB"}`},
		{` { "code" : "AB" } `, `{"id":5,"code" : "AB" }`},
		{`{}`, `{"id":5}`},
		{`{ }`, `{"id":5}`},
		{`{"id":9,"code":"AB"}`, `{"id":9,"code":"AB"}`},
		{`{"id":null}`, `{"id":null}`},
		{`[1]`, `[1]`},
		{`not json`, `not json`},
	}
	for _, tt := range tests {
		got := withID([]byte(tt.in), 5)
		if string(got) != tt.want {
			t.Errorf("withID(%s) = %s, want %s", tt.in, got, tt.want)
		}
		if json.Valid([]byte(tt.in)) && !json.Valid(got) {
			t.Errorf("withID(%s) = %s, which is not valid JSON", tt.in, got)
		}
	}
}

func TestPromoStats(t *testing.T) {
	t.Parallel()
	raw := []byte(`[
	 {"id":1,"promo_id":1001,"lead_id":501,"bonus_type_id":2,"bonus_amount":10,"bonus_amount_is_in_percentages":1,"order_price":1500,"order_quantity":2,
	  "discount_amount":150,"promo":{"code":"SUMMER2026"},"d_lead_created":"2026-06-02T09:30:00.000Z","currency":"RUB"},
	 {"id":2,"promo_id":1001,"lead_id":502,"bonus_type_id":2,"bonus_amount":10,"bonus_amount_is_in_percentages":1,"order_price":"99.99","order_quantity":1,
	  "discount_amount":"10.00","promo":{"code":"SUMMER2026"},"d_lead_created":"2026-06-03T21:15:00.000Z","currency":"USD"},
	 {"id":3,"promo_id":1001,"lead_id":503,"bonus_type_id":2,"bonus_amount":10,"bonus_amount_is_in_percentages":1,"order_price":500.5,"order_quantity":1,
	  "discount_amount":50.05,"promo":{"code":"SUMMER2026"},"d_lead_created":"2026-06-04T10:00:00.000Z","currency":"RUB"}]`)
	got := writeData(t, PromoStats(raw, loadZone(t, "Europe/Moscow")), output.Options{Format: format.Table})
	want := "ID  ORDER  DATE              CODE        ORDER PRICE  QTY  DISCOUNT  CURRENCY\n" +
		"1   501    2026-06-02 12:30  SUMMER2026  1500.00      2    150.00    RUB\n" +
		"2   502    2026-06-04 00:15  SUMMER2026  99.99        1    10.00     USD\n" +
		"3   503    2026-06-04 13:00  SUMMER2026  500.50       1    50.05     RUB\n" +
		"\n" +
		"CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL\n" +
		"RUB       2       2000.50      200.05\n" +
		"USD       1       99.99        10.00\n"
	if got != want {
		t.Errorf("promo stats table =\n%s\nwant\n%s", got, want)
	}
	empty := writeData(t, PromoStats([]byte(`[]`), time.UTC), output.Options{Format: format.Table})
	if empty != "ID  ORDER  DATE  CODE  ORDER PRICE  QTY  DISCOUNT  CURRENCY\n" {
		t.Errorf("empty stats table = %q, want the header alone and no totals", empty)
	}
	csv := writeData(t, PromoStats(raw, time.UTC), output.Options{Format: format.CSV, NoHeaders: true})
	if !strings.HasPrefix(csv, "1,1001,501,2,10,true,1500,2,150,SUMMER2026,2026-06-02T09:30:00.000Z,RUB\n") {
		t.Errorf("stats CSV = %q", csv)
	}
}

func TestRequest(t *testing.T) {
	t.Parallel()
	d, err := Request("POST", "https://api.lpmotor.ru/v1/promo", []byte(`{"site_id":1,"code":"AB"}`))
	if err != nil {
		t.Fatal(err)
	}
	got := writeData(t, d, output.Options{Format: format.Table, Terminal: true})
	want := "{\n  \"method\": \"POST\",\n  \"url\": \"https://api.lpmotor.ru/v1/promo\",\n  \"body\": {\n    \"site_id\": 1,\n    \"code\": \"AB\"\n  }\n}\n"
	if got != want {
		t.Errorf("dry-run request =\n%s\nwant\n%s", got, want)
	}
	d, err = Request("DELETE", "https://api.lpmotor.ru/v1/promo/5", nil)
	if err != nil {
		t.Fatal(err)
	}
	got = writeData(t, d, output.Options{Format: format.JSON})
	if want := `{"method":"DELETE","url":"https://api.lpmotor.ru/v1/promo/5","body":null}` + "\n"; got != want {
		t.Errorf("dry-run DELETE -o json = %q, want %q (a null body)", got, want)
	}
}

func TestText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"SUMMER2026":                 "SUMMER2026",
		"Промокод «лето»":            "Промокод «лето»",
		"red\x1b[31mtext\x1b[0m":     "redtext",
		"title\x1b]0;pwned\x07 here": "title here",
		"two\nlines\tand tab":        "two lines and tab",
		"\u202eevil":                 "evil",
	} {
		if got := termsafe.String(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPromoRequestWithoutLimits: an update's whole record with its limits
// off shows them as off, and nothing as a default.
func TestPromoRequestWithoutLimits(t *testing.T) {
	t.Parallel()
	body := `{"code":"OPEN1","is_enabled":true,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,` +
		`"time_limit_is_enabled":false,"d_on":"2026-06-01T00:00:00.000Z","d_off":null,"quantity_limit_is_enabled":false,` +
		`"quantity_limit":5,"personal_limit_is_enabled":true}`
	d, err := PromoRequest("PUT", "/v1/promo/5", []byte(body), false, loadZone(t, "Asia/Kolkata"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := output.Write(&b, d, output.Options{Format: format.Table}); err != nil {
		t.Fatal(err)
	}
	want := `Request:            PUT /v1/promo/5
Code:               OPEN1
Enabled:            yes
Bonus type:         delivery
Amount:             300.00
Time limit:         none
Max uses:           unlimited
Once per customer:  yes
`
	if b.String() != want {
		t.Errorf("PromoRequest:\n%s\nwant:\n%s", b.String(), want)
	}
	if _, err := PromoRequest("PUT", "/v1/promo/5", []byte(`[1]`), false, time.UTC, nil); err == nil {
		t.Error("PromoRequest of a JSON array: no error")
	}
}

// TestPromoListStatus: the STATUS column follows the contract's rules at
// the clock given, and is coloured by status on a colour terminal.
func TestPromoListStatus(t *testing.T) {
	t.Parallel()
	const list = `[
{"id":1,"code":"OFF","is_enabled":false,"time_limit_is_enabled":true,"d_on":"2026-01-01T00:00:00Z","d_off":"2026-02-01T00:00:00Z"},
{"id":2,"code":"OLD","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-01-01T00:00:00Z","d_off":"2026-07-01T12:00:00Z"},
{"id":3,"code":"GONE","is_enabled":true,"quantity_limit_is_enabled":true,"quantity_limit":5,"promo_used_count":5},
{"id":4,"code":"SOON","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-07-01T12:00:01Z","d_off":"2026-09-01T00:00:00Z"},
{"id":5,"code":"NOW","is_enabled":true,"time_limit_is_enabled":false,"d_off":"2020-01-01T00:00:00Z"}
]`
	got := writeData(t, PromoList([]byte(list), time.UTC, viewNow), output.Options{Format: format.Table})
	var status []string
	for _, l := range strings.Split(strings.TrimSpace(got), "\n")[1:] {
		status = append(status, strings.Fields(l)[2])
	}
	if want := "disabled expired used-up scheduled active"; strings.Join(status, " ") != want {
		t.Errorf("statuses = %q, want %q\n%s", status, want, got)
	}
	coloured := writeData(t, PromoList([]byte(list), time.UTC, viewNow), output.Options{Format: format.Table, Color: true})
	for _, s := range []string{"\x1b[2mdisabled\x1b[0m", "\x1b[31mexpired\x1b[0m", "\x1b[31mused-up\x1b[0m", "\x1b[32mactive\x1b[0m", "  scheduled  "} {
		if !strings.Contains(coloured, s) {
			t.Errorf("no %q in the coloured table:\n%q", s, coloured)
		}
	}
	// The other formats are the API's: no status.
	for _, f := range []format.Format{format.JSON, format.CSV, format.YAML} {
		if out := writeData(t, PromoList([]byte(list), time.UTC, viewNow), output.Options{Format: f}); strings.Contains(out, "status") || strings.Contains(out, "used-up") {
			t.Errorf("-o %s shows the status:\n%s", f, out)
		}
	}
}
