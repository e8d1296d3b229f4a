package browse

import (
	"bytes"
	"context"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
)

// Action is what e, d and x do to the marked codes.
type Action string

// The actions.
const (
	Enable  Action = "enable"
	Disable Action = "disable"
	Delete  Action = "delete"
)

// Target is a promo code an action is for.
type Target struct {
	ID   int64
	Code string // as the table shows it
}

// Outcome is what an action did, said in the run's language by the
// caller: the summary for the status line and a line for each code that
// was not acted on; Err when the job could not run or stopped.
type Outcome struct {
	Summary  string
	Failures []string
	Err      error
}

// Config is what the view needs from its caller.
type Config struct {
	Site int64
	Msg  *i18n.Printer // the run's language: the table's too
	// Currency is the site's, for the discounts in money of a table in
	// a language other than English (output.Options.Currency).
	Currency string
	Color    bool // status colours and the cursor's bar
	// Context is the run's: loads and details stop with it, and it is
	// the parent of each action's.
	Context context.Context
	// Load reads the site's list again (r, and after every action).
	Load func(ctx context.Context) (*Rows, error)
	// Act runs an action on the bulk engine, calling progress as codes
	// are done; cancelling ctx (Ctrl-C) stops it as Ctrl-C stops a job.
	Act func(ctx context.Context, a Action, targets []Target, progress func(done, total int)) Outcome
	// Detail is a code's record and statistics as text (enter).
	Detail func(ctx context.Context, id int64) (string, error)
	// Say is an error in the run's language; nil: its Error().
	Say func(error) string
}

// mode is what the keys do now.
type mode int

const (
	modeList    mode = iota
	modeFilter       // typing the filter
	modeConfirm      // asking before an action
	modeRunning      // an action runs
	modeHelp         // the keys
	modeDetail       // a code's record
)

// Model is the view: bubbletea's tea.Model.
type Model struct {
	cfg   Config
	keys  keyMap
	rows  *Rows
	table *output.Speaker // the table in cfg.Msg's language; nil for English

	width, height int

	sort   sortMode
	orders [sortModes][]int32 // each order, made on first use
	query  []byte             // the filter, in lower case
	shown  []int32            // the rows shown, in order
	cursor int                // in shown
	top    int                // the first row drawn, in shown

	marked  []bool // by row
	nmarked int

	mode    mode
	action  Action   // asked or running
	targets []Target // of the action
	already int      // codes the action leaves as they are
	done    int      // progress of the running action
	total   int
	cancel  context.CancelFunc
	events  chan tea.Msg // the running action's progress

	loading  bool
	note     string    // the last outcome or error, in the status area
	bad      bool      // note is an error
	failures []string  // codes the last action did not act on
	loadErr  string    // why the list could not be read again
	outcomes []Outcome // of every action, in order (Outcomes)
	detail   []string  // modeDetail's lines
	dtop     int
	style    *styles // colours, built on the first View with colour on
}

// New is the view of rows (the list read before the screen opens).
func New(cfg Config, rows *Rows) *Model {
	if cfg.Context == nil {
		cfg.Context = context.Background()
	}
	if cfg.Msg == nil {
		cfg.Msg = i18n.New(i18n.English) // one Printer: it reads the catalogs once
	}
	m := &Model{cfg: cfg, keys: newKeyMap(), width: 80, height: 24, table: output.NewSpeaker(cfg.Msg, cfg.Currency)}
	m.setRows(rows)
	return m
}

// setRows shows rows in place of the current ones, keeping the marks and
// the cursor on the codes (by id) that are still there.
func (m *Model) setRows(rows *Rows) {
	var keep map[int64]bool
	if m.rows != nil && m.nmarked > 0 {
		keep = make(map[int64]bool, m.nmarked)
		for i, on := range m.marked {
			if on {
				keep[m.rows.ids[i]] = true
			}
		}
	}
	at := int64(-1)
	if m.rows != nil && m.cursor < len(m.shown) {
		at = m.rows.ids[m.shown[m.cursor]]
	}
	m.rows, m.orders = rows, [sortModes][]int32{}
	m.marked, m.nmarked = make([]bool, rows.Len()), 0
	for i, id := range rows.ids {
		if keep[id] {
			m.marked[i] = true
			m.nmarked++
		}
	}
	m.refilter(false)
	m.cursor = 0
	if at >= 0 {
		for i, r := range m.shown {
			if rows.ids[r] == at {
				m.cursor = i
				break
			}
		}
	}
	m.scroll()
}

// Init starts nothing: the list is read before the view opens.
func (m *Model) Init() tea.Cmd { return nil }

// order is the rows in the current sort.
func (m *Model) order() []int32 {
	if m.orders[m.sort] == nil {
		m.orders[m.sort] = m.rows.order(m.sort)
	}
	return m.orders[m.sort]
}

// refilter works out the rows shown. narrower says the query only grew,
// so that only the rows shown need looking at again.
func (m *Model) refilter(narrower bool) {
	src := m.order()
	if narrower {
		src = m.shown
	}
	if len(m.query) == 0 {
		m.shown = append(m.shown[:0:0], src...)
		return
	}
	out := make([]int32, 0, len(src))
	for _, i := range src {
		if bytes.Contains(m.rows.code(int(i)), m.query) {
			out = append(out, i)
		}
	}
	m.shown = out
}

// body is how many rows fit: the screen less the title, the header, the
// failures and the two lines at the bottom.
func (m *Model) body() int {
	return max(1, m.height-4-m.failureLines())
}

// scroll keeps the cursor in the shown rows and on the screen.
func (m *Model) scroll() {
	m.cursor = max(0, min(m.cursor, len(m.shown)-1))
	h := m.body()
	if m.cursor < m.top {
		m.top = m.cursor
	}
	if m.cursor >= m.top+h {
		m.top = m.cursor - h + 1
	}
	m.top = max(0, min(m.top, len(m.shown)-h))
}

// Messages the model gets from its commands.
type (
	loadedMsg struct {
		rows *Rows
		err  error
	}
	progressMsg struct{ done, total int }
	actedMsg    struct{ out Outcome }
	detailMsg   struct {
		text string
		err  error
	}
)

// Update handles a key, a resize or a command's message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.scroll()
		return m, nil
	case loadedMsg:
		m.loading = false
		if msg.err != nil {
			// The rows are kept, and the outcome said before it.
			m.loadErr = m.errText(msg.err)
			m.scroll()
			return m, nil
		}
		m.loadErr = ""
		m.setRows(msg.rows)
		return m, nil
	case progressMsg:
		m.done, m.total = msg.done, msg.total
		return m, m.listen()
	case actedMsg:
		return m, m.acted(msg.out)
	case detailMsg:
		if msg.err != nil {
			m.mode = modeList
			m.say(m.errText(msg.err), true)
			return m, nil
		}
		m.detail, m.dtop = strings.Split(strings.TrimRight(msg.text, "\n"), "\n"), 0
		return m, nil
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// key handles a key in the current mode. Keys typed fast come as one
// message of several runes: each is a key of its own ("/sum" filters).
func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 {
		cmds := make([]tea.Cmd, len(k.Runes))
		for i, r := range k.Runes {
			cmds[i] = m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt})
		}
		return tea.Batch(cmds...)
	}
	switch m.mode {
	case modeFilter:
		return m.filterKey(k)
	case modeConfirm:
		if slices.Contains(strings.Fields(m.cfg.Msg.T("browse.yes_keys")), k.String()) {
			return m.run()
		}
		m.mode, m.targets = modeList, nil
		m.say(m.cfg.Msg.T("browse.cancelled"), false)
		return nil
	case modeRunning:
		if k.String() == "ctrl+c" && m.cancel != nil {
			m.cancel() // the job stops as after Ctrl-C; its outcome follows
			m.say(m.cfg.Msg.T("browse.stopping"), false)
		}
		return nil
	case modeHelp:
		if k.String() == "ctrl+c" {
			return tea.Quit
		}
		m.mode = modeList
		return nil
	case modeDetail:
		return m.detailKey(k)
	}
	return m.listKey(k)
}

// listKey handles a key of the list.
func (m *Model) listKey(k tea.KeyMsg) tea.Cmd {
	ks := m.keys
	switch {
	case key.Matches(k, ks.Quit):
		return tea.Quit
	case k.Type == tea.KeyEsc:
		m.failures, m.note, m.loadErr = nil, "", ""
		if len(m.query) > 0 {
			m.query = nil
			m.refilter(false)
			m.scroll()
		}
	case m.move(k):
	case key.Matches(k, ks.Filter):
		m.mode = modeFilter
	case key.Matches(k, ks.Sort):
		m.sort = (m.sort + 1) % sortModes
		m.refilter(false)
		m.cursor, m.top = 0, 0
	case key.Matches(k, ks.Mark):
		if len(m.shown) > 0 {
			m.toggle(int(m.shown[m.cursor]))
			if m.cursor < len(m.shown)-1 {
				m.cursor++
				m.scroll()
			}
		}
	case key.Matches(k, ks.MarkAll):
		m.markShown()
	case key.Matches(k, ks.Enable):
		m.ask(Enable)
	case key.Matches(k, ks.Disable):
		m.ask(Disable)
	case key.Matches(k, ks.Delete):
		m.ask(Delete)
	case key.Matches(k, ks.Open):
		return m.open()
	case key.Matches(k, ks.Reload):
		return m.reload()
	case key.Matches(k, ks.Help):
		m.mode = modeHelp
	}
	return nil
}

// move handles the keys that move the cursor, and reports whether k was
// one.
func (m *Model) move(k tea.KeyMsg) bool {
	ks := m.keys
	switch {
	case key.Matches(k, ks.Up):
		m.cursor--
	case key.Matches(k, ks.Down):
		m.cursor++
	case key.Matches(k, ks.PageUp):
		m.cursor -= m.body()
		m.top -= m.body()
	case key.Matches(k, ks.PageDown):
		m.cursor += m.body()
		m.top += m.body()
	case key.Matches(k, ks.Home):
		m.cursor = 0
	case key.Matches(k, ks.End):
		m.cursor = len(m.shown) - 1
	default:
		return false
	}
	m.top = max(0, m.top)
	m.scroll()
	return true
}

// filterKey handles a key while the filter is typed: letters and digits
// go to it, enter keeps it, esc clears it; the cursor keys still move.
func (m *Model) filterKey(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyCtrlC:
		return tea.Quit
	case tea.KeyEsc:
		m.mode, m.query = modeList, nil
		m.refilter(false)
	case tea.KeyEnter:
		m.mode = modeList
		return nil
	case tea.KeyBackspace:
		if len(m.query) > 0 {
			m.query = m.query[:len(m.query)-1]
			m.refilter(false)
		}
	case tea.KeyRunes, tea.KeySpace:
		for _, r := range k.Runes {
			m.query = append(m.query, strings.ToLower(string(r))...)
		}
		m.refilter(true)
	default:
		m.move(k)
		return nil
	}
	m.cursor, m.top = 0, 0
	m.scroll()
	return nil
}

// toggle marks row i, or unmarks it.
func (m *Model) toggle(i int) {
	m.marked[i] = !m.marked[i]
	if m.marked[i] {
		m.nmarked++
	} else {
		m.nmarked--
	}
}

// markShown marks every code shown; when all of them are marked already,
// it unmarks them.
func (m *Model) markShown() {
	all := true
	for _, i := range m.shown {
		if !m.marked[i] {
			all = false
			break
		}
	}
	for _, i := range m.shown {
		if m.marked[i] == all {
			m.toggle(int(i))
		}
	}
}

// say puts a line in the status area.
func (m *Model) say(s string, bad bool) { m.note, m.bad = s, bad }

// errText is err in the run's language.
func (m *Model) errText(err error) string {
	if m.cfg.Say != nil {
		return m.cfg.Say(err)
	}
	return err.Error()
}
