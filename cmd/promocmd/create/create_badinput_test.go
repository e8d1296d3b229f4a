package create

import (
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

func TestPromoCreateRejectsBadCodes(t *testing.T) {
	create := func(code string) []string { return []string{"promo", "create", "--site-id", "7", "--code", code} }
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "cyrillic", Args: create("ПРОМО10"), Stderr: "promoctl: " + codeRule + "found 'П' at position 1"},
		{Name: "accented latin", Args: create("É1"), Stderr: "promoctl: " + codeRule + "found 'É' at position 1"},
		{Name: "full-width", Args: create("ＡＢＣ"), Stderr: "promoctl: " + codeRule + "found 'Ａ' at position 1"},
		{Name: "underscore", Args: create("A_B"), Stderr: "promoctl: " + codeRule + "found '_' at position 2"},
		{Name: "space", Args: create("AB 1"), Stderr: "promoctl: " + codeRule + "found ' ' at position 3"},
		{Name: "one char", Args: create("A"), Stderr: "promoctl: --code: the code must be 2 to 15 characters long, got 1"},
		{Name: "16 chars", Args: create(strings.Repeat("A", 16)), Stderr: "promoctl: --code: the code must be 2 to 15 characters long, got 16"},
		{Name: "empty", Args: create(""), Stderr: "promoctl: --code: the code is empty"},
	})
}

func TestPromoCreateRejectsBadFields(t *testing.T) {
	create := func(extra ...string) []string {
		return append([]string{"promo", "create", "--site-id", "7", "--code", "SUMMER25"}, extra...)
	}
	const dateHelp = `: use 2026-12-01, 2026-12-01T10:00 or RFC 3339 such as 2026-12-01T10:00:00+03:00`
	runBadInputs(t, []cmdtest.BadInput{
		{Name: "bonus type 4", Args: create("--bonus-type", "4"), Stderr: `promoctl: --bonus-type: unknown bonus type "4": use goods (2) or delivery (3)`},
		{Name: "bonus type 1", Args: create("--bonus-type", "1"), Stderr: `promoctl: --bonus-type: unknown bonus type "1": use goods (2) or delivery (3)`},
		{Name: "bonus type word", Args: create("--bonus-type", "shipping"), Stderr: `promoctl: --bonus-type: unknown bonus type "shipping": use goods (2) or delivery (3)`},
		{Name: "amount 0", Args: create("--amount", "0"), Stderr: "promoctl: --amount: must be a positive number, got 0"},
		{Name: "amount -1", Args: create("--amount=-1"), Stderr: "promoctl: --amount: must be a positive number, got -1"},
		{Name: "amount -1 as next arg", Args: create("--amount", "-1"), Stderr: "promoctl: --amount: must be a positive number, got -1"},
		{Name: "amount abc", Args: create("--amount", "abc"), Stderr: `promoctl: --amount: "abc" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`},
		{Name: "amount NaN", Args: create("--amount", "NaN"), Stderr: `promoctl: --amount: "NaN" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`},
		{Name: "percent over 100", Args: create("--amount", "101", "--percent"), Stderr: "promoctl: --amount: a percentage must be at most 100, got 101"},
		{Name: "starts month 13", Args: create("--starts", "2026-13-01"), Stderr: `promoctl: --starts: cannot read date "2026-13-01"` + dateHelp},
		{Name: "starts dotted month 13", Args: create("--starts", "01.13.2026"), Stderr: `promoctl: --starts: cannot read date "01.13.2026"` + dateHelp},
		{Name: "ends word", Args: create("--ends", "tomorrow"), Stderr: `promoctl: --ends: cannot read date "tomorrow"` + dateHelp},
		{Name: "starts empty", Args: create("--starts", ""), Stderr: "promoctl: --starts: empty date"},
		{Name: "ends before starts", Args: create("--starts", "2026-12-02", "--ends", "2026-12-01"),
			Stderr: "promoctl: --ends: the end 2026-12-01T20:59:59.000Z is before the start 2026-12-01T21:00:00.000Z"},
		{Name: "max uses 0", Args: create("--max-uses", "0"), Stderr: "promoctl: --max-uses: must be at least 1, got 0"},
		{Name: "max uses -1", Args: create("--max-uses=-1"), Stderr: "promoctl: --max-uses: must be at least 1, got -1"},
		{Name: "max uses abc", Args: create("--max-uses", "abc"), Stderr: `promoctl: --max-uses: "abc" is not a whole number`},
		{Name: "max uses 1.5", Args: create("--max-uses", "1.5"), Stderr: `promoctl: --max-uses: "1.5" is not a whole number`},
		{Name: "site id 0", Args: []string{"promo", "create", "--site-id", "0", "--code", "SUMMER25"}, Stderr: `promoctl: invalid site_id (from flag --site-id): "0" is not a positive integer`},
		{Name: "no code", Args: []string{"promo", "create", "--site-id", "7", "--amount", "5"}, Stderr: "promoctl: --code is required when not running interactively"},
		{Name: "file without code", Args: []string{"promo", "create", "--site-id", "7", "-f", "-"}, Stdin: `{"bonus_amount":5}`,
			Stderr: "promoctl: --code is required when not running interactively"},
		{Name: "no site", Args: []string{"promo", "create", "--code", "SUMMER25"}, Stderr: "promoctl: --site-id is required (or set a default: promoctl config set site_id N)"},
		{Name: "unknown flag", Args: create("--colour", "red"), Stderr: "promoctl: unknown flag: --colour"},
		{Name: "no-time-limit is update only", Args: create("--no-time-limit"), Stderr: "promoctl: unknown flag: --no-time-limit"},
	})
}
