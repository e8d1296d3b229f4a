package cmd

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/golden"
)

// TestTablesFitTheTerminal: on a terminal of 60, 80 or 120 columns the
// list tables fit it (the least important columns dropped or shortened
// with "…", never the id or the code); -o wide shows every column
// whatever the width; off a terminal nothing is cut.
func TestTablesFitTheTerminal(t *testing.T) {
	for _, c := range []struct {
		name, route, body string
		args              []string
		keep              []string // header cells never dropped
	}{
		{"promo_list", "GET /v1/promo", cmdtest.SelectListJSON, []string{"promo", "list", "--site-id", "7"}, []string{"ID", "CODE"}},
		{"site_list", "GET /v3/public/site", cmdtest.SitesV3, []string{"site", "list"}, []string{"ID"}},
		{"page_list", "GET /v3/public/site/7/page", cmdtest.PagesV3, []string{"page", "list", "--site-id", "7"}, []string{"ID"}},
	} {
		run := func(t *testing.T, tty bool, width int, extra ...string) string {
			r := newRunner(t)
			r.TTY, r.Width = tty, width
			r.API.Handle(c.route, http.StatusOK, c.body)
			return r.Run(append(append([]string{}, c.args...), extra...)...).Succeeded(t)
		}
		full := run(t, false, 0)
		for _, width := range []int{60, 80, 120} {
			t.Run(fmt.Sprintf("%s/%d", c.name, width), func(t *testing.T) {
				out := run(t, true, width)
				golden.Equal(t, out)
				for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					if n := utf8.RuneCountInString(l); n > width {
						t.Errorf("a line of %d columns on a terminal of %d:\n%s", n, width, l)
					}
				}
				header := strings.Fields(strings.SplitN(out, "\n", 2)[0])
				for i, k := range c.keep {
					if i >= len(header) || header[i] != k {
						t.Errorf("header %q does not start with %q", header, c.keep)
					}
				}
				if strings.Count(out, "\n") != strings.Count(full, "\n") {
					t.Errorf("%d lines, want %d as off a terminal", strings.Count(out, "\n"), strings.Count(full, "\n"))
				}
			})
		}
		t.Run(c.name+"/wide", func(t *testing.T) {
			out := run(t, true, 60, "-o", "wide")
			golden.Equal(t, out)
			if strings.Contains(out, "…") && !strings.Contains(full, "…") {
				t.Errorf("-o wide shortened cells:\n%s", out)
			}
			// Off a terminal, the table is the one of a terminal without a
			// known width: nothing is cut.
			if got := run(t, true, 0); got != full {
				t.Errorf("a terminal of unknown width:\n%s\nwant the full table:\n%s", got, full)
			}
			if got := run(t, false, 40); got != full {
				t.Errorf("piped with a width set:\n%s\nwant the full table:\n%s", got, full)
			}
		})
	}
}

// TestLargeTableFitsTheTerminal: a list long enough to be drawn by the
// aligned writer (500 rows and more) fits the terminal too, coloured or
// not, and colour does not move a column.
func TestLargeTableFitsTheTerminal(t *testing.T) {
	items := make([]string, 600)
	for i := range items {
		items[i] = strings.Replace(cmdtest.SelectItems[i%len(cmdtest.SelectItems)], `"id":`, fmt.Sprintf(`"id":%d,"x":`, 10000+i), 1)
	}
	body := "[" + strings.Join(items, ",") + "]"
	var plain string
	for _, colour := range []bool{false, true} {
		r := newRunner(t)
		r.TTY, r.Width = true, 60
		if colour {
			delete(r.Env, "NO_COLOR")
		}
		r.API.Handle("GET /v1/promo", http.StatusOK, body)
		res := r.Run("promo", "list", "--site-id", "7")
		out := cmdtest.AnsiSGR.ReplaceAllString(res.Stdout, "")
		if colour && out == res.Stdout {
			t.Errorf("no colour on a colour terminal")
		}
		if !colour {
			plain = out
		} else if out != plain {
			t.Errorf("the coloured table without colour differs from the plain one")
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 601 || !strings.HasPrefix(lines[0], "ID     CODE       STATUS") {
			t.Fatalf("%d lines, header %q", len(lines), lines[0])
		}
		for _, l := range lines {
			if n := utf8.RuneCountInString(l); n > 60 {
				t.Fatalf("a line of %d columns on a terminal of 60:\n%s", n, l)
			}
		}
	}
}

// TestOneLongValueKeepsTheColumns: one code of 400 characters from the
// server, in a column never dropped, is shortened with "…" on a terminal
// rather than pushing every other column off it: the table shows the
// columns it shows without that value.
func TestOneLongValueKeepsTheColumns(t *testing.T) {
	long := strings.Repeat("W", 400)
	for _, c := range []struct{ name, from, to string }{
		{"code", `"code":"OFF10"`, `"code":"` + long + `"`},
	} {
		for _, width := range []int{80, 120} {
			run := func(body string) string {
				r := newRunner(t)
				r.TTY, r.Width = true, width
				r.API.Handle("GET /v1/promo", http.StatusOK, body)
				return r.Run("promo", "list", "--site-id", "7").Succeeded(t)
			}
			if !strings.Contains(cmdtest.SelectListJSON, c.from) {
				t.Fatalf("the list has no %s", c.from)
			}
			want := strings.Fields(strings.SplitN(run(cmdtest.SelectListJSON), "\n", 2)[0])
			out := run(strings.Replace(cmdtest.SelectListJSON, c.from, c.to, 1))
			if got := strings.Fields(strings.SplitN(out, "\n", 2)[0]); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s, %d columns: header %q, want %q as without the long value", c.name, width, got, want)
			}
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if n := utf8.RuneCountInString(l); n > width {
					t.Errorf("%s: a line of %d columns on a terminal of %d", c.name, n, width)
				}
			}
			if !strings.Contains(out, "WWW…") {
				t.Errorf("%s: the long value is not shortened with …:\n%s", c.name, out)
			}
		}
	}
}
