package report

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, also on a machine without a zoneinfo database

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"
)

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// stats decodes statistics records as the server sends them.
func stats(t *testing.T, records ...string) []api.Stat {
	t.Helper()
	ss, err := api.DecodeStats([]byte("[" + strings.Join(records, ",") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// order is a statistics record of an order at (API form), in cur; price
// and discount are JSON values (numbers or strings).
func order(at, cur, price, discount string) string {
	return fmt.Sprintf(`{"id":1,"promo_id":1,"order_price":%s,"discount_amount":%s,"d_lead_created":%q,"currency":%q}`, price, discount, at, cur)
}

// codeLine is a CodeRow as text, to compare.
func codeLine(r CodeRow) string {
	return fmt.Sprintf("%d %s %q %d %s %s %s %s", r.ID, r.Code, r.Currency, r.Orders, r.OrderTotal.Exact(), r.DiscountTotal.Exact(), r.First.Raw, r.Last.Raw)
}

func dayLine(r DayRow) string {
	return fmt.Sprintf("%s %q %d %s %s", r.Day, r.Currency, r.Orders, r.OrderTotal.Exact(), r.DiscountTotal.Exact())
}

func sumLine(s Sum) string {
	return fmt.Sprintf("%q %d %s %s", s.Currency, s.Orders, s.OrderTotal.Exact(), s.DiscountTotal.Exact())
}

func lines[T any](rows []T, f func(T) string) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, f(r))
	}
	return out
}

func check(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

func TestBuildPerCodeAndCurrency(t *testing.T) {
	codes := []CodeStats{
		{ID: 1002, Code: "SUMMER", Stats: stats(t,
			order("2026-07-02T10:00:00.000Z", "USD", "10.50", "1.05"),
			order("2026-07-01T09:00:00.000Z", "RUB", "1000", "100"),
			order("2026-07-03T09:00:00.000Z", "RUB", `"250.25"`, `"25.03"`),
		)},
		{ID: 1001, Code: "IDLE"}, // no orders: orders 0, currency null
		{ID: 1003, Code: "NOCUR", Stats: stats(t, order("2026-07-01T09:00:00.000Z", "", "5", "0"))},
	}
	r := Build(codes, Period{}, time.UTC)
	check(t, "by code", lines(r.ByCode, codeLine), []string{
		`1002 SUMMER "RUB" 2 1250.25 125.03 2026-07-01T09:00:00.000Z 2026-07-03T09:00:00.000Z`,
		`1002 SUMMER "USD" 1 10.5 1.05 2026-07-02T10:00:00.000Z 2026-07-02T10:00:00.000Z`,
		`1001 IDLE "" 0 0 0  `,
		`1003 NOCUR "" 1 5 0 2026-07-01T09:00:00.000Z 2026-07-01T09:00:00.000Z`,
	})
	// Each currency is totalled apart: 1250.25 RUB and 10.50 USD are never
	// one number.
	check(t, "totals", lines(r.Totals, sumLine), []string{`"" 1 5 0`, `"RUB" 2 1250.25 125.03`, `"USD" 1 10.5 1.05`})
}

func TestBuildPerDayAcrossMidnightInLocalTime(t *testing.T) {
	msk := mustLoc(t, "Europe/Moscow") // UTC+3 all year
	codes := []CodeStats{
		{ID: 1, Code: "A", Stats: stats(t,
			order("2026-06-30T20:59:59.999Z", "RUB", "100", "10"), // 23:59:59.999 on 30 June in Moscow
			order("2026-06-30T21:00:00.000Z", "RUB", "200", "20"), // midnight: 1 July in Moscow, 30 June in UTC
			order("2026-06-30T22:00:00.000Z", "USD", "3", "0.3"),
		)},
		{ID: 2, Code: "B", Stats: stats(t,
			order("2026-07-03T08:00:00.000Z", "RUB", "0.1", "0.01"),
			order("2026-07-03T09:00:00.000Z", "RUB", "0.2", "0.02"),
		)},
	}
	r := Build(codes, Period{}, msk)
	check(t, "by day", lines(r.ByDay, dayLine), []string{
		`2026-06-30 "RUB" 1 100 10`,
		`2026-07-01 "RUB" 1 200 20`,
		`2026-07-01 "USD" 1 3 0.3`,
		`2026-07-03 "RUB" 2 0.3 0.03`, // exactly 0.3, not 0.30000000000000004
	})
	check(t, "days", lines(r.Days, func(d DayCount) string { return fmt.Sprintf("%s %d", d.Day, d.Orders) }),
		[]string{"2026-06-30 1", "2026-07-01 2", "2026-07-02 0", "2026-07-03 2"})

	// In UTC the same orders fall on other days.
	r = Build(codes, Period{}, time.UTC)
	check(t, "by day in UTC", lines(r.ByDay, dayLine), []string{
		`2026-06-30 "RUB" 2 300 30`,
		`2026-06-30 "USD" 1 3 0.3`,
		`2026-07-03 "RUB" 2 0.3 0.03`,
	})
}

func TestBuildDaysAcrossAChangeOfClocks(t *testing.T) {
	ny := mustLoc(t, "America/New_York") // clocks go forward on 8 March 2026
	codes := []CodeStats{{ID: 1, Code: "A", Stats: stats(t,
		order("2026-03-07T23:30:00.000Z", "USD", "1", "0"), // 18:30 on 7 March
		order("2026-03-10T03:30:00.000Z", "USD", "1", "0"), // 23:30 on 9 March
	)}}
	r := Build(codes, Period{}, ny)
	check(t, "days", lines(r.Days, func(d DayCount) string { return fmt.Sprintf("%s %d", d.Day, d.Orders) }),
		[]string{"2026-03-07 1", "2026-03-08 0", "2026-03-09 1"})
}

func TestBuildPeriodBoundsAreInclusive(t *testing.T) {
	msk := mustLoc(t, "Europe/Moscow")
	since, err := promo.ParseStart("2026-07-01", msk)
	if err != nil {
		t.Fatal(err)
	}
	until, err := promo.ParseEnd("2026-07-02", msk)
	if err != nil {
		t.Fatal(err)
	}
	codes := []CodeStats{{ID: 1, Code: "A", Stats: stats(t,
		order("2026-06-30T20:59:59.999Z", "RUB", "1", "0"), // just before --since: out
		order("2026-06-30T21:00:00.000Z", "RUB", "2", "0"), // --since itself: in
		order("2026-07-02T20:59:59.500Z", "RUB", "4", "0"), // the last second of --until's day: in
		order("2026-07-02T21:00:00.000Z", "RUB", "8", "0"), // the next day: out
		`{"order_price":16,"currency":"RUB","d_lead_created":null}`,
	)}}
	r := Build(codes, Period{Since: since, Until: until}, msk)
	check(t, "by code", lines(r.ByCode, codeLine),
		[]string{`1 A "RUB" 2 6 0 2026-06-30T21:00:00.000Z 2026-07-02T20:59:59.500Z`})
	if r.Undated != 1 {
		t.Errorf("Undated = %d, want 1", r.Undated)
	}

	// An end given with a fraction of a second is exact.
	until = until.Add(-time.Second + 250*time.Millisecond) // 23:59:58.250
	r = Build(codes, Period{Since: since, Until: until}, msk)
	check(t, "by code, until 23:59:58.250", lines(r.ByCode, codeLine),
		[]string{`1 A "RUB" 1 2 0 2026-06-30T21:00:00.000Z 2026-06-30T21:00:00.000Z`})

	// Only --since, only --until.
	r = Build(codes, Period{Since: since}, msk)
	check(t, "since only", lines(r.Totals, sumLine), []string{`"RUB" 3 14 0`})
	r = Build(codes, Period{Until: until}, msk)
	check(t, "until only", lines(r.Totals, sumLine), []string{`"RUB" 2 3 0`})

	// A period with no orders leaves the code with a row of 0 and no chart.
	r = Build(codes, Period{Since: until.Add(48 * time.Hour)}, msk)
	check(t, "empty period", lines(r.ByCode, codeLine), []string{`1 A "" 0 0 0  `})
	if len(r.ByDay) != 0 || len(r.Totals) != 0 || len(r.Days) != 0 {
		t.Errorf("empty period: ByDay %v, Totals %v, Days %v; want none", r.ByDay, r.Totals, r.Days)
	}
}

func TestAmountIsExact(t *testing.T) {
	for _, tc := range []struct {
		name         string
		values       []float64
		exact, fixed string
	}{
		{"none", nil, "0", "0.00"},
		{"cents", []float64{0.1, 0.2}, "0.3", "0.30"},
		{"many cents", repeat(0.01, 1000), "10", "10.00"},
		{"whole", []float64{300, 200}, "500", "500.00"},
		{"rounding half away from zero", []float64{0.125}, "0.125", "0.13"},
		{"negative", []float64{-5.5, 2}, "-3.5", "-3.50"},
		{"cancelling", []float64{-0.5, 0.5}, "0", "0.00"},
		{"negative below a cent", []float64{-0.001}, "-0.001", "0.00"},
		{"beyond float64", []float64{1.5e308, 1.5e308}, "3" + strings.Repeat("0", 308), "3" + strings.Repeat("0", 308) + ".00"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a Amount
			for _, v := range tc.values {
				a.add(v)
			}
			if got := a.Exact(); got != tc.exact {
				t.Errorf("Exact() = %s, want %s", got, tc.exact)
			}
			if got := a.Fixed(2); got != tc.fixed {
				t.Errorf("Fixed(2) = %s, want %s", got, tc.fixed)
			}
		})
	}
}

func repeat(v float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}
