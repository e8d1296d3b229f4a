package promocmd

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// browseRunner runs promo browse with its screen replaced by show, which
// drives the model as a person's keys would.
func browseRunner(t *testing.T, show func(ctx context.Context, m tea.Model) error) *cmdtest.Runner {
	nouns := func(root *cobra.Command, f *cmdutil.Factory) {
		promo := NewCmd(f)
		old, _, err := promo.Find([]string{"browse"})
		if err != nil {
			t.Fatal(err)
		}
		promo.RemoveCommand(old)
		promo.AddCommand(newPromoBrowseCmd(f, func(ctx context.Context, o *promoBrowseOptions) error {
			o.Show = show
			return runPromoBrowse(ctx, o)
		}))
		root.AddCommand(promo)
	}
	r := cmdtest.NewRunnerOf(t, nouns)
	r.TTY = true
	return r
}

// screen is a model driven in a test: keys in, each command's messages
// back in, in order (one at a time, as bubbletea does).
type screen struct{ m tea.Model }

func (s *screen) keys(keys ...string) {
	for _, k := range keys {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		if k == " " {
			msg = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
		}
		s.send(msg)
	}
}

func (s *screen) send(msg tea.Msg) {
	cmds := []tea.Cmd{}
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	cmds = append(cmds, cmd)
	for len(cmds) > 0 {
		cmd, cmds = cmds[0], cmds[1:]
		if cmd == nil {
			continue
		}
		switch msg := cmd().(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			cmds = append(append([]tea.Cmd{}, msg...), cmds...)
		default:
			var next tea.Cmd
			s.m, next = s.m.Update(msg)
			cmds = append(cmds, next)
		}
	}
}

func TestPromoBrowseNeedsATerminal(t *testing.T) {
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "no terminal", Args: []string{"promo", "browse", "--site-id", "7"},
			Stderr: "promoctl: promo browse needs a terminal; promo list prints the same table"},
		{Name: "a bad status first", Args: []string{"promo", "browse", "--status", "gone", "--site-id", "7"},
			Stderr: `promoctl: --status: unknown status "gone": use disabled, expired, used-up, scheduled, active (or the words the tables write: выключен, истёк, исчерпан, запланирован, активен)`},
		{Name: "no terminal, in Russian", Args: []string{"promo", "browse", "--site-id", "7"}, Env: map[string]string{"PROMOCTL_LANG": "ru"},
			Stderr: "promoctl: promo browse нужен терминал; та же таблица выводится командой promo list"},
	})
}

// TestPromoBrowseActsOnTheBulkEngine opens the view on the selection's
// codes, marks two, disables them: exactly their read-modify-writes are
// sent, a journal is written, and the list is read again.
func TestPromoBrowseActsOnTheBulkEngine(t *testing.T) {
	var views []string
	r := browseRunner(t, func(_ context.Context, m tea.Model) error {
		s := &screen{m}
		s.send(tea.WindowSizeMsg{Width: 100, Height: 20})
		views = append(views, s.m.View())
		s.keys(" ", " ", "d")
		views = append(views, s.m.View())
		s.keys("y")
		views = append(views, s.m.View())
		s.keys("q")
		return nil
	})
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	for _, id := range []string{"2004", "2005"} {
		rec := `{"code":"C` + id + `","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,` +
			`"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0}`
		r.API.Handle("GET /v1/promo/"+id, http.StatusOK, rec)
		r.API.Handle("PUT /v1/promo/"+id, http.StatusOK, rec)
	}
	// Once the screen is gone, stderr keeps what was done.
	r.Run("promo", "browse", "--site-id", "7", "--status", "scheduled,active").Expect(t, 0, "", "Disabled 2 promo codes.\n")
	got := r.API.Routes()
	rest := slices.Clone(got[1 : len(got)-1])
	slices.Sort(rest)
	want := []string{"GET /v1/promo?site_id=7", "GET /v1/promo/2004", "GET /v1/promo/2005", "PUT /v1/promo/2004", "PUT /v1/promo/2005", "GET /v1/promo?site_id=7"}
	if routes := append(append(got[:1:1], rest...), got[len(got)-1]); !slices.Equal(routes, want) {
		t.Errorf("requests = %q, want %q", got, want)
	}
	if !strings.Contains(views[0], "4 shown · 0 marked · 4 on site 7") || strings.Contains(views[0], "OFF10") {
		t.Errorf("the view does not hold the selection's 4 codes:\n%s", views[0])
	}
	if !strings.Contains(views[1], "Disable 2 promo codes of site 7? [y/N]") {
		t.Errorf("no question:\n%s", views[1])
	}
	if !strings.Contains(views[2], "Disabled 2 promo codes.") {
		t.Errorf("no outcome:\n%s", views[2])
	}
	journals, _ := filepath.Glob(filepath.Join(r.Env["XDG_STATE_HOME"], "promoctl", "jobs", "*.jsonl"))
	if len(journals) != 1 {
		t.Fatalf("journals = %q, want one", journals)
	}
	data, err := os.ReadFile(journals[0])
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); !strings.Contains(s, `"kind":"disable"`) || strings.Count(s, `"t":"updated"`) != 2 {
		t.Errorf("the journal does not say that 2 codes were disabled:\n%s", s)
	}
}

// TestPromoBrowseShowsFailures: a code the API refuses is named in the
// view, with the count; once the screen is gone, stderr names it again
// and the exit code is 1.
func TestPromoBrowseShowsFailures(t *testing.T) {
	var view string
	r := browseRunner(t, func(_ context.Context, m tea.Model) error {
		s := &screen{m}
		s.send(tea.WindowSizeMsg{Width: 120, Height: 20})
		s.keys("x", "y")
		view = s.m.View()
		return nil
	})
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.API.Handle("DELETE /v1/promo/2001", http.StatusForbidden, `{"message":"not yours"}`)
	res := r.Run("promo", "browse", "--site-id", "7")
	journal := res.Stderr[strings.Index(res.Stderr, "journal is ")+len("journal is ") : strings.Index(res.Stderr, ".\n")]
	res.Expect(t, 1, "", "1 of 1 promo code could not be deleted; the journal is "+journal+".\n"+
		"promoctl: not deleted: OFF10: delete promo 2001: permission denied (HTTP 403)\n"+
		"promoctl: not everything asked of promo browse was done; the lines above say what\n")
	for _, want := range []string{"not deleted: OFF10: ", "1 of 1 promo code could not be deleted; the journal is "} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in the view:\n%s", want, view)
		}
	}
}

// TestPromoBrowseListErrorBeforeTheScreen: a list that cannot be read is
// the command's error, with its exit code, and no screen opens.
func TestPromoBrowseListErrorBeforeTheScreen(t *testing.T) {
	opened := false
	r := browseRunner(t, func(context.Context, tea.Model) error { opened = true; return nil })
	r.API.Handle("GET /v1/promo", http.StatusUnauthorized, `{"message":"bad token"}`)
	res := r.Run("promo", "browse", "--site-id", "7")
	if res.Code != cmdutil.ExitAuth || opened {
		t.Errorf("exit code %d, screen opened %v; want %d and no screen\nstderr: %s", res.Code, opened, cmdutil.ExitAuth, res.Stderr)
	}
}

// TestPromoBrowseNamedCodes: the view holds the codes named; one the site
// does not have is not found (exit 4) before the screen opens.
func TestPromoBrowseNamedCodes(t *testing.T) {
	var view string
	r := browseRunner(t, func(_ context.Context, m tea.Model) error {
		s := &screen{m}
		s.send(tea.WindowSizeMsg{Width: 100, Height: 10})
		view = s.m.View()
		return nil
	})
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.Run("promo", "browse", "SOON", "2001", "--site-id", "7").Expect(t, 0, "", "")
	if !strings.Contains(view, "2 shown · 0 marked · 2 on site 7") || !strings.Contains(view, "SOON") || !strings.Contains(view, "OFF10") {
		t.Errorf("the view does not hold SOON and 2001:\n%s", view)
	}
	view = ""
	res := r.Run("promo", "browse", "SOON", "NOPE", "--site-id", "7")
	if res.Code != cmdutil.ExitNotFound || view != "" {
		t.Errorf("exit code %d, screen %q; want %d and no screen\nstderr: %s", res.Code, view, cmdutil.ExitNotFound, res.Stderr)
	}
}

// TestPromoBrowseShowsARecord: enter shows the code's record and its
// statistics as promo get and promo stats show them; any key goes back.
func TestPromoBrowseShowsARecord(t *testing.T) {
	var record, back string
	r := browseRunner(t, func(_ context.Context, m tea.Model) error {
		s := &screen{m}
		s.send(tea.WindowSizeMsg{Width: 100, Height: 30})
		s.keys("j")
		s.send(tea.KeyMsg{Type: tea.KeyEnter})
		record = s.m.View()
		s.send(tea.KeyMsg{Type: tea.KeyEsc})
		back = s.m.View()
		return nil
	})
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.API.Handle("GET /v1/promo/2002", http.StatusOK, `{"code":"OLDSUMMER","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,`+
		`"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0}`)
	r.API.Handle("GET /v1/promo/2002/statistics", http.StatusOK, "[]")
	r.Run("promo", "browse", "--site-id", "7", "-o", "json").Expect(t, 0, "", "")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo/2002", "GET /v1/promo/2002/statistics")
	for _, want := range []string{"OLDSUMMER", "2002", "Promo code 2002 has not been used yet.", "any other key goes back to the list"} {
		if !strings.Contains(record, want) {
			t.Errorf("no %q in the record's screen:\n%s", want, record)
		}
	}
	if strings.Contains(record, "{") {
		t.Errorf("the record is not a table (-o json is for scripts, not this screen):\n%s", record)
	}
	if !strings.Contains(back, "7 shown · 0 marked · 7 on site 7") {
		t.Errorf("esc does not go back to the list:\n%s", back)
	}
}

// TestPromoBrowseInRussian: headers, statuses, amounts and dates as promo
// list's Russian table has them, and the view's own words.
func TestPromoBrowseInRussian(t *testing.T) {
	var view string
	r := browseRunner(t, func(_ context.Context, m tea.Model) error {
		s := &screen{m}
		s.send(tea.WindowSizeMsg{Width: 120, Height: 12})
		s.keys(" ", "d")
		view = s.m.View()
		return nil
	})
	r.Env["PROMOCTL_LANG"] = "ru"
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.API.Handle("GET /v3/public/site/7", http.StatusOK, `{"id":7,"settings":{"currency":"RUB"}}`)
	r.Run("promo", "browse", "--site-id", "7").Expect(t, 0, "", "")
	for _, want := range []string{"Промокоды сайта 7", "ПРОМОКОД", "СТАТУС", "выключен", "истёк", "0,00\u00a0₽", "01.07.2026 00:00",
		"Выключать нечего: промокод уже выключен.", "показано 7 · отмечено 1 · на сайте 7: 7"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q in the Russian view:\n%s", want, view)
		}
	}
}

// TestPromoBrowseColours: statuses coloured as in tables on a colour
// terminal; none with NO_COLOR or --no-color.
func TestPromoBrowseColours(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		noEnv  bool
		colour bool
	}{
		{"colour", nil, true, true},
		{"NO_COLOR", nil, false, false},
		{"--no-color", []string{"--no-color"}, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var view string
			r := browseRunner(t, func(_ context.Context, m tea.Model) error {
				s := &screen{m}
				s.send(tea.WindowSizeMsg{Width: 120, Height: 12})
				view = s.m.View()
				return nil
			})
			if c.noEnv {
				delete(r.Env, "NO_COLOR")
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
			r.Run(append([]string{"promo", "browse", "--site-id", "7"}, c.args...)...).Expect(t, 0, "", "")
			if got := strings.Contains(view, "\x1b[31mexpired"); got != c.colour {
				t.Errorf("expired in red: %v, want %v:\n%q", got, c.colour, view)
			}
			if c.colour {
				return
			}
			if strings.Contains(view, "\x1b[") {
				t.Errorf("escape sequences without colour:\n%q", view)
			}
		})
	}
}
