package browse

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
)

// styles are the view's colours, built on the first View with colour on:
// the 16 basic ANSI colours on a renderer of a fixed profile, so that
// nothing asks the terminal anything (internal/quietinit).
type styles struct {
	paint  output.Painter
	cursor lipgloss.Style
	head   lipgloss.Style
	bad    lipgloss.Style
}

func newStyles(w io.Writer) *styles {
	r := lipgloss.NewRenderer(w)
	r.SetColorProfile(termenv.ANSI)
	r.SetHasDarkBackground(true)
	return &styles{
		paint:  output.NewPainter(w),
		cursor: r.NewStyle().Reverse(true),
		head:   r.NewStyle().Bold(true),
		bad:    r.NewStyle().Foreground(lipgloss.Color("1")),
	}
}

// View draws the screen: a title, the table's header, the rows that fit
// (only those: the view costs the same for 100 codes or 100,000), the
// failures of the last action, a line for the filter, a question or the
// last outcome, and the status line.
func (m *Model) View() string {
	if m.cfg.Color && m.style == nil {
		m.style = newStyles(io.Discard)
	}
	var b strings.Builder
	switch m.mode {
	case modeHelp:
		m.viewHelp(&b)
		return b.String()
	case modeDetail:
		m.viewDetail(&b)
		return b.String()
	}
	m.line(&b, m.title(), nil)
	m.viewTable(&b)
	for _, f := range m.failureList() {
		m.line(&b, f, m.badStyle())
	}
	m.line(&b, m.message(), m.messageStyle())
	b.WriteString(cut(m.status(), m.width))
	return b.String()
}

// line writes s, cut to the width, in style st (nil: plain), and a new line.
func (m *Model) line(b *strings.Builder, s string, st *lipgloss.Style) {
	s = cut(s, m.width)
	if st != nil {
		s = st.Render(s)
	}
	b.WriteString(s)
	b.WriteByte('\n')
}

func (m *Model) badStyle() *lipgloss.Style {
	if m.style == nil {
		return nil
	}
	return &m.style.bad
}

func (m *Model) messageStyle() *lipgloss.Style {
	if m.bad && m.mode != modeFilter && m.mode != modeConfirm {
		return m.badStyle()
	}
	return nil
}

// title names the site, the order and the filter.
func (m *Model) title() string {
	msg := m.cfg.Msg
	t := msg.T("browse.title", "Site", m.cfg.Site)
	if m.sort != sortList {
		t += " · " + msg.T("browse.sorted."+m.sortName())
	}
	if len(m.query) > 0 && m.mode != modeFilter {
		t += " · " + msg.T("browse.filtered", "Text", string(m.query))
	}
	if m.loading {
		t += " · " + msg.T("browse.loading")
	}
	return t
}

func (m *Model) sortName() string {
	return [...]string{"list", "code", "status", "ends", "uses"}[m.sort]
}

// message is the line above the status line: the filter being typed, the
// question, or the last outcome.
func (m *Model) message() string {
	switch m.mode {
	case modeFilter:
		return "/" + string(m.query) + "█"
	case modeConfirm:
		return m.question()
	}
	return m.note
}

// status is the bottom line: a running action's progress, then shown,
// marked, on the site, and how to see the keys.
func (m *Model) status() string {
	msg := m.cfg.Msg
	s := msg.T("browse.status", "Shown", m.num(len(m.shown)), "Marked", m.num(m.nmarked),
		"Total", m.num(m.rows.Len()), "Site", m.cfg.Site)
	if m.mode == modeRunning {
		s = msg.T("browse.running."+string(m.action), "Done", m.num(m.done), "Total", m.num(m.total)) + " · " + s
	}
	return s
}

// num is a count as the language writes it: 100000, or 100 000 in
// Russian.
func (m *Model) num(n int) string { return i18n.Decimal(m.cfg.Msg.Lang(), float64(n), 0) }

// failureLines is how many lines the failures take.
func (m *Model) failureLines() int { return len(m.failureList()) }

// maxFailures is the most failures listed; the rest are counted.
const maxFailures = 5

// failureList is the lines above the message: the codes the last action
// did not act on (the first few, then how many more), and why the list
// could not be read again.
func (m *Model) failureList() []string {
	f := m.failures
	if len(f) > maxFailures {
		f = append(f[:maxFailures-1:maxFailures-1], m.cfg.Msg.N("browse.failures.more", len(f)-(maxFailures-1)))
	}
	if m.loadErr != "" {
		f = append(f[:len(f):len(f)], m.loadErr)
	}
	return f
}

// viewTable draws the header and the rows that fit, their columns as
// wide as the widest cell of the list (or of the rows drawn, in Russian)
// and dropped, least important first, to fit the width.
func (m *Model) viewTable(b *strings.Builder) {
	r := m.rows
	h := m.body()
	end := min(len(m.shown), m.top+h)
	header := make([]string, r.ncol)
	for i, hd := range r.header {
		var h output.Head
		if i < len(r.heads) {
			h = r.heads[i]
		}
		header[i] = m.table.Head(h, hd)
	}
	if col, desc := sortColumn(m.sort); col >= 0 {
		header[col] += map[bool]string{false: " ▲", true: " ▼"}[desc]
	}
	cells := make([][]string, 0, end-m.top)
	english := make([][]string, 0, end-m.top)
	for _, i := range m.shown[m.top:end] {
		row := make([]string, r.ncol)
		for c := range row {
			row[c] = string(r.cell(int(i), c))
		}
		english = append(english, row)
		row = m.table.Row(r.heads, row)
		cells = append(cells, row)
	}
	width := make([]int, r.ncol)
	for c := range width {
		width[c] = max(r.width[c], utf8.RuneCountInString(header[c]))
		for _, row := range cells {
			width[c] = max(width[c], utf8.RuneCountInString(row[c]))
		}
	}
	keep := m.fit(width)
	// The header, then each row behind a gutter: > the cursor, * a mark.
	var hl strings.Builder
	hl.WriteString("  ")
	m.cells(&hl, header, nil, width, keep, false)
	hs := cut(strings.TrimRight(hl.String(), " "), m.width)
	if m.style != nil {
		hs = m.style.head.Render(hs)
	}
	b.WriteString(hs)
	b.WriteByte('\n')
	for n, row := range cells {
		i := m.shown[m.top+n]
		at := m.top+n == m.cursor
		var l strings.Builder
		l.WriteString(map[bool]string{false: " ", true: ">"}[at])
		l.WriteString(map[bool]string{false: " ", true: "*"}[m.marked[i]])
		m.cells(&l, row, english[n], width, keep, at)
		s := strings.TrimRight(l.String(), " ")
		s = cut(s, m.width)
		if m.style != nil && at {
			s = m.style.cursor.Render(s)
		}
		b.WriteString(s)
		b.WriteByte('\n')
	}
	if len(m.shown) == 0 {
		m.line(b, m.empty(), nil)
		end++
	}
	for range h - (end - m.top) {
		b.WriteByte('\n')
	}
}

// empty is what an empty table says.
func (m *Model) empty() string {
	if len(m.query) > 0 {
		return m.cfg.Msg.T("browse.empty.filtered", "Text", string(m.query))
	}
	return m.cfg.Msg.T("browse.empty", "Site", m.cfg.Site)
}

// cells writes the kept columns of row padded to width; with colour, the
// status cells (by their English words, english) as tables colour them,
// except on the cursor's row, which is drawn reversed whole.
func (m *Model) cells(b *strings.Builder, row, english []string, width []int, keep []bool, cursor bool) {
	first := true
	for c, s := range row {
		if !keep[c] {
			continue
		}
		if !first {
			b.WriteString("  ")
		}
		first = false
		pad := width[c] - utf8.RuneCountInString(s)
		if m.style != nil && english != nil && !cursor {
			s = m.style.paint.Paint(m.rows.tone(c, english[c]), s)
		}
		b.WriteString(s)
		b.WriteString(strings.Repeat(" ", max(0, pad)))
	}
}

// fit says which columns are drawn: all that fit the width, dropping
// first those the promo list table drops first on a narrow terminal.
func (m *Model) fit(width []int) []bool {
	keep := make([]bool, len(width))
	total := 2 // the gutter
	for c := range keep {
		keep[c] = true
		total += width[c] + 2
	}
	for total > m.width {
		drop, pri := -1, 0
		for c, col := range m.rows.columns {
			if keep[c] && !col.Keep && col.Priority >= pri {
				drop, pri = c, col.Priority
			}
		}
		if drop < 0 {
			break
		}
		keep[drop] = false
		total -= width[drop] + 2
	}
	return keep
}

// viewHelp lists the keys.
func (m *Model) viewHelp(b *strings.Builder) {
	msg := m.cfg.Msg
	m.line(b, msg.T("browse.help.title"), nil)
	b.WriteByte('\n')
	for _, k := range m.keys.all() {
		m.line(b, "  "+pad(helpKeys(k), 16)+msg.T("browse.key."+k.Help().Desc), nil)
	}
	b.WriteByte('\n')
	m.line(b, msg.T("browse.help.back"), nil)
}

// viewDetail shows a code's record and statistics.
func (m *Model) viewDetail(b *strings.Builder) {
	msg := m.cfg.Msg
	if m.detail == nil {
		m.line(b, msg.T("browse.loading"), nil)
		return
	}
	page := max(1, m.height-2)
	end := min(len(m.detail), m.dtop+page)
	for _, l := range m.detail[m.dtop:end] {
		m.line(b, l, nil)
	}
	for range page - (end - m.dtop) {
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(cut(msg.T("browse.detail.back"), m.width))
}

// pad is s padded with spaces to n runes.
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(1, n-utf8.RuneCountInString(s)))
}

// cut is s cut to n cells of the terminal, its escapes kept.
func cut(s string, n int) string {
	if n <= 0 {
		return s
	}
	return ansi.Truncate(s, n, "")
}
