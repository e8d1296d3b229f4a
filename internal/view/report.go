package view

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/report"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// The rows of promo report in JSON, YAML and CSV: the contract's fields,
// amounts as exact numbers, a currency or date the report has none of as
// null (empty in CSV).
type (
	reportCodeRow struct {
		ID            int64       `json:"id"`
		Code          string      `json:"code"`
		Currency      *string     `json:"currency"`
		Orders        int         `json:"orders"`
		OrderTotal    json.Number `json:"order_total"`
		DiscountTotal json.Number `json:"discount_total"`
		FirstOrder    *string     `json:"first_order"`
		LastOrder     *string     `json:"last_order"`
	}
	reportDayRow struct {
		Day           string      `json:"day"`
		Currency      *string     `json:"currency"`
		Orders        int         `json:"orders"`
		OrderTotal    json.Number `json:"order_total"`
		DiscountTotal json.Number `json:"discount_total"`
	}
)

// ReportByCode shows promo report --by code: one row per code and
// currency, then the totals per currency. Dates are the server's
// d_lead_created in JSON and CSV, and in loc to the minute in tables.
func ReportByCode(r report.Report, loc *time.Location) (output.Data, error) {
	rows := make([]reportCodeRow, len(r.ByCode))
	for i, c := range r.ByCode {
		rows[i] = reportCodeRow{ID: c.ID, Code: c.Code, Currency: orNull(c.Currency), Orders: c.Orders,
			OrderTotal: json.Number(c.OrderTotal.Exact()), DiscountTotal: json.Number(c.DiscountTotal.Exact()),
			FirstOrder: orNull(c.First.Raw), LastOrder: orNull(c.Last.Raw)}
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return output.Data{}, err
	}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			// On a narrow terminal the dates of the first and last order
			// give way first; ID, CODE and the money never.
			g := columns(h("id", text), h("code", text), h("currency", currency), h("orders", text), h("order_total", money),
				h("discount_total", money), h("first_order", moment), h("last_order", moment))
			g.Columns = []output.Column{{Keep: true}, {Keep: true}, {Keep: true}, {Keep: true}, {Keep: true}, {Keep: true}, {Priority: 2}, {Priority: 1}}
			for _, c := range r.ByCode {
				g.Rows = append(g.Rows, []string{strconv.FormatInt(c.ID, 10), termsafe.String(c.Code), currencyCell(c.Currency),
					strconv.Itoa(c.Orders), c.OrderTotal.Fixed(2), c.DiscountTotal.Fixed(2), Date(c.First, loc), Date(c.Last, loc)})
			}
			return withTotals(g, r), nil
		},
		CSV: func() (output.Grid, error) {
			n, t, m := output.KindNumber, output.KindTime, output.KindMoney
			g := output.Grid{Header: []string{"id", "code", "currency", "orders", "order_total", "discount_total", "first_order", "last_order"},
				Kinds: []output.Kind{n, output.KindText, output.KindText, n, m, m, t, t}, CurrencyColumn: 3}
			for _, c := range r.ByCode {
				g.Rows = append(g.Rows, []string{strconv.FormatInt(c.ID, 10), c.Code, c.Currency, strconv.Itoa(c.Orders),
					c.OrderTotal.Exact(), c.DiscountTotal.Exact(), c.First.Raw, c.Last.Raw})
			}
			for _, tot := range r.Totals {
				g.Footer = append(g.Footer, []string{"", totalLabel, tot.Currency, strconv.Itoa(tot.Orders), tot.OrderTotal.Exact(), tot.DiscountTotal.Exact(), "", ""})
			}
			return g, nil
		},
	}, nil
}

// ReportByDay shows promo report --by day: one row per local calendar day
// and currency, then the totals per currency.
func ReportByDay(r report.Report) (output.Data, error) {
	rows := make([]reportDayRow, len(r.ByDay))
	for i, d := range r.ByDay {
		rows[i] = reportDayRow{Day: d.Day, Currency: orNull(d.Currency), Orders: d.Orders,
			OrderTotal: json.Number(d.OrderTotal.Exact()), DiscountTotal: json.Number(d.DiscountTotal.Exact())}
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return output.Data{}, err
	}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			g := columns(h("day", day), h("currency", currency), h("orders", text), h("order_total", money), h("discount_total", money))
			for _, d := range r.ByDay {
				g.Rows = append(g.Rows, []string{d.Day, currencyCell(d.Currency), strconv.Itoa(d.Orders), d.OrderTotal.Fixed(2), d.DiscountTotal.Fixed(2)})
			}
			return withTotals(g, r), nil
		},
		CSV: func() (output.Grid, error) {
			n, m := output.KindNumber, output.KindMoney
			g := output.Grid{Header: []string{"day", "currency", "orders", "order_total", "discount_total"},
				Kinds: []output.Kind{output.KindDate, output.KindText, n, m, m}, CurrencyColumn: 2}
			for _, d := range r.ByDay {
				g.Rows = append(g.Rows, []string{d.Day, d.Currency, strconv.Itoa(d.Orders), d.OrderTotal.Exact(), d.DiscountTotal.Exact()})
			}
			for _, tot := range r.Totals {
				g.Footer = append(g.Footer, []string{totalLabel, tot.Currency, strconv.Itoa(tot.Orders), tot.OrderTotal.Exact(), tot.DiscountTotal.Exact()})
			}
			return g, nil
		},
	}, nil
}

// totalLabel names the rows of a workbook's totals per currency: a word
// of the data, like the field names, the same in every language.
const totalLabel = "total"

// withTotals follows g with the totals of r, one row per currency: sums of
// different currencies are never added up. A report without orders has
// none.
func withTotals(g output.Grid, r report.Report) []output.Grid {
	if len(r.Totals) == 0 {
		return []output.Grid{g}
	}
	sum := columns(h("currency", currency), h("orders", text), h("order_total", money), h("discount_total", money))
	sum.Summary, sum.TitleID = true, "table.totals_per_currency"
	sum.Title = i18n.New(i18n.English).T(sum.TitleID)
	for _, t := range r.Totals {
		sum.Rows = append(sum.Rows, []string{currencyCell(t.Currency), strconv.Itoa(t.Orders), t.OrderTotal.Fixed(2), t.DiscountTotal.Fixed(2)})
	}
	return []output.Grid{g, sum}
}

// OrdersPerDay is the chart of a report: its orders per day, every day
// from the first order's to the last's. The axis shows days without the
// year when they all fall in one.
func OrdersPerDay(r report.Report) output.Series {
	s := series("table.orders_per_day")
	sameYear := len(r.Days) > 0 && r.Days[0].Day[:4] == r.Days[len(r.Days)-1].Day[:4]
	for _, d := range r.Days {
		s.Labels = append(s.Labels, d.Day)
		s.Values = append(s.Values, d.Orders)
		if sameYear {
			s.AxisLabels = append(s.AxisLabels, d.Day[5:])
		}
	}
	return s
}

// OrdersCharts are the charts of a report, finest first: its orders per
// day, then per week (from Monday) and per month, whose titles say that
// the days did not fit. The first that fits the width is drawn.
func OrdersCharts(r report.Report) []output.Series {
	day := OrdersPerDay(r)
	if len(r.Days) < 2 {
		return []output.Series{day}
	}
	week := series("table.orders_per_week_(too_many_days_for_the_width)")
	month := series("table.orders_per_month_(too_many_days_for_the_width)")
	sameYear := r.Days[0].Day[:4] == r.Days[len(r.Days)-1].Day[:4]
	for _, d := range r.Days {
		t, err := time.Parse("2006-01-02", d.Day)
		if err != nil {
			return []output.Series{day}
		}
		monday := t.AddDate(0, 0, -(int(t.Weekday())+6)%7).Format("2006-01-02")
		if n := len(week.Labels); n == 0 || week.Labels[n-1] != monday {
			week.Labels, week.Values = append(week.Labels, monday), append(week.Values, 0)
			if sameYear {
				week.AxisLabels = append(week.AxisLabels, monday[5:])
			}
		}
		week.Values[len(week.Values)-1] += d.Orders
		if n := len(month.Labels); n == 0 || month.Labels[n-1] != d.Day[:7] {
			month.Labels, month.Values = append(month.Labels, d.Day[:7]), append(month.Values, 0)
		}
		month.Values[len(month.Values)-1] += d.Orders
	}
	if sameYear && len(week.AxisLabels) != len(week.Labels) {
		week.AxisLabels = nil // a week that starts in the year before
	}
	return []output.Series{day, week, month}
}

// currencyCell is a currency in a table: "-" when there is none.
func currencyCell(c string) string {
	if c == "" {
		return "-"
	}
	return termsafe.String(c)
}

// orNull is s, or nil (null) when it is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// series is a chart titled by the catalog's id: in English here, said in
// the person's language by internal/output.
func series(id string) output.Series {
	return output.Series{Title: i18n.New(i18n.English).T(id), TitleID: id}
}
