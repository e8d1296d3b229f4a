package promocmd

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

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
