package report

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/golden"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/report"
)

// reportList is a site of three codes.
const reportList = `[
 {"id":1001,"code":"SUMMER25","is_enabled":true},
 {"id":1002,"code":"IDLE","is_enabled":true},
 {"id":1003,"code":"WINTER","is_enabled":false}
]`

// The statistics of the codes of reportList, with the API's type drift
// (amounts as strings), in two currencies, across midnight in Moscow.
const (
	reportStats1001 = `[
 {"id":1,"promo_id":1001,"order_price":1500,"discount_amount":150,"promo":{"code":"SUMMER25"},"d_lead_created":"2026-06-01T09:15:00.000Z","currency":"RUB"},
 {"id":2,"promo_id":1001,"order_price":"2500.5","discount_amount":"250.05","promo":{"code":"SUMMER25"},"d_lead_created":"2026-06-02T21:30:00.000Z","currency":"RUB"},
 {"id":3,"promo_id":1001,"order_price":40,"discount_amount":4,"promo":{"code":"SUMMER25"},"d_lead_created":"2026-06-03T08:00:00.000Z","currency":"USD"}
]`
	reportStats1003 = `[
 {"id":4,"promo_id":1003,"order_price":"0.1","discount_amount":"0.01","promo":{"code":"WINTER"},"d_lead_created":"2026-06-02T20:59:59.000Z","currency":"RUB"},
 {"id":5,"promo_id":1003,"order_price":"0.2","discount_amount":"0.02","promo":{"code":"WINTER"},"d_lead_created":"2026-06-05T10:00:00.000Z","currency":"RUB"}
]`
)

// reportAnswers are the fake API's answers for reportList.
func reportAnswers() []cmdtest.Answer {
	return []cmdtest.Answer{
		{Route: "GET /v1/promo", Status: http.StatusOK, Body: reportList},
		{Route: "GET /v1/promo/1001/statistics", Status: http.StatusOK, Body: reportStats1001},
		{Route: "GET /v1/promo/1002/statistics", Status: http.StatusOK, Body: `[]`},
		{Route: "GET /v1/promo/1003/statistics", Status: http.StatusOK, Body: reportStats1003},
	}
}

// reportRoutes are the requests of a report of reportList: one list read
// and one statistics read per code.
var reportRoutes = []string{"GET /v1/promo?site_id=7", "GET /v1/promo/1001/statistics", "GET /v1/promo/1002/statistics", "GET /v1/promo/1003/statistics"}

// reportOptions are the options of a report run in e, reading one code at
// a time so that the order of the requests is known. Its bulk client is
// built from the session's client options, and tries each request attempts
// times.
func reportOptions(e *cmdtest.VerbEnv, attempts int) *promoReportOptions {
	s := e.Sess.Settings
	e.Sess.ClientOptions = func() (api.Options, error) {
		return api.Options{
			BaseURL: s.BaseURL, Token: s.Token, UserID: s.UserID, UserAgent: "promoctl/1.2.3", Timeout: s.Timeout,
			Retry: api.RetryPolicy{Attempts: attempts, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond},
		}, nil
	}
	return &promoReportOptions{Session: e.Sess, SiteID: 7, Concurrency: 1}
}

func moscowDate(t *testing.T, s string, end bool) time.Time {
	t.Helper()
	parse := promo.ParseStart
	if end {
		parse = promo.ParseEnd
	}
	v, err := parse(s, cmdtest.MustLoc(t, "Europe/Moscow"))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRunPromoReport(t *testing.T) {
	byCodeTable := apitest.Lines(
		"ID    CODE      CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL  FIRST ORDER       LAST ORDER",
		"1001  SUMMER25  RUB       2       4000.50      400.05          2026-06-01 12:15  2026-06-03 00:30",
		"1001  SUMMER25  USD       1       40.00        4.00            2026-06-03 11:00  2026-06-03 11:00",
		"1002  IDLE      -         0       0.00         0.00            -                 -",
		"1003  WINTER    RUB       2       0.30         0.03            2026-06-02 23:59  2026-06-05 13:00",
		"",
		"Totals per currency:",
		"CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL",
		"RUB       4       4000.80      400.08",
		"USD       1       40.00        4.00")
	chart := apitest.Lines(
		"",
		"Orders per day:",
		"  2┤           ╭─────╮",
		"  1┼───────────╯     │     ╭─────",
		"  0┤                 ╰─────╯",
		"   └┬──────┬───────┬──────┬──────┬",
		"  06-01  06-02   06-03  06-04  06-05")
	cases := []struct {
		name           string
		tty            bool
		format         format.Format
		answers        []cmdtest.Answer
		opts           func(o *promoReportOptions)
		width          int
		wantErr        string
		stdout, stderr string
		routes         []string
	}{
		{name: "by code, piped", format: format.Table, answers: reportAnswers(), stdout: byCodeTable, routes: reportRoutes},
		{name: "by code in JSON: the rows alone, amounts exact", format: format.JSON, answers: reportAnswers(),
			stdout: `[{"id":1001,"code":"SUMMER25","currency":"RUB","orders":2,"order_total":4000.5,"discount_total":400.05,"first_order":"2026-06-01T09:15:00.000Z","last_order":"2026-06-02T21:30:00.000Z"},` +
				`{"id":1001,"code":"SUMMER25","currency":"USD","orders":1,"order_total":40,"discount_total":4,"first_order":"2026-06-03T08:00:00.000Z","last_order":"2026-06-03T08:00:00.000Z"},` +
				`{"id":1002,"code":"IDLE","currency":null,"orders":0,"order_total":0,"discount_total":0,"first_order":null,"last_order":null},` +
				`{"id":1003,"code":"WINTER","currency":"RUB","orders":2,"order_total":0.3,"discount_total":0.03,"first_order":"2026-06-02T20:59:59.000Z","last_order":"2026-06-05T10:00:00.000Z"}]` + "\n",
			routes: reportRoutes},
		{name: "by day in CSV within a period, days in Moscow", format: format.CSV, answers: reportAnswers(),
			opts: func(o *promoReportOptions) {
				o.ByDay = true
				o.Period = report.Period{Since: moscowDate(t, "2026-06-02", false), Until: moscowDate(t, "2026-06-03", true)}
			},
			stdout: apitest.Lines(
				"day,currency,orders,order_total,discount_total",
				"2026-06-02,RUB,1,0.1,0.01",
				"2026-06-03,RUB,1,2500.5,250.05",
				"2026-06-03,USD,1,40,4"),
			routes: reportRoutes},
		{name: "on a terminal the table is followed by a chart", tty: true, format: format.Table, answers: reportAnswers(), width: 80,
			stdout: byCodeTable + chart, routes: reportRoutes},
		{name: "accessible: the chart as lines", tty: true, format: format.Table, answers: reportAnswers(), width: 80,
			opts:   func(o *promoReportOptions) { o.Accessible = true },
			stdout: byCodeTable + "\nOrders per day:\n2026-06-01: 1\n2026-06-02: 1\n2026-06-03: 2\n2026-06-05: 1\n", routes: reportRoutes},
		{name: "a narrow terminal: the chart as lines", tty: true, format: format.Table, answers: reportAnswers(), width: 10,
			stdout: byCodeTable + "\nOrders per day:\n2026-06-01: 1\n2026-06-02: 1\n2026-06-03: 2\n2026-06-05: 1\n", routes: reportRoutes},
		{name: "no chart in JSON on a terminal", tty: true, format: format.JSON, answers: []cmdtest.Answer{
			{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1002,"code":"IDLE"}]`}, {Route: "GET /v1/promo/1002/statistics", Status: http.StatusOK, Body: `[]`}},
			stdout: "[\n  {\n    \"id\": 1002,\n    \"code\": \"IDLE\",\n    \"currency\": null,\n    \"orders\": 0,\n    \"order_total\": 0,\n" +
				"    \"discount_total\": 0,\n    \"first_order\": null,\n    \"last_order\": null\n  }\n]\n",
			routes: []string{"GET /v1/promo?site_id=7", "GET /v1/promo/1002/statistics"}},
		{name: "no orders in the period: no chart, and by day a sentence on a terminal", tty: true, format: format.Table, answers: reportAnswers(),
			opts: func(o *promoReportOptions) {
				o.ByDay = true
				o.Period = report.Period{Since: moscowDate(t, "2027-01-01", false)}
			},
			stderr: "No orders in the period.\n", routes: reportRoutes},
		{name: "a site without codes", format: format.CSV, answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[]`}},
			stdout: "id,code,currency,orders,order_total,discount_total,first_order,last_order\n", routes: []string{"GET /v1/promo?site_id=7"}},
		{name: "a failed read is named, the others reported, exit 1", format: format.CSV, answers: []cmdtest.Answer{
			{Route: "GET /v1/promo", Status: http.StatusOK, Body: reportList},
			{Route: "GET /v1/promo/1001/statistics", Status: http.StatusOK, Body: reportStats1001},
			{Route: "GET /v1/promo/1002/statistics", Status: http.StatusInternalServerError, Body: `{"error":0,"title":"boom"}`},
			{Route: "GET /v1/promo/1003/statistics", Status: http.StatusForbidden, Body: apitest.Error(403, 30, "user cant view site")}},
			wantErr: "could not read the statistics of 2 of 3 promo codes",
			stdout: apitest.Lines(
				"id,code,currency,orders,order_total,discount_total,first_order,last_order",
				"1001,SUMMER25,RUB,2,4000.5,400.05,2026-06-01T09:15:00.000Z,2026-06-02T21:30:00.000Z",
				"1001,SUMMER25,USD,1,40,4,2026-06-03T08:00:00.000Z,2026-06-03T08:00:00.000Z"),
			stderr: "promoctl: IDLE: statistics of promo 1002: server error (API error 0: boom)\n" +
				"promoctl: WINTER: statistics of promo 1003: you cannot view the site of promo code 1003 (API error 30: user cant view site)\n",
			routes: reportRoutes},
		{name: "records without a date are not counted, with a warning", format: format.CSV, answers: []cmdtest.Answer{
			{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1002,"code":"IDLE"},{"code":"NOID"}]`},
			{Route: "GET /v1/promo/1002/statistics", Status: http.StatusOK, Body: `[{"order_price":5,"currency":"RUB","d_lead_created":null}]`}},
			stdout: "id,code,currency,orders,order_total,discount_total,first_order,last_order\n1002,IDLE,,0,0,0,,\n",
			stderr: "promoctl: warning: 1 promo code of the list has no id: its statistics cannot be read\n" +
				"promoctl: warning: 1 statistics record without d_lead_created was not counted\n",
			routes: []string{"GET /v1/promo?site_id=7", "GET /v1/promo/1002/statistics"}},
		{name: "the list cannot be read: no statistics read", format: format.Table,
			answers: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusForbidden, Body: apitest.Error(403, 30, "user cant view site")}},
			wantErr: "list promo codes of site 7: you cannot view site 7 (API error 30: user cant view site)",
			routes:  []string{"GET /v1/promo?site_id=7"}},
		{name: "no site", format: format.Table, opts: func(o *promoReportOptions) { o.SiteID = 0 },
			wantErr: "--site-id is required (or set a default: promoctl config set site_id N)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, c.tty, c.format, c.answers...)
			e.Sess.IO.SetWidth(c.width)
			opts := reportOptions(e, 3)
			if c.opts != nil {
				c.opts(opts)
			}
			err := runPromoReport(context.Background(), opts)
			e.Expect(t, err, c.wantErr, c.stdout, c.stderr, c.routes...)
		})
	}
}

// TestPromoReportAt80Columns locks what a person sees on an 80-column
// terminal, the table by code and by day, each followed by the chart, in
// golden files.
func TestPromoReportAt80Columns(t *testing.T) {
	for _, byDay := range []bool{false, true} {
		name := "ByCode"
		if byDay {
			name = "ByDay"
		}
		t.Run(name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, true, format.Table, reportAnswers()...)
			e.Sess.IO.SetWidth(80)
			e.Sess.Out.Width = 80 // as factory.start sets it from the terminal
			opts := reportOptions(e, 3)
			opts.ByDay = byDay
			if err := runPromoReport(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(e.Stdout.String(), "\n") {
				if w := utf8.RuneCountInString(line); w > 80 {
					t.Errorf("a line of %d columns: %q", w, line)
				}
			}
			golden.Equal(t, e.Stdout.String())
		})
	}
}

// With several readers every code is read once, whatever the order.
func TestRunPromoReportConcurrently(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, false, format.CSV, reportAnswers()...)
	opts := reportOptions(e, 3)
	opts.Concurrency = 4
	if err := runPromoReport(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	got, want := e.API.Routes(), slices.Clone(reportRoutes)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("requests sent = %q, want %q in any order", got, reportRoutes)
	}
	if !strings.HasPrefix(e.Stdout.String(), "id,code,currency") || strings.Count(e.Stdout.String(), "\n") != 5 {
		t.Errorf("stdout:\n%s\nwant a header and 4 rows", e.Stdout)
	}
}

// A 429 pauses the readers for its Retry-After, and the code is read
// again: the client's transport is the throttle's. The client here tries
// each request once, so that the bulk engine does the retrying.
func TestRunPromoReportRetriesA429(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, false, format.CSV, cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK, Body: reportList})
	e.API.Handle("GET /v1/promo/1001/statistics", http.StatusOK, reportStats1001)
	clk := &cmdtest.SimClock{} // the throttle waits in simulated time
	var times []time.Time
	e.API.HandleFunc("GET /v1/promo/1002/statistics", func(w http.ResponseWriter, _ *http.Request) {
		times = append(times, clk.Now())
		if len(times) == 1 {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Write([]byte(`[]`))
	})
	e.API.Handle("GET /v1/promo/1003/statistics", http.StatusOK, reportStats1003)
	opts := reportOptions(e, 1)
	opts.Throttle = func() *bulk.Throttle { return bulk.NewThrottleClock(0, clk.Now, clk.Sleep) }
	err := runPromoReport(context.Background(), opts)
	e.Expect(t, err, "", apitest.Lines(
		"id,code,currency,orders,order_total,discount_total,first_order,last_order",
		"1001,SUMMER25,RUB,2,4000.5,400.05,2026-06-01T09:15:00.000Z,2026-06-02T21:30:00.000Z",
		"1001,SUMMER25,USD,1,40,4,2026-06-03T08:00:00.000Z,2026-06-03T08:00:00.000Z",
		"1002,IDLE,,0,0,0,,",
		"1003,WINTER,RUB,2,0.3,0.03,2026-06-02T20:59:59.000Z,2026-06-05T10:00:00.000Z"), "",
		"GET /v1/promo?site_id=7", "GET /v1/promo/1001/statistics", "GET /v1/promo/1002/statistics",
		"GET /v1/promo/1002/statistics", "GET /v1/promo/1003/statistics")
	if len(times) == 2 {
		if gap := times[1].Sub(times[0]); gap < 2*time.Second-50*time.Millisecond { // in simulated time
			t.Errorf("the 429 was tried again after %s, want the 2s of its Retry-After", gap)
		}
	}
}

// The command line: flags are checked before anything is sent, the
// progress bar is drawn on a terminal only, and the help's example gives
// the totals per currency.
func TestPromoReportCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--by", "week"}, `promoctl: --by: want code or day, got "week"` + "\n"},
		{[]string{"--concurrency", "0"}, "promoctl: --concurrency: want 1 to 32, got 0\n"},
		{[]string{"--since", "yesterday"}, `promoctl: --since: cannot read date "yesterday": use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00` + "\n"},
		{[]string{"--since", "2026-07-02", "--until", "2026-07-01"}, "promoctl: --until 2026-07-01 23:59:59 is before --since 2026-07-02 00:00\n"},
	} {
		r := newRunner(t)
		r.Run(append([]string{"promo", "report", "--site-id", "7"}, c.args...)...).Expect(t, cmdutil.ExitUsage, "", c.stderr)
		r.ExpectNoRequests(t)
	}

	r := newRunner(t)
	for _, a := range reportAnswers() {
		r.API.Handle(a.Route, a.Status, a.Body)
	}
	res := r.Run("promo", "report", "--site-id", "7", "--since", "2026-06-02", "--until", "2026-06-03", "--by", "day", "-o", "json",
		"--jq", "group_by(.currency) | map({currency: .[0].currency, discount: (map(.discount_total) | add)})")
	res.Expect(t, 0, `[{"currency":"RUB","discount":250.06},{"currency":"USD","discount":4}]`+"\n", "")

	r = newRunner(t)
	r.TTY = true
	for _, a := range reportAnswers() {
		r.API.Handle(a.Route, a.Status, a.Body)
	}
	res = r.Run("promo", "report", "--site-id", "7", "--no-headers")
	if !strings.Contains(res.Stderr, "Reading statistics [") || !strings.HasSuffix(res.Stderr, "\r\x1b[K") {
		t.Errorf("stderr on a terminal = %q, want a progress bar, erased at the end", res.Stderr)
	}
	if res.Code != 0 || strings.Contains(res.Stdout, "Orders per day") {
		t.Errorf("exit %d, stdout:\n%s\nwant 0 and no chart with --no-headers", res.Code, res.Stdout)
	}
	// The chart is in colour unless NO_COLOR (set by newRunner) or
	// --no-color says otherwise.
	if strings.Contains(r.Run("promo", "report", "--site-id", "7").Stdout, "\x1b[") {
		t.Errorf("NO_COLOR: the report has colour")
	}
	delete(r.Env, "NO_COLOR")
	if res := r.Run("promo", "report", "--site-id", "7"); !strings.Contains(res.Stdout, "Orders per day:\n") || !strings.Contains(res.Stdout, "\x1b[94m") {
		t.Errorf("on a colour terminal, stdout:\n%s\nwant a chart in colour", res.Stdout)
	}
	if strings.Contains(r.Run("promo", "report", "--site-id", "7", "--no-color").Stdout, "\x1b[") {
		t.Errorf("--no-color: the report has colour")
	}
	r.TTY = false
	if res := r.Run("promo", "report", "--site-id", "7", "-o", "csv"); res.Code != 0 || res.Stderr != "" {
		t.Errorf("piped: exit %d, stderr %q; want 0 and nothing", res.Code, res.Stderr)
	}
}

// TestPromoReportChartInRussian: the chart under a report by day is said
// in the run's language, its title from the catalog and its days in
// Russian forms.
func TestPromoReportChartInRussian(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, true, format.Table, append(reportAnswers(),
		cmdtest.Answer{Route: "GET /v3/public/site/7", Status: http.StatusOK, Body: `{"id":7,"settings":{"currency":"RUB"}}`})...)
	e.Sess.IO.SetWidth(80)
	e.Sess.Out.Width = 80
	ru := i18n.New(i18n.Russian)
	e.Sess.Msg, e.Sess.Out.Say = ru, ru
	opts := reportOptions(e, 3)
	opts.ByDay = true
	if err := runPromoReport(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	_, chart, ok := strings.Cut(e.Stdout.String(), "Заказов по дням:\n")
	if !ok {
		t.Fatalf("no chart titled in Russian:\n%s", e.Stdout)
	}
	if !strings.Contains(chart, "01.06") || strings.Contains(chart, "06-01") {
		t.Errorf("the chart's days are not in Russian forms:\n%s", chart)
	}
}
