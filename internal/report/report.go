// Package report aggregates the usage statistics of a site's promo codes
// for promo report: orders counted per code and currency, or per local
// calendar day and currency, within a period, with totals per currency.
// Amounts of different currencies are never added together.
//
// It is pure: the caller reads the list and the statistics (internal/bulk)
// and renders the Report (internal/view).
package report

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/api"
)

// DayLayout is the form of a day in a Report: 2026-07-01.
const DayLayout = "2006-01-02"

// Period bounds the orders counted, by d_lead_created; both ends are
// included, and a zero time leaves that end open.
type Period struct {
	Since, Until time.Time
}

// Contains reports whether t falls within p. An end given to the second
// (as promo.ParseEnd makes the end of a day, 23:59:59) includes that whole
// second, so that an order at 23:59:59.500 still counts for that day.
func (p Period) Contains(t time.Time) bool {
	if !p.Since.IsZero() && t.Before(p.Since) {
		return false
	}
	if p.Until.IsZero() {
		return true
	}
	if p.Until.Nanosecond() == 0 {
		return t.Before(p.Until.Add(time.Second))
	}
	return !t.After(p.Until)
}

// Amount is a sum of money, added exactly in decimal: each amount is taken
// as the shortest decimal that reads back as the value the server sent
// (19.99, not 19.989999999999998), so sums have no binary rounding drift
// and never overflow. The zero value is 0.
type Amount struct {
	sum   *big.Rat
	scale int // the most decimals of any amount added
}

func (a *Amount) add(v float64) {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	r, ok := new(big.Rat).SetString(s)
	if !ok { // cannot happen: s is a finite decimal
		return
	}
	if a.sum == nil {
		a.sum = new(big.Rat)
	}
	a.sum.Add(a.sum, r)
	if _, frac, ok := strings.Cut(s, "."); ok {
		a.scale = max(a.scale, len(frac))
	}
}

// Fixed is the amount rounded to n decimals (halves away from zero), as
// tables show money: 1234.50.
func (a Amount) Fixed(n int) string {
	if a.sum == nil {
		return new(big.Rat).FloatString(n)
	}
	s := a.sum.FloatString(n)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-") // -0.001 is 0.00, not -0.00
	}
	return s
}

// Exact is the amount in decimal with every digit and no trailing zeros:
// 1234.5, 300, 0.3. It is a JSON number.
func (a Amount) Exact() string {
	s := a.Fixed(a.scale)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// CodeStats are a promo code of the site, as its list names it, and the
// statistics records read for it.
type CodeStats struct {
	ID    int64
	Code  string
	Stats []api.Stat
}

// CodeRow is one line of the report by code: a code's orders in one
// currency. A code without orders in the period has one row with Orders 0
// and Currency "".
type CodeRow struct {
	ID          int64
	Code        string
	Sum                  // Currency "" is null: no orders, or the server named none
	First, Last api.Time // the first and last d_lead_created counted; zero when none
}

// DayRow is one line of the report by day: the orders of one local
// calendar day in one currency.
type DayRow struct {
	Day string // DayLayout, in the report's time zone
	Sum
}

// Sum is what orders add up to in one currency.
type Sum struct {
	Currency      string
	Orders        int
	OrderTotal    Amount
	DiscountTotal Amount
}

func (s *Sum) add(st api.Stat) {
	s.Orders++
	s.OrderTotal.add(float64(st.OrderPrice))
	s.DiscountTotal.add(float64(st.DiscountAmount))
}

// DayCount is the number of orders of one day, in every currency.
type DayCount struct {
	Day    string
	Orders int
}

// Report is the aggregate of the statistics of a site's codes.
type Report struct {
	ByCode []CodeRow // in the order of the codes, then by currency
	ByDay  []DayRow  // by day, then by currency
	Totals []Sum     // one per currency, by currency ("" first)
	// Days are the orders per day from the day of the first order counted
	// to that of the last, days without orders included: the chart's
	// points. Empty when no order was counted.
	Days []DayCount
	// Undated is how many records had no d_lead_created: they cannot be
	// placed in a period or a day and are not counted.
	Undated int
}

// Build aggregates the statistics of codes: every record whose
// d_lead_created falls within p counts as one order of its code, of its
// day in loc, and of its currency.
func Build(codes []CodeStats, p Period, loc *time.Location) Report {
	var r Report
	days := map[dayKey]*DayRow{}
	totals := map[string]*Sum{}
	perDay := map[string]int{}
	var first, last time.Time
	for _, c := range codes {
		rows := map[string]*CodeRow{}
		for _, st := range c.Stats {
			if !st.DLeadCreated.Set() {
				r.Undated++
				continue
			}
			at := st.DLeadCreated.Time
			if !p.Contains(at) {
				continue
			}
			cur := string(st.Currency)
			row := rows[cur]
			if row == nil {
				row = &CodeRow{ID: c.ID, Code: c.Code, Sum: Sum{Currency: cur}}
				rows[cur] = row
			}
			row.add(st)
			if !row.First.Set() || at.Before(row.First.Time) {
				row.First = st.DLeadCreated
			}
			if !row.Last.Set() || at.After(row.Last.Time) {
				row.Last = st.DLeadCreated
			}

			day := at.In(loc).Format(DayLayout)
			k := dayKey{day, cur}
			d := days[k]
			if d == nil {
				d = &DayRow{Day: day, Sum: Sum{Currency: cur}}
				days[k] = d
			}
			d.add(st)
			perDay[day]++
			if first.IsZero() || at.Before(first) {
				first = at
			}
			if last.IsZero() || at.After(last) {
				last = at
			}

			t := totals[cur]
			if t == nil {
				t = &Sum{Currency: cur}
				totals[cur] = t
			}
			t.add(st)
		}
		if len(rows) == 0 {
			r.ByCode = append(r.ByCode, CodeRow{ID: c.ID, Code: c.Code})
			continue
		}
		for _, cur := range sortedKeys(rows) {
			r.ByCode = append(r.ByCode, *rows[cur])
		}
	}
	for _, d := range days {
		r.ByDay = append(r.ByDay, *d)
	}
	slices.SortFunc(r.ByDay, func(a, b DayRow) int {
		if c := strings.Compare(a.Day, b.Day); c != 0 {
			return c
		}
		return strings.Compare(a.Currency, b.Currency)
	})
	for _, cur := range sortedKeys(totals) {
		r.Totals = append(r.Totals, *totals[cur])
	}
	if !first.IsZero() {
		r.Days = dayCounts(first.In(loc), last.In(loc), perDay)
	}
	return r
}

type dayKey struct{ day, currency string }

// dayCounts lists every day from first's to last's with its orders. Days
// are stepped with time.Date, so that a change of clocks cannot skip or
// repeat one.
func dayCounts(first, last time.Time, perDay map[string]int) []DayCount {
	loc := first.Location()
	y, m, d := first.Date()
	end := last.Format(DayLayout)
	var out []DayCount
	for i := 0; ; i++ {
		day := time.Date(y, m, d+i, 12, 0, 0, 0, loc).Format(DayLayout)
		out = append(out, DayCount{Day: day, Orders: perDay[day]})
		if day >= end {
			return out
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
