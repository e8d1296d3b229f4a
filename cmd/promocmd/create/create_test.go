package create

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/golden"
)

func TestPromoCreateSendsOnlyNamedFields(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25")
	res.Expect(t, 0, createdShown, defaultsStderr("7"))
	golden.Equal(t, res.Stdout)
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectHeaders(t, reqs[0], true)
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"SUMMER25"}`)
}

// TestPromoCreateSaysWhatTheAPIDefaultsDo: a create that names neither the
// discount nor whether the code is enabled sends the same request as
// ever (the API's defaults apply), but says so on stderr, terminal or not:
// the discount of 0.01 before sending, and after, that the code was
// created disabled and the command that enables it. Naming the values
// (--amount 0.01, --enabled=false) silences the warnings; stdout stays the
// record.
func TestPromoCreateSaysWhatTheAPIDefaultsDo(t *testing.T) {
	const abc = `{"code":"ABC","is_enabled":false,"bonus_type":2,"bonus_amount":0.01,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`
	const (
		amountWarning   = "promoctl: warning: no --amount given, so the API's default discount of 0.01 applies"
		disabledWarning = "promoctl: warning: promo code ABC was created disabled (the API's default); enable it with: promoctl promo update 1001 --enabled"
	)
	for _, c := range []struct {
		name     string
		tty      bool
		args     []string
		file     string // -f content
		location bool   // the server names the new code's id
		body     string
		stderr   string
	}{
		{name: "no terminal", location: true, args: []string{"--code", "ABC"},
			body:   `{"site_id":7,"user_id":42,"code":"ABC"}`,
			stderr: apitest.Lines(amountWarning, disabledWarning)},
		{name: "terminal", tty: true, location: true, args: []string{"--code", "ABC"},
			body:   `{"site_id":7,"user_id":42,"code":"ABC"}`,
			stderr: apitest.Lines(amountWarning, "Created promo code ABC (id 1001) on site 7.", disabledWarning)},
		{name: "no id from the server", args: []string{"--code", "ABC"},
			body: `{"site_id":7,"user_id":42,"code":"ABC"}`,
			stderr: apitest.Lines(amountWarning,
				"promoctl: warning: promo code ABC was created disabled (the API's default); enable it with: promoctl promo update ID --enabled (promoctl promo list --site-id 7 shows the ID)")},
		{name: "a percentage without an amount", location: true, args: []string{"--code", "ABC", "--percent"},
			body:   `{"site_id":7,"user_id":42,"code":"ABC","bonus_amount_is_in_percentages":true}`,
			stderr: apitest.Lines("promoctl: warning: no --amount given, so the API's default discount of 0.01% applies", disabledWarning)},
		{name: "a file without bonus_amount", location: true, file: "code: ABC\n",
			body:   `{"site_id":7,"user_id":42,"code":"ABC"}`,
			stderr: apitest.Lines("promoctl: warning: no --amount (or bonus_amount in the file) given, so the API's default discount of 0.01 applies", disabledWarning)},
		{name: "a file with bonus_amount", location: true, file: "code: ABC\nbonus_amount: 0.01\n",
			body:   `{"site_id":7,"user_id":42,"code":"ABC","bonus_amount":0.01}`,
			stderr: apitest.Lines(disabledWarning)},
		{name: "named, no terminal", location: true, args: []string{"--code", "ABC", "--amount", "0.01", "--enabled=false"},
			body:   `{"site_id":7,"user_id":42,"code":"ABC","bonus_amount":0.01,"is_enabled":false}`,
			stderr: ""},
		{name: "named, terminal", tty: true, location: true, args: []string{"--code", "ABC", "--amount", "0.01", "--enabled=false"},
			body: `{"site_id":7,"user_id":42,"code":"ABC","bonus_amount":0.01,"is_enabled":false}`,
			stderr: apitest.Lines("Created promo code ABC (id 1001) on site 7.",
				"It is disabled: enable it with: promoctl promo update 1001 --enabled")},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = c.tty
			r.API.HandleFunc("POST /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
				if c.location {
					w.Header().Set("Location", "/v1/promo/1001")
				}
				w.WriteHeader(http.StatusCreated)
				fmt.Fprint(w, abc)
			})
			args := append([]string{"promo", "create", "--site-id", "7", "-o", "json"}, c.args...)
			if c.file != "" {
				args = append(args, "-f", cmdtest.WriteFile(t, "p.yaml", c.file))
			}
			want := abc
			if c.location {
				want = `{"id":1001,` + abc[1:]
			}
			if c.tty {
				var b bytes.Buffer
				if err := json.Indent(&b, []byte(want), "", "  "); err != nil {
					t.Fatal(err)
				}
				want = b.String()
			}
			r.Run(args...).Expect(t, 0, want+"\n", c.stderr)
			reqs := r.ExpectRoutes(t, "POST /v1/promo")
			cmdtest.ExpectJSONBody(t, reqs[0], c.body)
		})
	}
}

// disabledStderr is what a create that does not name --enabled writes to
// stderr when the server answers createdJSON (disabled, no id).
func disabledStderr(site string) string {
	return "promoctl: warning: promo code SUMMER25 was created disabled (the API's default); enable it with: " +
		"promoctl promo update ID --enabled (promoctl promo list --site-id " + site + " shows the ID)\n"
}

// defaultsStderr is what a create that names neither --amount nor
// --enabled writes to stderr when the server answers createdJSON.
func defaultsStderr(site string) string {
	return "promoctl: warning: no --amount given, so the API's default discount of 0.01 applies\n" + disabledStderr(site)
}

func TestPromoCreateSendsEveryFieldWithItsType(t *testing.T) {
	r := newRunner(t) // TZ Europe/Moscow, UTC+3
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	r.Run("promo", "create", "--site-id", "7", "--code", "FREESHIP", "--enabled", "--bonus-type", "delivery",
		"--amount", "12.5", "--percent", "--starts", "2026-12-01", "--ends", "2026-12-31T23:59",
		"--max-uses", "500", "--once-per-user", "-o", "json").Expect(t, 0, `{"code":"SUMMER25","is_enabled":false,"bonus_type":2,"bonus_amount":0.01,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`+"\n", "")
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"FREESHIP","is_enabled":true,"bonus_type":3,
		"bonus_amount":12.5,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,
		"d_on":"2026-11-30T21:00:00.000Z","d_off":"2026-12-31T20:59:00.000Z",
		"quantity_limit_is_enabled":true,"quantity_limit":500,"personal_limit_is_enabled":true}`)
}

func TestPromoCreateSendsFalseFlagsAsBooleans(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--enabled=false", "--percent=false",
		"--once-per-user=false", "--bonus-type", "2", "--amount", "300", "-o", "json").Expect(t, 0, `{"code":"SUMMER25","is_enabled":false,"bonus_type":2,"bonus_amount":0.01,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`+"\n", "")
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"SUMMER25","is_enabled":false,"bonus_type":2,
		"bonus_amount":300,"bonus_amount_is_in_percentages":false,"personal_limit_is_enabled":false}`)
}

func TestPromoCreateDates(t *testing.T) {
	for _, c := range []struct {
		name      string
		loc       *time.Location
		starts    string
		ends      string
		dOn, dOff string
	}{
		// A date alone: the start of the day for --starts, the end of the
		// day for --ends, so the last day named is included.
		{"date in UTC", time.UTC, "2026-12-01", "2026-12-31", "2026-12-01T00:00:00.000Z", "2026-12-31T23:59:59.000Z"},
		{"date in Moscow", cmdtest.MustLoc(t, "Europe/Moscow"), "2026-12-01", "2026-12-31", "2026-11-30T21:00:00.000Z", "2026-12-31T20:59:59.000Z"},
		{"date on a change of clocks", cmdtest.MustLoc(t, "America/New_York"), "2026-03-08", "2026-11-01", "2026-03-08T05:00:00.000Z", "2026-11-02T04:59:59.000Z"},
		{"midnight named", cmdtest.MustLoc(t, "Europe/Moscow"), "2026-12-01T00:00", "2026-12-31T00:00", "2026-11-30T21:00:00.000Z", "2026-12-30T21:00:00.000Z"},
		{"date-time in UTC", time.UTC, "2026-12-01T10:00", "2026-12-01 18:30:15", "2026-12-01T10:00:00.000Z", "2026-12-01T18:30:15.000Z"},
		{"local zone", cmdtest.MustLoc(t, "Asia/Yekaterinburg"), "2026-12-01", "2026-12-01T23:59", "2026-11-30T19:00:00.000Z", "2026-12-01T18:59:00.000Z"},
		{"offsets win over the zone", cmdtest.MustLoc(t, "Europe/Moscow"), "2026-12-01T10:00:00+05:00", "2026-12-02T00:00:00Z", "2026-12-01T05:00:00.000Z", "2026-12-02T00:00:00.000Z"},
		{"fractions are cut to milliseconds", time.UTC, "2026-12-01T10:00:00.123456Z", "2026-12-01T10:00:01.5+00:00", "2026-12-01T10:00:00.123Z", "2026-12-01T10:00:01.500Z"},
		{"same start and end", time.UTC, "2026-12-01", "2026-12-01", "2026-12-01T00:00:00.000Z", "2026-12-01T23:59:59.000Z"},
		// day first, as Russian-locale spreadsheets write dates
		{"day first in Moscow", cmdtest.MustLoc(t, "Europe/Moscow"), "01.12.2026", "31.12.2026", "2026-11-30T21:00:00.000Z", "2026-12-31T20:59:59.000Z"},
		{"day first with a time", cmdtest.MustLoc(t, "Europe/Moscow"), "01.12.2026 10:00", "31.12.26 23:59", "2026-12-01T07:00:00.000Z", "2026-12-31T20:59:00.000Z"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.Loc = c.loc
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
			res := r.Run("promo", "create", "--site-id", "7", "--code", "DATES1", "--starts", c.starts, "--ends", c.ends)
			res.Expect(t, 0, createdShown, defaultsStderr("7"))
			reqs := r.ExpectRoutes(t, "POST /v1/promo")
			cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"DATES1","time_limit_is_enabled":true,"d_on":"`+c.dOn+`","d_off":"`+c.dOff+`"}`)
		})
	}
}

// TestPromoCreateFileEndDateIsTheWholeDay: a -f file's d_off without a
// time is the end of that day, as --ends reads it, and its d_on the start.
func TestPromoCreateFileEndDateIsTheWholeDay(t *testing.T) {
	r := newRunner(t) // TZ Europe/Moscow, UTC+3
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	p := cmdtest.WriteFile(t, "promo.yaml", "code: WHOLEDAY\nbonus_amount: 5\nd_on: 2026-12-01\nd_off: 2026-12-31\n")
	res := r.Run("promo", "create", "--site-id", "7", "-f", p, "-o", "json")
	res.Expect(t, 0, cmdtest.CreatedJSON+"\n", disabledStderr("7"))
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"WHOLEDAY","bonus_amount":5,"time_limit_is_enabled":true,
		"d_on":"2026-11-30T21:00:00.000Z","d_off":"2026-12-31T20:59:59.000Z"}`)
}

func TestPromoCreateRendersTheAnswer(t *testing.T) {
	r := newRunner(t)
	r.TTY = true // a person is watching: the notes go to stderr
	r.API.Handle("POST /v1/promo", http.StatusCreated, `{"code":"SUMMER25","is_enabled":false,"bonus_type":3,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-12-01T00:00:00.000Z","d_off":"2026-12-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":50,"personal_limit_is_enabled":true}`)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25")
	res.Expect(t, 0, `Code:               SUMMER25
Status:             disabled
Enabled:            no
Bonus type:         delivery
Amount:             10%
Starts:             2026-12-01 03:00
Ends:               2026-12-31 23:59
Max uses:           50
Once per customer:  yes
`, apitest.Lines(
		"promoctl: warning: no --amount given, so the API's default discount of 0.01 applies",
		"Created promo code SUMMER25 on site 7.",
		"promoctl: warning: promo code SUMMER25 was created disabled (the API's default); enable it with: promoctl promo update ID --enabled (promoctl promo list --site-id 7 shows the ID)",
	))
	golden.Equal(t, res.Stdout)
}

func TestPromoCreateFromJSONFileWithFlagsWinning(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	// The output of `promo get -o json`, edited: read-only fields and the
	// file's user_id are not sent, site_id is used.
	p := cmdtest.WriteFile(t, "promo.json", `{"id":5,"pos":1,"promo_used_count":3,"is_valid":true,"user_id":99,
		"site_id":9,"code":"FILECODE","is_enabled":true,"bonus_type":"delivery","bonus_amount":10,
		"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-12-01","d_off":null,
		"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`)
	res := r.Run("promo", "create", "-f", p, "--code", "FLAGCODE", "--amount", "15", "--percent=false")
	res.Expect(t, 0, createdShown, "")
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":9,"user_id":42,"code":"FLAGCODE","is_enabled":true,"bonus_type":3,
		"bonus_amount":15,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":true,
		"d_on":"2026-11-30T21:00:00.000Z","quantity_limit_is_enabled":false,"personal_limit_is_enabled":false}`)
}

func TestPromoCreateFromYAMLFile(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	p := cmdtest.WriteFile(t, "promo.yaml", `# a new promo code
code: YAML1
is_enabled: true
bonus_type: 2
bonus_amount: "7.5"
d_on: 2026-12-01T10:00
d_off: 2026-12-31T23:59:59+03:00
quantity_limit: 20
personal_limit_is_enabled: 1
`)
	res := r.Run("promo", "create", "--site-id", "7", "--file", p)
	res.Expect(t, 0, createdShown, "")
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"YAML1","is_enabled":true,"bonus_type":2,
		"bonus_amount":7.5,"time_limit_is_enabled":true,"d_on":"2026-12-01T07:00:00.000Z","d_off":"2026-12-31T20:59:59.000Z",
		"quantity_limit_is_enabled":true,"quantity_limit":20,"personal_limit_is_enabled":true}`)
}

func TestPromoCreateFromStdin(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	r.Stdin = "code: STDIN1\nbonus_type: delivery\nbonus_amount: 100\nbonus_amount_is_in_percentages: true\nsite_id: 9\n"
	res := r.Run("promo", "create", "-f", "-", "--site-id", "8", "--bonus-type", "goods")
	res.Expect(t, 0, createdShown, disabledStderr("8"))
	reqs := r.ExpectRoutes(t, "POST /v1/promo")
	// --site-id and --bonus-type beside the file win.
	cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":8,"user_id":42,"code":"STDIN1","bonus_type":2,"bonus_amount":100,"bonus_amount_is_in_percentages":true}`)
}

func TestPromoCreateSiteSources(t *testing.T) {
	for _, c := range []struct {
		name   string
		env    string // PROMOCTL_SITE_ID
		file   string
		flag   string
		config bool
		want   string
	}{
		{name: "env", env: "11", want: "11"},
		{name: "profile", config: true, want: "11111"},
		{name: "env beats profile", env: "11", config: true, want: "11"},
		{name: "file beats env and profile", env: "11", config: true, file: `{"code":"SITE1","site_id":12}`, want: "12"},
		{name: "flag beats file", env: "11", flag: "13", file: `{"code":"SITE1","site_id":12}`, want: "13"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
			if c.env != "" {
				r.Env["PROMOCTL_SITE_ID"] = c.env
			}
			if c.config {
				r.WriteConfig(twoProfiles)
			}
			args := []string{"promo", "create", "-o", "json"}
			if c.file != "" {
				args = append(args, "-f", cmdtest.WriteFile(t, "p.json", c.file))
			} else {
				args = append(args, "--code", "SITE1")
			}
			if c.flag != "" {
				args = append(args, "--site-id", c.flag)
			}
			res := r.Run(args...)
			want := defaultsStderr(c.want)
			if c.file != "" {
				want = strings.Replace(want, "no --amount given", "no --amount (or bonus_amount in the file) given", 1)
			}
			res.Expect(t, 0, cmdtest.CreatedJSON+"\n", want)
			reqs := r.ExpectRoutes(t, "POST /v1/promo")
			cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":`+c.want+`,"user_id":42,"code":"SITE1"}`)
		})
	}
}

// TestPromoCreateDryRunSummary: on a terminal a dry run is read by a
// person: a summary of the request in local units (dates in local time,
// 25%, delivery; what the API will default, marked so), then the request
// as indented JSON. Piped, it is the JSON alone, on one line, as scripts
// have always read it; -o json and --jq on a terminal are the JSON too.
func TestPromoCreateDryRunSummary(t *testing.T) {
	args := []string{"promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "25", "--percent",
		"--bonus-type", "delivery", "--starts", "2026-12-01", "--ends", "2026-12-31", "--dry-run"}
	r := newRunner(t) // TZ Europe/Moscow
	r.TTY = true
	body := `{"site_id":7,"user_id":42,"code":"SUMMER25","bonus_type":3,"bonus_amount":25,"bonus_amount_is_in_percentages":true,` +
		`"time_limit_is_enabled":true,"d_on":"2026-11-30T21:00:00.000Z","d_off":"2026-12-31T20:59:59.000Z"}`
	indented := `{
  "method": "POST",
  "url": "` + r.API.URL + `/v1/promo",
  "body": {
    "site_id": 7,
    "user_id": 42,
    "code": "SUMMER25",
    "bonus_type": 3,
    "bonus_amount": 25,
    "bonus_amount_is_in_percentages": true,
    "time_limit_is_enabled": true,
    "d_on": "2026-11-30T21:00:00.000Z",
    "d_off": "2026-12-31T20:59:59.000Z"
  }
}
`
	r.Run(args...).Expect(t, 0, `Request:            POST /v1/promo
Site:               7
User ID:            42
Code:               SUMMER25
Enabled:            no (API default)
Bonus type:         delivery
Amount:             25%
Starts:             2026-12-01 00:00 MSK
Ends:               2026-12-31 23:59:59 MSK
Max uses:           unlimited (API default)
Once per customer:  no (API default)

`+indented, "")
	wantJSON := `{"method":"POST","url":"` + r.API.URL + `/v1/promo","body":` + body + "}\n"
	r.TTY = false
	r.Run(args...).Expect(t, 0, wantJSON, "")
	r.Run(append(args, "-o", "table")...).Expect(t, 0, wantJSON, "")
	r.TTY = true
	// -o json on a terminal: the request alone, indented for a person.
	r.Run(append(args, "-o", "json")...).Expect(t, 0, indented, "")
	r.Run(append(args, "--jq", ".body.d_off")...).Expect(t, 0, "2026-12-31T20:59:59.000Z\n", "")
	r.ExpectNoRequests(t)
}

// TestPromoCreateDryRunSummaryDefaults: a create that names only the code
// shows every value the API will give it.
func TestPromoCreateDryRunSummaryDefaults(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Loc = time.UTC
	res := r.Run("promo", "create", "--site-id", "7", "--code", "ABC", "--percent", "--starts", "2026-12-01", "--dry-run")
	res.Expect(t, 0, `Request:            POST /v1/promo
Site:               7
User ID:            42
Code:               ABC
Enabled:            no (API default)
Bonus type:         goods (API default)
Amount:             0.01% (API default)
Starts:             2026-12-01 00:00 UTC
Ends:               -
Max uses:           unlimited (API default)
Once per customer:  no (API default)

{
  "method": "POST",
  "url": "`+r.API.URL+`/v1/promo",
  "body": {
    "site_id": 7,
    "user_id": 42,
    "code": "ABC",
    "bonus_amount_is_in_percentages": true,
    "time_limit_is_enabled": true,
    "d_on": "2026-12-01T00:00:00.000Z"
  }
}
`, "promoctl: warning: no --amount given, so the API's default discount of 0.01% applies\n")
	r.ExpectNoRequests(t)
}

func TestPromoCreateDryRunSendsNothing(t *testing.T) {
	r := newRunner(t)
	r.TTY = true // -o json on a terminal: the JSON alone, indented
	r.Loc = time.UTC
	r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "10", "--starts", "2026-12-01", "--dry-run", "-o", "json").
		Expect(t, 0, `{
  "method": "POST",
  "url": "`+r.API.URL+`/v1/promo",
  "body": {
    "site_id": 7,
    "user_id": 42,
    "code": "SUMMER25",
    "bonus_amount": 10,
    "time_limit_is_enabled": true,
    "d_on": "2026-12-01T00:00:00.000Z"
  }
}
`, "")
	r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--dry-run", "--jq", ".body.code").Expect(t, 0, "SUMMER25\n",
		"promoctl: warning: no --amount given, so the API's default discount of 0.01 applies\n")
	r.ExpectNoRequests(t)
}

func TestPromoCreatePermissionDenied(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusForbidden, apitest.Error(403, 30, "user cant view site"))
	r.Run("promo", "create", "--site-id", "2", "--code", "SUMMER25", "--amount", "5").Expect(t, 3, "",
		"promoctl: create promo SUMMER25 on site 2: you cannot view site 2 (API error 30: user cant view site)\n")
	r.ExpectRoutes(t, "POST /v1/promo")
}

func TestPromoCreateInvalidOnTheServer(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("POST /v1/promo", http.StatusBadRequest, apitest.Error(400, 10, "data is invalid"))
	r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5").Expect(t, 1, "",
		"promoctl: create promo SUMMER25 on site 7: invalid request (API error 10: data is invalid)\n")
	r.ExpectRoutes(t, "POST /v1/promo")
}

func TestPromoCreateIsNotRetriedOn5xx(t *testing.T) {
	for _, status := range []int{502, 503, 504} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("POST /v1/promo", status, "")
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
			r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5").Expect(t, 1, "",
				fmt.Sprintf("promoctl: create promo SUMMER25 on site 7: server error (HTTP %d %s), so promo code SUMMER25 may have been created: "+
					"check whether `promoctl promo list --site-id 7` shows it before creating it again\n", status, http.StatusText(status)))
			r.ExpectRoutes(t, "POST /v1/promo")
		})
	}
}

func TestPromoCreateIsRetriedOn429(t *testing.T) {
	r := newRunner(t)
	r.API.HandleFunc("POST /v1/promo", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
	res := r.Run("promo", "create", "--site-id", "7", "--code", "SUMMER25", "-o", "json")
	res.Expect(t, 0, cmdtest.CreatedJSON+"\n", defaultsStderr("7"))
	reqs := r.ExpectRoutes(t, "POST /v1/promo", "POST /v1/promo")
	for _, req := range reqs {
		cmdtest.ExpectJSONBody(t, req, `{"site_id":7,"user_id":42,"code":"SUMMER25"}`)
	}
}

func TestPromoCreateAmountsWithUpToTwoDecimals(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		file string
		body string
	}{
		{"flag 9.99", []string{"--amount", "9.99"}, "", `"bonus_amount":9.99`},
		{"flag 12.5 percent", []string{"--amount", " 12.5 ", "--percent"}, "", `"bonus_amount":12.5,"bonus_amount_is_in_percentages":true`},
		{"flag 0.01", []string{"--amount", "0.01"}, "", `"bonus_amount":0.01`},
		{"JSON 1500.50", nil, `{"bonus_amount":1500.50}`, `"bonus_amount":1500.5`},
		{"JSON string", nil, `{"bonus_amount":"7.25"}`, `"bonus_amount":7.25`},
		{"YAML 100", nil, "bonus_amount: 100\n", `"bonus_amount":100`},
		// as Russian-locale spreadsheets write them, in flags and in files
		{"flag 150,50", []string{"--amount", "150,50"}, "", `"bonus_amount":150.5`},
		{"flag 1 234,50", []string{"--amount", "1\u00a0234,50"}, "", `"bonus_amount":1234.5`},
		{"YAML 10,5", nil, "bonus_amount: 10,5\nis_enabled: ИСТИНА\n", `"bonus_amount":10.5,"is_enabled":true`},
		{"JSON string 1 000", nil, `{"bonus_amount":"1 000","is_enabled":"да"}`, `"bonus_amount":1000,"is_enabled":true`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
			args := append([]string{"promo", "create", "--site-id", "7", "--code", "SUMMER25"}, c.args...)
			if c.file != "" {
				args = append(args, "-f", cmdtest.WriteFile(t, "promo", c.file))
			}
			res := r.Run(append(args, "-o", "json")...)
			stderr := disabledStderr("7")
			if strings.Contains(c.body, "is_enabled") { // named: no warning
				stderr = ""
			}
			res.Expect(t, 0, cmdtest.CreatedJSON+"\n", stderr)
			reqs := r.ExpectRoutes(t, "POST /v1/promo")
			cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"SUMMER25",`+c.body+`}`)
		})
	}
}
