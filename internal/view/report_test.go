package view

import (
	"reflect"
	"testing"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/report"
)

// sampleReport is two codes, one used in two currencies with amounts sent
// as numbers and as strings, the other not used, in Moscow time.
func sampleReport(t *testing.T) report.Report {
	t.Helper()
	ss, err := api.DecodeStats([]byte(`[
		{"order_price":1000,"discount_amount":100,"d_lead_created":"2026-06-30T21:30:00.000Z","currency":"RUB"},
		{"order_price":"250.25","discount_amount":"25.03","d_lead_created":"2026-07-02T09:00:00.000Z","currency":"RUB"},
		{"order_price":10.5,"discount_amount":1.05,"d_lead_created":"2026-07-02T10:00:00.000Z","currency":"USD"}]`))
	if err != nil {
		t.Fatal(err)
	}
	return report.Build([]report.CodeStats{{ID: 1001, Code: "SUMMER25", Stats: ss}, {ID: 1002, Code: "IDLE"}},
		report.Period{}, loadZone(t, "Europe/Moscow"))
}

func TestReportByCode(t *testing.T) {
	t.Parallel()
	d, err := ReportByCode(sampleReport(t), loadZone(t, "Europe/Moscow"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		o    output.Options
		want string
	}{
		{"json", output.Options{Format: format.JSON}, `[{"id":1001,"code":"SUMMER25","currency":"RUB","orders":2,"order_total":1250.25,"discount_total":125.03,` +
			`"first_order":"2026-06-30T21:30:00.000Z","last_order":"2026-07-02T09:00:00.000Z"},` +
			`{"id":1001,"code":"SUMMER25","currency":"USD","orders":1,"order_total":10.5,"discount_total":1.05,` +
			`"first_order":"2026-07-02T10:00:00.000Z","last_order":"2026-07-02T10:00:00.000Z"},` +
			`{"id":1002,"code":"IDLE","currency":null,"orders":0,"order_total":0,"discount_total":0,"first_order":null,"last_order":null}]` + "\n"},
		{"csv", output.Options{Format: format.CSV}, apitest.Lines(
			"id,code,currency,orders,order_total,discount_total,first_order,last_order",
			"1001,SUMMER25,RUB,2,1250.25,125.03,2026-06-30T21:30:00.000Z,2026-07-02T09:00:00.000Z",
			"1001,SUMMER25,USD,1,10.5,1.05,2026-07-02T10:00:00.000Z,2026-07-02T10:00:00.000Z",
			"1002,IDLE,,0,0,0,,")},
		{"yaml", output.Options{Format: format.YAML}, apitest.Lines(
			"- id: 1001",
			"  code: SUMMER25",
			"  currency: RUB",
			"  orders: 2",
			"  order_total: 1250.25",
			"  discount_total: 125.03",
			`  first_order: "2026-06-30T21:30:00.000Z"`,
			`  last_order: "2026-07-02T09:00:00.000Z"`,
			"- id: 1001",
			"  code: SUMMER25",
			"  currency: USD",
			"  orders: 1",
			"  order_total: 10.5",
			"  discount_total: 1.05",
			`  first_order: "2026-07-02T10:00:00.000Z"`,
			`  last_order: "2026-07-02T10:00:00.000Z"`,
			"- id: 1002",
			"  code: IDLE",
			"  currency: null",
			"  orders: 0",
			"  order_total: 0",
			"  discount_total: 0",
			"  first_order: null",
			"  last_order: null")},
		{"table", output.Options{Format: format.Table}, apitest.Lines(
			"ID    CODE      CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL  FIRST ORDER       LAST ORDER",
			"1001  SUMMER25  RUB       2       1250.25      125.03          2026-07-01 00:30  2026-07-02 12:00",
			"1001  SUMMER25  USD       1       10.50        1.05            2026-07-02 13:00  2026-07-02 13:00",
			"1002  IDLE      -         0       0.00         0.00            -                 -",
			"",
			"Totals per currency:",
			"CURRENCY  ORDERS  ORDER TOTAL  DISCOUNT TOTAL",
			"RUB       2       1250.25      125.03",
			"USD       1       10.50        1.05")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := writeData(t, d, tc.o); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestReportByDay(t *testing.T) {
	t.Parallel()
	d, err := ReportByDay(sampleReport(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		o    output.Options
		want string
	}{
		// 2026-06-30T21:30Z is 1 July in Moscow.
		{"json", output.Options{Format: format.JSON}, `[{"day":"2026-07-01","currency":"RUB","orders":1,"order_total":1000,"discount_total":100},` +
			`{"day":"2026-07-02","currency":"RUB","orders":1,"order_total":250.25,"discount_total":25.03},` +
			`{"day":"2026-07-02","currency":"USD","orders":1,"order_total":10.5,"discount_total":1.05}]` + "\n"},
		{"csv", output.Options{Format: format.CSV}, apitest.Lines(
			"day,currency,orders,order_total,discount_total",
			"2026-07-01,RUB,1,1000,100",
			"2026-07-02,RUB,1,250.25,25.03",
			"2026-07-02,USD,1,10.5,1.05")},
		{"table without headers", output.Options{Format: format.Table, NoHeaders: true}, apitest.Lines(
			"2026-07-01  RUB  1  1000.00  100.00",
			"2026-07-02  RUB  1  250.25   25.03",
			"2026-07-02  USD  1  10.50    1.05")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := writeData(t, d, tc.o); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestOrdersPerDay(t *testing.T) {
	t.Parallel()
	s := OrdersPerDay(sampleReport(t))
	want := output.Series{Title: "Orders per day", TitleID: "table.orders_per_day", Labels: []string{"2026-07-01", "2026-07-02"}, Values: []int{1, 2}, AxisLabels: []string{"07-01", "07-02"}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("OrdersPerDay = %+v, want %+v", s, want)
	}
	// Across a new year the axis keeps the year.
	r := report.Report{Days: []report.DayCount{{Day: "2026-12-31", Orders: 1}, {Day: "2027-01-01", Orders: 3}}}
	s = OrdersPerDay(r)
	want = output.Series{Title: "Orders per day", TitleID: "table.orders_per_day", Labels: []string{"2026-12-31", "2027-01-01"}, Values: []int{1, 3}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("OrdersPerDay across a year = %+v, want %+v", s, want)
	}
}
