package output

import (
	"strconv"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

// Cell is what the cells of a column (or of a record's row) hold, as the
// view that wrote them declares it (Head), so that a table says them in a
// person's language by what they are, never by reading its English back.
type Cell uint8

// The kinds of cells.
const (
	// CellText is said as it is: a code, a name, an id.
	CellText Cell = iota
	// CellWord is a word of the catalog, word.<cell>: a status (active),
	// yes or no, goods or delivery, an action of a plan (create).
	CellWord
	// CellAmount is a discount: 500.00 in the site's currency
	// (Options.Currency), or 10% with its percent sign.
	CellAmount
	// CellNumber is a number: 1.25.
	CellNumber
	// CellMoney is a sum in the currency of the row's CellCurrency
	// column, else the site's: 10700.00; or "3500.00 RUB".
	CellMoney
	// CellCurrency is the row's currency, an ISO code, shown as it is.
	CellCurrency
	// CellDateTime is a moment to the minute, 2026-12-31 23:59, or a day.
	CellDateTime
	// CellDay is a day (2026-12-31), a day without its year (12-31) or
	// a month (2026-12).
	CellDay
)

// Head is a column's header, or a record row's key, as it arises in a
// view: a catalog id (table.code) and what its cells hold. A view that
// declares its heads (Grid.Heads, List.Heads) has its table said in the
// run's language (Options.Say) from them.
type Head struct {
	ID   string
	Cell Cell
	// Said, when set, is a record's value that is a message (3 more):
	// its cell is the message said in the language.
	Said i18n.Message
}

// English are the headers of heads in English, from the English catalog:
// a column's upper-cased (ORDER TOTAL), a record's key with its colon
// (Order total:) when key is set.
func English(heads []Head, key bool) []string {
	en := i18n.New(i18n.English)
	out := make([]string, len(heads))
	for i, h := range heads {
		out[i] = headText(en, h, key)
	}
	return out
}

// headText is h's header in p's language: upper-cased for a column, with
// a colon for a record's key.
func headText(p *i18n.Printer, h Head, key bool) string {
	s := p.T(h.ID)
	if key {
		return s + ":"
	}
	return strings.ToUpper(s)
}

// speaker says a declared table in a language other than English, whose
// tables the views write as they are: headers from the catalog, cells by
// their Cell. It remembers the words it has said, both ways (Tone reads
// the English word of a said one).
type speaker struct {
	p        *i18n.Printer
	currency string
	words    map[string]string // said word by the view's
	back     map[string]string // the view's word by the said one
}

// newSpeaker is o's speaker, nil for English (or no language given).
func newSpeaker(o Options) *speaker {
	if o.Say == nil || o.Say.Lang() == i18n.English {
		return nil
	}
	return &speaker{p: o.Say, currency: o.Currency, words: map[string]string{}, back: map[string]string{}}
}

// head is h's header in the language; english when the catalog has no
// such id in it.
func (s *speaker) head(h Head, english string, key bool) string {
	if h.ID == "" || !s.p.Has(h.ID) {
		return english
	}
	return headText(s.p, h, key)
}

// word is w in the language (word.<w>), or w when the catalog has none.
func (s *speaker) word(w string) string {
	if said, ok := s.words[w]; ok {
		return said
	}
	said := w
	if id := "word." + w; w != "" && s.p.Has(id) {
		said = s.p.T(id)
	}
	s.words[w], s.back[said] = said, w
	return said
}

// english is a said cell as the view wrote it.
func (s *speaker) english(cell string) string {
	if w, ok := s.back[cell]; ok {
		return w
	}
	return cell
}

// row is a row of a table with heads in the language: a new slice.
func (s *speaker) row(heads []Head, row []string) []string {
	currency := ""
	for i, h := range heads {
		if h.Cell == CellCurrency && i < len(row) {
			currency = row[i]
		}
	}
	out := make([]string, len(row))
	for i, c := range row {
		k := CellText
		if i < len(heads) {
			k = heads[i].Cell
		}
		out[i] = s.cell(k, c, currency)
	}
	return out
}

// cell is a cell of kind k in the language; currency is its row's.
func (s *speaker) cell(k Cell, c, currency string) string {
	switch k {
	case CellWord:
		return s.word(c)
	case CellAmount:
		if n, ok := strings.CutSuffix(c, "%"); ok {
			if v, ok := number(n); ok {
				return s.p.Amount(v, true)
			}
			return c
		}
		return s.money(c, s.currency)
	case CellNumber:
		if v, ok := number(c); ok {
			return s.p.Decimal(v)
		}
	case CellMoney:
		if amount, cur, ok := strings.Cut(c, " "); ok && !strings.Contains(cur, " ") {
			c, currency = amount, cur // "3500.00 RUB": the currency after the amount
		}
		if currency == "" || currency == "-" {
			currency = s.currency // a row without one: the site's
		}
		return s.money(c, currency)
	case CellDateTime:
		if t, err := time.Parse("2006-01-02 15:04", c); err == nil {
			return s.p.DateTime(t, time.UTC)
		}
		return s.p.Day(c)
	case CellDay:
		return s.p.Day(c)
	}
	return c
}

// money is an amount (10700.00) in the language's form with two
// decimals and currency's symbol after it: 10 700,00 ₽.
func (s *speaker) money(c, currency string) string {
	v, ok := number(c)
	if !ok {
		return c
	}
	said := s.p.Amount(v, false)
	if sym := i18n.CurrencySymbol(currency); sym != "" {
		said += "\u00a0" + sym
	}
	return said
}

// number reads a number as the views write it (10700.00); anything else
// (-, none) is not one.
func number(s string) (float64, bool) {
	if strings.ContainsAny(s, "eEnNxX_") {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// sayGrid is g, whose heads are declared, in s's language: the rows said
// by their heads' cells (a record's: each row by its own head), the
// headers from the catalog. g.Tone keeps reading the view's rows.
func (s *speaker) grid(g Grid) Grid {
	rows := make([][]string, len(g.Rows))
	for i, r := range g.Rows {
		if g.KeyValue && len(r) == 2 && i < len(g.Heads) {
			h := g.Heads[i]
			v := s.cell(h.Cell, r[1], "")
			if h.Said.ID != "" {
				v = s.p.Say(h.Said)
			}
			rows[i] = []string{s.head(h, r[0], true), v}
			continue
		}
		rows[i] = s.row(g.Heads, r)
	}
	g.Rows = rows
	if !g.KeyValue && g.Header != nil {
		h := make([]string, len(g.Header))
		for i, en := range g.Header {
			h[i] = en
			if i < len(g.Heads) {
				h[i] = s.head(g.Heads[i], en, false)
			}
		}
		g.Header = h
	}
	if g.TitleID != "" {
		g.Title = s.p.T(g.TitleID)
	}
	return g
}

// list is l, whose heads are declared, in s's language (as grid).
func (s *speaker) list(l List) List {
	heads, rows, tone := l.Heads, l.Rows, l.Tone
	if rows != nil {
		l.Rows = eachRowSaid(rows, func(cells []string) []string { return s.row(heads, cells) })
	}
	if tone != nil {
		l.Tone = func(col int, cell string) Tone { return tone(col, s.english(cell)) }
	}
	if l.Header != nil {
		h := make([]string, len(l.Header))
		for i, en := range l.Header {
			h[i] = en
			if i < len(heads) {
				h[i] = s.head(heads[i], en, false)
			}
		}
		l.Header = h
	}
	return l
}

// eachRowSaid is rows with each row's cells given by say, which reads the
// cells as text; the buffers are reused from row to row, as a streamed
// list's rows are written before the next is read.
func eachRowSaid(rows func(add func([][]byte) error) error, say func([]string) []string) func(add func([][]byte) error) error {
	var cells []string
	var out [][]byte
	return func(add func([][]byte) error) error {
		return rows(func(r [][]byte) error {
			cells = cells[:0]
			for _, c := range r {
				cells = append(cells, string(c))
			}
			out = out[:0]
			for _, c := range say(cells) {
				out = append(out, []byte(c))
			}
			return add(out)
		})
	}
}

// Speaker says, outside Write, the headers and cells of a table whose
// heads are declared in a language other than English: for a view that
// draws its own table (promo browse). A nil Speaker (English) says them
// as they are.
type Speaker struct{ s *speaker }

// NewSpeaker is the speaker of p's language, amounts of money whose row
// names no currency in currency (Options.Currency); nil for English.
func NewSpeaker(p *i18n.Printer, currency string) *Speaker {
	s := newSpeaker(Options{Say: p, Currency: currency})
	if s == nil {
		return nil
	}
	return &Speaker{s: s}
}

// Head is a column's header h in the language, english when the catalog
// has none.
func (sp *Speaker) Head(h Head, english string) string {
	if sp == nil {
		return english
	}
	return sp.s.head(h, english, false)
}

// Row is row, whose cells heads says what they hold, in the language.
func (sp *Speaker) Row(heads []Head, row []string) []string {
	if sp == nil {
		return row
	}
	return sp.s.row(heads, row)
}
