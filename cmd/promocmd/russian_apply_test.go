package promocmd

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// langSite is a site's list for the tests of the language: a code in
// money, one in percent, and 0580 (a code of digits with a leading zero).
func langSite() string {
	return `[` +
		`{"id":5001,"code":"MINUS500","is_enabled":true,"bonus_type":2,"bonus_amount":500,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
		`{"id":5002,"code":"0580","is_enabled":true,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true},` +
		`{"id":5003,"code":"WELCOME10","is_enabled":false,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":true}` +
		`]`
}

// proseRE finds three lowercase Latin words in a row: an English
// sentence, or a part of one.
var proseRE = regexp.MustCompile(`[a-z]+ [a-z]+ [a-z]+`)

// machineRE are what a Russian text may hold in Latin letters: command
// lines (promoctl promo update …), which the contract keeps as they are.
var machineRE = regexp.MustCompile(`(promoctl )?promo (update|enable|disable|delete|create|apply|list|get|generate)\b`)

// englishIn is the first English sentence in what a person reads, "" for
// none: each word a token of lowercase Latin letters alone (a flag, a
// field name, a code, a file name or a value quoted from the file is not
// one), three of them in a row.
func englishIn(text string) string {
	for _, line := range strings.Split(machineRE.ReplaceAllString(text, "PROMO"), "\n") {
		var words []string
		for _, tok := range strings.Fields(line) {
			w := strings.Trim(tok, ",.:;?!()«»\"'")
			if len(w) > 1 && w[0] >= 'A' && w[0] <= 'Z' {
				w = strings.ToLower(w[:1]) + w[1:] // a sentence's first word
			}
			if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
				w = "|" // not a word of a sentence
			}
			words = append(words, w)
		}
		if m := proseRE.FindString(strings.Join(words, " ")); m != "" {
			return m + "  (in: " + line + ")"
		}
	}
	return ""
}

// TestEnglishInDetectsASentence: the check finds English, and lets
// flags, field names, codes and command lines by.
func TestEnglishInDetectsASentence(t *testing.T) {
	for _, c := range []struct {
		text    string
		english bool
	}{
		{"f.csv:2: the row names neither an id nor a code", true},
		{"f.csv:2: в строке нет ни ID, ни кода промокода", false},
		{"is_enabled: нужно true или false, а указано «может»", false},
		{"Выключенный промокод можно снова включить командой promoctl promo enable.", false},
		{"(или --dry-run, чтобы посмотреть план); ничего не отправлено", false},
		{"Delete promo code SUMMER25 (id 5)?", true},
	} {
		if got := englishIn(c.text); (got != "") != c.english {
			t.Errorf("englishIn(%q) = %q, want English: %v", c.text, got, c.english)
		}
	}
}

// russianIn is the first Russian word in an English run's text, "" for
// none; what is quoted (a file's value) and a list of headers in both
// languages (Code/Промокод) are data, not words of the run's language.
func russianIn(text string) string {
	text = regexp.MustCompile(`"[^"]*"|\([^()]*/[^()]*\)`).ReplaceAllString(text, "")
	return regexp.MustCompile(`[А-Яа-яЁё]+`).FindString(text)
}

// TestApplyAndConfirmationsSpeakTheLanguage runs promo apply with each
// kind of bad file, the leading-zeros refusal, the refusal of a rename
// without a confirmation, a plan, and the confirmations of delete,
// disable and apply --prune (the accessible prompt, answered no) under
// LANG=ru_RU.UTF-8 and LANG=C: in Russian what a person reads has no
// English sentence, in English no Russian letter; the exit code is the
// same in both, and so is the JSON plan, byte for byte.
func TestApplyAndConfirmationsSpeakTheLanguage(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	book, err := os.ReadFile(filepath.Join("..", "..", "internal", "plan", "testdata", "export.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	apply := func(path string, more ...string) []string {
		return append([]string{"promo", "apply", "-f", path, "--site-id", "7"}, more...)
	}
	type run struct {
		name   string
		args   []string
		tty    bool
		code   int
		stdout string // in Russian, a part of stdout that must be there
		stderr string // in Russian, a part of stderr that must be there
	}
	runs := []run{
		{name: "values and a code twice", code: 2,
			args:   apply(file("bad.csv", "code,Discount,is_enabled,quantity_limit,bonus_amount\nOK1,1,может,2,5\nOK1,1,true,\"2,5\",\"1,2,3%\"\n")),
			stderr: "bad.csv:2: is_enabled: нужно true или false (да или нет), а указано «может»\n"},
		{name: "a column near a name", code: 2, args: apply(file("near.csv", "code,bonus_amout\nA1,5\n"))},
		{name: "neither id nor code", code: 2, args: apply(file("noid.csv", "is_enabled\ntrue\n")),
			stderr: "noid.csv:2: в строке нет ни ID, ни кода промокода; ничего не отправлено\n"},
		{name: "values for columns", code: 2, args: apply(file("vals.csv", "code,bonus_amount\nA1,5,6,7\n")),
			stderr: "vals.csv:2: значений в строке — 4, а столбцов — 2; ничего не отправлено\n"},
		{name: "unknown fields of JSON", code: 2, args: apply(file("j.json", `[{"code":"A1","Discount":3,"bonus_amout":4},{"code":"A2","bonus_amount":[1]},{"id":"x"}]`)),
			stderr: "j.json:1: неизвестное поле «bonus_amout» (может быть, bonus_amount?)\n"},
		{name: "not a list", code: 2, args: apply(file("o.yaml", "code: A1\n"))},
		{name: "no such sheet", code: 2, args: apply(file("b.xlsx", string(book)), "--sheet", "Нет")},
		{name: "a percentage for money", code: 2, args: apply(file("pct.csv", "code,bonus_amount\nMINUS500,15%\n"))},
		{name: "leading zeros", code: 2, args: apply(file("zeros.csv", "id,code\n5002,580\n")),
			stderr: "промокод 0580 (ID 5002) был бы переименован в 580"},
		{name: "rename without a terminal", code: 2, args: apply(file("ren.csv", "id,code\n5003,HELLO10\n"))},
		{name: "past ends", code: 0, args: apply(file("past.csv", "code,d_off\nMINUS500,2020-01-31\nNEW1,2020-02-01\n"), "--dry-run")},
		{name: "plan", code: 0, args: apply(file("plan.csv", "code,bonus_amount,is_enabled,d_off\nMINUS500,750.50,,2026-12-31 23:59\nWELCOME10,12.5,true,\n"), "--dry-run"),
			stdout: "скидка 500,00\u00a0₽ → 750,50\u00a0₽, ограничение по сроку нет → да, конец — → 31.12.2026 23:59\n"},
		{name: "a write refused", code: 1, args: apply(file("refused.csv", "code,bonus_amount\nMINUS500,600\n"), "--yes"),
			stderr: "не удалось внести изменений: 1 из 1"},
		{name: "enable and its summary", code: 0, args: []string{"promo", "enable", "WELCOME10", "MINUS500", "--site-id", "7", "--yes"},
			stderr: "Включён 1 промокод сайта 7; уже были включены: 1.\n"},
		{name: "delete", code: 0, args: []string{"promo", "delete", "5003", "--yes"}, stderr: "Промокод 5003 удалён.\n"},
		{name: "delete without a terminal", code: 2, args: []string{"promo", "delete", "5001"},
			stderr: "promoctl: удалить промокод 5001 без подтверждения нельзя: без терминала добавьте --yes\n"},
		{name: "disable by status without a terminal", code: 2, args: []string{"promo", "disable", "--status", "expired,used-up", "--site-id", "7"},
			stderr: "promoctl: выключить промокоды со статусом «истёк» или «исчерпан» без подтверждения нельзя: без терминала добавьте --yes\n"},
		{name: "disable refused", code: 1, args: []string{"promo", "disable", "MINUS500", "--site-id", "7", "--yes"},
			stderr: "promoctl: не удалось выключить MINUS500 (ID 5001): "},
		{name: "prune asks", code: 130, tty: true, args: apply(file("prune.csv", "id,code\n5003,HELLO10\n5001,MINUS500\n"), "--prune")},
		{name: "delete asks", code: 130, tty: true, args: []string{"promo", "delete", "5001"},
			stderr: "Удалить промокод MINUS500 (ID 5001"},
		{name: "disable asks", code: 130, tty: true, args: []string{"promo", "disable", "MINUS500", "WELCOME10", "--site-id", "7"},
			stderr: "ID    ПРОМОКОД  СТАТУС\n5001  MINUS500  активен\nВыключить 1 промокод сайта 7? "},
	}
	for _, c := range runs {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []string{"ru_RU.UTF-8", "C"} {
				r := newRunner(t)
				r.Env["LANG"] = lang
				r.API.Handle("GET /v1/promo", http.StatusOK, langSite())
				r.API.Handle("GET /v1/promo/5001", http.StatusOK, `{"id":5001,"code":"MINUS500","is_enabled":true}`)
				r.API.Handle("PUT /v1/promo/5001", http.StatusUnprocessableEntity, `{"message":"bonus_amount: invalid"}`)
				rec := `{"id":5003,"code":"WELCOME10","is_enabled":false,"bonus_type":2,"bonus_amount":10,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0}`
				r.API.Handle("GET /v1/promo/5003", http.StatusOK, rec)
				r.API.Handle("PUT /v1/promo/5003", http.StatusOK, rec)
				r.API.Handle("DELETE /v1/promo/5003", http.StatusNoContent, "")
				r.API.Handle("GET /v3/public/site/7", http.StatusOK, `{"id":7,"settings":{"currency":"RUB"}}`)
				if c.tty {
					r.TTY = true
					r.Env["PROMOCTL_ACCESSIBLE"] = "1"
					r.Stdin = "\n"
				}
				res := r.Run(c.args...)
				if res.Code != c.code {
					t.Errorf("%s: exit %d, want %d\n%s", lang, res.Code, c.code, res.Stderr)
				}
				said := res.Stdout + res.Stderr
				if lang == "C" {
					if w := russianIn(said); w != "" {
						t.Errorf("LANG=C: Russian %q in\n%s", w, said)
					}
					continue
				}
				if testing.Verbose() {
					t.Logf("LANG=%s, exit %d:\n%s", lang, res.Code, said)
				}
				if e := englishIn(said); e != "" {
					t.Errorf("LANG=%s: English: %s\nstdout:\n%s\nstderr:\n%s", lang, e, res.Stdout, res.Stderr)
				}
				if !strings.Contains(res.Stdout, c.stdout) || !strings.Contains(res.Stderr, c.stderr) {
					t.Errorf("LANG=%s: want %q on stdout and %q on stderr:\n%s\n%s", lang, c.stdout, c.stderr, res.Stdout, res.Stderr)
				}
			}
		})
	}
	// The plan as JSON is the API's, the same in both languages.
	var plans []string
	for _, lang := range []string{"ru_RU.UTF-8", "C"} {
		r := newRunner(t)
		r.Env["LANG"] = lang
		r.API.Handle("GET /v1/promo", http.StatusOK, langSite())
		res := r.Run(apply(file("json.csv", "code,bonus_amount,d_off\nMINUS500,750.50,2026-12-31 23:59\n"), "--dry-run", "-o", "json")...)
		plans = append(plans, fmt.Sprintf("%d %s", res.Code, res.Stdout))
	}
	want := `0 [{"action":"update","id":5001,"code":"MINUS500","changes":{"bonus_amount":[500,750.5],"d_off":[null,"2026-12-31T20:59:00.000Z"],"time_limit_is_enabled":[false,true]}}]` + "\n"
	if plans[0] != plans[1] || plans[0] != want {
		t.Errorf("JSON plans:\nru %s\nC  %s\nwant %s", plans[0], plans[1], want)
	}
}
