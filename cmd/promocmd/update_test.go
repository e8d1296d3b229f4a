package promocmd

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// currentJSON is the record an update reads first, in the compact form
// json.Marshal writes, so that an untouched field can be compared byte for
// byte with what the update sends back.
const currentJSON = `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}`

// updatedJSON is what promo update -o json prints when the API answers
// with currentJSON: the record with the id of the argument.
const updatedJSON = `{"id":5,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}
`

// currentYAML is what promo get 5 -o yaml prints for currentJSON.
const currentYAML = `id: 5
code: SUMMER25
is_enabled: true
bonus_type: 2
bonus_amount: 25
bonus_amount_is_in_percentages: true
time_limit_is_enabled: true
d_on: "2026-06-01T00:00:00.123Z"
d_off: "2026-08-31T20:59:59.000Z"
quantity_limit_is_enabled: true
quantity_limit: 100
personal_limit_is_enabled: false
`

// writableFields are the fields an update sends: all of spec 2.3 but
// site_id.
var writableFields = []string{"code", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
	"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "personal_limit_is_enabled"}

// expectPUT checks that an update's body holds exactly the writable fields,
// that each field in changed has that JSON value, and that every other
// field is byte for byte what the GET returned.
func expectPUT(t *testing.T, req apitest.Request, get string, changed map[string]string) {
	t.Helper()
	var sent, before map[string]json.RawMessage
	if err := json.Unmarshal([]byte(req.Body), &sent); err != nil {
		t.Fatalf("PUT body is not a JSON object: %v\n%s", err, req.Body)
	}
	if err := json.Unmarshal([]byte(get), &before); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range sent {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := slices.Sorted(slices.Values(writableFields))
	if !slices.Equal(keys, want) {
		t.Errorf("PUT body fields = %v, want %v", keys, want)
	}
	for _, k := range writableFields {
		got := string(sent[k])
		if v, ok := changed[k]; ok {
			var g, w any
			json.Unmarshal(sent[k], &g)
			if err := json.Unmarshal([]byte(v), &w); err != nil {
				t.Fatalf("bad want for %s: %v", k, err)
			}
			if cmdtest.Canonical(g) != cmdtest.Canonical(w) || jsonType(sent[k]) != jsonType(json.RawMessage(v)) {
				t.Errorf("PUT %s = %s, want %s", k, got, v)
			}
			continue
		}
		if got != string(before[k]) {
			t.Errorf("PUT %s = %s, want it unchanged: %s", k, got, before[k])
		}
	}
}

// jsonType names the JSON type of a value: number, string, boolean, null,
// object or array.
func jsonType(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "missing"
	}
	switch raw[0] {
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "number"
}

func TestPromoUpdateChangesOnlyTheNamedFields(t *testing.T) {
	for _, c := range []struct {
		name    string
		args    []string
		file    string
		changed map[string]string
	}{
		{"disable", []string{"--enabled=false"}, "", map[string]string{"is_enabled": "false"}},
		{"code", []string{"--code", "WINTER26"}, "", map[string]string{"code": `"WINTER26"`}},
		{"amount", []string{"--amount", "15.5"}, "", map[string]string{"bonus_amount": "15.5"}},
		{"bonus type", []string{"--bonus-type", "delivery"}, "", map[string]string{"bonus_type": "3"}},
		{"money", []string{"--percent=false", "--amount", "300"}, "", map[string]string{"bonus_amount_is_in_percentages": "false", "bonus_amount": "300"}},
		// A date alone is the whole day: the end of 31 December in Moscow.
		{"end date", []string{"--ends", "2026-12-31"}, "", map[string]string{"d_off": `"2026-12-31T20:59:59.000Z"`}},
		{"end date and time", []string{"--ends", "2026-12-31T18:00"}, "", map[string]string{"d_off": `"2026-12-31T15:00:00.000Z"`}},
		{"start date", []string{"--starts", "2026-05-01"}, "", map[string]string{"d_on": `"2026-04-30T21:00:00.000Z"`}},
		{"start date", []string{"--starts", "2026-05-01T12:00:00Z"}, "", map[string]string{"d_on": `"2026-05-01T12:00:00.000Z"`}},
		{"no time limit", []string{"--no-time-limit"}, "", map[string]string{"time_limit_is_enabled": "false"}},
		{"max uses", []string{"--max-uses", "7"}, "", map[string]string{"quantity_limit": "7"}},
		{"no max uses", []string{"--no-max-uses"}, "", map[string]string{"quantity_limit_is_enabled": "false"}},
		{"once per user", []string{"--once-per-user"}, "", map[string]string{"personal_limit_is_enabled": "true"}},
		{"file and flag", []string{"--enabled=false"}, `{"bonus_amount":30,"is_enabled":true,"d_off":"2026-09-30T00:00:00Z"}`,
			map[string]string{"is_enabled": "false", "bonus_amount": "30", "d_off": `"2026-09-30T00:00:00.000Z"`}},
		{"file end date", nil, `{"d_off":"2026-09-30"}`, map[string]string{"d_off": `"2026-09-30T20:59:59.000Z"`}},
		{"file from get -o json", nil, `{"id":5,"code":"SUMMER25","pos":1,"is_enabled":false,"promo_used_count":3,"is_valid":true}`,
			map[string]string{"is_enabled": "false"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
			r.API.Handle("PUT /v1/promo/5", http.StatusOK, currentJSON)
			args := append([]string{"promo", "update", "5", "-o", "json"}, c.args...)
			if c.file != "" {
				args = append(args, "-f", cmdtest.WriteFile(t, "p.json", c.file))
			}
			res := r.Run(args...)
			res.Expect(t, 0, updatedJSON, "")
			reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5")
			cmdtest.ExpectHeaders(t, reqs[0], false)
			cmdtest.ExpectHeaders(t, reqs[1], true)
			expectPUT(t, reqs[1], currentJSON, c.changed)
		})
	}
}

func TestPromoUpdateSetsTheTimeLimitWithADate(t *testing.T) {
	const noLimits = `{"code":"OPEN1","is_enabled":true,"bonus_type":2,"bonus_amount":5,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5", http.StatusOK, noLimits)
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, noLimits)
	r.Run("promo", "update", "5", "--starts", "2026-12-01T00:00:00Z", "--max-uses", "10", "-o", "json").Expect(t, 0, `{"id":5,"code":"OPEN1","is_enabled":true,"bonus_type":2,"bonus_amount":5,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`+"\n", "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5")
	expectPUT(t, reqs[1], noLimits, map[string]string{
		"d_on": `"2026-12-01T00:00:00.000Z"`, "time_limit_is_enabled": "true",
		"quantity_limit": "10", "quantity_limit_is_enabled": "true",
	})
}

func TestPromoUpdateSendsAPITypesWhateverTheGETSent(t *testing.T) {
	// The GET drifts in type; the PUT sends the documented types.
	const drift = `{"id":"5","code":2024,"is_enabled":"1","bonus_type":"3","bonus_amount":"150","bonus_amount_is_in_percentages":0,"time_limit_is_enabled":1,"d_on":"2026-06-01T00:00:00.000Z","d_off":null,"quantity_limit_is_enabled":"0","quantity_limit":"0","personal_limit_is_enabled":"true"}`
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5", http.StatusOK, drift)
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, drift)
	res := r.Run("promo", "update", "5", "--enabled=false")
	res.Expect(t, 0, `ID:                 5
Code:               2024
Status:             active
Enabled:            yes
Bonus type:         delivery
Amount:             150.00
Starts:             2026-06-01 03:00
Ends:               -
Max uses:           unlimited
Once per customer:  yes
`, "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5")
	cmdtest.ExpectJSONBody(t, reqs[1], `{"code":"2024","is_enabled":false,"bonus_type":3,"bonus_amount":150,"bonus_amount_is_in_percentages":false,
		"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,
		"personal_limit_is_enabled":true}`)
}

func TestPromoUpdateTable(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, `{"code":"SUMMER25","is_enabled":false,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.123Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false}`)
	res := r.Run("promo", "update", "5", "--enabled=false")
	res.ExpectGolden(t, 0, "Updated promo code SUMMER25 (id 5).\n")
}

func TestPromoUpdateDryRunSendsOnlyTheGET(t *testing.T) {
	r := newRunner(t) // TZ Europe/Moscow
	r.TTY = true      // a person reads a dry run: a summary, then indented JSON
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.Run("promo", "update", "5", "--amount", "10", "--dry-run").Expect(t, 0, `Request:            PUT /v1/promo/5
Code:               SUMMER25
Enabled:            yes
Bonus type:         goods
Amount:             10%
Starts:             2026-06-01 03:00 MSK
Ends:               2026-08-31 23:59:59 MSK
Max uses:           100
Once per customer:  no

{
  "method": "PUT",
  "url": "`+r.API.URL+`/v1/promo/5",
  "body": {
    "code": "SUMMER25",
    "is_enabled": true,
    "bonus_type": 2,
    "bonus_amount": 10,
    "bonus_amount_is_in_percentages": true,
    "time_limit_is_enabled": true,
    "d_on": "2026-06-01T00:00:00.123Z",
    "d_off": "2026-08-31T20:59:59.000Z",
    "quantity_limit_is_enabled": true,
    "quantity_limit": 100,
    "personal_limit_is_enabled": false
  }
}
`, "")
	// Piped: the request as JSON on one line, as before.
	r.TTY = false
	r.Run("promo", "update", "5", "--amount", "10", "--dry-run").Expect(t, 0, `{"method":"PUT","url":"`+r.API.URL+`/v1/promo/5","body":`+
		strings.Replace(currentJSON, `"bonus_amount":25`, `"bonus_amount":10`, 1)+"}\n", "")
	r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo/5")
}

func TestPromoUpdateFailedGETSendsNoPUT(t *testing.T) {
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
		{"unauthorised", apitest.Error(401, 17, "user not found"), 401, 3,
			"promoctl: get promo 5: authentication failed: check the token and user id (promoctl auth status) (API error 17: user not found)"},
		{"server error", apitest.Error(500, 0, "unknown error"), 500, 1,
			"promoctl: get promo 5: server error (API error 0: unknown error)"},
		{"truncated", `{"code":"SUMM`, 200, 1,
			"promoctl: get promo 5: unexpected response from the server (HTTP 200): the JSON is malformed or truncated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo/5", c.status, c.body)
			r.Run("promo", "update", "5", "--enabled").Expect(t, c.code, "", c.stderr+"\n")
			r.ExpectRoutes(t, "GET /v1/promo/5")
		})
	}
}

func TestPromoUpdateFailedPUT(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.API.Handle("PUT /v1/promo/5", http.StatusForbidden, apitest.Error(403, 40, "user cant view promo"))
	r.Run("promo", "update", "5", "--enabled").Expect(t, 3, "",
		"promoctl: you cannot view promo code 5 (API error 40: user cant view promo)\n")
	r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5")
}

func TestPromoUpdatePUTIsRetriedOn503(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
	r.API.Handle("PUT /v1/promo/5", http.StatusServiceUnavailable, "")
	r.API.Handle("PUT /v1/promo/5", http.StatusOK, currentJSON)
	res := r.Run("promo", "update", "5", "--enabled=false", "-o", "json")
	res.Expect(t, 0, updatedJSON, "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "PUT /v1/promo/5", "PUT /v1/promo/5")
	if reqs[1].Body != reqs[2].Body {
		t.Errorf("the retried PUT sent %s, the first %s; want the same body", reqs[2].Body, reqs[1].Body)
	}
}

func TestPromoUpdateValidatesTheMergedRecord(t *testing.T) {
	const money = `{"code":"BIG300","is_enabled":true,"bonus_type":2,"bonus_amount":300,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T00:00:00.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"percent of 300", []string{"--percent"}, "promoctl: promo code 5 would be invalid: --amount: a percentage must be at most 100, got 300"},
		{"end before the start", []string{"--ends", "2026-05-01T00:00:00Z"},
			"promoctl: promo code 5 would be invalid: --ends: the end 2026-05-01T00:00:00.000Z is before the start 2026-06-01T00:00:00.000Z"},
		{"start after the end", []string{"--starts", "2026-09-01T00:00:00Z"},
			"promoctl: promo code 5 would be invalid: --ends: the end 2026-08-31T00:00:00.000Z is before the start 2026-09-01T00:00:00.000Z"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo/5", http.StatusOK, money)
			r.Run(append([]string{"promo", "update", "5"}, c.args...)...).Expect(t, 2, "", c.stderr+"\n")
			r.ExpectRoutes(t, "GET /v1/promo/5")
		})
	}
}

func TestPromoUpdateRoundTripOfGetOutput(t *testing.T) {
	// The workflow of `promo update --help`: get -o yaml (or json), edit,
	// update -f. Unedited, the file changes nothing; edited, only the edit.
	for format, shown := range map[string]string{"yaml": currentYAML, "json": updatedJSON} {
		t.Run(format, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo/5", http.StatusOK, currentJSON)
			res := r.Run("promo", "get", "5", "-o", format)
			res.Expect(t, 0, shown, "")
			p := cmdtest.WriteFile(t, "p."+format, res.Stdout)
			r.API.Handle("PUT /v1/promo/5", http.StatusOK, currentJSON)
			res = r.Run("promo", "update", "5", "-f", p, "-o", "json")
			res.Expect(t, 0, updatedJSON, "")
			reqs := r.ExpectRoutes(t, "GET /v1/promo/5", "GET /v1/promo/5", "PUT /v1/promo/5")
			expectPUT(t, reqs[2], currentJSON, nil)
		})
	}
}

// TestPromoUpdateIDMustBeOnTheSite: an id given with a site (--site-id or
// the configured one) names a promo code of whatever site it is on, so
// promo update, a write, checks it against the site's list as promo delete
// does: one that is not there is refused (exit 4) and nothing is sent.
func TestPromoUpdateIDMustBeOnTheSite(t *testing.T) {
	const notOn = "promoctl: promo code 1001 is not on site 7, and nothing was sent: " +
		"an id given with a site (--site-id or the configured site_id) must be on that site's list\n"
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"--site-id", []string{"promo", "update", "1001", "--amount", "15", "--site-id", "7"}, nil},
		{"--site-id, dry run", []string{"promo", "update", "1001", "--amount", "15", "--site-id", "7", "--dry-run"}, nil},
		{"site from the environment", []string{"promo", "update", "1001", "--amount", "15"}, map[string]string{"PROMOCTL_SITE_ID": "7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newSelectRunner(t)
			r.API.Handle("GET /v1/promo/1001", http.StatusOK, `{"code":"OTHER1","is_enabled":true}`)
			r.API.Handle("PUT /v1/promo/1001", http.StatusOK, `{"code":"OTHER1","is_enabled":true}`)
			for k, v := range c.env {
				r.Env[k] = v
			}
			r.Run(c.args...).Expect(t, 4, "", notOn)
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
}

// TestPromoUpdateIDOnTheSite: an id given with a site that is on it is
// updated after the list read that says so.
func TestPromoUpdateIDOnTheSite(t *testing.T) {
	r := newSelectRunner(t)
	res := r.Run("promo", "update", "2001", "--enabled=false", "--site-id", "7", "-o", "json")
	if res.Code != 0 {
		t.Fatalf("exit %d\n%s", res.Code, res.Stderr)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo/2001", "PUT /v1/promo/2001")
}
