package cmd

import (
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestMoneyShowsTheCurrencyWhenTheSiteIsKnown: in Russian tables, money
// has its currency wherever the site is known — promo get without
// --site-id and the product card take it from the user's sites when they
// all have one; a report's code without orders has the site's.
func TestMoneyShowsTheCurrencyWhenTheSiteIsKnown(t *testing.T) {
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"--sandbox", "promo", "get", "1004"}, "Скидка:                  200,00 ₽"},
		{[]string{"--sandbox", "product", "get", "101"}, "Цена:                 3 500,00 ₽"},
		// a code without orders: its money in the site's currency
		{[]string{"--sandbox", "promo", "report", "--site-id", "1", "--status", "scheduled"},
			"1006  NEWYEAR2099  -       0        0,00 ₽         0,00 ₽        -             -"},
	} {
		res := r.Run(c.args...)
		// Russian money has no-break spaces: 3\u00a0500,00\u00a0₽.
		if out := strings.ReplaceAll(res.Stdout, "\u00a0", " "); res.Code != 0 || !slices.Contains(strings.Split(out, "\n"), c.line) {
			t.Errorf("%s: exit %d, stdout:\n%s\nwant the line %q", strings.Join(c.args, " "), res.Code, res.Stdout, c.line)
		}
	}
}

// TestReportWorkbookHasMoneyAndTotals: promo report -o xlsx has its sums
// as money in each row's currency, and the totals per currency after the
// rows, a blank row apart.
func TestReportWorkbookHasMoneyAndTotals(t *testing.T) {
	r := newRunner(t)
	res := r.Run("--sandbox", "promo", "report", "--site-id", "1", "-o", "xlsx")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	f, err := excelize.OpenReader(strings.NewReader(res.Stdout))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows("Sheet1", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	var totals []string
	for i, row := range rows {
		if len(row) > 1 && row[1] == "total" {
			if len(rows[i-1]) != 0 && len(totals) == 0 {
				t.Errorf("row %d: the totals follow no blank row", i+1)
			}
			totals = append(totals, strings.Join(row[2:6], " "))
		}
	}
	if want := []string{"RUB 14 49100 7089.5", "USD 1 95 9.5"}; !slices.Equal(totals, want) {
		t.Errorf("totals %q, want %q", totals, want)
	}
	id, _ := f.GetCellStyle("Sheet1", "E2") // WELCOME10's order total in RUB
	if st, err := f.GetStyle(id); err != nil || st.CustomNumFmt == nil || !strings.Contains(*st.CustomNumFmt, `"RUB"`) {
		t.Errorf("E2's style %+v (%v), want a money format in RUB", st, err)
	}
}
