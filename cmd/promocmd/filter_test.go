package promocmd

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// codesOf returns the codes promo list printed: the CODE column of a
// table, or the code of each element of a JSON array.
func codesOf(t *testing.T, stdout string, asJSON bool) []string {
	t.Helper()
	var out []string
	if asJSON {
		var items []struct {
			Code string `json:"code"`
		}
		if err := json.Unmarshal([]byte(stdout), &items); err != nil {
			t.Fatalf("stdout is not a JSON array: %v\n%s", err, stdout)
		}
		for _, it := range items {
			out = append(out, it.Code)
		}
		return out
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "ID ") {
		t.Fatalf("no table header:\n%s", stdout)
	}
	for _, l := range lines[1:] {
		out = append(out, strings.Fields(l)[1])
	}
	return out
}

// TestPromoListFiltersAndSort runs each filter, order and limit in the
// table and as JSON: the same codes in the same order, and the JSON is
// the server's elements, unchanged.
func TestPromoListFiltersAndSort(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"status expired", []string{"--status", "expired"}, []string{"OLDSUMMER"}},
		{"status list", []string{"--status", "Used-Up, disabled"}, []string{"OFF10", "GONE5"}},
		{"status scheduled", []string{"--status", "scheduled"}, []string{"SOON"}},
		{"status active", []string{"--status", "active"}, []string{"WEEKSALE", "Summer26", "ALWAYS"}},
		{"search any case", []string{"--search", "SUMMER"}, []string{"OLDSUMMER", "Summer26"}},
		{"prefix any case: the start only", []string{"--prefix", "summer"}, []string{"Summer26"}},
		{"prefix and status", []string{"--prefix", "O", "--status", "disabled"}, []string{"OFF10"}},
		{"expiring within 7d", []string{"--expiring-within", "7d"}, []string{"WEEKSALE", "Summer26"}},
		{"expiring within 36h", []string{"--expiring-within", "36h"}, []string{"Summer26"}},
		{"expiring within 1d12h", []string{"--expiring-within", "1d12h"}, []string{"Summer26"}},
		{"expiring within 100d", []string{"--expiring-within", "100d"}, []string{"SOON", "WEEKSALE", "Summer26"}},
		{"filters combined", []string{"--status", "active", "--search", "a", "--expiring-within", "7d"}, []string{"WEEKSALE"}},
		{"sort code", []string{"--sort", "code"}, []string{"ALWAYS", "GONE5", "OFF10", "OLDSUMMER", "SOON", "Summer26", "WEEKSALE"}},
		{"sort -id", []string{"--sort", "-id"}, []string{"ALWAYS", "Summer26", "WEEKSALE", "SOON", "GONE5", "OLDSUMMER", "OFF10"}},
		{"sort d_off, none last", []string{"--sort", "d_off"}, []string{"OLDSUMMER", "Summer26", "WEEKSALE", "SOON", "OFF10", "GONE5", "ALWAYS"}},
		{"sort -d_off, none last", []string{"--sort", "-d_off"}, []string{"SOON", "WEEKSALE", "Summer26", "OLDSUMMER", "OFF10", "GONE5", "ALWAYS"}},
		{"sort -promo_used_count", []string{"--sort", "-promo_used_count"}, []string{"ALWAYS", "Summer26", "GONE5", "OLDSUMMER", "WEEKSALE", "OFF10", "SOON"}},
		{"sort status", []string{"--sort", "status"}, []string{"OFF10", "OLDSUMMER", "GONE5", "SOON", "WEEKSALE", "Summer26", "ALWAYS"}},
		{"sort -status", []string{"--sort", "-status"}, []string{"WEEKSALE", "Summer26", "ALWAYS", "SOON", "GONE5", "OLDSUMMER", "OFF10"}},
		{"sort is_enabled keeps the API's order among equals", []string{"--sort", "is_enabled"}, []string{"OFF10", "OLDSUMMER", "GONE5", "SOON", "WEEKSALE", "Summer26", "ALWAYS"}},
		{"limit", []string{"--limit", "2"}, []string{"OFF10", "OLDSUMMER"}},
		{"limit beyond the list", []string{"--limit", "100"}, []string{"OFF10", "OLDSUMMER", "GONE5", "SOON", "WEEKSALE", "Summer26", "ALWAYS"}},
		{"sort, then limit", []string{"--sort", "-promo_used_count", "--limit", "3"}, []string{"ALWAYS", "Summer26", "GONE5"}},
		{"filter, sort, limit", []string{"--status", "active", "--sort", "d_off", "--limit", "1"}, []string{"Summer26"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, asJSON := range []bool{false, true} {
				r := newRunner(t)
				r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
				args := append([]string{"promo", "list", "--site-id", "7"}, c.args...)
				if asJSON {
					args = append(args, "-o", "json")
				}
				res := r.Run(args...)
				if res.Code != 0 || res.Stderr != "" {
					t.Fatalf("%q: exit %d, stderr %q", args, res.Code, res.Stderr)
				}
				if got := codesOf(t, res.Stdout, asJSON); !slices.Equal(got, c.want) {
					t.Errorf("%q: codes %q, want %q\n%s", args, got, c.want, res.Stdout)
				}
				r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
				if asJSON {
					// The server's objects, unchanged: piped, each is its bytes.
					var want []string
					for _, code := range c.want {
						for _, it := range cmdtest.SelectItems {
							if strings.Contains(it, `"code":"`+code+`"`) {
								want = append(want, it)
							}
						}
					}
					if w := "[" + strings.Join(want, ",") + "]\n"; res.Stdout != w {
						t.Errorf("%q: stdout\n%s\nwant the server's elements\n%s", args, res.Stdout, w)
					}
				}
			}
		})
	}
}

// TestPromoListFiltersEveryFormat: YAML, CSV, JSON Lines and --jq see
// the filtered, ordered list too.
func TestPromoListFiltersEveryFormat(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-o", "jsonl"}, cmdtest.SelectItems[5] + "\n" + cmdtest.SelectItems[4] + "\n"},
		{[]string{"-o", "csv", "--no-headers"}, "2006,Summer26,,true,0,0,false,true,2026-06-01T00:00:00.000Z,2026-07-02T00:00:00.000Z,false,0,7,true\n" +
			"2005,WEEKSALE,,true,0,0,false,true,2026-06-01T00:00:00.000Z,2026-07-05T00:00:00.000Z,false,0,2,true\n"},
		{[]string{"-o", "json", "--jq", ".[] | .code"}, "Summer26\nWEEKSALE\n"},
		{[]string{"--jq", "map(.id)"}, "[2006,2005]\n"},
	} {
		r := newRunner(t)
		r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
		args := append([]string{"promo", "list", "--site-id", "7", "--expiring-within", "7d", "--sort", "d_off"}, c.args...)
		r.Run(args...).Expect(t, 0, c.want, "")
	}
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.Run("promo", "list", "--site-id", "7", "--status", "scheduled", "-o", "yaml").Expect(t, 0,
		"- id: 2004\n  code: SOON\n  is_enabled: true\n  time_limit_is_enabled: true\n  d_on: \"2026-08-01T00:00:00.000Z\"\n"+
			"  d_off: \"2026-09-01T00:00:00.000Z\"\n  quantity_limit_is_enabled: false\n  quantity_limit: 0\n  promo_used_count: 0\n  is_valid: false\n", "")
}

// TestPromoListFilteredEmpty: nothing passes: the header alone piped, a
// sentence that says which filters on a terminal, [] as JSON.
func TestPromoListFilteredEmpty(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.Run("promo", "list", "--site-id", "7", "--search", "nope", "-o", "json").Expect(t, 0, "[]\n", "")
	r.TTY = true
	r.Run("promo", "list", "--site-id", "7", "--status", "expired", "--search", "nope", "--expiring-within", "36h").Expect(t, 0, "",
		"No promo codes on site 7 match: expired, containing \"nope\", expiring within 36h.\n")
	r.Run("promo", "list", "--site-id", "7", "--prefix", "XMAS").Expect(t, 0, "", "No promo codes on site 7 match: starting with \"XMAS\".\n")
}

func TestPromoListRejectsBadFilters(t *testing.T) {
	list := []string{"promo", "list", "--site-id", "7"}
	with := func(extra ...string) []string { return append(append([]string{}, list...), extra...) }
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "unknown status", Args: with("--status", "expired,gone"), Stderr: `promoctl: --status: unknown status "gone": use disabled, expired, used-up, scheduled, active (or the words the tables write: выключен, истёк, исчерпан, запланирован, активен)`},
		{Name: "empty search", Args: with("--search", " "), Stderr: "promoctl: --search needs a text to look for in the codes"},
		{Name: "bad duration", Args: with("--expiring-within", "7 days"), Stderr: `promoctl: --expiring-within: invalid duration "7 days": use days, hours or minutes such as 7d, 36h, 90m or 1d12h`},
		{Name: "negative duration", Args: with("--expiring-within", "-1h"), Stderr: `promoctl: --expiring-within: invalid duration "-1h": use days, hours or minutes such as 7d, 36h, 90m or 1d12h`},
		{Name: "zero duration", Args: with("--expiring-within", "0d"), Stderr: `promoctl: --expiring-within: invalid duration "0d": use days, hours or minutes such as 7d, 36h, 90m or 1d12h`},
		{Name: "unknown sort field", Args: with("--sort", "-expires"), Stderr: `promoctl: --sort: unknown field "-expires": use one of id, code, pos, is_enabled, bonus_type, bonus_amount, bonus_amount_is_in_percentages, time_limit_is_enabled, d_on, d_off, quantity_limit_is_enabled, quantity_limit, promo_used_count, is_valid, personal_limit_is_enabled, status, with - before it for descending order`},
		{Name: "limit 0", Args: with("--limit", "0"), Stderr: "promoctl: --limit must be at least 1, got 0"},
		{Name: "empty prefix", Args: with("--prefix", ""), Stderr: "promoctl: --prefix needs the text the codes start with"},
		{Name: "Cyrillic prefix", Args: with("--prefix", "ЁЛКА"), Stderr: `promoctl: --prefix "ЁЛКА": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'Ё' at position 1`},
		{Name: "prefix longer than a code", Args: with("--prefix", "ABCDEFGHIJKLMNOP"), Stderr: `promoctl: --prefix "ABCDEFGHIJKLMNOP": a code has at most 15 characters, the prefix has 16`},
	})
}

// TestPromoListLimitStopsReading: without --sort, --limit ends the list
// after N codes without reading on: what follows (here, a list cut off)
// is never read.
func TestPromoListLimitStopsReading(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, "["+cmdtest.SelectItems[0]+","+cmdtest.SelectItems[1]+`,{"id":3,"code":"CU`)
	r.Run("promo", "list", "--site-id", "7", "--limit", "2", "-o", "jsonl").Expect(t, 0, cmdtest.SelectItems[0]+"\n"+cmdtest.SelectItems[1]+"\n", "")
	// Sorted, the whole list is read: the cut is found.
	if res := r.Run("promo", "list", "--site-id", "7", "--limit", "2", "--sort", "id", "-o", "jsonl"); res.Code != 1 || res.Stdout != "" {
		t.Errorf("sorted cut-off list: exit %d, stdout %q; want exit 1 and nothing printed", res.Code, res.Stdout)
	}
}
