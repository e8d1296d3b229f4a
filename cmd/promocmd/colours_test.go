package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

func TestPromoListColours(t *testing.T) {
	const list = `[{"id":1001,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,` +
		`"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":3,"is_valid":true},` +
		`{"id":1002,"code":"FREESHIP","is_enabled":false,"bonus_type":3,"bonus_amount":300,"bonus_amount_is_in_percentages":false,` +
		`"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}]`
	plain := func(t *testing.T) string {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, list)
		res := r.Run("promo", "list", "--site-id", "7")
		if cmdtest.AnsiSGR.MatchString(res.Stdout) {
			t.Fatalf("colour without a terminal:\n%q", res.Stdout)
		}
		return res.Stdout
	}(t)

	r := newRunner(t)
	r.TTY = true
	delete(r.Env, "NO_COLOR")
	r.API.Handle("GET /v1/promo", http.StatusOK, list)
	res := r.Run("promo", "list", "--site-id", "7")
	for _, s := range []string{"\x1b[32myes\x1b[0m", "\x1b[2mno\x1b[0m", "\x1b[31mno\x1b[0m", "\x1b[32mactive\x1b[0m", "\x1b[2mdisabled\x1b[0m"} {
		if !strings.Contains(res.Stdout, s) {
			t.Errorf("no %q in the table on a colour terminal:\n%q", s, res.Stdout)
		}
	}
	// Colour never moves a column: without its sequences the table is the
	// plain one, byte for byte.
	if got := cmdtest.AnsiSGR.ReplaceAllString(res.Stdout, ""); got != plain {
		t.Errorf("coloured table without colour:\n%s\nwant:\n%s", got, plain)
	}

	for _, c := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"NO_COLOR set, even empty", map[string]string{"NO_COLOR": ""}, nil},
		{"NO_COLOR=1", map[string]string{"NO_COLOR": "1"}, nil},
		{"--no-color", nil, []string{"--no-color"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = true
			delete(r.Env, "NO_COLOR")
			for k, v := range c.env {
				r.Env[k] = v
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, list)
			res := r.Run(append([]string{"promo", "list", "--site-id", "7"}, c.args...)...)
			if res.Stdout != plain {
				t.Errorf("stdout:\n%q\nwant the plain table:\n%q", res.Stdout, plain)
			}
		})
	}
}

func TestColoursKeepServerTextSafe(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	delete(r.Env, "NO_COLOR")
	r.API.Handle("GET /v1/promo", http.StatusOK, hostile)
	res := r.Run("promo", "list", "--site-id", "7")
	if !strings.Contains(res.Stdout, "\x1b[32myes\x1b[0m") {
		t.Fatalf("no colour on a colour terminal:\n%q", res.Stdout)
	}
	// Take away the palette's own sequences: nothing from the server is
	// left that could drive the terminal.
	expectTerminalSafe(t, "promo list in colour", cmdtest.AnsiSGR.ReplaceAllString(res.Stdout, ""))
}

func TestPromoGetColours(t *testing.T) {
	const record = `{"code":"SUMMER25","is_enabled":false,"is_valid":true}`
	r := newRunner(t)
	r.TTY = true
	r.API.Handle("GET /v1/promo/5", http.StatusOK, record)
	plain := r.Run("promo", "get", "5").Stdout
	delete(r.Env, "NO_COLOR")
	res := r.Run("promo", "get", "5")
	for _, s := range []string{"Status:      \x1b[2mdisabled\x1b[0m\n", "Enabled:     \x1b[2mno\x1b[0m\n", "Valid now:   \x1b[32myes\x1b[0m\n"} {
		if !strings.Contains(res.Stdout, s) {
			t.Errorf("no %q in:\n%q", s, res.Stdout)
		}
	}
	if got := cmdtest.AnsiSGR.ReplaceAllString(res.Stdout, ""); got != plain {
		t.Errorf("coloured record without colour:\n%s\nwant:\n%s", got, plain)
	}
}
