package browse

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"
)

// ask starts the question before action a on the marked codes, or the
// one under the cursor when none is marked. Enabling what is enabled, or
// disabling what is disabled, changes nothing: such codes are counted
// and left alone.
func (m *Model) ask(a Action) {
	var rows []int
	if m.nmarked > 0 {
		for i, on := range m.marked {
			if on {
				rows = append(rows, i)
			}
		}
	} else if len(m.shown) > 0 {
		rows = append(rows, int(m.shown[m.cursor]))
	}
	m.targets, m.already, m.failures = nil, 0, nil
	for _, i := range rows {
		if a != Delete && m.rows.enabled[i] == (a == Enable) {
			m.already++
			continue
		}
		m.targets = append(m.targets, Target{ID: m.rows.ids[i], Code: string(m.rows.cell(i, 1))})
	}
	msg := m.cfg.Msg
	if len(m.targets) == 0 {
		if m.already > 0 {
			m.say(msg.N("browse.nothing."+string(a), m.already), false)
		}
		return
	}
	m.action, m.mode = a, modeConfirm
	m.note, m.bad = "", false
}

// question is the confirmation asked in the status area.
func (m *Model) question() string {
	msg := m.cfg.Msg
	q := msg.N("browse.ask."+string(m.action), len(m.targets), "Site", m.cfg.Site)
	if m.already > 0 {
		q += " " + msg.N("browse.ask.already."+string(m.action), m.already)
	}
	return q + " " + msg.T("browse.ask.yes_no")
}

// run starts the confirmed action: the caller's job runs in a command of
// its own, and its progress comes back through events, one message at a
// time (listen).
func (m *Model) run() tea.Cmd {
	ctx, cancel := context.WithCancel(m.cfg.Context)
	m.mode, m.cancel = modeRunning, cancel
	m.done, m.total = 0, len(m.targets)
	events := make(chan tea.Msg, 1)
	m.events = events
	a, targets, act := m.action, m.targets, m.cfg.Act
	job := func() tea.Msg {
		out := act(ctx, a, targets, func(done, total int) {
			// The newest progress replaces one not yet drawn: the job
			// never waits for the screen.
			select {
			case <-events:
			default:
			}
			select {
			case events <- progressMsg{done, total}:
			default:
			}
		})
		cancel()
		return actedMsg{out}
	}
	return tea.Batch(job, m.listen())
}

// listen waits for the running action's next progress.
func (m *Model) listen() tea.Cmd {
	events := m.events
	if events == nil {
		return nil
	}
	return func() tea.Msg {
		if msg, ok := <-events; ok {
			return msg
		}
		return nil
	}
}

// acted shows what the action did and reads the list again: the marks
// are cleared (the codes were acted on, or the failures name them).
func (m *Model) acted(out Outcome) tea.Cmd {
	if m.events != nil {
		close(m.events)
		m.events = nil
	}
	m.mode, m.cancel, m.targets = modeList, nil, nil
	m.outcomes = append(m.outcomes, out)
	for i := range m.marked {
		m.marked[i] = false
	}
	m.nmarked = 0
	m.failures = out.Failures
	switch {
	case out.Err != nil:
		m.say(m.errText(out.Err), true)
	default:
		m.say(out.Summary, len(out.Failures) > 0)
	}
	m.scroll()
	return m.reload()
}

// Outcomes are what the actions did, in order: once the screen is gone,
// the caller says them where they stay.
func (m *Model) Outcomes() []Outcome { return m.outcomes }

// reload reads the list again in a command.
func (m *Model) reload() tea.Cmd {
	if m.cfg.Load == nil || m.loading {
		return nil
	}
	m.loading = true
	load, ctx := m.cfg.Load, m.cfg.Context
	return func() tea.Msg {
		rows, err := load(ctx)
		return loadedMsg{rows, err}
	}
}

// open shows the record and statistics of the code under the cursor.
func (m *Model) open() tea.Cmd {
	if len(m.shown) == 0 || m.cfg.Detail == nil {
		return nil
	}
	id := m.rows.ids[m.shown[m.cursor]]
	m.mode, m.detail, m.dtop = modeDetail, nil, 0
	detail, ctx := m.cfg.Detail, m.cfg.Context
	return func() tea.Msg {
		text, err := detail(ctx, id)
		return detailMsg{text, err}
	}
}

// detailKey scrolls a code's record, or goes back to the list.
func (m *Model) detailKey(k tea.KeyMsg) tea.Cmd {
	page := max(1, m.height-2)
	switch k.String() {
	case "ctrl+c":
		return tea.Quit
	case "up", "k":
		m.dtop--
	case "down", "j":
		m.dtop++
	case "pgup":
		m.dtop -= page
	case "pgdown", " ":
		m.dtop += page
	default:
		m.mode, m.detail = modeList, nil
		return nil
	}
	m.dtop = max(0, min(m.dtop, len(m.detail)-page))
	return nil
}
