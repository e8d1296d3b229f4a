// Package output renders a command's data as a table, JSON, YAML or CSV,
// or filters it with a jq expression, and makes text from the server safe
// for a terminal. A view (internal/view) describes the data once (its JSON
// and how to build a table and CSV rows from it) and this package does the
// rest, so every command supports every format the same way. It knows no
// API and no domain: only Data, Grid and the formats.
package output

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"slices"
	"time"

	"github.com/itchyny/gojq"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// CompileJQ parses and compiles a --jq expression, so that a bad one is
// reported before any request is sent.
func CompileJQ(expr string) (*gojq.Code, error) {
	q, err := gojq.Parse(expr)
	if err != nil {
		return nil, i18n.NewError(2, "output.jq_invalid", "Err", err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		return nil, i18n.NewError(2, "output.jq_invalid", "Err", err)
	}
	return code, nil
}

// Options say how to render.
type Options struct {
	Format format.Format
	JQ     *gojq.Code // when set, the JSON is filtered and each result printed
	// JQEach, when set, is JQ as run on each element of a list (JQ has
	// the form `.[] | f`: CompileJQEach): a List is then filtered as it
	// is read.
	JQEach    *gojq.Code
	NoHeaders bool
	// Color colours the status cells of tables (Grid.Tone). The caller
	// decides it (iostreams.ColorEnabled); this package never looks at the
	// terminal or the environment.
	Color bool
	// Context, when set, cancels a long --jq filter (Ctrl-C).
	Context context.Context
	// Terminal says stdout is a terminal: JSON is then indented for
	// reading, and raw text that is not a table (CSV cells, --jq strings)
	// is made terminal-safe too. Piped, JSON is written as it came and
	// text is left exactly as the server sent it.
	Terminal bool
	// Width, when above 0, is the terminal's width: a table (not wide)
	// drops or shortens its least important columns to fit it (Column).
	// 0 means no limit: tables off a terminal are never cut.
	Width int
	// Loc is the time zone of a workbook's dates (-o xlsx); nil is
	// time.Local.
	Loc *time.Location
	// Say is the language a person reads tables in (nil: English): the
	// tables whose heads are declared (Grid.Heads, List.Heads) are said in
	// it, their headers from the catalog and their cells by what they hold
	// (Cell). Other formats never use it.
	Say *i18n.Printer
	// Currency is the site's currency (an ISO code), for amounts of
	// money in a table whose row names none: a promo code's discount.
	Currency string
	// Printers is the table of formats Format names; nil is Printers().
	Printers []Printer
}

// Grid is a block of text cells: a header and rows. KeyValue grids are a
// record's fields, one per row, with the field names in the first column.
type Grid struct {
	Header []string
	// Heads, when set, are the catalog ids of the columns' headers (of a
	// KeyValue grid: of each row's key) with what their cells hold: the
	// table is said in Options.Say's language from them. Header (or the
	// keys) are their English.
	Heads    []Head
	Rows     [][]string
	KeyValue bool
	// Title, when set, is a line above the grid naming a section of a
	// record ("Images"); --no-headers drops it with the header.
	Title string
	// TitleID, when set, is Title's catalog id, said in Options.Say's
	// language.
	TitleID string
	// Summary marks a grid that sums up the ones before it (totals):
	// --no-headers drops it with the headers, leaving only the data rows.
	Summary bool
	// Tone, when set, names the status cells and how to colour them when
	// Options.Color is on; row indexes Rows. Colour is added after a cell
	// is made terminal-safe, measured and padded, so it never shifts a
	// column.
	Tone func(row, col int) Tone
	// Columns, when set, say for each column how it gives way on a narrow
	// terminal, and which are shown only with -o wide.
	Columns []Column
	// Kinds, when set, say what each column of a CSV grid holds, so that
	// a workbook (-o xlsx) types its cells; a column without one is text.
	Kinds []Kind
	// CurrencyColumn is 1 + the index of the column of a CSV grid that
	// holds each row's currency (an ISO code), whose KindMoney cells a
	// workbook formats with it; 0 for none.
	CurrencyColumn int
	// Footer are rows a workbook adds after the CSV grid's rows, a blank
	// row apart and outside its filter: the totals per currency of a
	// report. CSV has the rows alone.
	Footer [][]string
}

// Data is what a command has to show.
type Data struct {
	// JSON is the data with the API's field names, for json, yaml and --jq.
	// It is checked to be valid JSON before any of it is printed.
	JSON json.RawMessage
	// Tables builds the human view: one or more grids, shown one after the
	// other with a blank line between. Cells from the server must already be
	// terminal-safe; Text does that.
	Tables func() ([]Grid, error)
	// CSV builds the CSV view: a header and rows of plain values.
	CSV func() (Grid, error)
}

// Write renders d to w. Anything that can fail other than writing (decoding,
// building rows) is done before the first byte is written, so a failed
// command leaves stdout empty.
func Write(w io.Writer, d Data, o Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := write(bw, d, o); err != nil {
		return err
	}
	return bw.Flush()
}

func write(w *bufio.Writer, d Data, o Options) error {
	p := printer(o, o.Format)
	if p.Name.IsTable() && d.Tables == nil {
		p = printer(o, format.JSON) // data with no table form is shown as JSON
	}
	if o.JQ != nil || p.WholeJSON || d.Tables == nil {
		// The JSON is printed or parsed as a whole: check it first. (A
		// large promo list reaches here checked only for its shape.)
		if err := jsonscan.Check(d.JSON); err != nil {
			return i18n.NewError(0, "output.unexpected_response", "Err", err)
		}
	}
	if o.JQ != nil {
		return writeJQ(o.Context, w, d.JSON, o.JQ, o.Terminal)
	}
	return p.Data(w, d, o)
}

// writeTables draws the table formats: each grid in turn, a blank line
// apart.
func writeTables(w *bufio.Writer, d Data, o Options) error {
	gs, err := d.Tables()
	if err != nil {
		return err
	}
	if o.NoHeaders {
		gs = slices.DeleteFunc(gs, func(g Grid) bool { return g.Summary })
	}
	var p *palette
	for i, g := range gs {
		if i > 0 {
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
		}
		if sp := newSpeaker(o); sp != nil && g.Heads != nil {
			g = sp.grid(g)
		}
		if g.Title != "" && !o.NoHeaders {
			w.WriteString(g.Title)
			w.WriteString(":\n")
		}
		if !g.KeyValue {
			g = fitGrid(g, o)
		}
		if o.Color && g.Tone != nil {
			if p == nil {
				p = newPalette(w)
			}
			if err := writeToned(w, g, o.NoHeaders, p); err != nil {
				return err
			}
			continue
		}
		if err := writeGrid(w, g, o.NoHeaders); err != nil {
			return err
		}
	}
	return nil
}

// safeGrid returns g with every cell made terminal-safe.
func safeGrid(g Grid) Grid {
	safe := func(row []string) []string {
		out := make([]string, len(row))
		for i, c := range row {
			out[i] = termsafe.String(c)
		}
		return out
	}
	g.Header = safe(g.Header)
	rows := make([][]string, len(g.Rows))
	for i, r := range g.Rows {
		rows[i] = safe(r)
	}
	g.Rows = rows
	return g
}
