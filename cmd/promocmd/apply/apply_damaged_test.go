package apply

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// A damaged workbook is refused whole: promo apply with --prune --yes
// deletes nothing, reads not even the list, and says where the damage is
// (exit 2). Reading it as the rows before the damage deleted the codes
// after it.

// damagedSite is site 1's list: the twelve codes of damagedBook.
func damagedSite() string {
	var items []string
	for i := range 12 {
		items = append(items, fmt.Sprintf(`{"id":%d,"code":"CODE%02d","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true}`, 1001+i, i+1))
	}
	return "[" + strings.Join(items, ",") + "]"
}

// damagedBook is a workbook of n codes CODE01… at 10% (excelize's, as a
// spreadsheet program writes one: shared strings, deflated parts).
func damagedBook(t *testing.T, n int) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"code", "bonus_amount"})
	for i := range n {
		_ = f.SetSheetRow("Sheet1", fmt.Sprintf("A%d", i+2), &[]any{fmt.Sprintf("CODE%02d", i+1), 10})
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rezip is data with its sheet's XML changed by edit.
func rezip(t *testing.T, data []byte, edit func([]byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range zr.File {
		rc, _ := f.Open()
		content, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == "xl/worksheets/sheet1.xml" {
			content = edit(content)
		}
		w, _ := zw.Create(f.Name)
		w.Write(content)
	}
	zw.Close()
	return b.Bytes()
}

// atRow5 puts s into the sheet's XML at the start of row 5.
func atRow5(s string) func([]byte) []byte {
	return func(x []byte) []byte {
		i := bytes.Index(x, []byte(`<row r="5"`))
		j := i + bytes.IndexByte(x[i:], '>') + 1
		return append(append(append([]byte{}, x[:j]...), s...), x[j:]...)
	}
}

func TestPromoApplyRefusesADamagedWorkbookWhole(t *testing.T) {
	good := damagedBook(t, 12)
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"an entity":        {rezip(t, good, atRow5("&bogus;")), `sheet "Sheet1", row 5: the XML of xl/worksheets/sheet1.xml is not well-formed (line 2: invalid character entity &bogus;): the file is damaged`},
		"&#1;":             {rezip(t, good, atRow5("&#1;")), `sheet "Sheet1", row 5: the XML of xl/worksheets/sheet1.xml is not well-formed (line 2: illegal character code U+0001): the file is damaged`},
		"a mismatched tag": {rezip(t, good, atRow5("<x></y>")), `sheet "Sheet1", row 5: the XML of xl/worksheets/sheet1.xml is not well-formed (line 2: element <x> closed by </y>): the file is damaged`},
		"cut off at row 5": {rezip(t, good, func(x []byte) []byte { return x[:bytes.Index(x, []byte(`<row r="5"`))+20] }), `sheet "Sheet1", row 5: xl/worksheets/sheet1.xml ends before its XML does: the file is cut off or damaged`},
		"a formula without its value": {rezip(t, good, func(x []byte) []byte {
			return regexp.MustCompile(`<c r="B5"[^>]*><v>10</v></c>`).ReplaceAll(x, []byte(`<c r="B5"><f>250*2+100</f></c>`))
		}), `sheet "Sheet1", cell B5: the cell holds a formula without its computed value: open the file in Excel or LibreOffice and save it, or type the value`},
	} {
		t.Run(name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, damagedSite())
			path := cmdtest.WriteFile(t, "broken.xlsx", string(c.data))
			r.Run("promo", "apply", "-f", path, "--site-id", "1", "--prune", "--yes").Expect(t, 2, "",
				"promoctl: "+path+": "+c.want+"; nothing was sent\n")
			r.ExpectRoutes(t)
		})
	}
	t.Run("undamaged", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, damagedSite())
		path := cmdtest.WriteFile(t, "codes.xlsx", string(good))
		res := r.Run("promo", "apply", "-f", path, "--site-id", "1", "--prune", "--yes")
		res.Expect(t, 0, "ACTION  ID  CODE  CHANGES\n", "Nothing to change on site 1: 12 promo codes are as the file says.\n")
		r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
	})
}

// TestPromoApplyRefusesAFlippedByte: one byte changed in the compressed
// sheet of a 2,000-row workbook (unzip -t: a bad CRC, or data that does
// not inflate) refuses the file wherever the byte is; it planned 571 to
// 1,797 of the rows.
func TestPromoApplyRefusesAFlippedByte(t *testing.T) {
	good := damagedBook(t, 2000)
	zr, err := zip.NewReader(bytes.NewReader(good), int64(len(good)))
	if err != nil {
		t.Fatal(err)
	}
	var start, size int64
	for _, f := range zr.File {
		if f.Name == "xl/worksheets/sheet1.xml" {
			start, _ = f.DataOffset()
			size = int64(f.CompressedSize64)
		}
	}
	for k := int64(1); k <= 4; k++ {
		data := bytes.Clone(good)
		data[start+k*size/5] ^= 0x10
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, damagedSite())
		path := cmdtest.WriteFile(t, "big.xlsx", string(data))
		res := r.Run("promo", "apply", "-f", path, "--site-id", "1", "--prune", "--yes")
		if res.Code != 2 || res.Stdout != "" || !strings.HasPrefix(res.Stderr, "promoctl: "+path+": sheet \"Sheet1\"") || !strings.HasSuffix(res.Stderr, "; nothing was sent\n") || strings.Count(res.Stderr, "\n") != 1 {
			t.Errorf("byte %d/5 of the sheet flipped: exit %d\nstdout %q\nstderr %q", k, res.Code, res.Stdout, res.Stderr)
		}
		r.ExpectRoutes(t)
	}
}

// TestPromoApplyDamagedWorkbookInRussian: the refusal is said in the
// run's language, its place and the parser's words kept as they are.
func TestPromoApplyDamagedWorkbookInRussian(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_LANG"] = "ru"
	r.API.Handle("GET /v1/promo", http.StatusOK, damagedSite())
	path := cmdtest.WriteFile(t, "broken.xlsx", string(rezip(t, damagedBook(t, 12), atRow5("&bogus;"))))
	r.Run("promo", "apply", "-f", path, "--site-id", "1", "--prune", "--yes").Expect(t, 2, "",
		"promoctl: "+path+": лист «Sheet1», строка 5: XML в xl/worksheets/sheet1.xml нарушен (строка 2: invalid character entity &bogus;): файл повреждён; ничего не отправлено\n")
	r.ExpectRoutes(t)
}

// TestPromoApplyPercentCell: 15% typed into bonus_amount is kept by the
// spreadsheet as 0.15 with a percent format; it is applied as 15, not as
// 0.15%.
func TestPromoApplyPercentCell(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	pct := "0%"
	style, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &pct})
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"code", "bonus_amount"})
	_ = f.SetSheetRow("Sheet1", "A2", &[]any{"CODE01", 0.15})
	_ = f.SetCellStyle("Sheet1", "B2", "B2", style)
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, damagedSite())
	path := cmdtest.WriteFile(t, "codes.xlsx", b.String())
	res := r.Run("promo", "apply", "-f", path, "--site-id", "1", "--dry-run")
	res.Expect(t, 0, "ACTION  ID    CODE    CHANGES\nupdate  1001  CODE01  bonus_amount 10% → 15%\n",
		"Plan for site 1: 1 to update, 0 unchanged; 11 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
}
