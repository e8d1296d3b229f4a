package plan

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// readFile is ReadFrom of a file of testdata.
func readFile(t *testing.T, name string) []Row {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := ReadFrom(name, f, ReadOptions{Loc: moscow})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestODSReadsAsItsXLSX: promoctl's own export (testdata/export.xlsx,
// `promo list -o xlsx` of the sandbox's site 1) and the .ods LibreOffice
// saves of it (testdata/README.md) are read as the same rows. LibreOffice
// keeps a time to the hundredth of a second (23:59:59.999 becomes
// 23:59:59.99): dates are compared to the second.
func TestODSReadsAsItsXLSX(t *testing.T) {
	xlsx, ods := readFile(t, "testdata/export.xlsx"), readFile(t, "testdata/export.ods")
	if len(xlsx) != 12 || len(ods) != len(xlsx) {
		t.Fatalf("%d rows in the xlsx, %d in the ods; want 12", len(xlsx), len(ods))
	}
	second := func(r Row) Row {
		for _, d := range []*time.Time{r.Changes.Starts, r.Changes.Ends} {
			if d != nil {
				*d = d.Truncate(time.Second)
			}
		}
		return r
	}
	for i := range xlsx {
		if x, o := second(xlsx[i]), second(ods[i]); !reflect.DeepEqual(x, o) {
			t.Errorf("row %d:\nxlsx %s\nods  %s", i, show(x), show(o))
		}
	}
	if got := *xlsx[0].Changes.Code; got != "WELCOME10" {
		t.Errorf("first code %s", got)
	}
}

func show(r Row) string {
	b, _ := json.Marshal(r)
	return string(b)
}

// patchPart is a copy of the archive data whose part holding old holds
// new in its place.
func patchPart(t *testing.T, data []byte, old, new string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	found := false
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		content, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(content, []byte(old)) {
			content, found = bytes.Replace(content, []byte(old), []byte(new), 1), true
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(content)
	}
	if err := zw.Close(); err != nil || !found {
		t.Fatalf("patch %q: found %v, %v", old, found, err)
	}
	return b.Bytes()
}

// TestPercentCellInBonusAmount: a percentage cell (0.15 shown as 15% by
// a 0% format, or Excel's built-in 0.00%) in bonus_amount is the
// percentage it shows, 15; elsewhere a number is its number.
func TestPercentCellInBonusAmount(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	custom := "0%"
	pct, _ := f.NewStyle(&excelize.Style{CustomNumFmt: &custom})
	builtin, _ := f.NewStyle(&excelize.Style{NumFmt: 10})
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"code", "bonus_amount", "quantity_limit"})
	_ = f.SetSheetRow("Sheet1", "A2", &[]any{"X1", 0.15, 3})
	_ = f.SetSheetRow("Sheet1", "A3", &[]any{"X2", 0.105, 4})
	_ = f.SetSheetRow("Sheet1", "A4", &[]any{"X3", 0.15, 5})
	_ = f.SetCellStyle("Sheet1", "B2", "B2", pct)
	_ = f.SetCellStyle("Sheet1", "B3", "B3", builtin)
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := ReadFrom("codes.xlsx", bytes.NewReader(b.Bytes()), ReadOptions{Loc: moscow})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{15, 10.5, 0.15} {
		if got := *rows[i].Changes.Amount; got != want {
			t.Errorf("row %d: bonus_amount %v, want %v", i+2, got, want)
		}
	}
}

// TestDamagedWorkbookIsOneProblem: a damaged workbook is refused with one
// problem naming the place, never read as the rows before the damage nor
// as a file without codes.
func TestDamagedWorkbookIsOneProblem(t *testing.T) {
	data := workbook(t, [][]any{{"code", "bonus_amount"}, {"X1", 5}, {"X2", 6}, {"BROKEN", 7}, {"X4", 8}})
	data = patchPart(t, data, "BROKEN", "&bogus;")
	_, err := ReadFrom("broken.xlsx", bytes.NewReader(data), ReadOptions{Loc: moscow})
	var probs *Problems
	if !errors.As(err, &probs) || len(probs.List) != 1 || !strings.HasPrefix(err.Error(), `broken.xlsx: `) || !strings.Contains(err.Error(), "invalid character entity &bogus;") {
		t.Errorf("Read = %v", err)
	}
}

// TestWorkbookReadEndsWithItsContext: a cancelled read is the context's
// error, not a problem of the file.
func TestWorkbookReadEndsWithItsContext(t *testing.T) {
	data := workbook(t, [][]any{{"code"}, {"X1"}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ReadContext(ctx, "codes.xlsx", bytes.NewReader(data), ReadOptions{Loc: moscow})
	var probs *Problems
	if !errors.Is(err, context.Canceled) || errors.As(err, &probs) {
		t.Errorf("Read = %v, want context.Canceled", err)
	}
}

// TestOldOrEncryptedWorkbook: a compound file (an .xls, or a workbook
// encrypted with a password) is refused saying which, not read as text.
func TestOldOrEncryptedWorkbook(t *testing.T) {
	cfb := append([]byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}, make([]byte, 600)...)
	for name, want := range map[string]string{
		"old.xls":    "old.xls: an Excel 97-2003 workbook (.xls) or another compound file, which promoctl does not read: save it as .xlsx",
		"secret":     "secret: an Excel 97-2003 workbook (.xls) or another compound file, which promoctl does not read: save it as .xlsx",
		"codes.xlsx": "codes.xlsx: the workbook is protected by a password (encrypted): save a copy without the password and apply that",
	} {
		data := cfb
		if name == "codes.xlsx" {
			data = append(bytes.Clone(cfb), []byte("E\x00n\x00c\x00r\x00y\x00p\x00t\x00e\x00d\x00P\x00a\x00c\x00k\x00a\x00g\x00e\x00")...)
		}
		_, err := ReadFrom(name, bytes.NewReader(data), ReadOptions{Loc: moscow})
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", name, err, want)
		}
	}
}
