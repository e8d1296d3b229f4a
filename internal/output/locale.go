package output

// Locale shows a table's words, numbers and dates in a person's language
// (Options.Locale, ChartOptions.Locale). The views write tables in English
// and in promoctl's plain forms (2026-12-31 23:59, 10700.00, active, yes);
// a Locale rewrites them as they are drawn, by what each column or row
// holds, which its English header or key says. nil keeps them as they
// are. JSON, JSON Lines, YAML and CSV never go through it.
type Locale interface {
	// Header is a column's header, the key of a record's row ("Status:")
	// or a grid's or chart's title, in the person's language.
	Header(h string) string
	// Row is a row of a table whose English header is header, in the
	// person's words and forms: a new slice, row is left as it is.
	Row(header, row []string) []string
	// Value is the value of a record's row whose English key is key.
	Value(key, v string) string
	// English is a cell of column header as the view wrote it, so that
	// Tone reads the words it knows (a status).
	English(header, cell string) string
	// Day is a day of a chart's axis: 2026-07-01, or 07-01 without the year.
	Day(s string) string
}

// localizeGrid is g in l's words and forms. g.Tone keeps reading the
// view's rows, which are left as they are.
func localizeGrid(g Grid, l Locale) Grid {
	rows := make([][]string, len(g.Rows))
	for i, r := range g.Rows {
		if g.KeyValue && len(r) == 2 {
			rows[i] = []string{l.Header(r[0]), l.Value(r[0], r[1])}
			continue
		}
		rows[i] = l.Row(g.Header, r)
	}
	if g.Header != nil {
		h := make([]string, len(g.Header))
		for i, s := range g.Header {
			h[i] = l.Header(s)
		}
		g.Header = h
	}
	if g.Title != "" {
		g.Title = l.Header(g.Title)
	}
	g.Rows = rows
	return g
}

// localizeList is l with its table in loc's words and forms.
func localizeList(l List, loc Locale) List {
	header, rows, tone := l.Header, l.Rows, l.Tone
	if rows != nil {
		l.Rows = eachRowSaid(rows, func(cells []string) []string { return loc.Row(header, cells) })
	}
	if tone != nil {
		l.Tone = func(col int, cell string) Tone {
			if col < len(header) {
				cell = loc.English(header[col], cell)
			}
			return tone(col, cell)
		}
	}
	if header != nil {
		h := make([]string, len(header))
		for i, s := range header {
			h[i] = loc.Header(s)
		}
		l.Header = h
	}
	return l
}
