package promocmd

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
)

// promoRecordJSON is a single record as get, create and update return it:
// no id (spec 2.2), and a field this client does not know.
const promoRecordJSON = `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false,"x_new":{"kept":[1,"two"]}}`

func TestPromoGetTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1001", http.StatusOK, promoRecordJSON)
	res := r.Run("promo", "get", "1001")
	res.ExpectGolden(t, 0, "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo/1001")
	cmdtest.ExpectHeaders(t, reqs[0], false)
}

func TestPromoGetTableWithListFields(t *testing.T) {
	// A server that also sends the list-only fields: they are shown.
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1002", http.StatusOK, `{"id":1002,"code":"FREESHIP","pos":2,"is_enabled":false,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":12,"is_valid":false,"personal_limit_is_enabled":true}`)
	res := r.Run("promo", "show", "1002")
	res.ExpectGolden(t, 0, "")
}

func TestPromoGetJSONAddsIDFirst(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1001", http.StatusOK, promoRecordJSON)
	r.Run("promo", "get", "1001", "-o", "json").Expect(t, 0, `{"id":1001,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,`+
		`"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z",`+
		`"quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":false,"x_new":{"kept":[1,"two"]}}`+"\n", "")
	r.ExpectRoutes(t, "GET /v1/promo/1001")
}

// TestPromoGetJSONPipedAndOnATerminal: piped, -o json is the server's bytes
// as they came (its spacing too), with the id spliced in first when the
// record lacks it, on one line like gh api; on a terminal it is indented
// by two spaces. The data is the same either way.
func TestPromoGetJSONPipedAndOnATerminal(t *testing.T) {
	const spaced = `{"code": "SUMMER25",  "bonus_amount":25, "x_new":{ "kept":[1, "two"] }}`
	for _, c := range []struct {
		name   string
		server string
		tty    bool
		stdout string
	}{
		{"piped", spaced, false, `{"id":1001,"code": "SUMMER25",  "bonus_amount":25, "x_new":{ "kept":[1, "two"] }}` + "\n"},
		{"piped with the server's id", `{"id":1001, "code":"SUMMER25","bonus_amount":25,"x_new":{"kept":[1,"two"]}}`, false,
			`{"id":1001, "code":"SUMMER25","bonus_amount":25,"x_new":{"kept":[1,"two"]}}` + "\n"},
		{"on a terminal", spaced, true, `{
  "id": 1001,
  "code": "SUMMER25",
  "bonus_amount": 25,
  "x_new": {
    "kept": [
      1,
      "two"
    ]
  }
}
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = c.tty
			r.API.Handle("GET /v1/promo/1001", http.StatusOK, c.server)
			res := r.Run("promo", "get", "1001", "-o", "json")
			res.Expect(t, 0, c.stdout, "")
			cmdtest.ExpectJSON(t, c.name+" -o json", res.Stdout, `{"id":1001,"code":"SUMMER25","bonus_amount":25,"x_new":{"kept":[1,"two"]}}`)
			r.ExpectRoutes(t, "GET /v1/promo/1001")
		})
	}
}

func TestPromoGetJSONKeepsTheServersID(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1001", http.StatusOK, `{"code":"SUMMER25","id":"1001"}`)
	r.Run("promo", "get", "1001", "-o", "json").Expect(t, 0, `{"code":"SUMMER25","id":"1001"}`+"\n", "")
}

// TestPromoGetRefusesWhatIsNotAPromoRecord: a 200 whose object has no
// code (an empty object, all nulls, a wrapper such as {"data":[…]}) is
// not a promo code, and is not shown as a blank one.
func TestPromoGetRefusesWhatIsNotAPromoRecord(t *testing.T) {
	const notARecord = "get promo 9: unexpected response from the server (HTTP 200): an object without a code is not a promo code record"
	for name, body := range map[string]string{
		"empty":          ` { } `,
		"wrapped":        `{"data":[` + promoRecordJSON + `]}`,
		"all null":       `{"code":null,"is_enabled":null,"bonus_type":null,"bonus_amount":null,"bonus_amount_is_in_percentages":null,"time_limit_is_enabled":null,"d_on":null,"d_off":null,"quantity_limit_is_enabled":null,"quantity_limit":null,"personal_limit_is_enabled":null}`,
		"empty code":     `{"code":"","is_enabled":false,"bonus_type":2,"bonus_amount":0.01}`,
		"only an id":     `{"id":9}`,
		"fields no code": `{"is_enabled":true,"bonus_type":2,"bonus_amount":25}`,
	} {
		t.Run(name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo/9", http.StatusOK, body)
			r.Run("promo", "get", "9").Expect(t, 1, "", "promoctl: "+notARecord+"\n")
			r.ExpectRoutes(t, "GET /v1/promo/9")
		})
	}
	t.Run("json", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo/9", http.StatusOK, `{}`)
		r.Run("promo", "get", "9", "-o", "json").Expect(t, 1, "", `{"error":{"message":"`+notARecord+`","exit_code":1}}`+"\n")
	})
	t.Run("update reads it first", func(t *testing.T) {
		// Nothing is sent back: a blank record would reset the promo code.
		r := newRunner(t)
		r.API.Handle("GET /v1/promo/9", http.StatusOK, `{"data":null}`)
		r.Run("promo", "update", "9", "--enabled").Expect(t, 1, "", "promoctl: "+notARecord+"\n")
		r.ExpectRoutes(t, "GET /v1/promo/9")
	})
	t.Run("a numeric code is a record", func(t *testing.T) {
		// The API's type drift: still a promo code.
		r := newRunner(t)
		r.API.Handle("GET /v1/promo/9", http.StatusOK, `{"code":2024}`)
		r.Run("promo", "get", "9", "--jq", ".code").Expect(t, 0, "2024\n", "")
	})
}

func TestPromoGetYAMLAndCSV(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1001", http.StatusOK, promoRecordJSON)
	r.Run("promo", "get", "1001", "-o", "yaml").Expect(t, 0, apitest.Lines(
		"id: 1001",
		"code: SUMMER25",
		"is_enabled: true",
		"bonus_type: 2",
		"bonus_amount: 25",
		"bonus_amount_is_in_percentages: true",
		"time_limit_is_enabled: true",
		`d_on: "2026-06-01T00:00:00.000Z"`,
		`d_off: "2026-08-31T20:59:59.000Z"`,
		"quantity_limit_is_enabled: true",
		"quantity_limit: 100",
		"personal_limit_is_enabled: false",
		"x_new:",
		"  kept:",
		"    - 1",
		"    - two",
	), "")
	r.Run("promo", "get", "1001", "-o", "csv").Expect(t, 0, apitest.Lines(
		"id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid,personal_limit_is_enabled",
		"1001,SUMMER25,,true,2,25,true,true,2026-06-01T00:00:00.000Z,2026-08-31T20:59:59.000Z,true,100,,,false",
	), "")
	r.Run("promo", "get", "1001", "--jq", ".id, .code").Expect(t, 0, "1001\nSUMMER25\n", "")
}

func TestPromoGetReadsTypeDrift(t *testing.T) {
	// Ids and amounts as strings, a numeric code, flags as 0/1 and "1",
	// null and empty dates: all read, none an error.
	const drift = `{"id":"1003","code":2024,"is_enabled":"1","bonus_type":"3","bonus_amount":"150.5","bonus_amount_is_in_percentages":0,"time_limit_is_enabled":1,"d_on":null,"d_off":"","quantity_limit_is_enabled":"0","quantity_limit":"0","personal_limit_is_enabled":null,"promo_used_count":"7","is_valid":1}`
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1003", http.StatusOK, drift)
	res := r.Run("promo", "get", "1003")
	res.ExpectGolden(t, 0, "")
	// JSON shows what the server said, not the decoded values.
	r.Run("promo", "get", "1003", "-o", "json").Expect(t, 0, drift+"\n", "")
}

func TestPromoGetTableIsTerminalSafe(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/1", http.StatusOK, `{"code":"\u001b[31mRED\r\u0007\u001b]0;title\u0007X","is_enabled":true,"bonus_type":2,"bonus_amount":5}`)
	// The escape sequences go whole, the carriage return becomes a space.
	res := r.Run("promo", "get", "1")
	res.Expect(t, 0, apitest.Lines(
		"ID:          1",
		"Code:        RED X",
		"Status:      active",
		"Enabled:     yes",
		"Bonus type:  goods",
		"Amount:      5.00",
		"Time limit:  none",
		"Max uses:    unlimited",
	), "")
	expectTerminalSafe(t, "promo get", res.Stdout)
}

func TestPromoGetErrors(t *testing.T) {
	for _, c := range []struct {
		name, body string
		status     int
		code       int
		stderr     string
	}{
		{"no access", apitest.Error(403, 40, "user cant view promo"), 403, 3,
			"promoctl: you cannot view promo code 5 (API error 40: user cant view promo)"},
		{"not found", apitest.Error(404, 17, "promo not found"), 404, 4,
			"promoctl: promo code 5 does not exist or is not visible to you (API error 17: promo not found); if 5 is a code rather than an id, find it with promoctl promo list --site-id SITE_ID --search 5 (an argument of digits only is an id)"},
		{"not found, no body", "", 404, 4,
			"promoctl: get promo 5: the server at {URL} has no endpoint GET /v1/promo/5 (HTTP 404 without an API error): check --base-url (now {URL}, from PROMOCTL_BASE_URL)"},
		{"a list instead of a record", "[]", 200, 1,
			"promoctl: get promo 5: unexpected response from the server (HTTP 200): expected an object, got a list"},
		{"wrong type", `{"code":"A1","bonus_type":"goods"}`, 200, 1,
			`promoctl: get promo 5: unexpected response from the server (HTTP 200): cannot decode: field "bonus_type": want an integer, got goods`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo/5", c.status, c.body)
			r.Run("promo", "get", "5").Expect(t, c.code, "", strings.ReplaceAll(c.stderr, "{URL}", r.API.URL)+"\n")
			r.ExpectRoutes(t, "GET /v1/promo/5")
		})
	}
}

// TestPromoGetLabelsEveryField walks promo.Registry: promo get's card
// shows every field of the record that has a label (a row of its own, or
// its registry row's label, said in the language), never under its API
// name, in English and in Russian. A new row with a label needs nothing
// here (TestAddingAFieldIsOneRow runs this with one more).
func TestPromoGetLabelsEveryField(t *testing.T) {
	sample := map[spec.Kind]any{spec.KindText: "X1", spec.KindInt: 5, spec.KindAmount: 150.5, spec.KindBool: true,
		spec.KindDate: "2026-12-01T00:00:00.000Z", spec.KindBonusType: 2}
	record := map[string]any{}
	for _, f := range promo.Registry() {
		if f.Record && f.Name != "id" {
			record[f.Name] = sample[f.Kind]
		}
	}
	body, err := json.Marshal(record)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"C", "ru_RU.UTF-8"} {
		r := newRunner(t)
		r.Env["LANG"] = lang
		r.API.Handle("GET /v1/promo/1001", http.StatusOK, string(body))
		r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
		res := r.Run("promo", "get", "1001", "-o", "table")
		if res.Code != 0 {
			t.Fatalf("LANG=%s: exit %d: %s", lang, res.Code, res.Stderr)
		}
		for _, f := range promo.Registry() {
			if !f.Record || f.Label == "" {
				continue
			}
			for _, line := range strings.Split(res.Stdout, "\n") {
				if strings.HasPrefix(line, f.Name+":") {
					t.Errorf("LANG=%s: %s shows under its API name, not its label %s:\n%s", lang, f.Name, f.Label, res.Stdout)
				}
			}
		}
	}
}
