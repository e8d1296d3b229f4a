package cmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/golden"
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
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.run("promo", "list", "--site-id", "7")
	res.expect(t, 0, res.stdout, "")
	golden.Equal(t, res.stdout)
	reqs := r.expectRoutes(t, "GET /v1/promo?site_id=7")
	expectHeaders(t, reqs[0], false)
	if reqs[0].Body != "" {
		t.Errorf("GET body = %q, want none", reqs[0].Body)
	}
}

func TestPromoListTableNoHeaders(t *testing.T) {
	r := newRunner(t)
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.run("promo", "ls", "--site-id", "7", "--no-headers")
	res.expect(t, 0, res.stdout, "")
	golden.Equal(t, res.stdout)
	if strings.Contains(res.stdout, "CODE") {
		t.Errorf("--no-headers printed the header:\n%s", res.stdout)
	}
}

func TestPromoListEmpty(t *testing.T) {
	for _, body := range []string{"[]", "null"} {
		t.Run(body, func(t *testing.T) {
			r := newRunner(t)
			r.api.Handle("GET /v1/promo", http.StatusOK, body)
			// Off a terminal: the header alone, so a script sees the columns.
			r.run("promo", "list", "--site-id", "7").expect(t, 0,
				"ID  CODE  STATUS  ENABLED  TYPE  AMOUNT  STARTS  ENDS  USES  VALID\n", "")
			r.run("promo", "list", "--site-id", "7", "--no-headers").expect(t, 0, "", "")
			r.run("promo", "list", "--site-id", "7", "-o", "json").expect(t, 0, "[]\n", "")
			r.run("promo", "list", "--site-id", "7", "-o", "yaml").expect(t, 0, "[]\n", "")
			r.run("promo", "list", "--site-id", "7", "-o", "csv").expect(t, 0,
				"id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid\n", "")
			r.run("promo", "list", "--site-id", "7", "-o", "csv", "--no-headers").expect(t, 0, "", "")
			// On a terminal: a sentence instead of a bare header.
			r.tty = true
			r.run("promo", "list", "--site-id", "7").expect(t, 0, "", "No promo codes on site 7.\n")
			r.run("promo", "list", "--site-id", "7", "-o", "json").expect(t, 0, "[]\n", "")
		})
	}
}

func TestPromoListJSONPassesServerDataThrough(t *testing.T) {
	r := newRunner(t)
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.run("promo", "list", "--site-id", "7", "-o", "json")
	res.expect(t, 0, res.stdout, "")
	// Every value as the server sent it, with its type: "1002" stays a
	// string, 0 stays a number, null stays null, x_future is kept.
	expectJSON(t, "promo list -o json", res.stdout, promoListJSON)
	// And in the server's order of fields.
	if i, j := strings.Index(res.stdout, `"is_valid"`), strings.Index(res.stdout, `"x_future"`); i < 0 || j < i {
		t.Errorf("field order changed: is_valid at %d, x_future at %d, want x_future after is_valid", i, j)
	}
	r.expectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestPromoListYAML(t *testing.T) {
	r := newRunner(t)
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	res := r.run("promo", "list", "--site-id", "7", "-o", "yaml")
	res.expect(t, 0, res.stdout, "")
	golden.Equal(t, res.stdout)
	r.expectRoutes(t, "GET /v1/promo?site_id=7")
}

func TestPromoListCSV(t *testing.T) {
	const header = "id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off,quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid"
	rows := []string{
		"1001,SUMMER25,1,true,2,25,true,true,2026-06-01T00:00:00.000Z,2026-08-31T20:59:59.000Z,true,100,3,true",
		"1002,FREESHIP,2,false,3,300,false,false,,,false,0,0,false",
	}
	r := newRunner(t)
	r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
	r.run("promo", "list", "--site-id", "7", "-o", "csv").expect(t, 0, apitest.Lines(append([]string{header}, rows...)...), "")
	r.run("promo", "list", "--site-id", "7", "-o", "csv", "--no-headers").expect(t, 0, apitest.Lines(rows...), "")
	r.expectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7")
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
			r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
			r.run("promo", "list", "--site-id", "7", "--jq", c.expr).expect(t, 0, c.stdout, "")
			r.expectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
	t.Run("with -o json", func(t *testing.T) {
		r := newRunner(t)
		r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
		r.run("promo", "list", "--site-id", "7", "-o", "json", "--jq", "length").expect(t, 0, "2\n", "")
	})
	t.Run("runtime error", func(t *testing.T) {
		r := newRunner(t)
		r.api.Handle("GET /v1/promo", http.StatusOK, promoListJSON)
		r.run("promo", "list", "--site-id", "7", "--jq", ".[] | .code + 1").expect(t, 1, "",
			`{"error":{"message":"--jq: cannot add: string (\"SUMMER25\") and number (1)","exit_code":1}}`+"\n")
	})
}

func TestPromoListSiteFromEnvironment(t *testing.T) {
	r := newRunner(t)
	r.env["PROMOCTL_SITE_ID"] = "11111"
	r.api.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.run("promo", "list", "-o", "json").expect(t, 0, "[]\n", "")
	r.expectRoutes(t, "GET /v1/promo?site_id=11111")
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
	r.writeConfig(twoProfiles)
	r.api.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.run("promo", "list", "-o", "json").expect(t, 0, "[]\n", "")
	r.run("promo", "list", "-o", "json", "--profile", "other").expect(t, 0, "[]\n", "")
	r.env["PROMOCTL_PROFILE"] = "other"
	r.run("promo", "list", "-o", "json").expect(t, 0, "[]\n", "")
	r.expectRoutes(t, "GET /v1/promo?site_id=11111", "GET /v1/promo?site_id=22222", "GET /v1/promo?site_id=22222")
}

func TestPromoListCredentialsFromConfigProfile(t *testing.T) {
	r := newRunner(t)
	for _, k := range []string{"PROMOCTL_BASE_URL", "PROMOCTL_TOKEN", "PROMOCTL_USER_ID"} {
		delete(r.env, k)
	}
	r.writeConfig("current_profile: default\nprofiles:\n  default:\n    base_url: " + r.api.URL +
		"\n    token: " + testToken + "\n    user_id: 42\n    site_id: 11111\n    output: json\n")
	r.api.Handle("GET /v1/promo", http.StatusOK, "[]")
	r.run("promo", "list").expect(t, 0, "[]\n", "")
	reqs := r.expectRoutes(t, "GET /v1/promo?site_id=11111")
	expectHeaders(t, reqs[0], false)
}

func TestPromoListSitePrecedence(t *testing.T) {
	r := newRunner(t)
	r.writeConfig(twoProfiles)
	r.env["PROMOCTL_SITE_ID"] = "33333"
	r.api.Handle("GET /v1/promo", http.StatusOK, "[]")
	// flag > env > profile
	r.run("promo", "list", "-o", "json", "--site-id", "44444").expect(t, 0, "[]\n", "")
	r.run("promo", "list", "-o", "json").expect(t, 0, "[]\n", "")
	delete(r.env, "PROMOCTL_SITE_ID")
	r.run("promo", "list", "-o", "json").expect(t, 0, "[]\n", "")
	r.expectRoutes(t, "GET /v1/promo?site_id=44444", "GET /v1/promo?site_id=33333", "GET /v1/promo?site_id=11111")
}

func TestPromoListUnknownProfile(t *testing.T) {
	r := newRunner(t)
	p := r.writeConfig(twoProfiles)
	r.run("promo", "list", "--profile", "nope").expect(t, 2, "",
		`promoctl: invalid profile (from flag --profile): "nope" is not in `+p+" (profiles: other, shop)\n")
	r.env["PROMOCTL_PROFILE"] = "work"
	r.run("promo", "list").expect(t, 2, "",
		`promoctl: invalid profile (from env PROMOCTL_PROFILE): "work" is not in `+p+" (profiles: other, shop)\n")
	r.expectNoRequests(t)
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
	r.api.Handle("GET /v1/promo", http.StatusOK, hostile)
	res := r.run("promo", "list", "--site-id", "7")
	res.expect(t, 0, res.stdout, "")
	expectTerminalSafe(t, "promo list", res.stdout)
	for _, want := range []string{"RED", "TITLE", "OK EVILX"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("table lost the printable text %q:\n%s", want, res.stdout)
		}
	}
	if strings.Contains(res.stdout, "pwned") {
		t.Errorf("table kept the window title sequence's text:\n%q", res.stdout)
	}
}

func TestUnknownProfileWithoutAConfigFile(t *testing.T) {
	r := newRunner(t) // credentials from the environment, no config file
	p := r.configPath()
	r.run("promo", "list", "--site-id", "7", "--profile", "nope").expect(t, 2, "",
		"promoctl: invalid profile (from flag --profile): \"nope\" is not in "+p+", which has no profiles yet: run `promoctl auth login --profile nope`\n")
	r.env["PROMOCTL_PROFILE"] = "work"
	r.run("promo", "list", "--site-id", "7").expect(t, 2, "",
		"promoctl: invalid profile (from env PROMOCTL_PROFILE): \"work\" is not in "+p+", which has no profiles yet: run `promoctl auth login --profile work`\n")
	r.run("auth", "status").expect(t, 2, "",
		"promoctl: invalid profile (from env PROMOCTL_PROFILE): \"work\" is not in "+p+", which has no profiles yet: run `promoctl auth login --profile work`\n")
	r.expectNoRequests(t)

	// The commands that create a profile still do.
	delete(r.env, "PROMOCTL_PROFILE")
	r.run("config", "set", "site_id", "7", "--profile", "shop").expect(t, 0, "", "")
	r.api.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.stdin = testToken
	r.run("auth", "login", "--with-token", "--profile", "new").expect(t, 0, "", keyInFile(42, r.configPath()))
}
