package output

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/xuri/excelize/v2"
)

func openWorkbook(t *testing.T, b []byte) *excelize.File {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestWriteXLSXKinds: each kind of column gives its type of cell; a cell
// that does not read as its kind stays text; an untyped grid is text.
func TestWriteXLSXKinds(t *testing.T) {
	moscow, _ := time.LoadLocation("Europe/Moscow")
	g := Grid{Header: []string{"day", "n", "ok", "at", "note"},
		Kinds: []Kind{KindDate, KindNumber, KindBool, KindTime},
		Rows: [][]string{{"2026-12-31", "1234.5", "true", "2026-12-31T20:59:59.000Z", "=1+1"}, {"", "n/a", "", "", "007"},
			{"", "", "", "", "\x1b[31mred\x07"}}}
	var b bytes.Buffer
	if err := Write(&b, Data{JSON: []byte("[]"), CSV: func() (Grid, error) { return g, nil }}, Options{Format: format.XLSX, Loc: moscow}); err != nil {
		t.Fatal(err)
	}
	f := openWorkbook(t, b.Bytes())
	for cell, want := range map[string]excelize.CellType{"A2": excelize.CellTypeUnset, "B2": excelize.CellTypeUnset, "C2": excelize.CellTypeBool,
		"D2": excelize.CellTypeUnset, "E2": excelize.CellTypeInlineString, "B3": excelize.CellTypeInlineString, "E3": excelize.CellTypeInlineString} {
		if got, _ := f.GetCellType("Sheet1", cell); got != want {
			t.Errorf("%s is of type %v, want %v", cell, got, want)
		}
	}
	raw := func(cell string) string {
		v, _ := f.GetCellValue("Sheet1", cell, excelize.Options{RawCellValue: true})
		return v
	}
	if v := raw("E4"); v != "\ufffd[31mred\ufffd" {
		t.Errorf("E4 = %q, want the control characters as U+FFFD", v)
	}
	if raw("A2") != "46387" || raw("B2") != "1234.5" || raw("E2") != "=1+1" || raw("E3") != "007" || raw("A3") != "" {
		t.Errorf("cells %q %q %q %q %q", raw("A2"), raw("B2"), raw("E2"), raw("E3"), raw("A3"))
	}
	serial, _ := strconv.ParseFloat(raw("D2"), 64)
	if at, _ := excelize.ExcelDateToTime(serial, false); !at.Equal(time.Date(2026, 12, 31, 23, 59, 59, 0, time.UTC)) {
		t.Errorf("D2 = %v, want the Moscow wall clock 23:59:59", at)
	}
}

// TestStreamXLSX: a list's rows are written as they come, past the rows
// held back to size the columns; --no-headers drops the header, and an
// empty list is a header alone; a failing list writes nothing.
func TestStreamXLSX(t *testing.T) {
	list := func(n int, fail error) List {
		return List{CSVHeader: []string{"code", "amount"}, CSVKinds: []Kind{KindText, KindNumber},
			CSVRows: func(add func([][]byte) error) error {
				row := make([][]byte, 2)
				for i := range n {
					row[0] = fmt.Appendf(row[0][:0], "%06d", i)
					row[1] = strconv.AppendInt(row[1][:0], int64(i), 10)
					if err := add(row); err != nil {
						return err
					}
				}
				return fail
			}}
	}
	for _, c := range []struct {
		n         int
		noHeaders bool
		rows      int
	}{{0, false, 1}, {3, true, 3}, {xlsxWidthRows + 50, false, xlsxWidthRows + 51}} {
		var b bytes.Buffer
		if err := WriteList(&b, list(c.n, nil), Options{Format: format.XLSX, NoHeaders: c.noHeaders}); err != nil {
			t.Fatal(err)
		}
		rows, err := openWorkbook(t, b.Bytes()).GetRows("Sheet1")
		if err != nil || len(rows) != c.rows {
			t.Errorf("%d rows, no headers %v: %d rows in the sheet (%v), want %d", c.n, c.noHeaders, len(rows), err, c.rows)
			continue
		}
		if c.n > 0 {
			last := rows[len(rows)-1]
			if want := fmt.Sprintf("%06d", c.n-1); last[0] != want {
				t.Errorf("last row %q, want code %s", last, want)
			}
		}
	}
	var b bytes.Buffer
	boom := errors.New("cut off")
	if err := WriteList(&b, list(5, boom), Options{Format: format.XLSX}); !errors.Is(err, boom) || b.Len() != 0 {
		t.Errorf("failing list: %v, %d bytes written", err, b.Len())
	}
	if err := WriteList(&b, list(5, nil), Options{Format: format.XLSX, Terminal: true}); err == nil || b.Len() != 0 {
		t.Errorf("on a terminal: %v, %d bytes", err, b.Len())
	}
}

// BenchmarkWriteXLSX writes a list of 100,000 promo codes' rows as a
// workbook.
func BenchmarkWriteXLSX(b *testing.B) {
	header := []string{"id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "promo_used_count", "is_valid"}
	kinds := []Kind{KindNumber, KindText, KindNumber, KindBool, KindNumber, KindNumber, KindBool, KindBool, KindTime, KindTime, KindBool, KindNumber, KindNumber, KindBool}
	l := List{CSVHeader: header, CSVKinds: kinds, CSVRows: func(add func([][]byte) error) error {
		row := [][]byte{nil, nil, nil, []byte("true"), []byte("2"), []byte("10.5"), []byte("false"), []byte("true"),
			[]byte("2026-06-01T00:00:00.000Z"), []byte("2026-12-31T20:59:59.000Z"), []byte("false"), []byte("0"), []byte("3"), []byte("true")}
		for i := range 100_000 {
			row[0] = strconv.AppendInt(row[0][:0], int64(1000+i), 10)
			row[1] = strconv.AppendInt(append(row[1][:0], "CODE"...), int64(1_000_000+i), 10) // no allocation
			row[2] = strconv.AppendInt(row[2][:0], int64(i), 10)
			if err := add(row); err != nil {
				return err
			}
		}
		return nil
	}}
	for b.Loop() {
		var out countWriter
		if err := WriteList(&out, l, Options{Format: format.XLSX, Loc: time.UTC}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(out), "bytes/op-out")
	}
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// TestWriteXLSXDuplicateHeader: a header Excel cannot make a table of
// (a name twice, an empty one) is written without the table, not refused.
func TestWriteXLSXDuplicateHeader(t *testing.T) {
	g := Grid{Header: []string{"a", "A", ""}, Rows: [][]string{{"1", "2", "3"}}}
	var b bytes.Buffer
	if err := Write(&b, Data{JSON: []byte("[]"), CSV: func() (Grid, error) { return g, nil }}, Options{Format: format.XLSX}); err != nil {
		t.Fatal(err)
	}
	f := openWorkbook(t, b.Bytes())
	rows, _ := f.GetRows("Sheet1")
	if tables, _ := f.GetTables("Sheet1"); len(rows) != 2 || len(tables) != 0 {
		t.Errorf("rows %q, tables %+v: want both rows and no table", rows, tables)
	}
}

// TestWriteXLSXMoneyAndFooter: money cells are numbers formatted with
// two decimals and their row's currency; a footer (a report's totals per
// currency) follows the rows a blank row apart, outside the filter.
func TestWriteXLSXMoneyAndFooter(t *testing.T) {
	g := Grid{Header: []string{"code", "currency", "total"}, Kinds: []Kind{KindText, KindText, KindMoney}, CurrencyColumn: 2,
		Rows:   [][]string{{"A1", "RUB", "113.7"}, {"B2", "USD", "95"}, {"C3", "", "0"}},
		Footer: [][]string{{"total", "RUB", "113.7"}, {"total", "USD", "95"}}}
	var b bytes.Buffer
	if err := Write(&b, Data{JSON: []byte("[]"), CSV: func() (Grid, error) { return g, nil }}, Options{Format: format.XLSX}); err != nil {
		t.Fatal(err)
	}
	f := openWorkbook(t, b.Bytes())
	format := func(cell string) string {
		id, err := f.GetCellStyle("Sheet1", cell)
		if err != nil {
			t.Fatal(err)
		}
		st, err := f.GetStyle(id)
		if err != nil {
			t.Fatal(err)
		}
		if st.CustomNumFmt != nil {
			return *st.CustomNumFmt
		}
		return strconv.Itoa(st.NumFmt)
	}
	for cell, want := range map[string]string{"C2": `#,##0.00\ "RUB"`, "C3": `#,##0.00\ "USD"`, "C4": "4", "C6": `#,##0.00\ "RUB"`, "C7": `#,##0.00\ "USD"`} {
		if got := format(cell); got != want {
			t.Errorf("%s has the format %s, want %s", cell, got, want)
		}
	}
	rows, err := f.GetRows("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 7 || len(rows[4]) != 0 || rows[5][0] != "total" || rows[6][1] != "USD" {
		t.Errorf("rows = %q, want 4 of the grid, a blank one, 2 of the footer", rows)
	}
	tables, err := f.GetTables("Sheet1")
	if err != nil || len(tables) != 1 || tables[0].Range != "A1:C4" {
		t.Errorf("tables = %+v (%v), want one over A1:C4", tables, err)
	}
}
