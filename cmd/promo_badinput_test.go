package cmd

import (
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// badInput is a mistaken call of promoctl: it must exit 2 with one line on
// stderr, print nothing on stdout and send nothing to the API.
type badInput struct {
	name   string
	args   []string
	env    map[string]string // added to the runner's environment; "" unsets
	stdin  string
	stderr string
}

func runBadInputs(t *testing.T, cases []badInput) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			for k, v := range c.env {
				if v == "" {
					delete(r.Env, k)
				} else {
					r.Env[k] = v
				}
			}
			r.Stdin = c.stdin
			res := r.Run(c.args...)
			res.Expect(t, 2, "", c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

const codeRule = "--code: the code may contain only Latin letters A-Z, a-z and digits 0-9, "

func TestPromoCreateRejectsBadCodes(t *testing.T) {
	create := func(code string) []string { return []string{"promo", "create", "--site-id", "7", "--code", code} }
	runBadInputs(t, []badInput{
		{name: "cyrillic", args: create("ПРОМО10"), stderr: "promoctl: " + codeRule + "found 'П' at position 1"},
		{name: "accented latin", args: create("É1"), stderr: "promoctl: " + codeRule + "found 'É' at position 1"},
		{name: "full-width", args: create("ＡＢＣ"), stderr: "promoctl: " + codeRule + "found 'Ａ' at position 1"},
		{name: "underscore", args: create("A_B"), stderr: "promoctl: " + codeRule + "found '_' at position 2"},
		{name: "space", args: create("AB 1"), stderr: "promoctl: " + codeRule + "found ' ' at position 3"},
		{name: "one char", args: create("A"), stderr: "promoctl: --code: the code must be 2 to 15 characters long, got 1"},
		{name: "16 chars", args: create(strings.Repeat("A", 16)), stderr: "promoctl: --code: the code must be 2 to 15 characters long, got 16"},
		{name: "empty", args: create(""), stderr: "promoctl: --code: the code is empty"},
		{name: "update full-width", args: []string{"promo", "update", "5", "--code", "ＡＢＣ"}, stderr: "promoctl: " + codeRule + "found 'Ａ' at position 1"},
		{name: "update one char", args: []string{"promo", "update", "5", "--code", "Z"}, stderr: "promoctl: --code: the code must be 2 to 15 characters long, got 1"},
	})
}

func TestPromoCreateRejectsBadFields(t *testing.T) {
	create := func(extra ...string) []string {
		return append([]string{"promo", "create", "--site-id", "7", "--code", "SUMMER25"}, extra...)
	}
	const dateHelp = `: use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00`
	runBadInputs(t, []badInput{
		{name: "bonus type 4", args: create("--bonus-type", "4"), stderr: `promoctl: --bonus-type: unknown bonus type "4": use goods (2) or delivery (3)`},
		{name: "bonus type 1", args: create("--bonus-type", "1"), stderr: `promoctl: --bonus-type: unknown bonus type "1": use goods (2) or delivery (3)`},
		{name: "bonus type word", args: create("--bonus-type", "shipping"), stderr: `promoctl: --bonus-type: unknown bonus type "shipping": use goods (2) or delivery (3)`},
		{name: "amount 0", args: create("--amount", "0"), stderr: "promoctl: --amount: must be a positive number, got 0"},
		{name: "amount -1", args: create("--amount=-1"), stderr: "promoctl: --amount: must be a positive number, got -1"},
		{name: "amount -1 as next arg", args: create("--amount", "-1"), stderr: "promoctl: --amount: must be a positive number, got -1"},
		{name: "amount abc", args: create("--amount", "abc"), stderr: `promoctl: --amount: "abc" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`},
		{name: "amount NaN", args: create("--amount", "NaN"), stderr: `promoctl: --amount: "NaN" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`},
		{name: "percent over 100", args: create("--amount", "101", "--percent"), stderr: "promoctl: --amount: a percentage must be at most 100, got 101"},
		{name: "starts month 13", args: create("--starts", "2026-13-01"), stderr: `promoctl: --starts: cannot read date "2026-13-01"` + dateHelp},
		{name: "starts dotted month 13", args: create("--starts", "01.13.2026"), stderr: `promoctl: --starts: cannot read date "01.13.2026"` + dateHelp},
		{name: "ends word", args: create("--ends", "tomorrow"), stderr: `promoctl: --ends: cannot read date "tomorrow"` + dateHelp},
		{name: "starts empty", args: create("--starts", ""), stderr: "promoctl: --starts: empty date"},
		{name: "ends before starts", args: create("--starts", "2026-12-02", "--ends", "2026-12-01"),
			stderr: "promoctl: --ends: the end 2026-12-01T20:59:59.000Z is before the start 2026-12-01T21:00:00.000Z"},
		{name: "max uses 0", args: create("--max-uses", "0"), stderr: "promoctl: --max-uses: must be at least 1, got 0"},
		{name: "max uses -1", args: create("--max-uses=-1"), stderr: "promoctl: --max-uses: must be at least 1, got -1"},
		{name: "max uses abc", args: create("--max-uses", "abc"), stderr: `promoctl: --max-uses: "abc" is not a whole number`},
		{name: "max uses 1.5", args: create("--max-uses", "1.5"), stderr: `promoctl: --max-uses: "1.5" is not a whole number`},
		{name: "site id 0", args: []string{"promo", "create", "--site-id", "0", "--code", "SUMMER25"}, stderr: `promoctl: invalid site_id (from flag --site-id): "0" is not a positive integer`},
		{name: "no code", args: []string{"promo", "create", "--site-id", "7", "--amount", "5"}, stderr: "promoctl: --code is required when not running interactively"},
		{name: "file without code", args: []string{"promo", "create", "--site-id", "7", "-f", "-"}, stdin: `{"bonus_amount":5}`,
			stderr: "promoctl: --code is required when not running interactively"},
		{name: "no site", args: []string{"promo", "create", "--code", "SUMMER25"}, stderr: "promoctl: --site-id is required (or set a default: promoctl config set site_id N)"},
		{name: "unknown flag", args: create("--colour", "red"), stderr: "promoctl: unknown flag: --colour"},
		{name: "no-time-limit is update only", args: create("--no-time-limit"), stderr: "promoctl: unknown flag: --no-time-limit"},
	})
}

func TestPromoUpdateRejectsBadFlags(t *testing.T) {
	update := func(extra ...string) []string { return append([]string{"promo", "update", "5"}, extra...) }
	runBadInputs(t, []badInput{
		{name: "no-time-limit with starts", args: update("--no-time-limit", "--starts", "2026-12-01"), stderr: "promoctl: --no-time-limit cannot be combined with --starts or --ends"},
		{name: "no-time-limit with ends", args: update("--ends", "2026-12-01", "--no-time-limit"), stderr: "promoctl: --no-time-limit cannot be combined with --starts or --ends"},
		{name: "no-max-uses with max-uses", args: update("--no-max-uses", "--max-uses", "10"), stderr: "promoctl: --no-max-uses cannot be combined with --max-uses"},
		{name: "amount 0", args: update("--amount", "0"), stderr: "promoctl: --amount: must be a positive number, got 0"},
		{name: "percent over 100", args: update("--amount", "150", "--percent"), stderr: "promoctl: --amount: a percentage must be at most 100, got 150"},
		{name: "bonus type", args: update("--bonus-type", "both"), stderr: `promoctl: --bonus-type: unknown bonus type "both": use goods (2) or delivery (3)`},
		{name: "max uses 0", args: update("--max-uses", "0"), stderr: "promoctl: --max-uses: must be at least 1, got 0"},
		{name: "bad date", args: update("--ends", "2026-02-30"), stderr: `promoctl: --ends: cannot read date "2026-02-30": use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00`},
		{name: "nothing to change", args: update(), stderr: "promoctl: nothing to change: name at least one field flag (see --help) or -f FILE"},
		{name: "two ids", args: update("6", "--enabled"), stderr: "promoctl: promo update needs a promo code id or code, got 2 arguments (usage: promoctl promo update CODE_OR_ID)"},
	})
}

func TestPromoCommandsRejectBadIDs(t *testing.T) {
	var cases []badInput
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
			cases = append(cases, badInput{name: verb + " " + id, args: args, stderr: stderr})
		}
		noID := "promoctl: promo " + verb + " needs a promo code id or code (usage: promoctl promo " + verb + " CODE_OR_ID)"
		if verb == "delete" { // delete also takes several, or --status
			noID = "promoctl: promo delete needs promo code ids or codes, or --status (usage: promoctl promo delete CODE_OR_ID... | --status S[,S...])"
		}
		cases = append(cases, badInput{name: verb + " no id", args: []string{"promo", verb}, stderr: noID})
	}
	// Without "--", -5 is read as a flag: still a usage error.
	cases = append(cases, badInput{name: "get -5 as flag", args: []string{"promo", "get", "-5"},
		stderr: `promoctl: -5 is read as a flag: to give promo get an argument that starts with "-", put "--" before it`})
	runBadInputs(t, cases)
}

func TestPromoRejectsBadGlobalSettings(t *testing.T) {
	list := []string{"promo", "list", "--site-id", "7"}
	with := func(extra ...string) []string { return append(append([]string{}, list...), extra...) }
	runBadInputs(t, []badInput{
		{name: "output xml", args: with("-o", "xml"), stderr: `promoctl: invalid output (from flag --output): unknown output format "xml": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{name: "output env", args: list, env: map[string]string{"PROMOCTL_OUTPUT": "html"},
			stderr: `promoctl: invalid output (from env PROMOCTL_OUTPUT): unknown output format "html": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{name: "jq syntax", args: with("--jq", ".["),
			stderr: `{"error":{"message":"invalid --jq expression: unexpected EOF","exit_code":2}}`},
		{name: "jq unknown function", args: with("--jq", "nosuchfn(1)"),
			stderr: `{"error":{"message":"invalid --jq expression: function not defined: nosuchfn/1","exit_code":2}}`},
		{name: "jq with table", args: with("-o", "table", "--jq", ".[]"), stderr: "promoctl: --jq works with --output json, not table"},
		{name: "user id abc", args: list, env: map[string]string{"PROMOCTL_USER_ID": "abc"},
			stderr: `promoctl: invalid user_id (from env PROMOCTL_USER_ID): "abc" is not a positive integer`},
		{name: "user id 0", args: list, env: map[string]string{"PROMOCTL_USER_ID": "0"},
			stderr: `promoctl: invalid user_id (from env PROMOCTL_USER_ID): "0" is not a positive integer`},
		{name: "user id flag", args: with("--user-id", "-3"),
			stderr: `promoctl: invalid user_id (from flag --user-id): "-3" is not a positive integer`},
		{name: "timeout abc", args: with("--timeout", "abc"),
			stderr: `promoctl: invalid timeout (from flag --timeout): "abc" is not a duration such as 30s or 2m`},
		{name: "timeout 0", args: with("--timeout", "0s"),
			stderr: `promoctl: invalid timeout (from flag --timeout): "0s" must be longer than zero`},
		{name: "timeout negative", args: with("--timeout", "-1s"),
			stderr: `promoctl: invalid timeout (from flag --timeout): "-1s" must be longer than zero`},
		{name: "timeout env", args: list, env: map[string]string{"PROMOCTL_TIMEOUT": "soon"},
			stderr: `promoctl: invalid timeout (from env PROMOCTL_TIMEOUT): "soon" is not a duration such as 30s or 2m`},
		{name: "site id abc", args: []string{"promo", "list", "--site-id", "abc"},
			stderr: `promoctl: invalid site_id (from flag --site-id): "abc" is not a positive integer`},
		{name: "site id env", args: []string{"promo", "list"}, env: map[string]string{"PROMOCTL_SITE_ID": "-1"},
			stderr: `promoctl: invalid site_id (from env PROMOCTL_SITE_ID): "-1" is not a positive integer`},
		{name: "no site", args: []string{"promo", "list"}, stderr: "promoctl: --site-id is required (or set a default: promoctl config set site_id N)"},
		{name: "get output", args: []string{"promo", "get", "5", "-o", "tsv"}, stderr: `promoctl: invalid output (from flag --output): unknown output format "tsv": use table, wide, json, jsonl, yaml, csv or xlsx`},
		{name: "stats timeout", args: []string{"promo", "stats", "5", "--timeout", "forever"},
			stderr: `promoctl: invalid timeout (from flag --timeout): "forever" is not a duration such as 30s or 2m`},
		{name: "delete user id", args: []string{"promo", "delete", "5", "--yes"}, env: map[string]string{"PROMOCTL_USER_ID": "me"},
			stderr: `promoctl: invalid user_id (from env PROMOCTL_USER_ID): "me" is not a positive integer`},
		{name: "base url not http", args: list, env: map[string]string{"PROMOCTL_BASE_URL": "ftp://example.com"},
			stderr: `promoctl: invalid base_url (from env PROMOCTL_BASE_URL): invalid base URL "ftp://example.com": want an absolute http or https URL such as https://api.lpmotor.ru`},
		{name: "unknown subcommand", args: []string{"promo", "lst"}, stderr: `promoctl: unknown command "lst" for "promoctl promo"; did you mean "list"?`},
		{name: "list takes no args", args: with("extra"), stderr: `promoctl: promo list takes no arguments, got "extra" (usage: promoctl promo list)`},
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
	runBadInputs(t, []badInput{
		{name: "no yes", args: []string{"promo", "delete", "5"},
			stderr: "promoctl: refusing to delete promo code 5 without confirmation: pass --yes when not running interactively"},
		{name: "yes=false", args: []string{"promo", "delete", "5", "--yes=false"},
			stderr: "promoctl: refusing to delete promo code 5 without confirmation: pass --yes when not running interactively"},
	})
}

func TestPromoFileRejectsBadFiles(t *testing.T) {
	type fileCase struct {
		name, content, stderr string // stderr after "promoctl: --file PATH: "
	}
	cases := []fileCase{
		{"unknown field", `{"code":"SUMMER25","discount":5}`, `unknown field "discount"`},
		{"typo in yaml", "code: SUMMER25\nis_enable: true\n", `unknown field "is_enable"`},
		{"bool as word", `{"code":"SUMMER25","is_enabled":"maybe"}`, "is_enabled: want true or false, got maybe"},
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

// TestUsageErrorsAreOneLine pins the wording of usage errors that cobra
// words on its own: each is one line, names the command once and says what
// to do.
func TestUsageErrorsAreOneLine(t *testing.T) {
	runBadInputs(t, []badInput{
		{name: "unknown top-level command", args: []string{"prom"},
			stderr: `promoctl: unknown command "prom" for "promoctl"; did you mean "promo"?`},
		{name: "unknown top-level command, nothing close", args: []string{"xyzzy"},
			stderr: `promoctl: unknown command "xyzzy" for "promoctl"`},
		{name: "negative value read as a flag", args: []string{"config", "set", "user_id", "-1"},
			stderr: `promoctl: -1 is read as a flag: to give config set an argument that starts with "-", put "--" before it`},
		{name: "unknown shorthand", args: []string{"promo", "list", "-x"},
			stderr: `promoctl: unknown shorthand flag: 'x' in -x`},
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
	var cases []badInput
	for _, a := range []string{"0.001", "5e-324", "0x1p4", "1_000", "1e3", "+5", ".5", "5.", "9.999", "1,555", "1,234.50", "1 00", "Inf", "-0.001"} {
		cases = append(cases,
			badInput{name: "create " + a, args: create("--amount=" + a), stderr: "promoctl: --amount: " + strconv.Quote(a) + rule},
			badInput{name: "update " + a, args: []string{"promo", "update", "5", "--amount=" + a, "--percent"},
				stderr: "promoctl: --amount: " + strconv.Quote(a) + rule})
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
