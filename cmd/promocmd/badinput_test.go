package promocmd

import (
	"strconv"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

const codeRule = "--code: the code may contain only Latin letters A-Z, a-z and digits 0-9, "

func TestPromoUpdateRejectsBadFlags(t *testing.T) {
	update := func(extra ...string) []string { return append([]string{"promo", "update", "5"}, extra...) }
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "no-time-limit with starts", Args: update("--no-time-limit", "--starts", "2026-12-01"), Stderr: "promoctl: --no-time-limit cannot be combined with --starts or --ends"},
		{Name: "no-time-limit with ends", Args: update("--ends", "2026-12-01", "--no-time-limit"), Stderr: "promoctl: --no-time-limit cannot be combined with --starts or --ends"},
		{Name: "no-max-uses with max-uses", Args: update("--no-max-uses", "--max-uses", "10"), Stderr: "promoctl: --no-max-uses cannot be combined with --max-uses"},
		// The first error is the same whatever the order of the flags: the
		// conflict, checked where --ends is read, before --max-uses.
		{Name: "no-time-limit with starts and a bad max-uses", Args: update("--max-uses", "x", "--no-time-limit", "--starts", "2026-01-01"),
			Stderr: "promoctl: --no-time-limit cannot be combined with --starts or --ends"},
		{Name: "amount 0", Args: update("--amount", "0"), Stderr: "promoctl: --amount: must be a positive number, got 0"},
		{Name: "percent over 100", Args: update("--amount", "150", "--percent"), Stderr: "promoctl: --amount: a percentage must be at most 100, got 150"},
		{Name: "bonus type", Args: update("--bonus-type", "both"), Stderr: `promoctl: --bonus-type: unknown bonus type "both": use goods (2) or delivery (3)`},
		{Name: "max uses 0", Args: update("--max-uses", "0"), Stderr: "promoctl: --max-uses: must be at least 1, got 0"},
		{Name: "bad date", Args: update("--ends", "2026-02-30"), Stderr: `promoctl: --ends: cannot read date "2026-02-30": use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00`},
		{Name: "nothing to change", Args: update(), Stderr: "promoctl: nothing to change: name at least one field flag (see --help) or -f FILE"},
		{Name: "two ids", Args: update("6", "--enabled"), Stderr: "promoctl: promo update needs a promo code id or code, got 2 arguments (usage: promoctl promo update CODE_OR_ID)"},
	})
}

func TestPromoCommandsRejectBadIDs(t *testing.T) {
	var cases []cmdtest.BadInput
	for _, verb := range []string{"get", "update", "delete", "stats"} {
		for _, id := range []string{"0", "-5", "abc", "1.5", "1e3", "A"} {
			args := []string{"promo", verb}
			if verb == "update" {
				args = append(args, "--enabled")
			}
			if verb == "delete" {
				args = append(args, "--yes")
			}
			// "--" so that -5 reaches the command as an argument.
			args = append(args, "--", id)
			stderr := `promoctl: invalid promo code id or code "` + id + `": an id is digits only, a code 2-15 Latin letters or digits`
			switch id {
			case "0": // digits only: an id
				stderr = `promoctl: invalid promo code id "0": must be a positive integer`
			case "abc", "1e3": // a code, looked up in the list of a site: none is given
				stderr = "promoctl: --site-id is required (or set a default: promoctl config set site_id N)"
			}
			cases = append(cases, cmdtest.BadInput{Name: verb + " " + id, Args: args, Stderr: stderr})
		}
		noID := "promoctl: promo " + verb + " needs a promo code id or code (usage: promoctl promo " + verb + " CODE_OR_ID)"
		if verb == "delete" { // delete also takes several, or --status
			noID = "promoctl: promo delete needs promo code ids or codes, or a selection such as --status, --prefix or --job (usage: promoctl promo delete [CODE_OR_ID...])"
		}
		cases = append(cases, cmdtest.BadInput{Name: verb + " no id", Args: []string{"promo", verb}, Stderr: noID})
	}
	// Without "--", -5 is read as a flag: still a usage error.
	cases = append(cases, cmdtest.BadInput{Name: "get -5 as flag", Args: []string{"promo", "get", "-5"},
		Stderr: `promoctl: -5 is read as a flag: to give promo get an argument that starts with "-", put "--" before it`})
	runBadInputs(t, cases)
}

func TestPromoRejectsBadGlobalSettings(t *testing.T) {
	list := []string{"promo", "list", "--site-id", "7"}
	with := func(extra ...string) []string { return append(append([]string{}, list...), extra...) }
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "output xml", Args: with("-o", "xml"), Stderr: `promoctl: invalid output (from flag --output): unknown output format "xml": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{Name: "output env", Args: list, Env: map[string]string{"PROMOCTL_OUTPUT": "html"},
			Stderr: `promoctl: invalid output (from env PROMOCTL_OUTPUT): unknown output format "html": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{Name: "jq syntax", Args: with("--jq", ".["),
			Stderr: `{"error":{"message":"invalid --jq expression: unexpected EOF","exit_code":2}}`},
		{Name: "jq unknown function", Args: with("--jq", "nosuchfn(1)"),
			Stderr: `{"error":{"message":"invalid --jq expression: function not defined: nosuchfn/1","exit_code":2}}`},
		{Name: "jq with table", Args: with("-o", "table", "--jq", ".[]"), Stderr: "promoctl: --jq works with --output json, not table"},
		{Name: "user id abc", Args: list, Env: map[string]string{"PROMOCTL_USER_ID": "abc"},
			Stderr: `promoctl: invalid user_id (from env PROMOCTL_USER_ID): "abc" is not a positive integer`},
		{Name: "user id 0", Args: list, Env: map[string]string{"PROMOCTL_USER_ID": "0"},
			Stderr: `promoctl: invalid user_id (from env PROMOCTL_USER_ID): "0" is not a positive integer`},
		{Name: "user id flag", Args: with("--user-id", "-3"),
			Stderr: `promoctl: invalid user_id (from flag --user-id): "-3" is not a positive integer`},
		{Name: "timeout abc", Args: with("--timeout", "abc"),
			Stderr: `promoctl: invalid timeout (from flag --timeout): "abc" is not a duration such as 30s or 2m`},
		{Name: "timeout 0", Args: with("--timeout", "0s"),
			Stderr: `promoctl: invalid timeout (from flag --timeout): "0s" must be longer than zero`},
		{Name: "timeout negative", Args: with("--timeout", "-1s"),
			Stderr: `promoctl: invalid timeout (from flag --timeout): "-1s" must be longer than zero`},
		{Name: "timeout env", Args: list, Env: map[string]string{"PROMOCTL_TIMEOUT": "soon"},
			Stderr: `promoctl: invalid timeout (from env PROMOCTL_TIMEOUT): "soon" is not a duration such as 30s or 2m`},
		{Name: "site id abc", Args: []string{"promo", "list", "--site-id", "abc"},
			Stderr: `promoctl: invalid site_id (from flag --site-id): "abc" is not a positive integer`},
		{Name: "site id env", Args: []string{"promo", "list"}, Env: map[string]string{"PROMOCTL_SITE_ID": "-1"},
			Stderr: `promoctl: invalid site_id (from env PROMOCTL_SITE_ID): "-1" is not a positive integer`},
		{Name: "no site", Args: []string{"promo", "list"}, Stderr: "promoctl: --site-id is required (or set a default: promoctl config set site_id N)"},
		{Name: "get output", Args: []string{"promo", "get", "5", "-o", "tsv"}, Stderr: `promoctl: invalid output (from flag --output): unknown output format "tsv": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{Name: "stats timeout", Args: []string{"promo", "stats", "5", "--timeout", "forever"},
			Stderr: `promoctl: invalid timeout (from flag --timeout): "forever" is not a duration such as 30s or 2m`},
		{Name: "delete user id", Args: []string{"promo", "delete", "5", "--yes"}, Env: map[string]string{"PROMOCTL_USER_ID": "me"},
			Stderr: `promoctl: invalid user_id (from env PROMOCTL_USER_ID): "me" is not a positive integer`},
		{Name: "base url not http", Args: list, Env: map[string]string{"PROMOCTL_BASE_URL": "ftp://example.com"},
			Stderr: `promoctl: invalid base_url (from env PROMOCTL_BASE_URL): invalid base URL "ftp://example.com": want an absolute http or https URL such as https://api.lpmotor.ru`},
		{Name: "unknown subcommand", Args: []string{"promo", "lst"}, Stderr: `promoctl: unknown command "lst" for "promoctl promo"; did you mean "list"?`},
		{Name: "list takes codes, not other words", Args: with("not a code"), Stderr: `promoctl: invalid promo code id or code "not a code": an id is digits only, a code 2-15 Latin letters or digits`},
	})
}

// --jq implies JSON output, so a script reading it gets errors as JSON; a
// person at a terminal gets the line of text, unless -o json asks for JSON.
func TestBadJQOnATerminalIsALineOfText(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Run("promo", "list", "--site-id", "7", "--jq", ".[").Expect(t, 2, "", "promoctl: invalid --jq expression: unexpected EOF\n")
	r.Run("promo", "list", "--site-id", "7", "-o", "json", "--jq", ".[").Expect(t, 2, "",
		`{"error":{"message":"invalid --jq expression: unexpected EOF","exit_code":2}}`+"\n")
	r.Env["PROMOCTL_OUTPUT"] = "json"
	r.Run("promo", "list", "--site-id", "7", "--jq", ".[").Expect(t, 2, "",
		`{"error":{"message":"invalid --jq expression: unexpected EOF","exit_code":2}}`+"\n")
	r.ExpectNoRequests(t)
}

func TestPromoDeleteRefusesWithoutTerminalOrYes(t *testing.T) {
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "no yes", Args: []string{"promo", "delete", "5"},
			Stderr: "promoctl: refusing to delete promo code 5 without confirmation: pass --yes when not running interactively"},
		{Name: "yes=false", Args: []string{"promo", "delete", "5", "--yes=false"},
			Stderr: "promoctl: refusing to delete promo code 5 without confirmation: pass --yes when not running interactively"},
	})
}

func TestPromoFileRejectsBadFiles(t *testing.T) {
	type fileCase struct {
		name, content, stderr string // stderr after "promoctl: --file PATH: "
	}
	cases := []fileCase{
		{"unknown field", `{"code":"SUMMER25","discount":5}`, `unknown field "discount"`},
		{"typo in yaml", "code: SUMMER25\nis_enable: true\n", `unknown field "is_enable"`},
		{"bool as word", `{"code":"SUMMER25","is_enabled":"maybe"}`, `is_enabled: want true or false, got "maybe"`},
		{"bool as 2", `{"code":"SUMMER25","is_enabled":2}`, "is_enabled: want true or false, got 2"},
		{"code as bool", `{"code":true}`, "code: want a string, got bool"},
		{"amount as word", `{"code":"SUMMER25","bonus_amount":"lots"}`, `bonus_amount: "lots" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`},
		{"max uses fraction", `{"code":"SUMMER25","quantity_limit":2.5}`, "quantity_limit: want a whole number, got 2.5"},
		{"bonus type 5", `{"code":"SUMMER25","bonus_type":5}`, `bonus_type: unknown bonus type "5": use goods (2) or delivery (3)`},
		{"date as number", `{"code":"SUMMER25","d_on":20261201}`, `d_on: cannot read date "20261201": use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00`},
		{"bad date", `{"code":"SUMMER25","d_off":"31/12/2026"}`, `d_off: cannot read date "31/12/2026": use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00`},
		{"site id 0", `{"code":"SUMMER25","site_id":0}`, "site_id: must be a positive integer, got 0"},
		{"bad code in file", `{"code":"A_B"}`, "code: the code may contain only Latin letters A-Z, a-z and digits 0-9, found '_' at position 2"},
		{"amount 0 in file", `{"code":"SUMMER25","bonus_amount":0}`, "bonus_amount: must be a positive number, got 0"},
		{"array", `[{"code":"SUMMER25"}]`, "not a JSON or YAML object: line 1: cannot unmarshal !!seq into map[string]interface {}"},
		{"string", `"SUMMER25"`, "not a JSON or YAML object: line 1: cannot unmarshal !!str `SUMMER25` into map[string]interface {}"},
		{"broken json", `{"code":"SUMMER25"`, "not a JSON or YAML object: yaml: line 1: did not find expected ',' or '}'"},
		{"null", "null\n", "not a JSON or YAML object"},
		{"empty", "  \n", "the file is empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			p := cmdtest.WriteFile(t, "promo.json", c.content)
			res := r.Run("promo", "create", "--site-id", "7", "-f", p)
			res.Expect(t, 2, "", "promoctl: --file "+p+": "+c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
	t.Run("stdin", func(t *testing.T) {
		r := newRunner(t)
		r.Stdin = `{"code":"SUMMER25","colour":"red"}`
		res := r.Run("promo", "update", "5", "-f", "-")
		res.Expect(t, 2, "", `promoctl: --file -: unknown field "colour"`+"\n")
		r.ExpectNoRequests(t)
	})
	t.Run("missing file", func(t *testing.T) {
		r := newRunner(t)
		p := t.TempDir() + "/nope.yaml"
		res := r.Run("promo", "create", "--site-id", "7", "-f", p)
		res.Expect(t, 2, "", "promoctl: --file: open "+p+": no such file or directory\n")
		r.ExpectNoRequests(t)
	})
	t.Run("file and flags disagree", func(t *testing.T) {
		// Each is fine alone; together the amount is over 100%.
		r := newRunner(t)
		p := cmdtest.WriteFile(t, "promo.yaml", "code: SUMMER25\nbonus_amount_is_in_percentages: true\n")
		res := r.Run("promo", "create", "--site-id", "7", "-f", p, "--amount", "250")
		res.Expect(t, 2, "", "promoctl: --amount: a percentage must be at most 100, got 250\n")
		r.ExpectNoRequests(t)
	})
}

// TestPromoAmountIsMoneyWithTwoDecimals: an amount is written as money is,
// digits and at most two decimals, in flags and in -f files alike; other
// ways of writing a number (exponents, hex, underscores) and finer amounts
// are refused before any request.
func TestPromoAmountIsMoneyWithTwoDecimals(t *testing.T) {
	const rule = ` is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`
	create := func(extra ...string) []string {
		return append([]string{"promo", "create", "--site-id", "7", "--code", "SUMMER25"}, extra...)
	}
	var cases []cmdtest.BadInput
	for _, a := range []string{"0.001", "5e-324", "0x1p4", "1_000", "1e3", "+5", ".5", "5.", "9.999", "1,555", "1,234.50", "1 00", "Inf", "-0.001"} {
		cases = append(cases,
			cmdtest.BadInput{Name: "create " + a, Args: create("--amount=" + a), Stderr: "promoctl: --amount: " + strconv.Quote(a) + rule},
			cmdtest.BadInput{Name: "update " + a, Args: []string{"promo", "update", "5", "--amount=" + a, "--percent"},
				Stderr: "promoctl: --amount: " + strconv.Quote(a) + rule})
	}
	runBadInputs(t, cases)

	for _, c := range []struct{ name, content, written string }{
		{"JSON 0.001", `{"code":"SUMMER25","bonus_amount":0.001}`, "0.001"},
		{"JSON 1e3", `{"code":"SUMMER25","bonus_amount":1e3}`, "1e3"},
		{"JSON 5e-324", `{"code":"SUMMER25","bonus_amount":5e-324}`, "5e-324"},
		{"JSON string 0x1p4", `{"code":"SUMMER25","bonus_amount":"0x1p4"}`, "0x1p4"},
		{"YAML hex", "code: SUMMER25\nbonus_amount: 0x10\n", "0x10"},
		{"YAML underscores", "code: SUMMER25\nbonus_amount: 1_000\n", "1_000"},
		{"YAML three decimals", "code: SUMMER25\nbonus_amount: 12.345\n", "12.345"},
		{"YAML infinity", "code: SUMMER25\nbonus_amount: .inf\n", ".inf"},
	} {
		t.Run("file "+c.name, func(t *testing.T) {
			r := newRunner(t)
			p := cmdtest.WriteFile(t, "promo", c.content)
			res := r.Run("promo", "create", "--site-id", "7", "-f", p)
			res.Expect(t, 2, "", "promoctl: --file "+p+": bonus_amount: "+strconv.Quote(c.written)+rule+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// TestPromoUpdateRejectsBadCodes: promo update checks a new --code as
// promo create does, before any request.
func TestPromoUpdateRejectsBadCodes(t *testing.T) {
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "update full-width", Args: []string{"promo", "update", "5", "--code", "ＡＢＣ"}, Stderr: "promoctl: " + codeRule + "found 'Ａ' at position 1"},
		{Name: "update one char", Args: []string{"promo", "update", "5", "--code", "Z"}, Stderr: "promoctl: --code: the code must be 2 to 15 characters long, got 1"},
	})
}
