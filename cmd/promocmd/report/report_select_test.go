package report

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/format"
)

// usedSite is a site of 200 codes (ids 3001 to 3200, codes CAMP001 to
// CAMP200) of which three were used: 3005 and 3100 once, 3199 twice. The
// list says so in promo_used_count.
func usedSite() (list string, answers []cmdtest.Answer) {
	used := map[int]int{3005: 1, 3100: 1, 3199: 2}
	items := make([]string, 0, 200)
	for i := 1; i <= 200; i++ {
		id := 3000 + i
		items = append(items, fmt.Sprintf(`{"id":%d,"code":"CAMP%03d","is_enabled":true,"promo_used_count":%d}`, id, i, used[id]))
	}
	list = "[" + strings.Join(items, ",") + "]"
	answers = []cmdtest.Answer{
		{Route: "GET /v1/promo", Status: http.StatusOK, Body: list},
		{Route: "GET /v1/promo/3005/statistics", Status: http.StatusOK, Body: `[{"order_price":1000,"discount_amount":100,"d_lead_created":"2026-06-01T09:00:00.000Z","currency":"RUB"}]`},
		{Route: "GET /v1/promo/3100/statistics", Status: http.StatusOK, Body: `[{"order_price":"250.5","discount_amount":"25.05","d_lead_created":"2026-06-02T09:00:00.000Z","currency":"RUB"}]`},
		{Route: "GET /v1/promo/3199/statistics", Status: http.StatusOK, Body: `[{"order_price":40,"discount_amount":4,"d_lead_created":"2026-06-03T09:00:00.000Z","currency":"USD"},` +
			`{"order_price":60,"discount_amount":6,"d_lead_created":"2026-06-04T09:00:00.000Z","currency":"USD"}]`},
	}
	for i := 1; i <= 200; i++ {
		if id := 3000 + i; used[id] == 0 {
			answers = append(answers, cmdtest.Answer{Route: fmt.Sprintf("GET /v1/promo/%d/statistics", id), Status: http.StatusOK, Body: `[]`})
		}
	}
	return list, answers
}

// TestRunPromoReportReadsOnlyUsedCodes: of 200 codes 3 were used, and
// only their statistics are read; the other 197 rows say 0 orders, and the
// totals are those of the 3. --all-codes reads all 200, with the same
// report.
func TestRunPromoReportReadsOnlyUsedCodes(t *testing.T) {
	_, answers := usedSite()
	want := "id,code,currency,orders,order_total,discount_total,first_order,last_order\n"
	for i := 1; i <= 200; i++ {
		switch id := 3000 + i; id {
		case 3005:
			want += "3005,CAMP005,RUB,1,1000,100,2026-06-01T09:00:00.000Z,2026-06-01T09:00:00.000Z\n"
		case 3100:
			want += "3100,CAMP100,RUB,1,250.5,25.05,2026-06-02T09:00:00.000Z,2026-06-02T09:00:00.000Z\n"
		case 3199:
			want += "3199,CAMP199,USD,2,100,10,2026-06-03T09:00:00.000Z,2026-06-04T09:00:00.000Z\n"
		default:
			want += fmt.Sprintf("%d,CAMP%03d,,0,0,0,,\n", id, i)
		}
	}
	t.Run("used codes only", func(t *testing.T) {
		e := cmdtest.NewVerbEnv(t, false, format.CSV, answers...)
		opts := reportOptions(e, 1)
		err := runPromoReport(context.Background(), opts)
		e.Expect(t, err, "", want, "", "GET /v1/promo?site_id=7",
			"GET /v1/promo/3005/statistics", "GET /v1/promo/3100/statistics", "GET /v1/promo/3199/statistics")
	})
	t.Run("the totals of a table", func(t *testing.T) {
		e := cmdtest.NewVerbEnv(t, false, format.Table, answers...)
		opts := reportOptions(e, 1)
		opts.Concurrency = 4
		if err := runPromoReport(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		totals := apitest.Lines("Totals per currency:",
			"CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL",
			"RUB       2       1250.50      125.05",
			"USD       2       100.00       10.00")
		if !strings.HasSuffix(e.Stdout.String(), totals) {
			t.Errorf("stdout ends:\n%s\nwant the totals\n%s", tail(e.Stdout.String(), 5), totals)
		}
		if n := len(e.API.Routes()); n != 4 {
			t.Errorf("%d requests, want the list and 3 statistics", n)
		}
	})
	t.Run("--all-codes reads every code", func(t *testing.T) {
		e := cmdtest.NewVerbEnv(t, false, format.CSV, answers...)
		opts := reportOptions(e, 1)
		opts.AllCodes = true
		err := runPromoReport(context.Background(), opts)
		routes := []string{"GET /v1/promo?site_id=7"}
		for id := 3001; id <= 3200; id++ {
			routes = append(routes, fmt.Sprintf("GET /v1/promo/%d/statistics", id))
		}
		e.Expect(t, err, "", want, "", routes...)
	})
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// selectSite has a campaign's code (FULL1), codes that contain its
// prefix elsewhere (NYXMAS2) and codes of another campaign; each was used.
const selectSite = `[
 {"id":4001,"code":"FULL1","is_enabled":true,"promo_used_count":1},
 {"id":4002,"code":"XMAS1","is_enabled":true,"promo_used_count":1},
 {"id":4003,"code":"NYXMAS2","is_enabled":true,"promo_used_count":1},
 {"id":4004,"code":"xmas3","is_enabled":false,"promo_used_count":1}
]`

func selectAnswers() []cmdtest.Answer {
	stat := func(price int) string {
		return fmt.Sprintf(`[{"order_price":%d,"discount_amount":1,"d_lead_created":"2026-06-01T09:00:00.000Z","currency":"RUB"}]`, price)
	}
	return []cmdtest.Answer{
		{Route: "GET /v1/promo", Status: http.StatusOK, Body: selectSite},
		{Route: "GET /v1/promo/4001/statistics", Status: http.StatusOK, Body: stat(100)},
		{Route: "GET /v1/promo/4002/statistics", Status: http.StatusOK, Body: stat(200)},
		{Route: "GET /v1/promo/4003/statistics", Status: http.StatusOK, Body: stat(300)},
		{Route: "GET /v1/promo/4004/statistics", Status: http.StatusOK, Body: stat(400)},
	}
}

// TestPromoReportSelection: the report on a selection reads and shows
// only the selected codes, and its totals are theirs, whole CLI.
func TestPromoReportSelection(t *testing.T) {
	const head = "id,code,currency,orders,order_total,discount_total,first_order,last_order\n"
	row := func(id int, code string, price int) string {
		return fmt.Sprintf("%d,%s,RUB,1,%d,1,2026-06-01T09:00:00.000Z,2026-06-01T09:00:00.000Z\n", id, code, price)
	}
	stats := func(ids ...int) []string {
		out := []string{"GET /v1/promo?site_id=7"}
		for _, id := range ids {
			out = append(out, fmt.Sprintf("GET /v1/promo/%d/statistics", id))
		}
		return out
	}
	for _, c := range []struct {
		name   string
		args   []string
		stdout string
		routes []string
	}{
		{"--search FULL", []string{"--search", "FULL"}, head + row(4001, "FULL1", 100), stats(4001)},
		{"a code named", []string{"FULL1"}, head + row(4001, "FULL1", 100), stats(4001)},
		{"an id and a code in another case", []string{"4002", "full1"}, head + row(4001, "FULL1", 100) + row(4002, "XMAS1", 200), stats(4001, 4002)},
		{"--search matches inside", []string{"--search", "xmas"}, head + row(4002, "XMAS1", 200) + row(4003, "NYXMAS2", 300) + row(4004, "xmas3", 400), stats(4002, 4003, 4004)},
		{"--prefix: the start only, any case", []string{"--prefix", "XMAS"}, head + row(4002, "XMAS1", 200) + row(4004, "xmas3", 400), stats(4002, 4004)},
		{"--prefix and --status", []string{"--prefix", "xmas", "--status", "active"}, head + row(4002, "XMAS1", 200), stats(4002)},
		{"nothing matches", []string{"--prefix", "ZZ"}, head, stats()},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			for _, a := range selectAnswers() {
				r.API.Handle(a.Route, a.Status, a.Body)
			}
			r.Run(append([]string{"promo", "report", "--site-id", "7", "--concurrency", "1", "-o", "csv"}, c.args...)...).Expect(t, 0, c.stdout, "")
			r.ExpectRoutes(t, c.routes...)
		})
	}

	r := newRunner(t)
	for _, a := range selectAnswers() {
		r.API.Handle(a.Route, a.Status, a.Body)
	}
	r.Run("promo", "report", "--site-id", "7", "NOPE1", "FULL1").Expect(t, cmdutil.ExitNotFound, "",
		`promoctl: promo code "NOPE1" not found on site 7 (a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)`+"\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")

	r = newRunner(t)
	r.Run("promo", "report", "--site-id", "7", "--prefix", "ЁЛКА").Expect(t, cmdutil.ExitUsage, "",
		`promoctl: --prefix "ЁЛКА": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'Ё' at position 1`+"\n")
	r.ExpectNoRequests(t)

	r = newRunner(t)
	r.TTY = true
	r.API.Handle("GET /v1/promo", http.StatusOK, selectSite)
	r.Run("promo", "report", "--site-id", "7", "--by", "day", "--prefix", "ZZ").Expect(t, 0, "", "No orders in the period.\n")
}

// The progress bar counts the statistics read: 3 of the 200 codes.
func TestPromoReportBarCountsWhatIsRead(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	_, answers := usedSite()
	for _, a := range answers {
		r.API.Handle(a.Route, a.Status, a.Body)
	}
	res := r.Run("promo", "report", "--site-id", "7", "-o", "csv")
	if res.Code != 0 || !strings.Contains(res.Stderr, "Reading statistics [") || !strings.Contains(res.Stderr, " 3/3 ") || strings.Contains(res.Stderr, "/200") {
		t.Errorf("exit %d, stderr %q: want a bar that counts to 3/3", res.Code, res.Stderr)
	}
	if n := len(r.API.Routes()); n != 4 {
		t.Errorf("%d requests, want the list and 3 statistics", n)
	}
}
