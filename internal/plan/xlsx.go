package plan

import (
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/promoctl/promoctl/internal/promo"
)

// maxUnzipped is the most a workbook may hold unpacked: a sheet of
// 200,000 promo codes is about 60 MiB of XML, and a ZIP bomb stops here.
const maxUnzipped = 1 << 30

// readXLSX reads a sheet of a workbook (o.Sheet, else the first) as CSV
// is read: a header row, then a row per code; messages name the sheet's
// row numbers. The sheet is read row by row with excelize's iterator
// (large sheets are unpacked to a temporary file, not to memory). Cells
// are read as what they hold, not as they are shown: a number cell is its
// number (150.5, whatever format shows it), a date cell in d_on or d_off
// its date and time in loc (Excel keeps them without a zone; a date with
// no time in d_off is the end of that day), a boolean cell TRUE or FALSE,
// and a text cell its text.
func readXLSX(f io.Reader, o ReadOptions, probs *Problems, emit func(int, []cell) bool) error {
	wb, err := excelize.OpenReader(f, excelize.Options{UnzipSizeLimit: maxUnzipped})
	if err != nil {
		probs.add(0, "cannot read the workbook: %v", err)
		return nil
	}
	defer wb.Close()
	sheets := wb.GetSheetList()
	sheet := o.Sheet
	switch {
	case len(sheets) == 0:
		probs.add(0, "the workbook has no sheets")
		return nil
	case sheet == "":
		sheet = sheets[0]
	case !slices.Contains(sheets, sheet):
		probs.add(0, "no sheet %q in the workbook: it has %s", sheet, quoteAll(sheets))
		return nil
	}
	props, err := wb.GetWorkbookProps()
	if err != nil {
		probs.add(0, "cannot read the workbook: %v", err)
		return nil
	}
	date1904 := props.Date1904 != nil && *props.Date1904
	rows, err := wb.Rows(sheet)
	if err != nil {
		probs.add(0, "cannot read sheet %q: %v", sheet, err)
		return nil
	}
	defer rows.Close()
	var keys []string
	var use []bool
	line := 0
	raw := excelize.Options{RawCellValue: true}
	for rows.Next() {
		line++
		rec, err := rows.Columns(raw)
		if err != nil {
			probs.add(line, "cannot read the row: %v", err)
			return nil
		}
		if blank(rec) {
			continue
		}
		if keys == nil {
			keys, use = header(rec, line, probs, o)
			if probs.stop(line) {
				return nil
			}
			continue
		}
		for len(rec) > len(keys) && strings.TrimSpace(rec[len(rec)-1]) == "" {
			rec = rec[:len(rec)-1]
		}
		if len(rec) > len(keys) {
			probs.add(line, "%d values for %d columns", len(rec), len(keys))
			if probs.stop(line) {
				return nil
			}
			continue
		}
		cells := make([]cell, 0, len(rec))
		for i, v := range rec {
			if use[i] {
				cells = append(cells, cell{key: keys[i], text: typed(keys[i], v, date1904)})
			}
		}
		if !emit(line, cells) {
			return nil
		}
	}
	if err := rows.Error(); err != nil {
		probs.add(line+1, "cannot read the row: %v", err)
	}
	return nil
}

// typed turns a cell's raw value into the text the row's rules read: a
// number in d_on or d_off is a date (Excel's serial number of days) and
// becomes the local date and time it shows; another number is written
// back without a binary fraction's noise (150.49999999999997 is 150.5).
// Text and codes are left as they are.
func typed(key, v string, date1904 bool) string {
	f, field := promo.Lookup(key)
	if field && f.Kind == promo.KindText {
		return v
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
		return v
	}
	if field && f.Kind == promo.KindDate {
		t, ok := excelTime(x, date1904)
		if !ok {
			return v
		}
		if x == math.Trunc(x) {
			return t.Format("2006-01-02") // a date alone: as a typed one
		}
		return t.Format("2006-01-02T15:04:05.000") // its wall clock, read in the local zone
	}
	if r := math.Round(x*100) / 100; math.Abs(x-r) < 1e-9*math.Max(1, math.Abs(x)) {
		x = r
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}

// excelTime is the wall clock of a date cell's number (days since Excel's
// epoch, the fraction the time of day), to the millisecond, as the API
// keeps dates: excelize's ExcelDateToTime rounds to the second, which
// would turn a list's 23:59:59.999 into a change. Serials from 61 on (1
// March 1900) are read; Excel's phantom 29 February 1900 comes before.
func excelTime(x float64, date1904 bool) (time.Time, bool) {
	epoch := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)
	if date1904 {
		epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	if x < 61 || x >= 2958466 { // up to 9999-12-31
		return time.Time{}, false
	}
	days := math.Floor(x)
	ms := math.Round((x - days) * 86_400_000)
	return epoch.AddDate(0, 0, int(days)).Add(time.Duration(ms) * time.Millisecond), true
}
