package cmd

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/golden"
)

// ruRunner is a runner on the in-process sandbox whose locale is Russian.
func ruRunner(t *testing.T) *cmdtest.Runner {
	t.Helper()
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	return r
}

// TestRussianScreens pins the main screens in Russian: the list, a card,
// the report with its chart, help and an error.
func TestRussianScreens(t *testing.T) {
	for _, tc := range []struct {
		name string
		tty  bool
		args []string
		code int
	}{
		{"promo list", false, []string{"--sandbox", "promo", "list", "--site-id", "1"}, 0},
		{"promo get", false, []string{"--sandbox", "promo", "get", "1004", "--site-id", "1"}, 0},
		{"promo report with chart", true, []string{"--sandbox", "promo", "report", "--site-id", "1", "--no-color"}, 0},
		{"promo report chart of a spring", true, []string{"--sandbox", "promo", "report", "--site-id", "1", "--no-color", "--since", "2025-03-01", "--until", "2025-04-30"}, 0},
		{"promo report by day", false, []string{"--sandbox", "promo", "report", "--site-id", "1", "--by", "day"}, 0},
		{"promo help", false, []string{"promo", "--help"}, 0},
		{"promo list help", false, []string{"promo", "list", "--help"}, 0},
		{"not found", false, []string{"--sandbox", "promo", "get", "99999", "--site-id", "1"}, cmdutil.ExitNotFound},
		{"no access", false, []string{"--sandbox", "promo", "list", "--site-id", "3"}, cmdutil.ExitAuth},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			r := ruRunner(t)
			r.TTY, r.Width = tc.tty, 120
			res := r.Run(tc.args...)
			if res.Code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", res.Code, tc.code, res.Stderr)
			}
			if tc.tty {
				// stderr has a progress bar, with its rate.
				golden.Equal(t, res.Stdout)
				return
			}
			golden.Equal(t, res.Stdout+"--- stderr\n"+res.Stderr)
		})
	}
}

// TestMachineOutputSameInEveryLanguage: what programs read is the same
// bytes in Russian and in English, for every list and record command.
func TestMachineOutputSameInEveryLanguage(t *testing.T) {
	commands := [][]string{
		{"promo", "list", "--site-id", "1"},
		{"promo", "list", "--site-id", "1", "--status", "active,expired", "--sort", "-promo_used_count"},
		{"promo", "get", "1004", "--site-id", "1"},
		{"promo", "stats", "1001", "--site-id", "1"},
		{"promo", "report", "--site-id", "1"},
		{"promo", "report", "--site-id", "1", "--by", "day"},
		{"site", "list"},
		{"site", "get", "1"},
		{"page", "list", "--site-id", "1"},
		{"config", "explain"},
		{"version"},
	}
	r := newRunner(t)
	for _, args := range commands {
		for _, format := range []string{"json", "jsonl", "yaml", "csv", "xlsx"} {
			name := strings.Join(args, " ") + " -o " + format
			extra := []string{"-o", format}
			if args[0] == "config" {
				// The language is a setting the locale chooses: its row
				// says which, in either language's words alike.
				if format != "json" {
					continue
				}
				extra = append(extra, "--jq", `map(select(.setting != "language"))`)
			}
			run := func(lang string) cmdtest.RunResult {
				r.Env["LANG"] = lang
				return r.Run(append(append([]string{"--sandbox"}, args...), extra...)...)
			}
			en, ru := run("C"), run("ru_RU.UTF-8")
			if format == "xlsx" && en.Code == 0 {
				// A workbook's archive may differ in its bytes (the time of
				// its parts): compare what a spreadsheet reads, cell by cell.
				en.Stdout, ru.Stdout = workbookCells(t, en.Stdout), workbookCells(t, ru.Stdout)
			}
			if en.Code != ru.Code || en.Stdout != ru.Stdout {
				t.Errorf("%s: English exit %d\n%s\nRussian exit %d\n%s", name, en.Code, en.Stdout, ru.Code, ru.Stdout)
			}
			if en.Code == 0 && en.Stdout == "" && format != "csv" {
				t.Errorf("%s printed nothing", name)
			}
		}
	}
}

// TestJSONErrorSameKeys: the JSON error of a 404 has the same keys,
// status, kind and exit code in both languages; only its message is
// translated.
func TestJSONErrorSameKeys(t *testing.T) {
	type jsonError struct {
		Error map[string]any `json:"error"`
	}
	var got [2]jsonError
	for i, lang := range []string{"C", "ru_RU.UTF-8"} {
		r := newRunner(t)
		r.Env["LANG"] = lang
		res := r.Run("--sandbox", "promo", "get", "99999", "--site-id", "1", "-o", "json")
		if res.Code != cmdutil.ExitNotFound || res.Stdout != "" {
			t.Fatalf("%s: exit %d, stdout %q", lang, res.Code, res.Stdout)
		}
		if err := json.Unmarshal([]byte(res.Stderr), &got[i]); err != nil {
			t.Fatalf("%s: %v: %s", lang, err, res.Stderr)
		}
	}
	en, ru := got[0].Error, got[1].Error
	keys := func(m map[string]any) []string {
		var k []string
		for key := range m {
			k = append(k, key)
		}
		slices.Sort(k)
		return k
	}
	if !slices.Equal(keys(en), keys(ru)) {
		t.Errorf("keys %v in English, %v in Russian", keys(en), keys(ru))
	}
	for _, k := range []string{"status", "kind", "exit_code", "title"} {
		if fmt.Sprint(en[k]) != fmt.Sprint(ru[k]) {
			t.Errorf("%s = %v in English, %v in Russian", k, en[k], ru[k])
		}
	}
	if en["status"] != float64(404) || en["exit_code"] != float64(cmdutil.ExitNotFound) {
		t.Errorf("English error %v", en)
	}
	if en["message"] == ru["message"] || !strings.Contains(fmt.Sprint(ru["message"]), "промокод 99999 не найден или у вас нет к нему доступа") {
		t.Errorf("message %q in English, %q in Russian", en["message"], ru["message"])
	}
}

// TestGenerateSummaryPlurals: promo generate's summary counts in Russian
// plural forms, number first.
func TestGenerateSummaryPlurals(t *testing.T) {
	summary := regexp.MustCompile(`(?m)^(Создан[о]? \d+ промокод\S*) на сайте 1 за .+ \([\d\x{a0}]+ в секунду\)\.$`)
	for n, want := range map[int]string{
		1: "Создан 1 промокод", 2: "Создано 2 промокода", 5: "Создано 5 промокодов",
		11: "Создано 11 промокодов", 21: "Создан 21 промокод", 22: "Создано 22 промокода",
	} {
		r := ruRunner(t)
		res := r.Run("--sandbox", "promo", "generate", "--site-id", "1", "--count", fmt.Sprint(n), "--amount", "5", "--percent", "--enabled", "-o", "csv")
		if res.Code != 0 {
			t.Fatalf("%d: exit %d: %s", n, res.Code, res.Stderr)
		}
		m := summary.FindStringSubmatch(res.Stderr)
		if m == nil || m[1] != want {
			t.Errorf("count %d: stderr\n%s\nwant a summary %q", n, res.Stderr, want)
		}
		if !strings.HasPrefix(res.Stderr, "Журнал: ") {
			t.Errorf("count %d: stderr does not start with the journal: %q", n, res.Stderr)
		}
		if lines := strings.Count(res.Stdout, "\n"); lines != n+1 {
			t.Errorf("count %d: %d CSV lines", n, lines)
		}
	}
}

// TestSiteCurrencyOnlyForRussianTables: a Russian table of promo codes
// reads the site's record once for its currency and shows money with it;
// English tables and every data format send only the list request.
func TestSiteCurrencyOnlyForRussianTables(t *testing.T) {
	const list = `[{"id":1,"code":"MINUS500","is_enabled":true,"bonus_type":2,"bonus_amount":500,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true}]`
	for _, tc := range []struct {
		lang, format string
		routes       []string
		amount       string
	}{
		{"ru_RU.UTF-8", "table", []string{"GET /v3/public/site/7", "GET /v1/promo?site_id=7"}, "500,00\u00a0₽"},
		{"C", "table", []string{"GET /v1/promo?site_id=7"}, "500.00"},
		{"ru_RU.UTF-8", "json", []string{"GET /v1/promo?site_id=7"}, `"bonus_amount":500`},
		{"ru_RU.UTF-8", "csv", []string{"GET /v1/promo?site_id=7"}, ",500,"},
	} {
		r := newRunner(t)
		r.Env["LANG"] = tc.lang
		r.API.Handle("GET /v3/public/site/7", 200, `{"id":7,"settings":{"currency":"RUB"}}`)
		r.API.Handle("GET /v1/promo", 200, list)
		res := r.Run("promo", "list", "--site-id", "7", "-o", tc.format)
		if res.Code != 0 || !strings.Contains(res.Stdout, tc.amount) {
			t.Errorf("%s %s: exit %d, stdout\n%s\nwant %q in it", tc.lang, tc.format, res.Code, res.Stdout, tc.amount)
		}
		r.ExpectRoutes(t, tc.routes...)
	}
}

// TestRussianErrorLines: the error line is Russian for the API's errors,
// promoctl's own, cobra's and a flag's value, and its exit code does not
// change with the language.
func TestRussianErrorLines(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		ru   string
	}{
		{[]string{"--sandbox", "promo", "get", "99999", "--site-id", "1"}, cmdutil.ExitNotFound,
			"promoctl: промокод 99999 не найден или у вас нет к нему доступа (ошибка API 41: promo 99999 not found); если 99999 — код, а не ID, найдите его командой promoctl --sandbox promo list --site-id 1 --search 99999 (аргумент из одних цифр — это ID)\n"},
		{[]string{"--sandbox", "promo", "list", "--site-id", "3"}, cmdutil.ExitAuth,
			"promoctl: список промокодов сайта 3: у вас нет доступа к сайту 3 (ошибка API 30: user cant view site)\n"},
		{[]string{"--sandbox", "promo", "get", "NOPE", "--site-id", "1"}, cmdutil.ExitNotFound,
			"promoctl: промокода «NOPE» нет на сайте 1 (промокод ищется на сайте из --site-id или site_id из настроек; аргумент из одних цифр считается ID)\n"},
		{[]string{"--sandbox", "promo", "lst"}, cmdutil.ExitUsage, "promoctl: у «promoctl promo» нет команды «lst»; возможно, вы имели в виду «list»?\n"},
		{[]string{"--sandbox", "promo", "generate", "--site-id", "1", "--count", "x"}, cmdutil.ExitUsage,
			"promoctl: неверное значение «x» флага --count: нужно целое число, а не «x»\n"},
		{[]string{"sandbox", "serve", "--latency", "soon"}, cmdutil.ExitUsage,
			"promoctl: неверное значение «soon» флага --latency: нужна длительность, например 30s, 2m или 1h30m, а не «soon»\n"},
		{[]string{"--sandbox", "promo", "create", "--site-id", "1", "--code", "ABC", "--amount", "150", "--percent"}, cmdutil.ExitUsage,
			"promoctl: --amount: процент не может быть больше 100, а указано 150\n"},
		{[]string{"--sandbox", "promo", "list"}, cmdutil.ExitUsage,
			"promoctl: с --sandbox нужен --site-id: в песочнице нет сайта по умолчанию (пользователь 1 видит сайты 1 и 2, пользователь 2 — сайт 3)\n"},
	} {
		r := ruRunner(t)
		res := r.Run(tc.args...)
		res.Expect(t, tc.code, "", tc.ru)
		r.Env["LANG"] = "C"
		if en := r.Run(tc.args...); en.Code != tc.code || en.Stderr == res.Stderr || !strings.HasPrefix(en.Stderr, "promoctl: ") {
			t.Errorf("%q in English: exit %d, stderr %q", tc.args, en.Code, en.Stderr)
		}
	}
}

// workbookCells is every cell of a workbook's first sheet, with its type,
// one line a row: what a spreadsheet reads of it.
func workbookCells(t *testing.T, data string) string {
	t.Helper()
	f, err := excelize.OpenReader(strings.NewReader(data))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	defer f.Close()
	sheet := f.GetSheetName(0)
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for r, row := range rows {
		for c, v := range row {
			cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
			typ, _ := f.GetCellType(sheet, cell)
			fmt.Fprintf(&b, "%s=%d:%q ", cell, typ, v)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestRussianGenerateShowsTheCurrency: the table promo generate prints of
// the codes it created shows money in the site's currency, as promo list
// does.
func TestRussianGenerateShowsTheCurrency(t *testing.T) {
	r := ruRunner(t)
	res := r.Run("--sandbox", "promo", "generate", "--site-id", "1", "--count", "1", "--amount", "150,5", "--enabled")
	if res.Code != 0 {
		t.Fatalf("exit %d\n%s", res.Code, res.Stderr)
	}
	if !strings.Contains(res.Stdout, "150,50\u00a0₽") {
		t.Errorf("the created codes' table lacks the amount in roubles:\n%s", res.Stdout)
	}
}
