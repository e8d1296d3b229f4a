package printcmd

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sheetpdf"
)

// TestPromoPrintBadInput: what is wrong with the flags is said before
// anything is read or sent (exit 2, nothing on stdout).
func TestPromoPrintBadInput(t *testing.T) {
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "per-page 0", Args: []string{"promo", "print", "--site-id", "7", "--per-page", "0"},
			Stderr: "promoctl: --per-page must be 1 to 40, got 0"},
		{Name: "per-page 41", Args: []string{"promo", "print", "--site-id", "7", "--per-page", "41"},
			Stderr: "promoctl: --per-page must be 1 to 40, got 41"},
		{Name: "paper", Args: []string{"promo", "print", "--site-id", "7", "--paper", "B5"},
			Stderr: "promoctl: --paper: unknown paper size B5: use A4, A5, letter"},
		{Name: "qr without the code", Args: []string{"promo", "print", "--site-id", "7", "--qr", "https://shop.example/sale"},
			Stderr: "promoctl: --qr https://shop.example/sale: the template has no {code}, so every card's QR code would be the same: put {code} where the code goes"},
		{Name: "qr too long", Args: []string{"promo", "print", "--site-id", "7", "--qr", "https://shop.example/?c={code}&x=" + strings.Repeat("x", 3000)},
			Stderr: "promoctl: --qr: a template of 3033 characters does not fit in a QR code with a code of 15 characters"},
		{Name: "title of two lines", Args: []string{"promo", "print", "--site-id", "7", "--title", "Merry\nChristmas"},
			Stderr: "promoctl: --title: a card's line is one line of text, without line breaks, tabs or other control characters"},
		{Name: "note with an escape", Args: []string{"promo", "print", "--site-id", "7", "--note", "\x1b[31mred"},
			Stderr: "promoctl: --note: a card's line is one line of text, without line breaks, tabs or other control characters"},
		{Name: "status", Args: []string{"promo", "print", "--site-id", "7", "--status", "old"},
			Stderr: `promoctl: --status: unknown status "old": use disabled, expired, used-up, scheduled, active (or the words the tables write: выключен, истёк, исчерпан, запланирован, активен)`},
		{Name: "empty job", Args: []string{"promo", "print", "--job", " "},
			Stderr: "promoctl: --job needs the journal of a promo generate or promo apply job (promo jobs lists them)"},
		{Name: "russian", Args: []string{"promo", "print", "--site-id", "7", "--per-page", "50"}, Env: map[string]string{"LANG": "ru_RU.UTF-8"},
			Stderr: "promoctl: --per-page: нужно от 1 до 40, а указано 50"},
	})
}

// TestPromoPrintRefusedOnATerminal: a PDF is not written to a terminal,
// as -o xlsx is not: exit 2 before any request.
func TestPromoPrintRefusedOnATerminal(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Run("promo", "print", "--site-id", "7").Expect(t, 2, "",
		"promoctl: promo print writes a PDF, not text: redirect it to a file, such as > sheet.pdf\n")
	r.ExpectNoRequests(t)
}

// printOptions are the options of a run test: site 7, A4, 8 a page, its
// temporary file in a folder of the test's.
func printOptions(t *testing.T, e *cmdtest.VerbEnv) *promoPrintOptions {
	p, _ := sheetpdf.PaperNamed("A4")
	return &promoPrintOptions{Session: e.Sess, SiteID: 7, Paper: p, PerPage: 8, TempDir: t.TempDir()}
}

// siteRUB is site 7's record: its currency is the ruble.
var siteRUB = cmdtest.Answer{Route: "GET /v3/public/site/7", Status: http.StatusOK, Body: `{"id":7,"settings":{"currency":"RUB"}}`}

// TestPrintSelection: the codes that go on the sheet, in the list's order:
// of the select list's seven, the disabled, expired and used-up three are
// left out (one line on stderr says so) unless --all; named ones and
// filters select as promo list does.
func TestPrintSelection(t *testing.T) {
	list := cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK, Body: cmdtest.SelectListJSON}
	for _, c := range []struct {
		name   string
		set    func(o *promoPrintOptions)
		want   []string
		stderr string
		err    string
	}{
		{"usable ones", func(*promoPrintOptions) {}, []string{"SOON", "WEEKSALE", "Summer26", "ALWAYS"},
			"promoctl: left out 3 promo codes that are disabled, expired or used up (--all prints them)\n", ""},
		{"all", func(o *promoPrintOptions) { o.All = true }, []string{"OFF10", "OLDSUMMER", "GONE5", "SOON", "WEEKSALE", "Summer26", "ALWAYS"}, "", ""},
		{"named", func(o *promoPrintOptions) { o.Sel.Refs = []shared.PromoRef{{Code: "always"}, {ID: 2004}} }, []string{"SOON", "ALWAYS"}, "", ""},
		{"filtered", func(o *promoPrintOptions) { o.Sel.Filter.Search = "SUMMER" }, []string{"Summer26"},
			"promoctl: left out 1 promo code that is disabled, expired or used up (--all prints it)\n", ""},
		{"only unusable", func(o *promoPrintOptions) { o.Sel.Refs = []shared.PromoRef{{Code: "OFF10"}} }, nil,
			"promoctl: left out 1 promo code that is disabled, expired or used up (--all prints it)\n",
			"no promo codes of site 7 to print: every selected code is disabled, expired or used up (--all prints them)"},
		{"unused", func(o *promoPrintOptions) { o.Sel.Filter.Use = shared.UnusedOnly }, []string{"SOON"},
			"promoctl: left out 1 promo code that is disabled, expired or used up (--all prints it)\n", ""},
		{"nothing", func(o *promoPrintOptions) { o.Sel.Filter.Prefix = "XMAS" }, nil, "", "no promo codes of site 7 to print: the selection is empty"},
		{"not found", func(o *promoPrintOptions) { o.Sel.Refs = []shared.PromoRef{{Code: "ALWAYS"}, {Code: "NOPE"}} }, nil, "",
			`promo code "NOPE" not found on site 7 (a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, false, format.Table, list)
			opts := printOptions(t, e)
			c.set(opts)
			client, err := opts.Client()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			n, err := opts.drawSelection(context.Background(), client, 7, func(p *api.Promo) error {
				got = append(got, string(p.Code))
				return nil
			})
			e.Expect(t, err, c.err, "", c.stderr, "GET /v1/promo?site_id=7")
			if c.err == "" && (!slices.Equal(got, c.want) || n != len(c.want)) {
				t.Errorf("drew %d: %q, want %q", n, got, c.want)
			}
			if c.err != "" {
				wantCode := cmdutil.ExitUsage
				if c.name == "not found" {
					wantCode = cmdutil.ExitNotFound
				}
				if code := cmdutil.ExitCode(err); code != wantCode {
					t.Errorf("exit code %d, want %d", code, wantCode)
				}
			}
		})
	}
}

// TestRunPromoPrint: a sheet of the four usable codes of the select list
// is one A4 page of a PDF on stdout; a failure (a code named that the
// site lacks) writes nothing there, and leaves no temporary file.
func TestRunPromoPrint(t *testing.T) {
	list := cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK, Body: cmdtest.SelectListJSON}
	t.Run("a sheet", func(t *testing.T) {
		e := cmdtest.NewVerbEnv(t, false, format.Table, list, siteRUB)
		opts := printOptions(t, e)
		err := runPromoPrint(context.Background(), opts)
		out := e.Stdout.String()
		e.Stdout.Reset()
		e.Expect(t, err, "", "", "promoctl: left out 3 promo codes that are disabled, expired or used up (--all prints them)\n",
			"GET /v3/public/site/7", "GET /v1/promo?site_id=7")
		if !strings.HasPrefix(out, "%PDF-1.7\n") || !strings.HasSuffix(out, "%%EOF\n") || strings.Count(out, "/Type /Page ") != 1 {
			t.Errorf("stdout is not a PDF of one page: %.200q", out)
		}
		expectEmptyDir(t, opts.TempDir)
	})
	t.Run("the summary on a terminal", func(t *testing.T) {
		for _, c := range []struct {
			lang i18n.Lang
			want string
		}{
			{i18n.English, "Printed 3 promo codes on 1 page.\n"},
			{i18n.Russian, "Напечатано 3 промокода на 1 странице.\n"},
		} {
			e := cmdtest.NewVerbEnv(t, false, format.Table, list, siteRUB)
			e.Sess.IO.SetTTY(false, false, true) // stdout a file, stderr the terminal
			e.Sess.Msg = i18n.New(c.lang)
			opts := printOptions(t, e)
			opts.All = true
			opts.Sel.Filter.Statuses = []promo.Status{promo.StatusActive}
			if err := runPromoPrint(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			if got := e.Stderr.String(); got != c.want {
				t.Errorf("%s: stderr %q, want %q", c.lang, got, c.want)
			}
		}
	})
	t.Run("a failure", func(t *testing.T) {
		e := cmdtest.NewVerbEnv(t, false, format.Table, list, siteRUB)
		opts := printOptions(t, e)
		opts.Sel.Refs = []shared.PromoRef{{Code: "NOPE"}}
		err := runPromoPrint(context.Background(), opts)
		e.Expect(t, err, `promo code "NOPE" not found on site 7 (a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)`,
			"", "", "GET /v3/public/site/7", "GET /v1/promo?site_id=7")
		expectEmptyDir(t, opts.TempDir)
	})
}

func expectEmptyDir(t *testing.T, dir string) {
	t.Helper()
	if es, _ := os.ReadDir(dir); len(es) > 0 {
		t.Errorf("%s holds %d files, want none: the temporary sheet is left behind", dir, len(es))
	}
}

// cardPromos are a code of each kind a card says: a percentage on goods
// from one day to another, money off the delivery until a day, a
// percentage without a time limit.
const cardPromos = `[` +
	`{"id":1,"code":"XMAS0O1I","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-11-30T21:00:00.000Z","d_off":"2026-12-31T20:59:59.000Z"},` +
	`{"id":2,"code":"SHIP500","is_enabled":true,"bonus_type":3,"bonus_amount":500,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":true,"d_on":null,"d_off":"2026-12-31T20:59:59.000Z"},` +
	`{"id":3,"code":"BIG","is_enabled":true,"bonus_type":2,"bonus_amount":12.5,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":"2026-11-30T21:00:00.000Z","d_off":null}` +
	`]`

// TestPrintCardsInTwoLanguages: the lines of a card in Russian and in
// English (the discount with the site's currency, the dates of the time
// limit in the local time zone), and, when poppler's pdftotext is
// installed, the same lines read back from the PDF.
func TestPrintCardsInTwoLanguages(t *testing.T) {
	for _, c := range []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.Russian, []string{
			"Новогодняя распродажа|XMAS0O1I|Скидка 10\u00a0% на товары|с 01.12.2026 по 31.12.2026|Один заказ на промокод|https://shop.example/cart?promo=XMAS0O1I",
			"Новогодняя распродажа|SHIP500|Скидка 500,00\u00a0₽ на доставку|до 31.12.2026|Один заказ на промокод|https://shop.example/cart?promo=SHIP500",
			"Новогодняя распродажа|BIG|Скидка 12,5\u00a0% на товары||Один заказ на промокод|https://shop.example/cart?promo=BIG",
		}},
		{i18n.English, []string{
			"Happy New Year|XMAS0O1I|10% off goods|valid 2026-12-01 to 2026-12-31|One order per code|https://shop.example/cart?promo=XMAS0O1I",
			"Happy New Year|SHIP500|500.00\u00a0RUB off delivery|valid until 2026-12-31|One order per code|https://shop.example/cart?promo=SHIP500",
			"Happy New Year|BIG|12.5% off goods||One order per code|https://shop.example/cart?promo=BIG",
		}},
	} {
		t.Run(string(c.lang), func(t *testing.T) {
			e := cmdtest.NewVerbEnv(t, false, format.Table, cmdtest.Answer{Route: "GET /v1/promo", Status: http.StatusOK, Body: cardPromos}, siteRUB)
			e.Sess.Msg = i18n.New(c.lang)
			opts := printOptions(t, e)
			opts.Title, opts.Note, opts.QR = strings.Split(c.want[0], "|")[0], strings.Split(c.want[0], "|")[4], "https://shop.example/cart?promo={code}"
			client, err := opts.Client()
			if err != nil {
				t.Fatal(err)
			}
			cw := opts.cardWriter(context.Background(), client, 7)
			var got []string
			var pdf bytes.Buffer
			sheet, err := sheetpdf.New(&pdf, sheetpdf.Options{Paper: opts.Paper, PerPage: 8})
			if err != nil {
				t.Fatal(err)
			}
			_, err = opts.drawSelection(context.Background(), client, 7, func(p *api.Promo) error {
				k := cw.card(p)
				got = append(got, strings.Join([]string{k.Title, k.Code, k.Discount, k.Validity, k.Note, k.QR}, "|"))
				return sheet.Add(k)
			})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("cards:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if err := sheet.Close(); err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf.Bytes())
			for _, card := range c.want {
				for _, line := range strings.Split(card, "|")[:5] {
					// pdftotext reads a no-break space as a space.
					if line = strings.ReplaceAll(line, "\u00a0", " "); line != "" && !strings.Contains(text, line) {
						t.Errorf("pdftotext does not find %q in:\n%s", line, text)
					}
				}
			}
		})
	}
}

// pdfText is the text of a PDF as poppler's pdftotext reads it, line by
// line as laid out; the test is skipped where pdftotext is not installed
// (CI installs it: .ci/run).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed: the PDF's text is not read back")
	}
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
