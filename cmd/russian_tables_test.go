package cmd

import (
	"slices"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil/legacylang"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestTableLocaleForms: Russian tables write numbers with a decimal comma
// and no-break spaces between thousands, money with its row's currency,
// dates and date-times day first, and status and yes/no words in Russian;
// English has no Locale at all.
func TestTableLocaleForms(t *testing.T) {
	if legacylang.NewTableLocale(i18n.New(i18n.English)) != nil || legacylang.NewTableLocale(nil) != nil {
		t.Fatal("English tables go through a Locale")
	}
	l := legacylang.NewTableLocale(i18n.New(i18n.Russian))
	header := []string{"STATUS", "ENABLED", "AMOUNT", "ORDER TOTAL", "CURRENCY", "ENDS", "DAY", "CODE"}
	for _, tc := range []struct{ row, want []string }{
		{[]string{"active", "yes", "10%", "10700.00", "RUB", "2026-12-31 23:59", "2026-12-31", "SUMMER"},
			[]string{"активен", "да", "10\u00a0%", "10\u00a0700,00\u00a0₽", "RUB", "31.12.2026 23:59", "31.12.2026", "SUMMER"}},
		{[]string{"expired", "no", "500.00", "95.00", "USD", "-", "-", "expired"},
			[]string{"истёк", "нет", "500,00", "95,00\u00a0$", "USD", "-", "-", "expired"}},
		{[]string{"used-up", "no", "12.5%", "1234567.50", "KZT", "", "", "X"},
			[]string{"исчерпан", "нет", "12,5\u00a0%", "1\u00a0234\u00a0567,50\u00a0₸", "KZT", "", "", "X"}},
		{[]string{"disabled", "no", "0.01", "0.00", "-", "-", "-", "X"},
			[]string{"выключен", "нет", "0,01", "0,00", "-", "-", "-", "X"}},
		{[]string{"scheduled", "yes", "x", "1e3", "GBP", "soon", "soon", "X"},
			[]string{"запланирован", "да", "x", "1e3", "GBP", "soon", "soon", "X"}},
	} {
		if got := l.Row(header, tc.row); !slices.Equal(got, tc.want) {
			t.Errorf("Row(%q) =\n%q, want\n%q", tc.row, got, tc.want)
		}
	}
	for h, want := range map[string]string{"STATUS": "СТАТУС", "Status:": "Статус:", "ORDER TOTAL": "СУММА ЗАКАЗОВ", "SKU:": "Артикул:", "NO SUCH": "NO SUCH", "": ""} {
		if got := l.Header(h); got != want {
			t.Errorf("Header(%q) = %q, want %q", h, got, want)
		}
	}
	if got := l.English("STATUS", "исчерпан"); got != "used-up" {
		t.Errorf("English(STATUS, исчерпан) = %q", got)
	}
	if got := l.Value("To pay:", "3150.00 RUB"); got != "3\u00a0150,00\u00a0₽" {
		t.Errorf("Value(To pay, 3150.00 RUB) = %q", got)
	}
	if got := l.Value("Valid now:", "yes"); got != "да" {
		t.Errorf("Value = %q", got)
	}
	if got := l.Day("07-01"); got != "01.07" {
		t.Errorf("Day(07-01) = %q", got)
	}
}

// TestJobsTableInRussian: promo jobs' table in Russian has its headers,
// its start day first and its states in Russian; the job's id and
// command stay as they are.
func TestJobsTableInRussian(t *testing.T) {
	l := legacylang.NewTableLocale(i18n.New(i18n.Russian))
	header := []string{"ID", "SITE", "COMMAND", "CODES", "CREATED", "STARTED", "STATE"}
	for _, tc := range []struct{ row, want []string }{
		{[]string{"20261201T100000Z-1a2b3c4d", "1", "generate", "500", "480", "2026-12-01 13:00", "can be resumed"},
			[]string{"20261201T100000Z-1a2b3c4d", "1", "generate", "500", "480", "01.12.2026 13:00", "можно продолжить"}},
		{[]string{"20261202T100000Z-1a2b3c4e", "1", "apply", "3", "1", "2026-12-02 13:00", "unfinished"},
			[]string{"20261202T100000Z-1a2b3c4e", "1", "apply", "3", "1", "02.12.2026 13:00", "не завершено"}},
		{[]string{"20261203T100000Z-1a2b3c4f", "1", "delete", "2", "0", "2026-12-03 13:00", "finished"},
			[]string{"20261203T100000Z-1a2b3c4f", "1", "delete", "2", "0", "03.12.2026 13:00", "завершено"}},
	} {
		if got := l.Row(header, tc.row); !slices.Equal(got, tc.want) {
			t.Errorf("Row(%q) =\n%q, want\n%q", tc.row, got, tc.want)
		}
	}
	var got []string
	for _, h := range header {
		got = append(got, l.Header(h))
	}
	if want := []string{"ID", "САЙТ", "КОМАНДА", "ПРОМОКОДОВ", "СОЗДАНО", "НАЧАТО", "СОСТОЯНИЕ"}; !slices.Equal(got, want) {
		t.Errorf("headers %q, want %q", got, want)
	}
}
