package apply

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// applyBytes runs promo apply of a file holding data, named name, on a
// fresh applySite, and returns the writes it sent.
func applyBytes(t *testing.T, name string, data []byte) []string {
	t.Helper()
	e, _, opts := newApplyEnv(t, format.Table, "code\n")
	opts.File = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(opts.File, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("apply %s: %v\n%s", name, err, e.Stderr)
	}
	got := writes(e)
	slices.Sort(got)
	return got
}

// cp1251 is s in Windows-1251, as Excel under Russian settings saves CSV.
func cp1251(t *testing.T, s string) []byte {
	t.Helper()
	out, err := charmap.Windows1251.NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

// utf16LE is s in UTF-16LE with a byte order mark: Excel's "Unicode text".
func utf16LE(t *testing.T, s string) []byte {
	t.Helper()
	out, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(out)
}

// TestPromoApplyReadsWhatSpreadsheetsSave: the CSV files Excel and
// LibreOffice save under Russian regional settings apply the same changes
// as the plain CSV that says the same: semicolons or tabs, a byte order
// mark, CRLF, Windows-1251 or UTF-16, decimal commas, day-first dates,
// ИСТИНА/ЛОЖЬ, a trailing row of separators.
func TestPromoApplyReadsWhatSpreadsheetsSave(t *testing.T) {
	// SUMMER25 (1002) gets 10.5% and ends on 31 Dec 2026; NEW1 is created
	// disabled at 15%.
	const plain = "code,is_enabled,bonus_amount,d_off\nSUMMER25,true,10.5,2026-12-31\nNEW1,false,15,\n"
	const russian = "code;is_enabled;bonus_amount;d_off\r\nSUMMER25;ИСТИНА;10,5;31.12.2026\r\nNEW1;ЛОЖЬ;15;\r\n;;;\r\n"
	want := applyBytes(t, "plain.csv", []byte(plain))
	wantWrites := []string{
		`POST /v1/promo {"site_id":1,"user_id":42,"code":"NEW1","is_enabled":false,"bonus_amount":15}`,
		`PUT /v1/promo/1002 {"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":10.5,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-12-31T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":true}`,
	}
	if !slices.Equal(want, wantWrites) {
		t.Fatalf("plain CSV writes:\n%s\nwant:\n%s", strings.Join(want, "\n"), strings.Join(wantWrites, "\n"))
	}
	for _, c := range []struct {
		name, file string
		data       []byte
	}{
		{"Excel CSV UTF-8 with a BOM", "codes.csv", []byte("\ufeff" + russian)},
		{"Excel CSV Windows-1251", "codes.csv", cp1251(t, russian)},
		{"Excel Unicode text", "codes.txt", utf16LE(t, strings.ReplaceAll(russian, ";", "\t"))},
		{"UTF-16BE", "codes.txt", func() []byte {
			out, _ := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().String(strings.ReplaceAll(russian, ";", "\t"))
			return []byte(out)
		}()},
		{"LibreOffice", "codes.csv", []byte("code,is_enabled,bonus_amount,d_off\nSUMMER25,TRUE,\"10,50\",31.12.2026\nNEW1,FALSE,\"15,00\",\n")},
		{"trailing separators only", "codes.csv", []byte("code;is_enabled;bonus_amount;d_off\nSUMMER25;true;10.5;2026-12-31\nNEW1;false;15;\n;;;;\n")},
		{"да and нет, a blank row, no extension", "codes", []byte("code;is_enabled;bonus_amount;d_off\n\nSUMMER25;да;10,5;31.12.26\n;;;\nNEW1;нет;15;\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := applyBytes(t, c.file, c.data); !slices.Equal(got, want) {
				t.Errorf("writes:\n%s\nwant, as the plain CSV:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	t.Run("LibreOffice with a time", func(t *testing.T) {
		got := applyBytes(t, "codes.csv", []byte("code,bonus_amount,d_off\nSUMMER25,\"10,50\",31.12.2026 23:59\n"))
		plain := applyBytes(t, "plain.csv", []byte("code,bonus_amount,d_off\nSUMMER25,10.5,2026-12-31T23:59\n"))
		if !slices.Equal(got, plain) || len(got) != 1 || !strings.Contains(got[0], `"d_off":"2026-12-31T20:59:00.000Z"`) {
			t.Errorf("writes:\n%s\nwant, as the plain CSV:\n%s", strings.Join(got, "\n"), strings.Join(plain, "\n"))
		}
	})
}

// TestPromoApplyRefusesWhatIsNotText: a file in no encoding a spreadsheet
// saves text in is refused with one line that says so: exit 2, nothing
// sent, not even the list read.
func TestPromoApplyRefusesWhatIsNotText(t *testing.T) {
	for name, data := range map[string][]byte{
		"UTF-16 without a BOM":     []byte("c\x00o\x00d\x00e\x00\n\x00A\x00B\x00\n\x00"),
		"binary":                   {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0},
		"a BOM, then not UTF-8":    []byte("\ufeffcode\n\xc8\xd1\xd2\n"),
		"not UTF-8 nor 1251":       []byte("code\nAB\x98\xff\n"),
		"control character inside": []byte("code,bonus_amount\nAB,5\nCD\x07,5\n"),
	} {
		t.Run(name, func(t *testing.T) {
			e, _, opts := newApplyEnv(t, format.Table, "code\n")
			opts.File = filepath.Join(t.TempDir(), "codes.csv")
			if err := os.WriteFile(opts.File, data, 0o600); err != nil {
				t.Fatal(err)
			}
			err := runPromoApply(context.Background(), opts)
			want := opts.File + ": not UTF-8, UTF-16 or Windows-1251 text: save it from the spreadsheet as CSV (UTF-8), Unicode text or a workbook (.xlsx); nothing was sent"
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage || err.Error() != want {
				t.Errorf("error %v (exit %d), want %q (exit 2)", err, cmdutil.ExitCode(err), want)
			}
			e.Expect(t, nil, "", "", "")
		})
	}
}

// TestPromoApplyStrayQuote: a stray quote in a row (a spreadsheet's
// formula, a cut-off field) is one problem at its line, not a crash.
func TestPromoApplyStrayQuote(t *testing.T) {
	for name, c := range map[string]struct{ file, want string }{
		"open quote":    {"code,bonus_amount\nOK1,5\n\"ABCD,5\n", `:3: extraneous or missing " in quoted-field; nothing was sent`},
		"formula":       {"code,bonus_amount\n=HYPERLINK(\"http://x\"),5\n", `:2: bare " in non-quoted-field; nothing was sent`},
		"in the header": {"code,\"bonus_amount\n", `:1: cannot read the header row: extraneous or missing " in quoted-field; nothing was sent`},
	} {
		t.Run(name, func(t *testing.T) {
			e, _, opts := newApplyEnv(t, format.Table, c.file)
			err := runPromoApply(context.Background(), opts)
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage || !strings.HasSuffix(err.Error(), c.want) {
				t.Errorf("error %v (exit %d), want one ending %q (exit 2)", err, cmdutil.ExitCode(err), c.want)
			}
			e.Expect(t, nil, "", "", "")
		})
	}
}

// TestPromoListXLSXRoundTrip: promo list -o xlsx writes a workbook with
// typed cells (a digits-only code as text, an amount as a number, dates as
// date cells in the local time zone), a bold frozen header and a filter;
// applying it unchanged sends no write, and after one amount cell is
// edited, exactly one update with the new amount.
func TestPromoListXLSXRoundTrip(t *testing.T) {
	e, s, opts := newApplyEnv(t, format.XLSX, "code\n")
	// milliseconds, as the sandbox's seed has them: a cell holds the
	// second a spreadsheet shows, and applying it is no change
	on, off := "2026-06-01T00:00:00.000Z", "2026-12-31T20:59:59.999Z"
	s.add(applyRec{ID: 1004, Record: promo.Record{Code: "007123", IsEnabled: true, BonusType: 2, BonusAmount: 150.5,
		TimeLimitIsEnabled: true, DOn: &on, DOff: &off}})
	s.routes(e, 1004)
	e.Sess.Out.Loc = e.Sess.Loc // Europe/Moscow
	printList(t, e)
	file := filepath.Join(t.TempDir(), "codes.xlsx")
	if err := os.WriteFile(file, e.Stdout.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	wb, err := excelize.OpenFile(file)
	if err != nil {
		t.Fatalf("the output is not a workbook: %v", err)
	}
	rows, err := wb.GetRows("Sheet1", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	header := []string{"id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "promo_used_count", "is_valid"}
	if len(rows) != 5 || !slices.Equal(rows[0], header) {
		t.Fatalf("rows %q, want the header %q and 4 codes", rows, header)
	}
	cellType := func(cell string) excelize.CellType {
		ct, err := wb.GetCellType("Sheet1", cell)
		if err != nil {
			t.Fatal(err)
		}
		return ct
	}
	// the fourth code, on row 5: B code, F amount, I d_on, J d_off, D is_enabled
	if v, _ := wb.GetCellValue("Sheet1", "B5"); v != "007123" || cellType("B5") != excelize.CellTypeInlineString {
		t.Errorf("B5 = %q (type %v), want the text 007123", v, cellType("B5"))
	}
	if v, _ := wb.GetCellValue("Sheet1", "F5", excelize.Options{RawCellValue: true}); v != "150.5" || cellType("F5") != excelize.CellTypeUnset {
		t.Errorf("F5 = %q (type %v), want the number 150.5", v, cellType("F5"))
	}
	if cellType("D5") != excelize.CellTypeBool {
		t.Errorf("D5 is of type %v, want a boolean", cellType("D5"))
	}
	for cell, want := range map[string]time.Time{"I5": time.Date(2026, 6, 1, 3, 0, 0, 0, time.UTC), "J5": time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)} {
		raw, _ := wb.GetCellValue("Sheet1", cell, excelize.Options{RawCellValue: true})
		serial, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			t.Errorf("%s = %q, want a date cell's number", cell, raw)
			continue
		}
		days := math.Floor(serial)
		got := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(days)).Add(time.Duration(math.Round((serial-days)*86_400_000)) * time.Millisecond)
		// shown with its seconds, as a spreadsheet saves it as CSV
		shown, _ := wb.GetCellValue("Sheet1", cell)
		if !got.Equal(want) || shown != want.Format("2006-01-02 15:04:05") {
			t.Errorf("%s = %v shown as %q, want the Moscow wall clock %v shown as %q", cell, got, shown, want, want.Format("2006-01-02 15:04:05"))
		}
	}
	if v, _ := wb.GetCellValue("Sheet1", "I2"); v != "" {
		t.Errorf("I2 = %q, want an empty cell for null", v)
	}
	if st, _ := wb.GetCellStyle("Sheet1", "A1"); st == 0 {
		t.Errorf("the header has no style")
	} else if s, _ := wb.GetStyle(st); s.Font == nil || !s.Font.Bold {
		t.Errorf("the header is not bold: %+v", s)
	}
	if panes, err := wb.GetPanes("Sheet1"); err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("panes %+v, %v: want the header row frozen", panes, err)
	}
	if tables, err := wb.GetTables("Sheet1"); err != nil || len(tables) != 1 || tables[0].Range != "A1:N5" {
		t.Errorf("tables %+v, %v: want one filtered table A1:N5", tables, err)
	}
	if w, _ := wb.GetColWidth("Sheet1", "G"); w < float64(len("bonus_amount_is_in_percentages")) {
		t.Errorf("column G is %v wide, narrower than its header", w)
	}
	wb.Close()

	// applied unchanged: no write
	e.Stdout.Reset()
	e.Sess.Out.Format = format.Table
	opts.File, opts.Yes = file, true
	before := len(e.API.Requests())
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("apply: %v\n%s", err, e.Stderr)
	}
	if got := e.API.Routes()[before:]; !slices.Equal(got, []string{"GET /v1/promo?site_id=1"}) {
		t.Errorf("the unchanged workbook sent %q, want only the list read", got)
	}

	// one amount edited: exactly one update, with the new amount
	wb, err = excelize.OpenFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := wb.SetCellFloat("Sheet1", "F5", 99.9, -1, 64); err != nil {
		t.Fatal(err)
	}
	if err := wb.Save(); err != nil {
		t.Fatal(err)
	}
	wb.Close()
	before = len(e.API.Requests())
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("apply: %v\n%s", err, e.Stderr)
	}
	var got []string
	for _, r := range e.API.Requests()[before:] {
		if r.Method != "GET" {
			got = append(got, r.Method+" "+r.Path+" "+r.Body)
		}
	}
	want := []string{`PUT /v1/promo/1004 {"code":"007123","is_enabled":true,"bonus_type":2,"bonus_amount":99.9,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-12-31T20:59:59.999Z","quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`}
	if !slices.Equal(got, want) {
		t.Errorf("writes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPromoApplyPlanXLSX: the plan of promo apply as a workbook: its CSV
// columns, the id a number cell.
func TestPromoApplyPlanXLSX(t *testing.T) {
	e, _, opts := newApplyEnv(t, format.XLSX, applyFile)
	opts.DryRun = true
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	wb, err := excelize.OpenReader(strings.NewReader(e.Stdout.String()))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	defer wb.Close()
	rows, _ := wb.GetRows("Sheet1")
	want := [][]string{{"action", "id", "code", "changes"},
		{"update", "1002", "SUMMER25", "bonus_amount 25% → 30%, d_off 2026-08-31 23:59:59 → 2026-09-30 23:59:59"},
		{"create", "", "NEW1", "is_enabled yes, bonus_amount 15%, bonus_amount_is_in_percentages yes"}}
	if len(rows) != len(want) {
		t.Fatalf("rows %q, want %q", rows, want)
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %d = %q, want %q", i+1, rows[i], want[i])
		}
	}
	if ct, _ := wb.GetCellType("Sheet1", "B2"); ct != excelize.CellTypeUnset {
		t.Errorf("the id is of type %v, want a number", ct)
	}
}
