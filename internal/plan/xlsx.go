package plan

import (
	"context"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
	"github.com/promoctl/promoctl/internal/sheet"
)

// errStop ends a workbook's read when emit wants no more rows.
var errStop = errors.New("stop")

// readWorkbook reads a sheet of a workbook (.xlsx or .ods; o.Sheet, else
// the first) as CSV is read: a header row, then a row per code; messages
// name the sheet's row numbers. internal/sheet reads it row by row and
// refuses a damaged one whole (one problem naming the place: nothing of
// such a file is read as rows), within its bounds, ending when ctx ends.
// Cells are read as what they hold, not as they are shown: a number cell
// is its number (150.5, whatever format shows it) except that
// bonus_amount reads a percentage cell as the percentage it shows (0.15
// as 15); a date cell, or a number, in d_on or d_off its date and time
// in loc (spreadsheets keep them without a zone; a date with no time in
// d_off is the end of that day); a boolean cell TRUE or FALSE, and a
// text cell its text.
func readWorkbook(ctx context.Context, f io.ReadSeeker, o ReadOptions, probs *Problems, emit func(int, []cell) bool) error {
	ra, size, err := readerAt(f)
	if err != nil {
		return err
	}
	var keys []string
	var use []bool
	rowFn := func(line int, cells []sheet.Cell) error {
		last := cells[len(cells)-1].Col
		if keys == nil {
			head := make([]string, last)
			for _, c := range cells {
				head[c.Col-1] = c.Text
			}
			if blank(head) {
				return nil
			}
			keys, use = header(head, line, probs, o)
			if probs.stop(line) {
				return errStop
			}
			return nil
		}
		vals := make([]cell, 0, len(cells))
		for _, c := range cells {
			if strings.TrimSpace(c.Text) == "" {
				continue
			}
			if c.Col > len(keys) {
				probs.addMsg(line, i18n.M("apply.values_for_columns", "Values", last, "Columns", len(keys)))
				if probs.stop(line) {
					return errStop
				}
				return nil
			}
			if use[c.Col-1] {
				vals = append(vals, cell{key: keys[c.Col-1], text: typed(keys[c.Col-1], c)})
			}
		}
		if len(vals) == 0 && !hasText(cells) {
			return nil
		}
		if !emit(line, vals) {
			return errStop
		}
		return nil
	}
	err = sheet.Read(ctx, ra, size, sheet.Options{Sheet: o.Sheet, Limits: workbookLimits()}, rowFn)
	var refused *i18n.Error
	switch {
	case err == nil, errors.Is(err, errStop):
		return nil
	case errors.As(err, &refused):
		probs.reset() // what was read of a refused file says nothing
		probs.warnings = nil
		probs.addMsg(0, refused.Msg)
		return nil
	}
	return err
}

// workbookLimits are sheet.DefaultLimits with apply's bounds: the header
// and MaxRows rows (empty rows counted), MaxColumns columns, a cell of
// MaxCell characters (of up to 4 bytes each).
func workbookLimits() sheet.Limits {
	return sheet.Limits{Rows: MaxRows + 1, Columns: MaxColumns, CellBytes: 4 * MaxCell}
}

// hasText reports whether a row holds anything but spaces.
func hasText(cells []sheet.Cell) bool {
	for _, c := range cells {
		if strings.TrimSpace(c.Text) != "" {
			return true
		}
	}
	return false
}

// readerAt is f as a reader at offsets (what a ZIP archive is read with)
// and its size.
func readerAt(f io.ReadSeeker) (io.ReaderAt, int64, error) {
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, 0, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, 0, err
	}
	if ra, ok := f.(io.ReaderAt); ok {
		return ra, size, nil
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, 0, err
	}
	return strings.NewReader(string(data)), int64(len(data)), nil
}

// typed is the text the row's rules read of a cell: a number or date in
// d_on or d_off the local date and time it shows; a percentage in
// bonus_amount the percentage it shows; another number written back
// without a binary fraction's noise (150.49999999999997 is 150.5). Text
// and codes are left as they are.
func typed(key string, c sheet.Cell) string {
	f, field := promo.Lookup(key)
	if field && f.Kind == spec.KindText {
		return c.Text
	}
	switch c.Kind {
	case sheet.Number, sheet.Date:
		if field && f.Kind == spec.KindDate {
			t, ok := c.Time()
			if !ok {
				return c.Text
			}
			if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0 {
				return t.Format("2006-01-02") // a date alone: as a typed one
			}
			return t.Format("2006-01-02T15:04:05.000") // its wall clock, read in the local zone
		}
		if c.Kind == sheet.Date {
			return c.Text
		}
		return number(c.Num)
	case sheet.Percent:
		if key == "bonus_amount" {
			return number(c.Num * 100)
		}
		return number(c.Num)
	}
	return c.Text
}

// number is x without a binary fraction's noise.
func number(x float64) string {
	if r := math.Round(x*100) / 100; math.Abs(x-r) < 1e-9*math.Max(1, math.Abs(x)) {
		x = r
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
