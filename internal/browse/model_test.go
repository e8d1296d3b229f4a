package browse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/view"
)

// now is the clock of the tests' statuses.
var testNow = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

// elements is a list of JSON elements, as api.ListStream gives them.
type elements struct {
	items [][]byte
	next  int
}

func (e *elements) Next() ([]byte, error) {
	if e.next >= len(e.items) {
		return nil, io.EOF
	}
	e.next++
	return e.items[e.next-1], nil
}

// code is a promo code of a test list.
type code struct {
	id      int64
	code    string
	enabled bool
	ends    string // d_off with the time limit on; "" for none
	uses    int
}

func (c code) json() []byte {
	limit, off := "false", `"2026-01-01T00:00:00.000Z"`
	if c.ends != "" {
		limit, off = "true", `"`+c.ends+`"`
	}
	return fmt.Appendf(nil, `{"id":%d,"code":%q,"is_enabled":%t,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,`+
		`"time_limit_is_enabled":%s,"d_on":"2026-01-01T00:00:00.000Z","d_off":%s,"quantity_limit_is_enabled":false,"quantity_limit":0,`+
		`"promo_used_count":%d,"is_valid":%t}`, c.id, c.code, c.enabled, limit, off, c.uses, c.enabled)
}

// rowsOf reads codes into rows, as the verb reads a site's list.
func rowsOf(t testing.TB, codes []code) *Rows {
	t.Helper()
	e := &elements{}
	for _, c := range codes {
		e.items = append(e.items, c.json())
	}
	r, err := readFrom(e)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// readFrom reads a test list at testNow.
func readFrom(e *elements) (*Rows, error) {
	return Read(e, view.NewPromoTable(time.UTC, testNow), testNow)
}

// sample is a small site: site 7.
func sample() []code {
	return []code{
		{1001, "SUMMER25", true, "2026-08-31T20:59:59.000Z", 3},
		{1002, "WINTER10", true, "", 0},
		{1003, "SummerOld", false, "", 12},
		{1004, "AUTUMN5", true, "2026-06-01T00:00:00.000Z", 1},
		{1005, "SPRING15", true, "2026-07-15T00:00:00.000Z", 40},
	}
}

// newModel is the view of codes at 100x24 in English, without colour.
func newModel(t testing.TB, codes []code, cfg Config) *Model {
	t.Helper()
	if cfg.Site == 0 {
		cfg.Site = 7
	}
	if cfg.Msg == nil {
		cfg.Msg = i18n.New(i18n.English)
	}
	m := New(cfg, rowsOf(t, codes))
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	return m
}

// press types keys at m: each rune a key, or a named key in <…>.
func press(m *Model, keys ...string) []tea.Cmd {
	var cmds []tea.Cmd
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "<esc>":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "<enter>":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "<space>":
			msg = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
		case "<down>":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "<pgdown>":
			msg = tea.KeyMsg{Type: tea.KeyPgDown}
		case "<end>":
			msg = tea.KeyMsg{Type: tea.KeyEnd}
		case "<backspace>":
			msg = tea.KeyMsg{Type: tea.KeyBackspace}
		case "<ctrl+c>":
			msg = tea.KeyMsg{Type: tea.KeyCtrlC}
		default:
			for _, r := range k {
				_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmds = append(cmds, cmd)
			}
			continue
		}
		_, cmd := m.Update(msg)
		cmds = append(cmds, cmd)
	}
	return cmds
}

// drain runs cmds, and the commands their messages lead to, in order, as
// bubbletea would (one at a time); a quit is reported.
func drain(m *Model, cmds ...tea.Cmd) (quit bool) {
	for len(cmds) > 0 {
		cmd := cmds[0]
		cmds = cmds[1:]
		if cmd == nil {
			continue
		}
		switch msg := cmd().(type) {
		case nil:
		case tea.QuitMsg:
			quit = true
		case tea.BatchMsg:
			cmds = append(append([]tea.Cmd{}, msg...), cmds...)
		default:
			_, next := m.Update(msg)
			cmds = append(cmds, next)
		}
	}
	return quit
}

// codesShown are the codes of the rows drawn, in order.
func codesShown(m *Model) []string {
	var out []string
	for _, i := range m.shown[m.top:min(len(m.shown), m.top+m.body())] {
		out = append(out, string(m.rows.cell(int(i), 1)))
	}
	return out
}

// lastLine is the status line.
func lastLine(v string) string {
	lines := strings.Split(v, "\n")
	return lines[len(lines)-1]
}

func TestFilterAsYouType(t *testing.T) {
	m := newModel(t, sample(), Config{})
	press(m, "/", "sum")
	v := m.View()
	if got, want := codesShown(m), []string{"SUMMER25", "SummerOld"}; !slices.Equal(got, want) {
		t.Errorf("after /sum the rows are %v, want %v (in any case, as --search)", got, want)
	}
	if !strings.Contains(v, "/sum█") {
		t.Errorf("the filter being typed is not shown:\n%s", v)
	}
	if got, want := lastLine(v), "2 shown · 0 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("status line = %q, want %q", got, want)
	}
	press(m, "<backspace>", "<backspace>", "<backspace>", "w")
	if got, want := codesShown(m), []string{"WINTER10"}; !slices.Equal(got, want) {
		t.Errorf("after backspaces and w the rows are %v, want %v", got, want)
	}
	press(m, "<enter>")
	if v := m.View(); !strings.Contains(v, `containing “w”`) {
		t.Errorf("the kept filter is not in the title:\n%s", v)
	}
	// Keys typed fast arrive as one message: each is a key.
	press(m, "<esc>")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/win")})
	press(m, "<enter>")
	if got, want := codesShown(m), []string{"WINTER10"}; !slices.Equal(got, want) {
		t.Errorf("after /win typed at once the rows are %v, want %v", got, want)
	}
	press(m, "<esc>", "/", "w", "<enter>")
	if v := m.View(); !strings.Contains(v, `containing “w”`) {
		t.Errorf("the kept filter is not in the title:\n%s", v)
	}
	press(m, "/", "zz")
	if v := m.View(); !strings.Contains(v, `No promo code contains “wzz”. Esc clears the filter.`) {
		t.Errorf("an empty filter result does not say so:\n%s", v)
	}
	press(m, "<esc>")
	if got := len(codesShown(m)); got != 5 {
		t.Errorf("esc left %d rows shown, want all 5", got)
	}
	if got, want := lastLine(m.View()), "5 shown · 0 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("status line after esc = %q, want %q", got, want)
	}
}

func TestSortCycles(t *testing.T) {
	m := newModel(t, sample(), Config{})
	for _, c := range []struct {
		title string
		want  []string
	}{
		{"by code", []string{"AUTUMN5", "SPRING15", "SUMMER25", "SummerOld", "WINTER10"}},
		// disabled, expired, used-up, scheduled, active; the list's order among equals
		{"by status", []string{"SummerOld", "AUTUMN5", "SUMMER25", "WINTER10", "SPRING15"}},
		{"soonest end first", []string{"AUTUMN5", "SPRING15", "SUMMER25", "WINTER10", "SummerOld"}},
		{"most used first", []string{"SPRING15", "SummerOld", "SUMMER25", "AUTUMN5", "WINTER10"}},
		{"", []string{"SUMMER25", "WINTER10", "SummerOld", "AUTUMN5", "SPRING15"}},
	} {
		press(m, "s")
		if got := codesShown(m); !slices.Equal(got, c.want) {
			t.Errorf("sorted %q: rows %v, want %v", c.title, got, c.want)
		}
		if v := m.View(); c.title != "" && !strings.Contains(strings.SplitN(v, "\n", 2)[0], c.title) {
			t.Errorf("the title does not say %q:\n%s", c.title, v)
		}
	}
	// A filter keeps the order.
	press(m, "s", "/", "s")
	if got, want := codesShown(m), []string{"SPRING15", "SUMMER25", "SummerOld"}; !slices.Equal(got, want) {
		t.Errorf("/s by code: rows %v, want %v", got, want)
	}
}

func TestMark(t *testing.T) {
	m := newModel(t, sample(), Config{})
	press(m, "<space>", "<down>", "<down>", "<space>")
	if got, want := lastLine(m.View()), "5 shown · 2 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("status line = %q, want %q", got, want)
	}
	v := m.View()
	for _, want := range []string{" *1001", " *1004", "> 1005"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q (marks and the cursor) in the view:\n%s", want, v)
		}
	}
	press(m, "/", "summer", "<enter>", "*")
	if got, want := lastLine(m.View()), "2 shown · 3 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("after * on two shown, one marked: %q, want %q", got, want)
	}
	press(m, "*")
	if got, want := lastLine(m.View()), "2 shown · 1 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("* again unmarks the shown: %q, want %q", got, want)
	}
}

// fakeActor records the actions asked of it.
type fakeActor struct {
	action  Action
	targets []Target
	calls   int
	out     Outcome
}

func (f *fakeActor) act(_ context.Context, a Action, targets []Target, progress func(done, total int)) Outcome {
	f.calls++
	f.action, f.targets = a, targets
	for i := range targets {
		progress(i+1, len(targets))
	}
	return f.out
}

func TestActOnMarked(t *testing.T) {
	codes := sample()
	actor := &fakeActor{out: Outcome{Summary: "Disabled 2 promo codes."}}
	loads := 0
	m := newModel(t, codes, Config{Act: actor.act, Load: func(context.Context) (*Rows, error) {
		loads++
		after := slices.Clone(codes)
		after[0].enabled, after[3].enabled = false, false
		return rowsOf(t, after), nil
	}})
	// Mark SUMMER25 and AUTUMN5 and the disabled summer-old: disabling it
	// changes nothing, so it is left alone.
	press(m, "<space>", "<down>", "<space>", "<space>")
	cmds := press(m, "d")
	if v := m.View(); !strings.Contains(v, "Disable 2 promo codes of site 7? (1 is disabled already and is left alone.) [y/N]") {
		t.Fatalf("no question in the view:\n%s", v)
	}
	if drain(m, cmds...); actor.calls != 0 {
		t.Fatal("acted before the confirmation")
	}
	cmds = press(m, "y")
	if m.mode != modeRunning {
		t.Fatalf("mode after y = %v, want running", m.mode)
	}
	drain(m, cmds...)
	want := []Target{{1001, "SUMMER25"}, {1004, "AUTUMN5"}}
	if actor.calls != 1 || actor.action != Disable || !slices.Equal(actor.targets, want) {
		t.Errorf("actor called %d times with %s %v, want once with disable %v", actor.calls, actor.action, actor.targets, want)
	}
	if loads != 1 {
		t.Errorf("the list was read %d times after the action, want 1", loads)
	}
	v := m.View()
	if !strings.Contains(v, "Disabled 2 promo codes.") {
		t.Errorf("the outcome is not shown:\n%s", v)
	}
	if got, want := lastLine(v), "5 shown · 0 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("status line after the action = %q, want %q", got, want)
	}
	if n := strings.Count(v, " disabled "); n != 3 {
		t.Errorf("%d codes disabled after the reload, want 3:\n%s", n, v)
	}
}

func TestActOnCursorAndCancel(t *testing.T) {
	actor := &fakeActor{out: Outcome{Summary: "Deleted 1 promo code."}}
	m := newModel(t, sample(), Config{Act: actor.act})
	press(m, "<down>", "x")
	if v := m.View(); !strings.Contains(v, "Delete 1 promo code of site 7? This cannot be undone.") {
		t.Fatalf("no question for the code under the cursor:\n%s", v)
	}
	drain(m, press(m, "n")...)
	if actor.calls != 0 {
		t.Errorf("acted after n")
	}
	if v := m.View(); !strings.Contains(v, "Cancelled: nothing was changed.") {
		t.Errorf("the cancel is not said:\n%s", v)
	}
	drain(m, press(m, "x", "y")...)
	if want := []Target{{1002, "WINTER10"}}; actor.action != Delete || !slices.Equal(actor.targets, want) {
		t.Errorf("x acted %s on %v, want delete on %v", actor.action, actor.targets, want)
	}
	// Enabling an enabled code asks nothing.
	press(m, "<end>", "e")
	if v := m.View(); m.mode != modeList || !strings.Contains(v, "Nothing to enable: the promo code is enabled already.") {
		t.Errorf("e on an enabled code:\n%s", v)
	}
}

func TestActionProgressAndCtrlC(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	var stopped error
	act := func(ctx context.Context, _ Action, targets []Target, progress func(int, int)) Outcome {
		progress(1, len(targets))
		close(started)
		<-release
		<-ctx.Done()
		stopped = ctx.Err()
		return Outcome{Summary: "Interrupted: 1 of 2 promo codes were disabled."}
	}
	m := newModel(t, sample(), Config{Act: act})
	press(m, "<space>", "<space>", "d")
	cmds := press(m, "y")
	batch := cmds[0]().(tea.BatchMsg)
	result := make(chan tea.Msg)
	go func() { result <- batch[0]() }()
	<-started
	m.Update(batch[1]()) // the progress
	if got, want := lastLine(m.View()), "Disabling: 1 of 2… · 5 shown · 2 marked · 5 on site 7 · ? keys · q quit"; got != want {
		t.Errorf("status line while the action runs = %q, want %q", got, want)
	}
	if drain(m, press(m, "q")...) || m.mode != modeRunning {
		t.Fatal("q quit or stopped waiting while an action runs")
	}
	press(m, "<ctrl+c>")
	close(release)
	m.Update(<-result)
	if !errors.Is(stopped, context.Canceled) {
		t.Errorf("ctrl+c did not cancel the action's context: %v", stopped)
	}
	if v := m.View(); !strings.Contains(v, "Interrupted: 1 of 2 promo codes were disabled.") {
		t.Errorf("the interrupted job's outcome is not shown:\n%s", v)
	}
	if !drain(m, press(m, "q")...) {
		t.Error("q does not quit once the action has ended")
	}
}

func TestErrorsShown(t *testing.T) {
	var failures []string
	for i := range 7 {
		failures = append(failures, fmt.Sprintf("not disabled: CODE%d: 500 Internal Server Error", i))
	}
	actor := &fakeActor{out: Outcome{Summary: "7 of 7 promo codes could not be disabled; the journal is /j.", Failures: failures}}
	m := newModel(t, sample(), Config{Act: actor.act, Load: func(context.Context) (*Rows, error) {
		return nil, errors.New("list promo codes of site 7: 503 Service Unavailable")
	}})
	drain(m, press(m, "d", "y")...)
	v := m.View()
	for _, want := range []string{"not disabled: CODE0: 500 Internal Server Error", "not disabled: CODE3:", "… and 3 more",
		"list promo codes of site 7: 503 Service Unavailable"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in the view:\n%s", want, v)
		}
	}
	if n := strings.Count(v, "\n") + 1; n != 24 || len(codesShown(m)) != 5 {
		t.Errorf("the view has %d lines with failures, want the screen's 24", n)
	}
	// The rows are kept when the reload fails; esc clears the failures.
	press(m, "<esc>")
	if v := m.View(); strings.Contains(v, "CODE0") || len(codesShown(m)) != 5 {
		t.Errorf("after esc:\n%s", v)
	}
	// A job that cannot run says why.
	actor.out = Outcome{Err: errors.New("journal: permission denied")}
	drain(m, press(m, "d", "y")...)
	if v := m.View(); !strings.Contains(v, "journal: permission denied") {
		t.Errorf("the job's error is not shown:\n%s", v)
	}
}

func TestResize(t *testing.T) {
	var codes []code
	for i := range 100 {
		codes = append(codes, code{int64(2000 + i), fmt.Sprintf("CODE%03d", i), true, "2026-12-31T20:59:59.000Z", i})
	}
	m := newModel(t, codes, Config{})
	for _, size := range []struct{ w, h int }{{100, 24}, {50, 10}, {140, 40}} {
		m.Update(tea.WindowSizeMsg{Width: size.w, Height: size.h})
		v := m.View()
		lines := strings.Split(v, "\n")
		if len(lines) != size.h {
			t.Errorf("%dx%d: %d lines, want %d", size.w, size.h, len(lines), size.h)
		}
		for _, l := range lines {
			if n := len([]rune(l)); n > size.w {
				t.Errorf("%dx%d: a line of %d runes: %q", size.w, size.h, n, l)
			}
		}
		if got, want := len(codesShown(m)), size.h-4; got != want {
			t.Errorf("%dx%d: %d rows drawn, want %d", size.w, size.h, got, want)
		}
		if narrow := size.w < 60; strings.Contains(lines[1], "VALID") == narrow {
			t.Errorf("%dx%d: VALID shown=%t in the header %q", size.w, size.h, !narrow, lines[1])
		}
	}
	// Page down, then a smaller screen: the cursor stays on the screen.
	press(m, "<pgdown>", "<pgdown>")
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 8})
	if m.cursor < m.top || m.cursor >= m.top+m.body() {
		t.Errorf("cursor %d off the screen (rows %d to %d)", m.cursor, m.top, m.top+m.body())
	}
}

func TestRussian(t *testing.T) {
	var codes []code
	for i := range 1234 {
		codes = append(codes, code{int64(3000 + i), fmt.Sprintf("CODE%04d", i), true, "", 0})
	}
	m := newModel(t, codes, Config{Msg: i18n.New(i18n.Russian)})
	press(m, "<space>", "<space>", "s")
	v := m.View()
	for _, want := range []string{"Промокоды сайта 7 · по коду", "КОД ▲", "СТАТУС", "активен",
		"показано 1\u00a0234 · отмечено 2 · на сайте 7: 1\u00a0234 · ? клавиши · q выход"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in the Russian view:\n%s", want, v)
		}
	}
	press(m, "d")
	if v := m.View(); !strings.Contains(v, "Выключить 2 промокода сайта 7? [y/д — да, иначе нет]") {
		t.Errorf("the question is not Russian:\n%s", v)
	}
	press(m, "н")
	if m.mode != modeList {
		t.Errorf("н answered the question with mode %v, want the list back", m.mode)
	}
	press(m, "d", "д")
	if m.mode != modeRunning {
		t.Errorf("д answered the question with mode %v, want the action running", m.mode)
	}
	m = newModel(t, codes, Config{Msg: i18n.New(i18n.Russian)})
	press(m, "?")
	if v := m.View(); !strings.Contains(v, "Клавиши") || !strings.Contains(v, "фильтр по мере ввода") {
		t.Errorf("the keys are not Russian:\n%s", v)
	}
}

func TestColour(t *testing.T) {
	m := newModel(t, sample(), Config{})
	if v := m.View(); strings.Contains(v, "\x1b[") {
		t.Errorf("escape sequences without colour:\n%q", v)
	}
	m = newModel(t, sample(), Config{Color: true})
	v := m.View()
	for _, want := range []string{"\x1b[32mactive", "\x1b[2mdisabled", "\x1b[31mexpired", "\x1b[7m"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q (status colours as in tables, the cursor reversed) in:\n%q", want, v)
		}
	}
}

func TestHelpAndQuit(t *testing.T) {
	m := newModel(t, sample(), Config{})
	press(m, "?")
	v := m.View()
	for _, want := range []string{"Keys", "/", "filter as you type", "space", "mark the code", "q, ctrl+c"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in the help:\n%s", want, v)
		}
	}
	if drain(m, press(m, "q")...) {
		t.Error("q on the help quit instead of going back")
	}
	if !drain(m, press(m, "q")...) {
		t.Error("q on the list does not quit")
	}
}

func TestDetail(t *testing.T) {
	var asked int64
	m := newModel(t, sample(), Config{Detail: func(_ context.Context, id int64) (string, error) {
		asked = id
		return "Id:    1002\nCode:  WINTER10\n\nORDER  TOTAL\n", nil
	}})
	drain(m, press(m, "j", "<enter>")...)
	if v := m.View(); asked != 1002 || !strings.Contains(v, "Code:  WINTER10") {
		t.Errorf("enter on WINTER10 asked for %d and shows:\n%s", asked, v)
	}
	press(m, "<esc>")
	if m.mode != modeList {
		t.Error("esc does not go back from the record")
	}
}
