package selection

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// The selections of promo delete, enable and disable: the requests sent
// (in any order: they run concurrently), what stderr says, exit codes.

func TestPromoSelectionsSendExactlyTheseRequests(t *testing.T) {
	for _, c := range []struct {
		name   string
		args   []string
		routes []string
		stderr string
	}{
		{"disable --status expired", []string{"disable", "--status", "expired", "--site-id", "7", "--yes"},
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo/2002", "PUT /v1/promo/2002"},
			"Disabled 1 promo code of site 7.\n"},
		{"delete --status expired,used-up", []string{"delete", "--status", "expired,used-up", "--site-id", "7", "--yes"},
			[]string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/2002", "DELETE /v1/promo/2003"},
			"Deleted 2 promo codes of site 7.\n"},
		{"enable --status disabled", []string{"enable", "--status", "disabled", "--site-id", "7", "--yes"},
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo/2001", "PUT /v1/promo/2001"},
			"Enabled 1 promo code of site 7.\n"},
		{"delete by ids and codes", []string{"delete", "2001", "summer26", "GONE5", "2001", "--site-id", "7", "--yes"},
			[]string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/2001", "DELETE /v1/promo/2003", "DELETE /v1/promo/2006"},
			"Deleted 3 promo codes of site 7.\n"},
		{"disable skips what is disabled", []string{"disable", "OFF10", "OLDSUMMER", "--site-id", "7", "--yes", "--concurrency", "1"},
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo/2002", "PUT /v1/promo/2002"},
			"Disabled 1 promo code of site 7; 1 already disabled.\n"},
		{"enable one id", []string{"enable", "2001", "--site-id", "7", "--yes"},
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo/2001", "PUT /v1/promo/2001"},
			"Enabled 1 promo code of site 7.\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newSelectRunner(t)
			r.Run(append([]string{"promo"}, c.args...)...).Expect(t, 0, "", c.stderr)
			if got := sortedRoutes(r); !slices.Equal(got, c.routes) {
				t.Errorf("requests = %q, want %q", got, c.routes)
			}
			for _, req := range r.API.Requests() {
				if req.Method != http.MethodPut {
					continue
				}
				want := c.args[0] == "enable"
				cmdtest.ExpectJSONBody(t, req, `{"code":"C`+strings.TrimPrefix(req.Path, "/v1/promo/")+`","is_enabled":`+map[bool]string{true: "true", false: "false"}[want]+
					`,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,`+
					`"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`)
			}
		})
	}
}

func TestPromoSelectionsRefusedWithoutYes(t *testing.T) {
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "delete --status", Args: []string{"promo", "delete", "--status", "expired", "--site-id", "7"},
			Stderr: "promoctl: refusing to delete the expired promo codes without confirmation: pass --yes when not running interactively"},
		{Name: "disable --status", Args: []string{"promo", "disable", "--status", "expired,used-up", "--site-id", "7"},
			Stderr: "promoctl: refusing to disable the expired or used-up promo codes without confirmation: pass --yes when not running interactively"},
		{Name: "enable codes", Args: []string{"promo", "enable", "A1", "B2", "--site-id", "7"},
			Stderr: "promoctl: refusing to enable 2 promo codes without confirmation: pass --yes when not running interactively"},
		{Name: "delete several", Args: []string{"promo", "delete", "1", "2"},
			Stderr: "promoctl: refusing to delete 2 promo codes without confirmation: pass --yes when not running interactively"},
		{Name: "--used and --unused", Args: []string{"promo", "delete", "A1", "--used", "--unused", "--yes"},
			Stderr: "promoctl: --used and --unused cannot be given together"},
		{Name: "bad status", Args: []string{"promo", "disable", "--status", "old", "--yes"},
			Stderr: `promoctl: --status: unknown status "old": use disabled, expired, used-up, scheduled, active (or the words the tables write: выключен, истёк, исчерпан, запланирован, активен)`},
		{Name: "nothing named", Args: []string{"promo", "enable", "--yes"},
			Stderr: "promoctl: promo enable needs promo code ids or codes, or a selection such as --status, --prefix or --job (usage: promoctl promo enable [CODE_OR_ID...])"},
		{Name: "concurrency", Args: []string{"promo", "disable", "1", "--yes", "--concurrency", "0"},
			Stderr: "promoctl: --concurrency must be 1 to 64, got 0"},
		{Name: "status without a site", Args: []string{"promo", "disable", "--status", "expired", "--yes"},
			Stderr: "promoctl: --site-id is required (or set a default: promoctl config set site_id N)"},
	})
}

// TestPromoSelectionOnATerminal lists what will change and asks; a no
// sends nothing more and exits 130.
func TestPromoSelectionOnATerminal(t *testing.T) {
	r := newSelectRunner(t)
	r.TTY = true
	stub := &cmdtest.ConfirmStub{Answer: false}
	r.Prompter = stub
	res := r.Run("promo", "delete", "--status", "expired,used-up", "--site-id", "7")
	res.Expect(t, 130, "", "ID    CODE       STATUS\n2002  OLDSUMMER  expired\n2003  GONE5      used-up\npromoctl: cancelled\n")
	if want := []string{"Delete 2 promo codes of site 7?"}; !slices.Equal(stub.Asked, want) {
		t.Errorf("asked %q, want %q", stub.Asked, want)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")

	r = newSelectRunner(t)
	r.TTY = true
	r.Prompter = &cmdtest.ConfirmStub{Answer: true}
	res = r.Run("promo", "disable", "--status", "expired", "--site-id", "7")
	if res.Code != 0 || !strings.Contains(res.Stderr, "2002  OLDSUMMER  expired\n") || !strings.HasSuffix(res.Stderr, "Disabled 1 promo code of site 7.\n") {
		t.Errorf("exit %d, stderr:\n%s", res.Code, res.Stderr)
	}
}

func TestPromoSelectionNothingToDo(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[`+cmdtest.SelectItems[4]+`]`)
	r.Run("promo", "delete", "--status", "expired", "--site-id", "7", "--yes").Expect(t, 2, "", "promoctl: no promo codes on site 7 match: expired; nothing was deleted\n")
	r.Run("promo", "enable", "WEEKSALE", "--site-id", "7", "--yes").Expect(t, 0, "", "Nothing to enable: 1 promo code is already enabled.\n")
}

// TestPromoSelectionCodeNotOnTheSite: one code missing fails the whole
// selection before anything is sent (exit 4).
func TestPromoSelectionCodeNotOnTheSite(t *testing.T) {
	r := newSelectRunner(t)
	r.Run("promo", "delete", "OFF10", "NOPE1", "NOPE2", "--site-id", "7", "--yes").Expect(t, 4, "",
		`promoctl: promo codes "NOPE1, NOPE2" not found on site 7 (a code is looked up in the list of --site-id or the configured site_id; an argument of digits only is an id)`+"\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

// TestPromoSelectionFailures: a code the API refuses is named with why;
// the others are done; exit 1.
func TestPromoSelectionFailures(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.API.Handle("DELETE /v1/promo/2002", http.StatusNoContent, "")
	r.API.Handle("DELETE /v1/promo/2003", http.StatusForbidden, `{"title":"user cant edit promo","error":40,"code":403}`)
	res := r.Run("promo", "delete", "--status", "expired,used-up", "--site-id", "7", "--yes")
	if res.Code != 1 || res.Stdout != "" {
		t.Fatalf("exit %d, stdout %q; want exit 1 and nothing on stdout\n%s", res.Code, res.Stdout, res.Stderr)
	}
	lines := strings.Split(strings.TrimSuffix(res.Stderr, "\n"), "\n")
	if len(lines) != 3 || lines[0] != "Deleted 1 promo code of site 7." ||
		!strings.HasPrefix(lines[1], "promoctl: not deleted: GONE5 (id 2003): ") || !strings.Contains(lines[1], "API error 40: user cant edit promo") ||
		!strings.HasPrefix(lines[2], "promoctl: 1 of 2 promo codes could not be deleted (1 refused, 0 of unknown outcome, 0 not sent); the journal is ") {
		t.Errorf("stderr:\n%s", res.Stderr)
	}
	if got, want := sortedRoutes(r), []string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/2002", "DELETE /v1/promo/2003"}; !slices.Equal(got, want) {
		t.Errorf("requests = %q, want %q", got, want)
	}
}

// TestPromoSelectionIDsMustBeOnTheSite: an id names a promo code of
// whatever site it is on, so ids given with a site (--site-id, or the
// configured one) are checked against that site's list: one that is not
// there fails the whole selection before anything is sent (exit 4), and
// nobody is asked about "site 7" while site 1's codes would go.
func TestPromoSelectionIDsMustBeOnTheSite(t *testing.T) {
	const notOn = "promoctl: promo codes 1001, 1002 are not on site 7, and nothing was sent: " +
		"an id given with a site (--site-id or the configured site_id) must be on that site's list\n"
	for _, c := range []struct {
		name   string
		args   []string
		env    map[string]string
		tty    bool
		stderr string
	}{
		{"delete ids, --yes", []string{"delete", "1001", "1002", "--site-id", "7", "--yes"}, nil, false, notOn},
		{"delete ids on a terminal", []string{"delete", "1001", "2001", "1002", "1001", "--site-id", "7"}, nil, true, notOn},
		{"delete ids with the site from the environment", []string{"delete", "1001", "1002", "--yes"}, map[string]string{"PROMOCTL_SITE_ID": "7"}, false, notOn},
		{"disable ids", []string{"disable", "1001", "1002", "--site-id", "7", "--yes"}, nil, false, notOn},
		{"enable ids and codes", []string{"enable", "1001", "OFF10", "NOPE1", "--site-id", "7", "--yes"}, nil, false,
			`promoctl: promo codes "NOPE1" and ids 1001 not found on site 7, and nothing was sent: a code is looked up in the list of --site-id or the configured site_id, ` +
				"and an id given with a site (--site-id or the configured site_id) must be on that site's list\n"},
		{"delete one id", []string{"delete", "1001", "--site-id", "7", "--yes"}, nil, false,
			"promoctl: promo code 1001 is not on site 7, and nothing was sent: an id given with a site (--site-id or the configured site_id) must be on that site's list\n"},
		{"delete one id on a terminal", []string{"delete", "1001", "--site-id", "7"}, nil, true,
			"promoctl: promo code 1001 is not on site 7, and nothing was sent: an id given with a site (--site-id or the configured site_id) must be on that site's list\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newSelectRunner(t)
			r.API.Handle("DELETE /v1/promo/1001", http.StatusNoContent, "")
			r.API.Handle("DELETE /v1/promo/1002", http.StatusNoContent, "")
			for k, v := range c.env {
				r.Env[k] = v
			}
			stub := &cmdtest.ConfirmStub{Answer: true}
			r.TTY, r.Prompter = c.tty, stub
			r.Run(append([]string{"promo"}, c.args...)...).Expect(t, 4, "", c.stderr)
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
			if len(stub.Asked) != 0 {
				t.Errorf("asked %q, want no question", stub.Asked)
			}
		})
	}
}

// TestPromoDeleteOneIDOnTheSite: an id given with a site that is on it is
// deleted after the list read that says so.
func TestPromoDeleteOneIDOnTheSite(t *testing.T) {
	r := newSelectRunner(t)
	r.Run("promo", "delete", "2001", "--site-id", "7", "--yes").Expect(t, 0, "", "Deleted promo code 2001.\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "DELETE /v1/promo/2001")
}

// TestPromoSelectionRecheckedAfterTheConfirmation: on a terminal the
// question may wait long; what was confirmed is checked against the list
// as it is then. A code a colleague extended, deleted or renamed
// meanwhile is skipped and named; the others are done; exit 0.
func TestPromoSelectionRecheckedAfterTheConfirmation(t *testing.T) {
	extended := strings.Replace(cmdtest.SelectItems[1], `"d_off":"2026-06-30T21:00:00.000Z"`, `"d_off":"2026-12-31T21:00:00.000Z"`, 1)
	renamed := strings.Replace(cmdtest.SelectItems[0], `"code":"OFF10"`, `"code":"NEW10"`, 1)
	disabled := strings.Replace(cmdtest.SelectItems[1], `"is_enabled":true`, `"is_enabled":false`, 1)
	list := func(items ...string) string { return "[" + strings.Join(items, ",") + "]" }
	for _, c := range []struct {
		name   string
		args   []string
		after  string // the list read after the confirmation
		routes []string
		stderr string // after the table
	}{
		{"delete --status: one extended", []string{"delete", "--status", "expired,used-up"},
			list(cmdtest.SelectItems[0], extended, cmdtest.SelectItems[2], cmdtest.SelectItems[3]),
			[]string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/2003", "GET /v1/promo?site_id=7"},
			"promoctl: skipped OLDSUMMER (id 2002): changed since the confirmation: it is active now, not expired or used-up\n" +
				"Deleted 1 promo code of site 7; 1 skipped as changed since the confirmation.\n"},
		{"delete named codes: one deleted, one renamed", []string{"delete", "OFF10", "GONE5", "summer26"},
			list(renamed, cmdtest.SelectItems[1], cmdtest.SelectItems[5]),
			[]string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/2006", "GET /v1/promo?site_id=7"},
			"promoctl: skipped OFF10 (id 2001): changed since the confirmation: it is named NEW10 now\n" +
				"promoctl: skipped GONE5 (id 2003): changed since the confirmation: it is no longer on site 7\n" +
				"Deleted 1 promo code of site 7; 2 skipped as changed since the confirmation.\n"},
		{"delete --status: all changed", []string{"delete", "--status", "expired,used-up"},
			list(extended),
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7"},
			"promoctl: skipped OLDSUMMER (id 2002): changed since the confirmation: it is active now, not expired or used-up\n" +
				"promoctl: skipped GONE5 (id 2003): changed since the confirmation: it is no longer on site 7\n" +
				"Deleted 0 promo codes of site 7; 2 skipped as changed since the confirmation.\n"},
		{"disable --status: disabled meanwhile", []string{"disable", "--status", "expired"},
			list(disabled),
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo?site_id=7"},
			"Disabled 0 promo codes of site 7; 1 already disabled.\n"},
		{"disable ids: one deleted", []string{"disable", "2002", "2003", "2001"},
			list(cmdtest.SelectItems[0], cmdtest.SelectItems[1]),
			[]string{"GET /v1/promo?site_id=7", "GET /v1/promo/2002", "GET /v1/promo?site_id=7", "PUT /v1/promo/2002"},
			"promoctl: skipped GONE5 (id 2003): changed since the confirmation: it is no longer on site 7\n" +
				"Disabled 1 promo code of site 7; 1 already disabled; 1 skipped as changed since the confirmation.\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newSelectRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, c.after)
			r.TTY = true
			r.Prompter = &cmdtest.ConfirmStub{Answer: true}
			res := r.Run(append(append([]string{"promo"}, c.args...), "--site-id", "7")...)
			// The table comes before; the journal's path is not compared.
			var kept []string
			for _, l := range strings.SplitAfter(res.Stderr, "\n") {
				if !strings.HasPrefix(l, "Journal: ") {
					kept = append(kept, l)
				}
			}
			if got := strings.Join(kept, ""); res.Code != 0 || res.Stdout != "" || !strings.HasSuffix(got, "\n"+c.stderr) {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit 0, no stdout, stderr ending in:\n%s", res.Code, res.Stdout, res.Stderr, c.stderr)
			}
			if got := sortedRoutes(r); !slices.Equal(got, c.routes) {
				t.Errorf("requests = %q, want %q", got, c.routes)
			}
		})
	}
}

// TestPromoSelectionOutcomesOnStdout: with a data format the selection
// verbs print each code they acted on with its outcome on stdout, in the
// job's order; stderr says what the table form says. With nothing to do
// the list is empty; the table form prints nothing on stdout.
func TestPromoSelectionOutcomesOnStdout(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.API.Handle("DELETE /v1/promo/2002", http.StatusNoContent, "")
	r.API.Handle("DELETE /v1/promo/2003", http.StatusForbidden, `{"title":"user cant edit promo","error":40,"code":403}`)
	res := r.Run("promo", "delete", "--status", "expired,used-up", "--site-id", "7", "--yes", "-o", "json")
	want := `[{"id":2002,"code":"OLDSUMMER","outcome":"deleted"},{"id":2003,"code":"GONE5","outcome":"failed"}]` + "\n"
	if res.Code != 1 || res.Stdout != want {
		t.Fatalf("exit %d, stdout:\n%s\nwant exit 1, stdout:\n%s\nstderr:\n%s", res.Code, res.Stdout, want, res.Stderr)
	}
	if lines := strings.Split(res.Stderr, "\n"); lines[0] != "Deleted 1 promo code of site 7." {
		t.Errorf("stderr:\n%s", res.Stderr)
	}
	if got, want := sortedRoutes(r), []string{"GET /v1/promo?site_id=7", "DELETE /v1/promo/2002", "DELETE /v1/promo/2003"}; !slices.Equal(got, want) {
		t.Errorf("requests = %q, want %q", got, want)
	}

	r = newSelectRunner(t)
	r.Run("promo", "enable", "--status", "disabled", "--site-id", "7", "--yes", "-o", "csv").
		Expect(t, 0, "id,code,outcome\n2001,OFF10,enabled\n", "Enabled 1 promo code of site 7.\n")
	r.Run("promo", "enable", "--status", "disabled", "--site-id", "7", "--yes").
		Expect(t, 0, "", "Enabled 1 promo code of site 7.\n")

	r = newSelectRunner(t)
	r.Run("promo", "disable", "OFF10", "--site-id", "7", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2001,"code":"OFF10","outcome":"unchanged"}]`+"\n", "Nothing to disable: 1 promo code is already disabled.\n")
}
