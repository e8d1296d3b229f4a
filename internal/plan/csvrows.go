package plan

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"io"

	"github.com/promoctl/promoctl/internal/i18n"
)

// The bounds of a CSV file's rows (docs/security.md). A row is held whole
// while it is read, so these bound the memory a row takes whatever the
// file holds: a line of 50 MB of separators or one cell of 50 MB costs no
// more than a row at the bounds.
const (
	// MaxColumns is the most columns a file may have, and the most values
	// a row may have (empty values after the last column are read over).
	MaxColumns = 256
	// MaxCell is the most characters a cell may have: Excel's own limit.
	MaxCell = 32_767
	// MaxRowBytes is the most bytes of text a row may have, as a JSON
	// array's item.
	MaxRowBytes = 1 << 20
)

// Why a row was read only in part.
var (
	errManyValues = i18n.NewError(2, "plan.bound.values")
	errLongCell   = i18n.NewError(2, "plan.bound.cell")
	errLongRow    = i18n.NewError(2, "plan.bound.row")
)

// rowError is a row read only in part: its line, why, and the cell it was
// at (from 0), whose text holds what was read of it.
type rowError struct {
	Line int
	Err  error
	Col  int
}

func (e *rowError) Error() string { return e.Err.Error() }

// csvRows reads the rows of CSV text as encoding/csv does, quotes and
// all, with what encoding/csv lacks: bounds (no row takes more than
// MaxColumns values of MaxCell characters, MaxRowBytes in all, whatever
// the text holds: what is over them is read over, not kept), and a line
// ends at LF, CRLF or CR alone (old Mac spreadsheets end lines with CR).
// A quote error is a *csv.ParseError of csv.ErrQuote or csv.ErrBareQuote
// at the line where the row starts; the next row starts on the next line.
type csvRows struct {
	br    *bufio.Reader
	comma byte
	line  int // the line of the next byte

	buf   []byte // the row's text
	ends  []int  // where each value ends in buf
	plain string // the bytes that end a run of an unquoted value's text
}

func newCSVRows(br *bufio.Reader, comma rune) *csvRows {
	r := &csvRows{br: br, comma: byte(comma), line: 1}
	r.plain = string([]byte{byte(comma), '\n', '\r', '"'})
	return r
}

// Read returns the next row and the line it starts on; io.EOF at the
// end. A row over a bound is returned as far as it was kept, with a
// *rowError; a quote error with no row.
func (r *csvRows) Read() (rec []string, line int, err error) {
	r.buf, r.ends = r.buf[:0], r.ends[:0]
	line = r.line
	if _, err := r.br.Peek(1); err != nil {
		if err == io.EOF {
			return nil, line, io.EOF
		}
		return nil, line, err
	}
	var over *rowError
	bound := func(e error, col int) {
		if over == nil {
			over = &rowError{Line: line, Err: e, Col: col}
		}
	}
	for col := 0; ; col++ {
		end, err := r.value(line, col, bound)
		if err != nil {
			return nil, line, err
		}
		if col < MaxColumns {
			r.ends = append(r.ends, len(r.buf))
		}
		if end {
			break
		}
	}
	rec = make([]string, len(r.ends))
	start := 0
	for i, e := range r.ends {
		rec[i] = string(r.buf[start:e])
		start = e
	}
	if over != nil {
		return rec, line, over
	}
	return rec, line, nil
}

// value reads one value of the row at line, column col, into buf (unless
// it is past MaxColumns): end is true when it was the row's last.
func (r *csvRows) value(line, col int, bound func(error, int)) (end bool, err error) {
	v := &valueText{r: r, col: col, bound: bound}
	c, err := r.br.ReadByte()
	if err == io.EOF {
		return true, nil
	}
	if err != nil {
		return true, err
	}
	if c != '"' {
		if err := r.br.UnreadByte(); err != nil {
			return true, err
		}
		c, err := v.run(r.plain)
		if err == io.EOF {
			return true, nil
		}
		if err != nil {
			return true, err
		}
		switch c {
		case r.comma:
			return false, nil
		case '\n':
			r.line++
			return true, nil
		case '\r':
			r.newline()
			return true, nil
		}
		r.skipLine() // a quote inside a value that is not quoted
		return true, &csv.ParseError{StartLine: line, Line: line, Err: csv.ErrBareQuote}
	}
	for { // a quoted value
		c, err := v.run(quoted)
		if err == io.EOF {
			return true, &csv.ParseError{StartLine: line, Line: r.line, Err: csv.ErrQuote}
		}
		if err != nil {
			return true, err
		}
		switch c {
		case '\r':
			r.newline()
			v.add([]byte{'\n'})
			continue
		case '\n':
			r.line++
			v.add([]byte{'\n'})
			continue
		}
		n, err := r.br.ReadByte() // after a quote
		switch {
		case err == io.EOF:
			return true, nil
		case err != nil:
			return true, err
		case n == '"':
			v.add([]byte{'"'})
		case n == r.comma:
			return false, nil
		case n == '\n':
			r.line++
			return true, nil
		case n == '\r':
			r.newline()
			return true, nil
		default:
			r.skipLine()
			return true, &csv.ParseError{StartLine: line, Line: line, Err: csv.ErrQuote}
		}
	}
}

// quoted are the bytes that end a run of a quoted value's text.
const quoted = "\"\r\n"

// valueText is the text of one value as it is read: kept in the row's
// buf up to the bounds, read over past them.
type valueText struct {
	r     *csvRows
	col   int
	chars int
	bound func(error, int)
}

// run adds the text up to the next byte of stop, which it reads and
// returns; io.EOF at the end of the text.
func (v *valueText) run(stop string) (byte, error) {
	for {
		buf, err := v.r.br.Peek(max(1, v.r.br.Buffered()))
		if len(buf) == 0 {
			return 0, err
		}
		i := bytes.IndexAny(buf, stop)
		if i < 0 {
			v.add(buf)
			_, _ = v.r.br.Discard(len(buf))
			continue
		}
		v.add(buf[:i])
		c := buf[i]
		_, _ = v.r.br.Discard(i + 1)
		return c, nil
	}
}

// add adds text to the value, up to the bounds.
func (v *valueText) add(text []byte) {
	r := v.r
	if v.col >= MaxColumns {
		if len(bytes.Trim(text, " \t")) > 0 {
			v.bound(errManyValues, v.col) // a value past the last column
		}
		return
	}
	if v.chars > MaxCell {
		return // over already: read over
	}
	if n := chars(text); v.chars+n > MaxCell {
		v.bound(errLongCell, v.col)
		text = text[:charsEnd(text, MaxCell-v.chars)]
		v.chars = MaxCell + 1
	} else {
		v.chars += n
	}
	if len(r.buf)+len(text) > MaxRowBytes {
		v.bound(errLongRow, v.col)
		text = text[:MaxRowBytes-len(r.buf)]
	}
	r.buf = append(r.buf, text...)
}

// chars is how many characters of UTF-8 text b has: its bytes that start
// one, so that a character cut between two reads counts once.
func chars(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xc0 != 0x80 {
			n++
		}
	}
	return n
}

// charsEnd is where the first n characters of b end.
func charsEnd(b []byte, n int) int {
	for i, c := range b {
		if c&0xc0 != 0x80 {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return len(b)
}

// newline reads the LF of a CRLF after the CR just read: one line ends.
func (r *csvRows) newline() {
	r.line++
	if b, err := r.br.Peek(1); err == nil && b[0] == '\n' {
		_, _ = r.br.ReadByte()
	}
}

// skipLine reads over the rest of a line, as encoding/csv does after a
// quote error.
func (r *csvRows) skipLine() {
	for {
		c, err := r.br.ReadByte()
		if err != nil {
			return
		}
		switch c {
		case '\n':
			r.line++
			return
		case '\r':
			r.newline()
			return
		}
	}
}
