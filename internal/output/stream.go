package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"runtime/debug"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Elements is a list read one element at a time, such as the API's
// promo list as it arrives (api.ListStream).
type Elements interface {
	// Next returns the JSON of the next element, valid until the next
	// call, or io.EOF after the last. A *jsonscan.ElementError is an
	// element that is not valid JSON; any other error ends the list as
	// it is.
	Next() ([]byte, error)
}

// List is a list to show as it is read: each element is written as soon
// as it is decoded, so that memory does not grow with the list. Only a
// table holds its rows (compactly), to align its columns.
type List struct {
	// Elements are the list's elements, for json, jsonl, yaml and --jq.
	Elements Elements
	// Header and Rows build the table: Rows reads the elements itself and
	// calls add with each one's row, whose cells are terminal-safe text
	// (Text, AppendText). add copies the row, so Rows may reuse the row
	// and its bytes once add has returned: a row built in one buffer
	// makes no garbage. Without Rows, the list is shown as JSON.
	Header []string
	// Heads, when set, are the catalog ids of the headers with what
	// their cells hold (Grid.Heads).
	Heads []Head
	Rows  func(add func(row [][]byte) error) error
	// Tone, when set, names the status cells of the table by their
	// column and text (as Grid.Tone).
	Tone func(col int, cell string) Tone
	// Columns say how the table's columns give way on a narrow terminal
	// (as Grid.Columns).
	Columns []Column
	// CSVHeader and CSVRows build the CSV, as Header and Rows the table,
	// but with cells of bytes: a CSV row is written before the next is
	// built, so CSVRows may reuse it (and its cells' bytes) once add has
	// returned.
	CSVHeader []string
	CSVRows   func(add func(row [][]byte) error) error
	// CSVKinds say what each CSV column holds, for a workbook's typed
	// cells (as Grid.Kinds).
	CSVKinds []Kind
	// EmptyTable, when set, is called instead of drawing a table without
	// rows (the command says so on stderr).
	EmptyTable func()
}

// WriteList writes l to w as it reads it. Unlike Write, output starts
// before the list is read to its end: when the list fails part way (cut
// off, malformed), what was written is whole elements only (whole lines
// of jsonl and CSV, whole items of YAML), and JSON lacks its closing
// bracket, so that no JSON parser takes it for a complete list. Nothing is
// written when the first element fails, nor for a table whose list fails
// (a large table whose rows cannot be read back from their temporary
// file, a failing disk, ends after the rows it could read).
func WriteList(w io.Writer, l List, o Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	err := writeList(bw, l, o)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// next reads the next element, wording an element that is not valid JSON
// as Write words a response that is not.
func next(l List) ([]byte, error) {
	e, err := l.Elements.Next()
	if err != nil && err != io.EOF {
		return nil, elementError(err)
	}
	return e, err
}

// elementError words an element that is not valid JSON as Write words a
// response that is not; other errors are returned as they are.
func elementError(err error) error {
	if ee := (*jsonscan.ElementError)(nil); errors.As(err, &ee) {
		return i18n.NewError(0, "output.unexpected_response", "Err", ee.Err)
	}
	return err
}

// each calls fn with each element of l, and stops at the first error.
func each(l List, fn func(e []byte) error) error {
	for {
		e, err := next(l)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
}

func writeList(w *bufio.Writer, l List, o Options) error {
	if o.JQ != nil {
		if o.JQEach != nil {
			return streamJQ(w, l, o)
		}
		return holdJQ(w, l, o)
	}
	p := printer(o, o.Format)
	if p.Name.IsTable() && l.Rows == nil {
		p = printer(o, format.JSON) // a list with no table form is shown as JSON
	}
	return p.List(w, l, o)
}

// streamJSON writes the elements as a JSON array: piped, each as the
// server sent it; on a terminal, indented as writeIndentedJSON indents
// the whole array. The opening bracket goes out with the first element,
// and the closing one only once the list has ended well.
func streamJSON(w *bufio.Writer, l List, terminal bool) error {
	n := 0
	var in indenter
	var out []byte
	err := each(l, func(e []byte) error {
		switch {
		case !terminal:
			if n == 0 {
				w.WriteByte('[')
			} else {
				w.WriteByte(',')
			}
			_, err := w.Write(e)
			n++
			return err
		case n == 0:
			out = append(out[:0], "[\n  "...)
		default:
			out = append(out[:0], ",\n  "...)
		}
		n++
		var err error
		if out, err = in.write(w, out, e, 1); err != nil {
			return err
		}
		_, err = w.Write(out)
		return err
	})
	switch {
	case err != nil:
		return err
	case n == 0:
		_, err = w.WriteString("[]\n")
	case terminal:
		_, err = w.WriteString("\n]\n")
	default:
		_, err = w.WriteString("]\n")
	}
	return err
}

// appendLine appends the JSON value v on one line: as it is, unless it
// has line breaks, which in valid JSON are only white space between
// tokens, and are then taken out.
func appendLine(dst, v []byte) []byte {
	if bytes.IndexByte(v, '\n') < 0 && bytes.IndexByte(v, '\r') < 0 {
		return append(append(dst, v...), '\n')
	}
	buf := bytes.NewBuffer(dst)
	if json.Compact(buf, v) != nil {
		buf.Write(v) // not reached for valid JSON
	}
	buf.WriteByte('\n')
	return buf.Bytes()
}

// writeJSONL writes a JSON value as JSON Lines: a list's elements each on
// a line, anything else on one.
func writeJSONL(w *bufio.Writer, src []byte) error {
	var line []byte
	if t := bytes.TrimSpace(src); len(t) > 0 && t[0] == '[' {
		return jsonscan.Elements(t, func(e []byte) error {
			line = appendLine(line[:0], e)
			_, err := w.Write(line)
			return err
		})
	}
	_, err := w.Write(appendLine(line, bytes.TrimSpace(src)))
	return err
}

// streamYAML writes each element as an item of a YAML sequence, the
// same text writeYAML gives for the whole list. A flat object (a promo
// code) is written by yamlItems, which makes no garbage per element; any
// other element is encoded by yaml.v3 a batch at a time (a YAML encoder
// is dear to make, and a sequence of items reads the same whole or in
// parts). A batch is bounded in items and in JSON bytes, and written
// before an error is returned or a flat item is written.
func streamYAML(w *bufio.Writer, l List) error {
	const batchItems, batchBytes = 16, 32 << 10
	n := 0
	var buf bytes.Buffer
	var items yamlItems
	var out []byte
	seq := &yaml.Node{Kind: yaml.SequenceNode}
	size := 0
	flush := func() error {
		if len(seq.Content) == 0 {
			return nil
		}
		buf.Reset()
		enc := yaml.NewEncoder(&buf)
		enc.SetIndent(2)
		if err := enc.Encode(seq); err != nil {
			return err
		}
		if err := enc.Close(); err != nil {
			return err
		}
		clear(seq.Content)
		seq.Content, size = seq.Content[:0], 0
		_, err := w.Write(buf.Bytes())
		return err
	}
	err := each(l, func(e []byte) error {
		var ok bool
		if out, ok = items.item(out[:0], e); ok {
			n++
			if err := flush(); err != nil {
				return err
			}
			_, err := w.Write(out)
			return err
		}
		dec := json.NewDecoder(bytes.NewReader(e))
		dec.UseNumber()
		item, err := yamlNode(dec)
		if err != nil {
			return i18n.NewError(0, "output.yaml", "Err", err)
		}
		n++
		seq.Content = append(seq.Content, item)
		if size += len(e); len(seq.Content) >= batchItems || size >= batchBytes {
			return flush()
		}
		return nil
	})
	if ferr := flush(); err == nil {
		err = ferr
	}
	if err == nil && n == 0 {
		_, err = w.WriteString("[]\n")
	}
	return err
}

// streamCSV writes the CSV rows as they come; the header goes out with
// the first row, or alone at the end of an empty list.
func streamCSV(w *bufio.Writer, l List, o Options) error {
	var line []byte
	headed := false
	head := func() error {
		if headed {
			return nil
		}
		headed = true
		// A list of unknown shape with no records has no columns: no
		// header line, rather than a blank one.
		if o.NoHeaders || len(l.CSVHeader) == 0 {
			return nil
		}
		h := l.CSVHeader
		if o.Terminal {
			h = safeRow(h)
		}
		_, err := w.Write(appendCSV(line[:0], h))
		return err
	}
	var safe []string
	err := l.CSVRows(func(row [][]byte) error {
		if err := head(); err != nil {
			return err
		}
		if o.Terminal {
			safe = safe[:0]
			for _, c := range row {
				safe = append(safe, termsafe.String(string(c)))
			}
			line = appendCSV(line[:0], safe)
		} else {
			line = appendCSV(line[:0], row)
		}
		_, err := w.Write(line)
		return err
	})
	if err == nil {
		err = head()
	}
	return err
}

func safeRow(row []string) []string {
	out := make([]string, len(row))
	for i, c := range row {
		out[i] = termsafe.String(c)
	}
	return out
}

// writeListTable collects the rows compactly in s, an empty store (a
// large table's rows in a temporary file), then draws them aligned as
// Write draws a grid (tablewriter below bulkRows, the same bytes above).
// s is closed when it returns.
func writeListTable(w *bufio.Writer, l List, o Options, s *rowStore) error {
	defer s.close()
	if sp := newSpeaker(o); sp != nil && l.Heads != nil {
		l = sp.list(l)
	}
	if err := l.Rows(func(row [][]byte) error { s.add(row); return nil }); err != nil {
		return err
	}
	if s.n == 0 && l.EmptyTable != nil {
		l.EmptyTable()
		return nil
	}
	header := l.Header
	if o.NoHeaders {
		header = nil
	}
	tone := func(rows [][]string) func(row, col int) Tone {
		if l.Tone == nil {
			return nil
		}
		return func(row, col int) Tone { return l.Tone(col, rows[row][col]) }
	}
	if s.n < bulkRows {
		rows, err := s.all()
		if err != nil {
			return err
		}
		g := Grid{Header: l.Header, Rows: rows, Columns: l.Columns}
		g.Tone = tone(g.Rows)
		g = fitGrid(g, o)
		if o.Color && g.Tone != nil {
			return writeToned(w, g, o.NoHeaders, newPalette(w))
		}
		return writeGrid(w, g, o.NoHeaders)
	}
	widths := slices.Clone(s.widths)
	for i, h := range header {
		if i >= len(widths) {
			widths = append(widths, 0)
		}
		widths[i] = max(widths[i], cellWidth(h))
	}
	ft := fitColumns(widths, l.Columns, o)
	if header != nil {
		header = fitRow(ft, header, nil)
	}
	var cellTone func(row, col int, c []byte) Tone
	var p *palette
	if o.Color && l.Tone != nil {
		p = newPalette(w)
		// A cell is made a string only to be toned: on a colour
		// terminal, where rows cost allocations anyway (painted cells).
		cellTone = func(_, col int, c []byte) Tone { return l.Tone(ft.keep[col], string(c)) }
	}
	var buf [][]byte
	return drawAligned(w, header, ft.widths, func(add func([][]byte) error) error {
		return s.each(func(r [][]byte) error {
			buf = fitRow(ft, r, buf)
			return add(buf)
		})
	}, cellTone, p)
}

// streamJQ runs the filter on each element as it is read (JQEach).
func streamJQ(w *bufio.Writer, l List, o Options) error {
	defer collectSooner(jqEachGC)()
	var d jqDecoder
	halted := false
	for !halted {
		e, err := next(l)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		v, err := d.value(e)
		if err != nil {
			return i18n.NewError(0, "output.filter", "Err", err)
		}
		if halted, err = runJQ(o.Context, w, o.JQEach, v, o.Terminal); err != nil {
			return err
		}
	}
	return nil
}

// jqEachGC is the GOGC a filter run per element runs with. gojq makes
// much garbage per element but keeps none from one to the next, so the
// live heap stays near 1 MB and is collected hundreds of times in a long
// list; at the default of 100 the collector now and then overshoots, and
// the more collections, the higher the worst of them: the peak memory of
// a list of 400,000 codes was up to a quarter above that of 10,000. At 25
// it is flat, for some 30% more time (docs/performance.md).
const jqEachGC = 25

// collectSooner lowers the garbage collector's GOGC to percent, unless it
// is lower already or off, and returns what puts it back. GOGC is the
// process's: two lists written at once (not something the command line
// does) could leave it lowered.
func collectSooner(percent int) (restore func()) {
	// SetGCPercent says what GOGC was: read it by setting it (not through
	// runtime/metrics, whose package initialiser every command would pay
	// at start-up). GOGC=off is -1.
	prev := debug.SetGCPercent(percent)
	if prev < 0 || prev <= percent {
		debug.SetGCPercent(prev) // the user's lower setting, or off, stays
		return func() {}
	}
	return func() { debug.SetGCPercent(prev) }
}

// holdJQ reads the whole list, decoded, and runs the filter on it: a
// filter that is not `.[] | f` may need every element at once. Its output
// is written only once it has run to the end, as Write does.
func holdJQ(w *bufio.Writer, l List, o Options) error {
	list := []any{}
	var d jqDecoder
	if err := each(l, func(e []byte) error {
		v, err := d.value(e)
		if err != nil {
			return i18n.NewError(0, "output.filter", "Err", err)
		}
		list = append(list, v)
		return nil
	}); err != nil {
		return err
	}
	var out bytes.Buffer
	if _, err := runJQ(o.Context, &out, o.JQ, list, o.Terminal); err != nil {
		return err
	}
	_, err := w.Write(out.Bytes())
	return err
}
