package apply

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// promo apply renames: a row matched by its id whose code differs renames
// the promo code. The plan says so, a rename needs a confirmation (a
// terminal's, or --yes), and a rename that only drops the leading zeros
// (what a spreadsheet does to a column of digits) is refused whatever
// the confirmation.

// renameSite is site 1's list: two digits-only codes with leading zeros
// and a letters one.
const renameSite = `[` +
	`{"id":3001,"code":"058990","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
	`{"id":3002,"code":"OLD1","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
	`{"id":3003,"code":"007001","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true}]`

const oldRecord = `{"code":"OLD1","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,` +
	`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":true}`

// renameFile renames OLD1 to NEW1 and leaves the others as they are.
const renameFile = "id,code,bonus_amount\n3001,058990,10\n3002,NEW1,10\n3003,007001,10\n"

func newRenameRunner(t *testing.T) *cmdtest.Runner {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK, renameSite)
	r.API.Handle("GET /v1/promo/3002", http.StatusOK, oldRecord)
	r.API.Handle("PUT /v1/promo/3002", http.StatusOK, strings.Replace(oldRecord, "OLD1", "NEW1", 1))
	return r
}

// applyStderr is stderr with the variable parts of a job's lines (the
// journal's path, the time it took) replaced.
func applyStderr(s string) string {
	s = regexp.MustCompile(`(?m)^Journal: .*$`).ReplaceAllString(s, "Journal: PATH")
	return regexp.MustCompile(`Applied to site (\d+) in [^:]+:`).ReplaceAllString(s, "Applied to site $1 in TIME:")
}

func TestPromoApplyRenameNeedsYesWithoutATerminal(t *testing.T) {
	r := newRenameRunner(t)
	path := cmdtest.WriteFile(t, "codes.csv", renameFile)
	r.Run("promo", "apply", "-f", path, "--site-id", "1").Expect(t, 2, "",
		"promoctl: refusing to rename 1 promo code of site 1 without confirmation (OLD1 → NEW1): pass --yes when not running interactively (or --dry-run to see the plan); nothing was sent\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
}

func TestPromoApplyRenameWithYes(t *testing.T) {
	r := newRenameRunner(t)
	path := cmdtest.WriteFile(t, "codes.csv", renameFile)
	res := r.Run("promo", "apply", "-f", path, "--site-id", "1", "--yes")
	res.Stderr = applyStderr(res.Stderr)
	res.Expect(t, 0, "ACTION  ID    CODE  CHANGES\nupdate  3002  OLD1  rename OLD1 → NEW1\n",
		"Plan for site 1: 1 to update (1 renames a code), 2 unchanged.\nJournal: PATH\nApplied to site 1 in TIME: 0 created, 1 updated, 0 deleted, 0 disabled.\n")
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=1", "GET /v1/promo/3002", "PUT /v1/promo/3002")
	cmdtest.ExpectJSONBody(t, reqs[2], strings.Replace(oldRecord, "OLD1", "NEW1", 1))
}

func TestPromoApplyRenameOnATerminal(t *testing.T) {
	for _, yes := range []bool{false, true} {
		r := newRenameRunner(t)
		r.TTY = true
		stub := &stubConfirm{t: t, yes: yes, expect: true}
		r.Prompter = stub
		path := cmdtest.WriteFile(t, "codes.csv", "id,code,bonus_amount\n3002,NEW1,15\n")
		res := r.Run("promo", "apply", "-f", path, "--site-id", "1")
		if want := "Rename 1 promo code of site 1 (OLD1 → NEW1)?"; len(stub.asked) != 1 || stub.asked[0] != want {
			t.Errorf("asked %q, want [%q]", stub.asked, want)
		}
		if !yes {
			if res.Code != 130 {
				t.Errorf("answered no: exit %d, want 130\n%s", res.Code, res.Stderr)
			}
			r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
			continue
		}
		if res.Code != 0 || !strings.Contains(res.Stdout, "update  3002  OLD1  rename OLD1 → NEW1, bonus_amount 10% → 15%\n") {
			t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", res.Code, res.Stdout, res.Stderr)
		}
		r.ExpectRoutes(t, "GET /v1/promo?site_id=1", "GET /v1/promo/3002", "PUT /v1/promo/3002")
	}
}

// TestPromoApplyRenameDryRunJSON: in JSON a rename is an update of code.
func TestPromoApplyRenameDryRunJSON(t *testing.T) {
	r := newRenameRunner(t)
	path := cmdtest.WriteFile(t, "codes.csv", renameFile)
	r.Run("promo", "apply", "-f", path, "--site-id", "1", "--dry-run", "-o", "json").Expect(t, 0,
		`[{"action":"update","id":3002,"code":"OLD1","changes":{"code":["OLD1","NEW1"]}}]`+"\n",
		"Plan for site 1: 1 to update (1 renames a code), 2 unchanged.\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
}

// TestPromoApplyRefusesLostLeadingZeros: a spreadsheet made 058990 into
// 58990; applying that would rename codes already mailed out. Refused,
// --yes or not, on a terminal or not, with no question: exit 2, only the
// list read.
func TestPromoApplyRefusesLostLeadingZeros(t *testing.T) {
	for _, c := range []struct {
		name, file, stderr string
	}{
		{"one row", "id,code,bonus_amount\n3001,58990,10\n3002,OLD1,10\n",
			"promoctl: FILE:2: promo code 058990 (id 3001) would be renamed 58990, its code without the leading zeros: a spreadsheet read the code column as numbers; " +
				"nothing was sent: export with -o xlsx, or format the code column as text, and edit that file; a real rename is promo update 3001 --code 58990\n"},
		{"several rows, and a real rename", "id,code,bonus_amount\n3001,58990,10\n3002,NEW1,10\n3003,7001,10\n",
			"promoctl: FILE: 2 rows would rename promo codes to their codes without the leading zeros (line 2: 058990 → 58990, id 3001): a spreadsheet read the code column as numbers; " +
				"nothing was sent: export with -o xlsx, or format the code column as text, and edit that file; a real rename is promo update ID --code CODE\n"},
	} {
		for _, args := range [][]string{{"--yes"}, {"--yes", "--dry-run"}, {}} {
			for _, tty := range []bool{false, true} {
				t.Run(c.name+strings.Join(args, " "), func(t *testing.T) {
					r := newRenameRunner(t)
					r.TTY = tty
					stub := &stubConfirm{t: t, yes: true}
					r.Prompter = stub
					path := cmdtest.WriteFile(t, "codes.csv", c.file)
					r.Run(append([]string{"promo", "apply", "-f", path, "--site-id", "1"}, args...)...).
						Expect(t, 2, "", strings.Replace(c.stderr, "FILE", path, 1))
					r.ExpectRoutes(t, "GET /v1/promo?site_id=1")
					if len(stub.asked) != 0 {
						t.Errorf("asked %q, want no question", stub.asked)
					}
				})
			}
		}
	}
}
