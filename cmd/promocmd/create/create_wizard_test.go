package create

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
)

func TestPromoCreateWizardStartConditions(t *testing.T) {
	for _, c := range []struct {
		name   string
		tty    bool
		args   []string
		wizard bool // the form runs
		code   int
		stderr string
	}{
		{"terminal, no code", true, nil, true, 0, ""},
		{"terminal, -i with a code", true, []string{"-i", "--code", "SUMMER25"}, true, 0, ""},
		{"terminal, --interactive", true, []string{"--interactive"}, true, 0, ""},
		{"terminal, a code", true, []string{"--code", "SUMMER25"}, false, 0, ""},
		{"no terminal, no code", false, nil, false, 2, "promoctl: --code is required when not running interactively\n"},
		{"no terminal, -i", false, []string{"-i", "--code", "SUMMER25"}, false, 2,
			"promoctl: --interactive needs a terminal: give the fields as flags instead (see --help)\n"},
		{"terminal, no code, fields from stdin", true, []string{"-f", "-"}, false, 2,
			"Paste a JSON or YAML promo code object, then press Ctrl-D\n" +
				"promoctl: -f - reads the fields from stdin, which the form needs: name a file, or give --code\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = c.tty
			stub := &cmdtest.WizardStub{Answers: summer25()}
			r.Prompter = stub
			r.Stdin = `{"bonus_amount": 5}`
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
			res := r.Run(append([]string{"promo", "create", "--site-id", "7"}, c.args...)...)
			if res.Code != c.code || (c.stderr != "" && res.Stderr != c.stderr) {
				t.Errorf("exit %d, stderr %q; want %d, %q", res.Code, res.Stderr, c.code, c.stderr)
			}
			if ran := len(stub.Forms) > 0; ran != c.wizard {
				t.Errorf("form ran = %v, want %v", ran, c.wizard)
			}
			if c.code != 0 {
				r.ExpectNoRequests(t)
			}
		})
	}
}

func TestPromoCreateWizardStartsFromTheFlags(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	stub := &cmdtest.WizardStub{Answers: summer25()}
	r.Prompter = stub
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
	r.Run("promo", "create", "-i", "--site-id", "7", "--code", "FLAGGED", "--amount", "300", "--percent=false",
		"--bonus-type", "delivery", "--ends", "2026-12-31", "--max-uses", "5", "-o", "json")
	if len(stub.Forms) != 1 {
		t.Fatalf("forms = %d, want 1", len(stub.Forms))
	}
	got := stub.Forms[0].Values
	want := promoform.Values{Code: "FLAGGED", BonusType: 3, Percent: false, Amount: "300", Enabled: true,
		Ends: "2026-12-31 23:59:59", MaxUses: "5"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the form started with %+v, want %+v", got, want)
	}
	if len(stub.Forms[0].Sites) != 0 {
		t.Errorf("offered sites %v though --site-id was given", stub.Forms[0].Sites)
	}
}

// TestPromoCreateWizard runs the real form (accessible mode, answers on
// stdin) and checks all it says, what it sends, and that the command line
// it prints sends the same.
func TestPromoCreateWizard(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.Env["PROMOCTL_SITE_ID"] = "7"
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"code":"FREESHIP"}]`)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
	r.Stdin = cmdtest.AnswerLines("BAD_CODE", "SUMMER25", "", "", "25", "", "2026-12-01", "2026-12-31", "", "", "")
	res := r.Run("promo", "create", "-o", "json")
	wantLine := "promoctl --output json promo create --site-id 7 --code SUMMER25 --bonus-type goods --amount 25 --percent --enabled " +
		"--starts 2026-12-01T00:00:00+03:00 --ends 2026-12-31T23:59:59+03:00 --once-per-user=false"
	wantStderr := cmdtest.AnswerLines(
		"New promo code",
		"Code the code may contain only Latin letters A-Z, a-z and digits 0-9, found '_' at position 4",
		"Code ",
		"Discount on [goods] ",
		"1. Goods: the cost of the order's goods",
		"2. Delivery: the cost of delivery",
		"Enter a number between 1 and 2: ",
		"Discount as [percentage] ",
		"1. A percentage (up to 100%)",
		"2. A fixed amount of money",
		"Enter a number between 1 and 2: ",
		"Amount, % [10] ",
		"Enabled [Y/n] ",
		"Valid from [no start] ",
		"Valid until [no end] ",
		"Maximum uses [unlimited] ",
		"Once per customer [y/N] ",
		"",
		"About to create:",
		"  Code:               SUMMER25",
		"  Site:               7",
		"  Discount:           25% off the goods",
		"  Enabled:            yes",
		"  Valid:              from 2026-12-01 00:00 until 2026-12-31 23:59:59 (MSK)",
		"  Maximum uses:       unlimited",
		"  Once per customer:  no",
		"",
		"The same without the form:",
		"  "+wantLine,
		"",
		"Create promo code SUMMER25 on site 7? [Y/n] ",
		"Created promo code SUMMER25 on site 7.",
	)
	if res.Code != 0 || res.Stderr != wantStderr {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", res.Code, res.Stderr, wantStderr)
	}
	cmdtest.ExpectJSON(t, "stdout", res.Stdout, cmdtest.WizardCreatedJSON)
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "POST /v1/promo")
	reqs = reqs[1:]
	wantBody := `{"site_id":7,"user_id":42,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,
		"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-11-30T21:00:00.000Z",
		"d_off":"2026-12-31T20:59:59.000Z","personal_limit_is_enabled":false}`
	cmdtest.ExpectJSONBody(t, reqs[0], wantBody)

	// The printed line, run as it is, sends the same request.
	r2 := newRunner(t)
	r2.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
	args := strings.Fields(wantLine)[1:]
	if res := r2.Run(args...); res.Code != 0 {
		t.Fatalf("the printed line failed: %d %s", res.Code, res.Stderr)
	}
	reqs = r2.ExpectRoutes(t, "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[0], wantBody)
}

func TestPromoCreateWizardOffersTheSites(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	// Records are not documented: a wrapped list, ids as strings, names
	// under several keys, and a record without an id that is left out.
	r.API.Handle("GET /v3/public/site", http.StatusOK,
		`{"data":[{"id":"11","title":"Flower shop"},{"domain":"no-id.example"},{"id":12,"domain":"two.example","name":""}]}`)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
	r.Stdin = cmdtest.AnswerLines("SUMMER25", "2", "", "", "", "", "", "", "", "", "")
	res := r.Run("promo", "create", "-o", "json")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	for _, s := range []string{"Site [Flower shop (11)] \n1. Flower shop (11)\n2. two.example (12)\n", "  Site:               two.example (12)\n",
		"promo create --site-id 12 --code SUMMER25", "Create promo code SUMMER25 on site 12?"} {
		if !strings.Contains(res.Stderr, s) {
			t.Errorf("no %q in stderr:\n%s", s, res.Stderr)
		}
	}
	// The codes of the first site are read as the form opens, those of
	// the site chosen instead when the form ends.
	reqs := r.ExpectRoutes(t, "GET /v3/public/site", "GET /v1/promo?site_id=11", "GET /v1/promo?site_id=12", "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[3], `{"site_id":12,"user_id":42,"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":10,
		"bonus_amount_is_in_percentages":true,"personal_limit_is_enabled":false}`)
}

func TestPromoCreateWizardSiteListFails(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Prompter = &cmdtest.WizardStub{Answers: summer25()}
	r.API.Handle("GET /v3/public/site", http.StatusForbidden, apitest.Error(403, 30, "user cant view site"))
	res := r.Run("promo", "create")
	if res.Code != 3 || !strings.Contains(res.Stderr, "pass --site-id") {
		t.Errorf("exit %d, stderr %q; want 3 and a hint to pass --site-id", res.Code, res.Stderr)
	}
	r = newRunner(t)
	r.TTY = true
	r.Prompter = &cmdtest.WizardStub{Answers: summer25()}
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	res = r.Run("promo", "create")
	if res.Code != 2 || !strings.Contains(res.Stderr, "--site-id is required: the site list is empty") {
		t.Errorf("exit %d, stderr %q; want 2 and --site-id is required", res.Code, res.Stderr)
	}
}

func TestPromoCreateWizardCancelled(t *testing.T) {
	for _, c := range []struct {
		name  string
		stub  *cmdtest.WizardStub
		stdin string
	}{
		{"form aborted", &cmdtest.WizardStub{Err: prompt.ErrCancelled}, ""},
		{"not confirmed", &cmdtest.WizardStub{Answers: summer25(), ProceedErr: prompt.ErrCancelled}, ""},
		{"input ended in the form", nil, "SUMMER25\n\n"},
		{"input ended at the last question", nil, cmdtest.AnswerLines("SUMMER25", "", "", "", "", "", "", "", "")},
		{"answered no", nil, cmdtest.AnswerLines("SUMMER25", "", "", "", "", "", "", "", "", "n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = true
			if c.stub != nil {
				r.Prompter = c.stub
			} else {
				r.Env["PROMOCTL_ACCESSIBLE"] = "1"
				r.Stdin = c.stdin
			}
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			res := r.Run("promo", "create", "--site-id", "7")
			if res.Code != 130 || !strings.HasSuffix(res.Stderr, "promoctl: cancelled\n") {
				t.Errorf("exit %d, stderr %q; want 130 and cancelled", res.Code, res.Stderr)
			}
			if res.Stdout != "" {
				t.Errorf("stdout = %q, want nothing", res.Stdout)
			}
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7") // the codes in use; nothing sent
		})
	}
}

func TestPromoCreateWizardDryRun(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	stub := &cmdtest.WizardStub{Answers: summer25()}
	r.Prompter = stub
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	res := r.Run("promo", "create", "--site-id", "7", "--dry-run", "-o", "json")
	if res.Code != 0 || !strings.Contains(res.Stderr, "--once-per-user=false --dry-run\n") {
		t.Errorf("exit %d, stderr:\n%s", res.Code, res.Stderr)
	}
	if len(stub.Asked) != 0 {
		t.Errorf("asked %q before a dry run, want no question", stub.Asked)
	}
	if !strings.Contains(res.Stdout, `"method": "POST"`) {
		t.Errorf("stdout = %s, want the request", res.Stdout)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7") // the codes in use; nothing sent
}

// TestPromoCreateWizardRefusesACodeInUse reads the site's codes once as
// the wizard starts, and the code field refuses one of them, whatever its
// case, before anything else is asked.
func TestPromoCreateWizardRefusesACodeInUse(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	r.Env["PROMOCTL_ACCESSIBLE"] = "1"
	r.Env["PROMOCTL_SITE_ID"] = "7"
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":1,"code":"SUMMER25"},{"id":2,"code":"FREESHIP"}]`)
	r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
	r.Stdin = cmdtest.AnswerLines("summer25", "WINTER26", "", "", "", "", "", "", "", "", "")
	res := r.Run("promo", "create", "-o", "json")
	if res.Code != 0 {
		t.Fatalf("exit %d: %s", res.Code, res.Stderr)
	}
	if want := "New promo code\nCode summer25 is already a promo code of this site: choose another code\nCode \nDiscount on"; !strings.Contains(res.Stderr, want) {
		t.Errorf("no %q in stderr:\n%s", want, res.Stderr)
	}
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "POST /v1/promo")
	cmdtest.ExpectJSONBody(t, reqs[1], `{"site_id":7,"user_id":42,"code":"WINTER26","is_enabled":true,"bonus_type":2,"bonus_amount":10,
		"bonus_amount_is_in_percentages":true,"personal_limit_is_enabled":false}`)
}

// TestPromoCreateWizardRetriesARefusal: the server refuses the new promo
// code; the wizard offers to edit the answers, re-opens the form with them
// kept, and creates what the second round says. Declining ends with 130.
func TestPromoCreateWizardRetriesARefusal(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		body   string
	}{
		{"duplicate", http.StatusConflict, apitest.Error(409, 10, "promo code SUMMER25 already exists on site 7")},
		{"invalid", http.StatusBadRequest, apitest.Error(400, 10, "data is invalid")},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.TTY = true
			r.Env["PROMOCTL_ACCESSIBLE"] = "1"
			r.Env["PROMOCTL_SITE_ID"] = "7"
			r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
			r.API.Handle("POST /v1/promo", c.status, c.body)
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.WizardCreatedJSON)
			// code, type, unit, amount 25, enabled, dates, uses, once, create;
			// edit; the code again, then Enter through the kept answers.
			r.Stdin = cmdtest.AnswerLines("SUMMER25", "", "", "25", "", "", "", "", "", "",
				"",
				"SUMMER26", "", "", "", "", "", "", "", "", "")
			res := r.Run("promo", "create", "-o", "json")
			if res.Code != 0 {
				t.Fatalf("exit %d: %s", res.Code, res.Stderr)
			}
			var ae api.Error
			if err := json.Unmarshal([]byte(c.body), &ae); err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{
				"Create promo code SUMMER25 on site 7? [Y/n] \npromoctl: ",
				"\nEdit the answers and try again? [Y/n] \n",
				"Code [SUMMER25] ",
				"Amount, % [25] ",
				"Create promo code SUMMER26 on site 7? [Y/n] ",
			} {
				if !strings.Contains(res.Stderr, s) {
					t.Errorf("no %q in stderr:\n%s", s, res.Stderr)
				}
			}
			reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "POST /v1/promo", "GET /v1/promo?site_id=7", "POST /v1/promo")
			cmdtest.ExpectJSONBody(t, reqs[3], `{"site_id":7,"user_id":42,"code":"SUMMER26","is_enabled":true,"bonus_type":2,"bonus_amount":25,
				"bonus_amount_is_in_percentages":true,"personal_limit_is_enabled":false}`)
		})
	}
	t.Run("declined", func(t *testing.T) {
		r := newRunner(t)
		r.TTY = true
		r.Env["PROMOCTL_ACCESSIBLE"] = "1"
		r.Env["PROMOCTL_SITE_ID"] = "7"
		r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
		r.API.Handle("POST /v1/promo", http.StatusConflict, apitest.Error(409, 10, "promo code SUMMER25 already exists on site 7"))
		r.Stdin = cmdtest.AnswerLines("SUMMER25", "", "", "", "", "", "", "", "", "", "n")
		res := r.Run("promo", "create")
		want := "Create promo code SUMMER25 on site 7? [Y/n] \n" +
			"promoctl: create promo SUMMER25 on site 7: conflict (API error 10: promo code SUMMER25 already exists on site 7)\n" +
			"Edit the answers and try again? [Y/n] \n" +
			"promoctl: cancelled\n"
		if res.Code != 130 || !strings.HasSuffix(res.Stderr, want) || res.Stdout != "" {
			t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant 130 and a stderr ending:\n%s", res.Code, res.Stdout, res.Stderr, want)
		}
		r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "POST /v1/promo")
	})
}

// TestPromoCreateWizardCodeInUseOnTheChosenSite: the code was checked
// against the first site as it was typed, and another site was chosen
// after it; that site has the code, so nothing is sent and the wizard
// offers to edit the answers.
func TestPromoCreateWizardCodeInUseOnTheChosenSite(t *testing.T) {
	r := newRunner(t)
	r.TTY = true
	answers := summer25()
	answers.Site = 12
	stub := &cmdtest.WizardStub{Answers: answers, ProceedErr: prompt.ErrCancelled}
	r.Prompter = stub
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":11,"title":"Flower shop"},{"id":12,"title":"Bakery"}]`)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
	r.API.Handle("GET /v1/promo", http.StatusOK, `[{"id":3,"code":"summer25"}]`)
	r.Run("promo", "create").Expect(t, 130, "",
		"promoctl: SUMMER25 is already a promo code of site 12: choose another code or site\npromoctl: cancelled\n")
	if got := strings.Join(stub.Asked, "|"); got != "Edit the answers and try again?" {
		t.Errorf("asked %q, want only whether to edit the answers", got)
	}
	r.ExpectRoutes(t, "GET /v3/public/site", "GET /v1/promo?site_id=11", "GET /v1/promo?site_id=12")
}
