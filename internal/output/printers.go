package output

import (
	"bufio"
	"slices"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// Printer is a row of the table of output formats (kubectl's printers):
// the format as people are told of it and its renderer, of a whole Data
// (Write) and of a List as it is read (WriteList). Adding a format is a
// row of Printers and its two functions; the flag's help, completion,
// `config set`'s check and the messages read the names from the table.
type Printer struct {
	format.Spec
	// WholeJSON says Data's JSON is printed or parsed as a whole: it is
	// checked before anything is written.
	WholeJSON bool
	// Data renders a command's data; called only when the data has the
	// form the printer needs (a table format is given Data with Tables).
	Data func(w *bufio.Writer, d Data, o Options) error
	// List renders a list as it is read (see WriteList).
	List func(w *bufio.Writer, l List, o Options) error
}

// Printers is the table of output formats, in the order they are listed.
// A run may add rows to it (Options.Printers); nothing here keeps state.
func Printers() []Printer {
	table := Printer{Data: writeTables, List: func(w *bufio.Writer, l List, o Options) error { return writeListTable(w, l, o, &rowStore{}) }}
	wide := table
	table.Spec = format.Spec{Name: format.Table, Description: "aligned columns for people (default)"}
	wide.Spec = format.Spec{Name: format.Wide, Description: "a table with every column, none cut to fit the terminal"}
	return []Printer{
		table,
		wide,
		{Spec: format.Spec{Name: format.JSON, Description: "the API's JSON, for scripts and --jq", ErrorsAsJSON: true}, WholeJSON: true,
			Data: writeJSON, List: func(w *bufio.Writer, l List, o Options) error { return streamJSON(w, l, o.Terminal) }},
		{Spec: format.Spec{Name: format.JSONL, Description: "one JSON object a line, written as the list arrives", ErrorsAsJSON: true}, WholeJSON: true,
			Data: func(w *bufio.Writer, d Data, _ Options) error { return writeJSONL(w, d.JSON) }, List: streamJSONL},
		{Spec: format.Spec{Name: format.YAML, Description: "the API's fields as YAML"}, WholeJSON: true,
			Data: func(w *bufio.Writer, d Data, _ Options) error { return writeYAML(w, d.JSON) },
			List: func(w *bufio.Writer, l List, _ Options) error { return streamYAML(w, l) }},
		{Spec: format.Spec{Name: format.CSV, Description: "comma-separated values with a header row"},
			Data: csvData, List: csvList},
		{Spec: format.Spec{Name: format.XLSX, Description: "an Excel workbook with typed cells (redirect it to a file)"},
			Data: xlsxData, List: xlsxList},
	}
}

// Formats is the set of formats of printers (nil: Printers()), for the
// settings, help and completion.
func Formats(printers []Printer) format.Set {
	if printers == nil {
		printers = Printers()
	}
	out := make(format.Set, len(printers))
	for i, p := range printers {
		out[i] = p.Spec
	}
	return out
}

// printer is the row of f in o's table (Printers when o has none); the
// table's for a format it lacks (none: f was checked when parsed).
func printer(o Options, f format.Format) Printer {
	ps := o.Printers
	if ps == nil {
		ps = Printers()
	}
	if i := slices.IndexFunc(ps, func(p Printer) bool { return p.Name == f }); i >= 0 {
		return ps[i]
	}
	if f != format.Table {
		return printer(Options{Printers: ps}, format.Table)
	}
	return Printers()[0]
}

// writeJSON writes the JSON: piped, as it came, like gh api (the server's
// bytes unchanged, which scripts and jq read fastest); on a terminal,
// indented.
func writeJSON(w *bufio.Writer, d Data, o Options) error {
	if !o.Terminal {
		w.Write(d.JSON)
		return w.WriteByte('\n')
	}
	return writeIndentedJSON(w, d.JSON)
}

// streamJSONL writes each element on a line of its own.
func streamJSONL(w *bufio.Writer, l List, _ Options) error {
	var line []byte
	return each(l, func(e []byte) error {
		line = appendLine(line[:0], e)
		_, err := w.Write(line)
		return err
	})
}

func csvData(w *bufio.Writer, d Data, o Options) error {
	if d.CSV == nil {
		return i18n.NewError(2, "output.no_csv")
	}
	g, err := d.CSV()
	if err != nil {
		return err
	}
	if o.Terminal {
		g = safeGrid(g)
	}
	return writeCSV(w, g, o.NoHeaders)
}

func csvList(w *bufio.Writer, l List, o Options) error {
	if l.CSVRows == nil {
		return i18n.NewError(2, "output.no_csv")
	}
	return streamCSV(w, l, o)
}

func xlsxData(w *bufio.Writer, d Data, o Options) error {
	if d.CSV == nil {
		return i18n.NewError(2, "output.no_xlsx")
	}
	g, err := d.CSV()
	if err != nil {
		return err
	}
	return writeXLSX(w, g, o)
}

func xlsxList(w *bufio.Writer, l List, o Options) error {
	if l.CSVRows == nil {
		return i18n.NewError(2, "output.no_xlsx")
	}
	return streamXLSX(w, l, o)
}
