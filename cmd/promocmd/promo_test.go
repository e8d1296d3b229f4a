package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// promoListJSON is a list as the service sends it: the first item well
// typed and carrying a field this client does not know, the second with the
// type drift seen in the wild (id and amount as strings, 0/1 flags, null
// dates).
const promoListJSON = `[
 {"id":1001,"code":"SUMMER25","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"promo_used_count":3,"is_valid":true,"x_future":{"a":1}},
 {"id":"1002","code":"FREESHIP","pos":2,"is_enabled":0,"bonus_type":3,"bonus_amount":"300","bonus_amount_is_in_percentages":0,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}
]`

func TestPromoListTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.Run("promo", "list", "--site-id", "7")
	res.ExpectGolden(t, 0, "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
	cmdtest.ExpectHeaders(t, reqs[0], false)
	if reqs[0].Body != "" {
		t.Errorf("GET body = %q, want none", reqs[0].Body)
	}
}

func TestPromoListTableNoHeaders(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.Run("promo", "ls", "--site-id", "7", "--no-headers")
	res.ExpectGolden(t, 0, "")
	if strings.Contains(res.Stdout, "CODE") {
		t.Errorf("--no-headers printed the header:\n%s", res.Stdout)
	}
}

func TestPromoListEmpty(t *testing.T) {
	for _, body := range []string{"[]", "null"} {
		t.Run(body, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, body)
			// Off a terminal: the header alone, so a script sees the columns.
			r.Run("promo", "list", "--site-id", "7").Expect(t, 0,
				"ID  CODE  STATUS  ENABLED  TYPE  AMOUNT  STARTS  ENDS  USES  VALID\n", "")
			r.Run("promo", "list", "--site-id", "7", "--no-headers").Expect(t, 0, "", "")
			r.Run("promo", "list", "--site-id", "7", "-o", "json").Expect(t, 0, "[]\n", "")
			r.Run("promo", "list", "--site-id", "7", "-o", "yaml").Expect(t, 0, "[]\n", "")
			r.Run("promo", "list", "--site-id", "7", "-o", "csv").Expect(t, 0,
				"id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid\n", "")
			r.Run("promo", "list", "--site-id", "7", "-o", "csv", "--no-headers").Expect(t, 0, "", "")
			// On a terminal: a sentence instead of a bare header.
			r.TTY = true
			r.Run("promo", "list", "--site-id", "7").Expect(t, 0, "", "No promo codes on site 7.\n")
			r.Run("promo", "list", "--site-id", "7", "-o", "json").Expect(t, 0, "[]\n", "")
		})
	}
}

func TestPromoListJSONPassesServerDataThrough(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	// Every value as the server sent it, with its type ("1002" stays a
	// string, 0 stays a number, null stays null, x_future is kept), in
	// the server's order of fields, compacted onto one line.
	r.Run("promo", "list", "--site-id", "7", "-o", "json").Expect(t, 0, `[`+
		`{"id":1001,"code":"SUMMER25","pos":1,"is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,`+
		`"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-08-31T20:59:59.000Z","quantity_limit_is_enabled":true,`+
		`"quantity_limit":100,"promo_used_count":3,"is_valid":true,"x_future":{"a":1}},`+
		`{"id":"1002","code":"FREESHIP","pos":2,"is_enabled":0,"bonus_type":3,"bonus_amount":"300","bonus_amount_is_in_percentages":0,`+
		`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}`+
		`]`+"\n", "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestPromoListYAML(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.Run("promo", "list", "--site-id", "7", "-o", "yaml")
	res.ExpectGolden(t, 0, "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestPromoListCSV(t *testing.T) {
	const header = "id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid"
	rows := []string{
		"1001,SUMMER25,1,true,2,25,true,true,2026-06-01T00:00:00.000Z,2026-08-31T20:59:59.000Z,true,100,3,true",
		"1002,FREESHIP,2,false,3,300,false,false,,,false,0,0,false",
	}
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	r.Run("promo", "list", "--site-id", "7", "-o", "csv").Expect(t, 0, apitest.Lines(append([]string{header}, rows...)...), "")
	r.Run("promo", "list", "--site-id", "7", "-o", "csv", "--no-headers").Expect(t, 0, apitest.Lines(rows...), "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7")
}

func TestPromoListJQ(t *testing.T) {
	for _, c := range []struct{ expr, stdout string }{
		{".[] | select(.is_valid) | .code", "SUMMER25\n"},
		{"map(.id)", `[1001,"1002"]` + "\n"},
		{".[0].x_future", `{"a":1}` + "\n"},
		{".[] | .d_on", "2026-06-01T00:00:00.000Z\nnull\n"},
		{"empty", ""},
	} {
		t.Run(c.expr, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
			r.Run("promo", "list", "--site-id", "7", "--jq", c.expr).Expect(t, 0, c.stdout, "")
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
	t.Run("with -o json", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
		r.Run("promo", "list", "--site-id", "7", "-o", "json", "--jq", "length").Expect(t, 0, "2\n", "")
	})
	t.Run("runtime error", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
		r.Run("promo", "list", "--site-id", "7", "--jq", ".[] | .code + 1").Expect(t, 1, "",
			`{"error":{"message":"--jq: cannot add: string (\"SUMMER25\") and number (1)","exit_code":1}}`+"\n")
	})
}

func TestPromoListSiteFromEnvironment(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.Run("promo", "list", "-o", "json").Expect(t, 0, "[]\n", "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=11111")
}

const twoProfiles = `current_profile: shop
profiles:
  shop:
    site_id: 11111
  other:
    site_id: "22222"
`

func TestPromoListSiteFromConfigProfile(t *testing.T) {
	r := newRunner(t)
	r.WriteConfig(twoProfiles)
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.Run("promo", "list", "-o", "json").Expect(t, 0, "[]\n", "")
	r.Run("promo", "list", "-o", "json", "--profile", "other").Expect(t, 0, "[]\n", "")
	r.Env["PROMOCTL_PROFILE"] = "other"
	r.Run("promo", "list", "-o", "json").Expect(t, 0, "[]\n", "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=11111", "GET /v1/promo?site_id=22222", "GET /v1/promo?site_id=22222")
}

func TestPromoListCredentialsFromConfigProfile(t *testing.T) {
	r := newRunner(t)
	for _, k := range []string{"PROMOCTL_BASE_URL", "PROMOCTL_TOKEN", "PROMOCTL_USER_ID"} {
		delete(r.Env, k)
	}
	r.WriteConfig("current_profile: default\nprofiles:\n  default:\n    base_url: " + r.API.URL +
		"\n    token: " + cmdtest.TestToken + "\n    user_id: 42\n    site_id: 11111\n    output: json\n")
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.Run("promo", "list").Expect(t, 0, "[]\n", "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=11111")
	cmdtest.ExpectHeaders(t, reqs[0], false)
}

func TestPromoListSitePrecedence(t *testing.T) {
	r := newRunner(t)
	r.WriteConfig(twoProfiles)
	r.Env["PROMOCTL_SITE_ID"] = "33333"
	r.API.Handle("GET /v1/promo", http.StatusOK, "[]")
	// flag > env > profile
	r.Run("promo", "list", "-o", "json", "--site-id", "44444").Expect(t, 0, "[]\n", "")
	r.Run("promo", "list", "-o", "json").Expect(t, 0, "[]\n", "")
	delete(r.Env, "PROMOCTL_SITE_ID")
	r.Run("promo", "list", "-o", "json").Expect(t, 0, "[]\n", "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=44444", "GET /v1/promo?site_id=33333", "GET /v1/promo?site_id=11111")
}

func TestPromoListUnknownProfile(t *testing.T) {
	r := newRunner(t)
	p := r.WriteConfig(twoProfiles)
	r.Run("promo", "list", "--profile", "nope").Expect(t, 2, "",
		`promoctl: invalid profile (from flag --profile): "nope" is not in `+p+" (profiles: other, shop)\n")
	r.Env["PROMOCTL_PROFILE"] = "work"
	r.Run("promo", "list").Expect(t, 2, "",
		`promoctl: invalid profile (from env PROMOCTL_PROFILE): "work" is not in `+p+" (profiles: other, shop)\n")
	r.ExpectNoRequests(t)
}

// hostile is a list whose texts try to drive the terminal: colours, a window
// title, a carriage return that would hide text, a bell, a bidi override.
const hostile = `[{"id":1,"code":"\u001b[31mRED\u001b[0m","is_enabled":true,"bonus_type":2,"bonus_amount":5,` +
	`"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
	`{"id":2,"code":"\u001b]0;pwned\u0007TITLE","is_enabled":true,"bonus_type":2,"bonus_amount":5,` +
	`"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
	`{"id":3,"code":"OK\rEVIL\u0007\u009b2J\u202eX","is_enabled":true,"bonus_type":2,"bonus_amount":5,` +
	`"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true}]`

// expectTerminalSafe fails when s holds an escape or control byte other
// than newline, or a C1 control or bidi override.
func expectTerminalSafe(t *testing.T, what, s string) {
	t.Helper()
	for i, r := range s {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u202e' {
			t.Errorf("%s has control character %U at byte %d:\n%q", what, r, i, s)
			return
		}
	}
}

func TestPromoListTableIsTerminalSafe(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, hostile)
	// The printable text is kept (a carriage return becomes a space), the
	// escape sequences go whole: the window title's text "pwned" too.
	res := r.Run("promo", "list", "--site-id", "7")
	res.Expect(t, 0, apitest.Lines(
		"ID  CODE      STATUS  ENABLED  TYPE   AMOUNT  STARTS  ENDS  USES  VALID",
		"1   RED       active  yes      goods  5.00    -       -     0     yes",
		"2   TITLE     active  yes      goods  5.00    -       -     0     yes",
		"3   OK EVILX  active  yes      goods  5.00    -       -     0     yes",
	), "")
	expectTerminalSafe(t, "promo list", res.Stdout)
}
