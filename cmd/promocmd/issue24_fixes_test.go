package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// promo enable --help shows promo enable, and promo disable --help promo
// disable, in every example.
func TestPromoToggleHelpExamples(t *testing.T) {
	for _, verb := range []string{"enable", "disable"} {
		res := newRunner(t).Run("promo", verb, "--help")
		_, examples, ok := strings.Cut(res.Stdout, "Examples:\n")
		examples, _, _ = strings.Cut(examples, "\n\n")
		if res.Code != 0 || !ok {
			t.Fatalf("promo %s --help: exit %d, no examples:\n%s", verb, res.Code, res.Stdout)
		}
		for _, line := range strings.Split(examples, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "promoctl promo "+verb+" ") {
				t.Errorf("promo %s --help shows %q", verb, strings.TrimSpace(line))
			}
		}
	}
}

// promo delete names the code it deleted when it knows it: named by its
// code, or read to ask; an id deleted with --yes is not read just for that.
func TestPromoDeleteNamesTheCode(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":5006,"code":"XMAS26"}]`)
	r.API.Handle("DELETE /v1/promo/5006", http.StatusNoContent, "")
	r.Run("promo", "delete", "XMAS26", "--site-id", "7", "--yes").Expect(t, 0, "", "Deleted promo code XMAS26 (id 5006).\n")
	r.Run("promo", "delete", "5006", "--yes").Expect(t, 0, "", "Deleted promo code 5006.\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "DELETE /v1/promo/5006", "DELETE /v1/promo/5006")
}

// A flag that cannot be parsed stops cobra's parsing, but an -o json
// anywhere on the line still asks for the error as JSON.
func TestFlagErrorAsJSONWhereverOutputIs(t *testing.T) {
	const unknown = `{"error":{"message":"unknown flag: --bogus","exit_code":2}}` + "\n"
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"promo", "list", "--bogus", "-o", "json"}, unknown},
		{[]string{"promo", "list", "-o", "json", "--bogus"}, unknown},
		{[]string{"promo", "list", "--bogus", "--output=jsonl"}, unknown},
		{[]string{"promo", "list", "--bogus", "-ojson"}, unknown},
		{[]string{"promo", "list", "--limit", "x", "-o=json"}, `{"error":{"message":"invalid argument \"x\" for \"--limit\" flag: strconv.ParseInt: parsing \"x\": invalid syntax","exit_code":2}}` + "\n"},
		{[]string{"promo", "list", "--bogus"}, "promoctl: unknown flag: --bogus\n"},
		{[]string{"promo", "list", "--bogus", "-o", "json", "-o", "table"}, "promoctl: unknown flag: --bogus\n"},
		{[]string{"promo", "get", "--bogus", "--", "-o", "json"}, "promoctl: unknown flag: --bogus\n"},
	} {
		r := newRunner(t)
		r.Run(c.args...).Expect(t, cmdutil.ExitUsage, "", c.stderr)
		r.ExpectNoRequests(t)
	}
}

// A Cyrillic --prefix is refused for its letters, not measured in bytes,
// by promo generate as by the list filters.
func TestPromoGenerateCyrillicPrefix(t *testing.T) {
	r := newRunner(t)
	r.Run("promo", "generate", "--count", "2", "--site-id", "1", "--prefix", "ПРОМОКОДЫ").Expect(t, cmdutil.ExitUsage, "",
		`promoctl: prefix "ПРОМОКОДЫ": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'П' at position 1`+"\n")
	r.ExpectNoRequests(t)
}
