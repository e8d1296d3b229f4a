package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
)

// statsJSON is the usage of a promo code in two currencies, with the type
// drift of the API (amounts as strings, the percent flag as 0/1) and a field
// this client does not know.
const statsJSON = `[
 {"id":1,"promo_id":5,"lead_id":9001,"bonus_type_id":2,"bonus_amount":10,"bonus_amount_is_in_percentages":1,"order_price":1500,"order_quantity":2,"discount_amount":150,"promo":{"code":"SUMMER25"},"d_lead_created":"2026-06-02T09:15:00.000Z","currency":"RUB"},
 {"id":2,"promo_id":5,"lead_id":9002,"bonus_type_id":2,"bonus_amount":10,"bonus_amount_is_in_percentages":1,"order_price":"2500.5","order_quantity":1,"discount_amount":"250.05","promo":{"code":"SUMMER25"},"d_lead_created":"2026-06-03T21:30:00.000Z","currency":"RUB"},
 {"id":3,"promo_id":5,"lead_id":9003,"bonus_type_id":2,"bonus_amount":10,"bonus_amount_is_in_percentages":1,"order_price":40,"order_quantity":1.5,"discount_amount":4,"promo":{"code":"SUMMER25"},"d_lead_created":"2026-06-04T00:00:00.000Z","currency":"USD","x_channel":"web"}
]`

func TestPromoStatsTable(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, statsJSON)
	res := r.Run("promo", "stats", "5")
	res.ExpectGolden(t, 0, "")
	reqs := r.ExpectRoutes(t, "GET /v1/promo/5/statistics")
	cmdtest.ExpectHeaders(t, reqs[0], false)
}

func TestPromoStatsEmpty(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, "[]")
	r.Run("promo", "stats", "5").Expect(t, 0, "ID  ORDER  DATE  CODE  ORDER PRICE  QTY  DISCOUNT  CURRENCY\n", "")
	r.Run("promo", "stats", "5", "--no-headers").Expect(t, 0, "", "")
	r.Run("promo", "stats", "5", "-o", "json").Expect(t, 0, "[]\n", "")
	r.Run("promo", "stats", "5", "-o", "yaml").Expect(t, 0, "[]\n", "")
	r.Run("promo", "stats", "5", "-o", "csv", "--no-headers").Expect(t, 0, "", "")
	r.TTY = true
	r.Run("promo", "stats", "5").Expect(t, 0, "", "Promo code 5 has not been used yet.\n")
}

// --no-headers leaves only the data rows: the totals below them are a
// summary, not data, and would break a script reading the rows.
func TestPromoStatsNoHeadersDropsTotals(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, statsJSON)
	r.Run("promo", "stats", "5", "--no-headers").Expect(t, 0, apitest.Lines(
		"1  9001  2026-06-02 12:15  SUMMER25  1500.00  2    150.00  RUB",
		"2  9002  2026-06-04 00:30  SUMMER25  2500.50  1    250.05  RUB",
		"3  9003  2026-06-04 03:00  SUMMER25  40.00    1.5  4.00    USD",
	), "")
}

func TestPromoStatsJSON(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, statsJSON)
	res := r.Run("promo", "usage", "5", "-o", "json")
	cmdtest.ExpectJSON(t, "promo stats -o json", res.Succeeded(t), statsJSON)
	r.Run("promo", "stats", "5", "--jq", "map(.discount_amount)").Expect(t, 0, `[150,"250.05",4]`+"\n", "")
}

// TestPromoStatsHelpExampleKeepsCurrenciesApart runs the --jq of the help's
// example: discounts are summed per currency, never RUB and USD together.
func TestPromoStatsHelpExampleKeepsCurrenciesApart(t *testing.T) {
	example := newPromoStatsCmd(cmdutil.NewFactory(cmdutil.Options{}), nil).Example
	_, jq, ok := strings.Cut(example, "--jq '")
	if !ok {
		t.Fatalf("promo stats example has no --jq: %s", example)
	}
	jq = strings.TrimSuffix(strings.TrimSpace(jq), "'")
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, statsJSON)
	r.Run("promo", "stats", "5", "--jq", jq, "-o", "json").Expect(t, 0,
		`[{"currency":"RUB","discount":400.05},{"currency":"USD","discount":4}]`+"\n", "")
}

func TestPromoStatsCSV(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, statsJSON)
	rows := []string{
		"1,5,9001,2,10,true,1500,2,150,SUMMER25,2026-06-02T09:15:00.000Z,RUB",
		"2,5,9002,2,10,true,2500.5,1,250.05,SUMMER25,2026-06-03T21:30:00.000Z,RUB",
		"3,5,9003,2,10,true,40,1.5,4,SUMMER25,2026-06-04T00:00:00.000Z,USD",
	}
	r.Run("promo", "stats", "5", "-o", "csv").Expect(t, 0, apitest.Lines(append([]string{
		"id,promo_id,lead_id,bonus_type_id,bonus_amount,bonus_amount_is_in_percentages,order_price,order_quantity,discount_amount,code,d_lead_created,currency",
	}, rows...)...), "")
	r.Run("promo", "stats", "5", "-o", "csv", "--no-headers").Expect(t, 0, apitest.Lines(rows...), "")
}

func TestPromoStatsTableIsTerminalSafe(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, `[{"id":1,"promo":{"code":"\u001b[2J\u001b[HX1"},"currency":"R\u0007UB\r","order_price":1}]`)
	res := r.Run("promo", "stats", "5")
	res.Expect(t, 0, apitest.Lines(
		"ID  ORDER  DATE  CODE  ORDER PRICE  QTY  DISCOUNT  CURRENCY",
		"1   0      -     X1    1.00         0    0.00      RUB",
		"",
		"CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL",
		"RUB       1       1.00         0.00",
	), "")
	expectTerminalSafe(t, "promo stats", res.Stdout)
}

func TestPromoStatsPermissionDenied(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusForbidden, apitest.Error(403, 30, "user cant view site"))
	r.Run("promo", "stats", "5").Expect(t, 3, "",
		"promoctl: statistics of promo 5: you cannot view the site of promo code 5 (API error 30: user cant view site)\n")
}

// TestPromoStatsTotalsDoNotOverflow: amounts whose float64 sum overflows
// are added exactly; the totals never read +Inf.
func TestPromoStatsTotalsDoNotOverflow(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/5/statistics", http.StatusOK, `[
 {"id":1,"promo_id":5,"lead_id":1,"order_price":1.5e308,"order_quantity":1,"discount_amount":1e308,"promo":{"code":"HUGE"},"currency":"RUB"},
 {"id":2,"promo_id":5,"lead_id":2,"order_price":1.5e308,"order_quantity":1,"discount_amount":1e308,"promo":{"code":"HUGE"},"currency":"RUB"},
 {"id":3,"promo_id":5,"lead_id":3,"order_price":0.1,"order_quantity":1,"discount_amount":0.2,"promo":{"code":"HUGE"},"currency":"USD"},
 {"id":4,"promo_id":5,"lead_id":4,"order_price":0.2,"order_quantity":1,"discount_amount":0.1,"promo":{"code":"HUGE"},"currency":"USD"}
]`)
	res := r.Run("promo", "stats", "5")
	res.ExpectGolden(t, 0, "")
	if strings.Contains(res.Stdout, "Inf") {
		t.Errorf("a total reads Inf:\n%s", res.Stdout)
	}
	lines := strings.Split(strings.TrimRight(res.Stdout, "\n"), "\n")
	totals := map[string][]string{}
	for _, l := range lines[len(lines)-2:] {
		f := strings.Fields(l)
		totals[f[0]] = f[1:]
	}
	// Twice the float64 nearest 1.5e308, and 1e308, in full.
	price := "300000000000000003293719088832136625221476929031935539010432048709472756214734474611489986935484066697183749009163517546834770851229420264984921027594438138093814993508799081557092469098765677130015153398495003535280692878638835532884273587360122374368351910515353245315875408679623619818924657146290669355008.00"
	discount := "200000000000000002195812725888091083480984619354623692673621365806315170809822983074326657956989377798122499339442345031223180567486280176656614018396292092062543329005866054371394979399177118086676768932330002356853795252425890355256182391573414916245567940343568830210583605786415746545949771430860446236672.00"
	if got := totals["RUB"]; len(got) != 3 || got[0] != "2" || got[1] != price || got[2] != discount {
		t.Errorf("RUB totals = %q, want [2 %s %s]", got, price, discount)
	}
	if got := strings.Join(totals["USD"], " "); got != "2 0.30 0.30" {
		t.Errorf("USD totals = %q, want 2 0.30 0.30", got)
	}
}
