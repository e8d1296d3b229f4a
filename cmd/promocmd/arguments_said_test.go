package promocmd

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// TestArgumentsAndSelectionsSayTheirErrorsInTheLanguage: what promo's
// verbs say of a code named, a selection's flags, --limit, a -f file, an
// empty list and a code never used is the catalog's text of the run's language, a value
// the person typed in «ёлочки» in Russian, in straight quotes in English.
func TestArgumentsAndSelectionsSayTheirErrorsInTheLanguage(t *testing.T) {
	const deleteJob, generateJob = "20261104T070000Z-dddddddd", "20261105T070000Z-eeeeeeee"
	site7 := cmdtest.Answer{Route: "GET /v3/public/site/7", Status: http.StatusOK, Body: `{"id":7}`}
	list := []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1001,"code":"SUMMER25","is_enabled":true}]`}, site7}
	for _, c := range []struct {
		name         string
		tty          bool
		api          []cmdtest.Answer
		file         string // the content of FILE, when args name it
		args         []string
		code         int
		ruErr, enErr string // stderr holds it
	}{
		{name: "an argument that is no code", args: []string{"promo", "get", "SUMMER 25"}, code: 2,
			ruErr: "promoctl: неверный ID или код промокода «SUMMER 25»: ID — только цифры, код — от 2 до 15 латинских букв или цифр\n",
			enErr: "promoctl: invalid promo code id or code \"SUMMER 25\": an id is digits only, a code 2-15 Latin letters or digits\n"},
		{name: "an empty argument", args: []string{"promo", "get", " "}, code: 2,
			ruErr: "promoctl: нужен ID или код промокода, а получено « »\n",
			enErr: "promoctl: a promo code id or code is required, got \" \"\n"},
		{name: "--limit 0", args: []string{"promo", "list", "--site-id", "7", "--limit", "0"}, code: 2,
			ruErr: "promoctl: --limit должен быть не меньше 1, а указано 0\n",
			enErr: "promoctl: --limit must be at least 1, got 0\n"},
		{name: "an empty --prefix", args: []string{"promo", "list", "--site-id", "7", "--prefix", " "}, code: 2,
			ruErr: "promoctl: --prefix: укажите текст, с которого начинаются коды\n",
			enErr: "promoctl: --prefix needs the text the codes start with\n"},
		{name: "a Cyrillic --prefix", args: []string{"promo", "list", "--site-id", "7", "--prefix", "ЁЛКА"}, code: 2,
			ruErr: "promoctl: --prefix «ЁЛКА»: в промокоде могут быть только латинские буквы A-Z, a-z и цифры 0-9, а на 1-м месте стоит «Ё»\n",
			enErr: "promoctl: --prefix \"ЁЛКА\": a code may contain only Latin letters A-Z, a-z and digits 0-9, found 'Ё' at position 1\n"},
		{name: "a --prefix longer than a code", args: []string{"promo", "list", "--site-id", "7", "--prefix", "ABCDEFGHIJKLMNOP"}, code: 2,
			ruErr: "promoctl: --prefix «ABCDEFGHIJKLMNOP»: в коде не больше 15 символов, а в префиксе — 16\n",
			enErr: "promoctl: --prefix \"ABCDEFGHIJKLMNOP\": a code has at most 15 characters, the prefix has 16\n"},
		{name: "an unknown --sort", args: []string{"promo", "list", "--site-id", "7", "--sort", "price"}, code: 2,
			ruErr: "promoctl: --sort: неизвестное поле «price»; доступные поля: id, code,",
			enErr: "promoctl: --sort: unknown field \"price\": use one of id, code,"},
		{name: "an --expiring-within that is no duration", args: []string{"promo", "list", "--site-id", "7", "--expiring-within", "soon"}, code: 2,
			ruErr: "promoctl: --expiring-within: неверная длительность «soon»: укажите дни, часы или минуты, например 7d, 36h, 90m или 1d12h\n",
			enErr: "promoctl: --expiring-within: invalid duration \"soon\": use days, hours or minutes such as 7d, 36h, 90m or 1d12h\n"},
		{name: "an empty --search", args: []string{"promo", "list", "--site-id", "7", "--search", " "}, code: 2,
			ruErr: "promoctl: --search: укажите текст, который нужно искать в промокодах\n",
			enErr: "promoctl: --search needs a text to look for in the codes\n"},
		{name: "an empty --job", args: []string{"promo", "list", "--site-id", "7", "--job", " "}, code: 2,
			ruErr: "promoctl: для --job нужен журнал задания promo generate или promo apply (список заданий — promo jobs)\n",
			enErr: "promoctl: --job needs the journal of a promo generate or promo apply job (promo jobs lists them)\n"},
		{name: "a --job that creates no codes", args: []string{"promo", "list", "--job", deleteJob}, code: 2,
			ruErr: "promoctl: --job " + deleteJob + ": это задание promo delete, оно не создаёт промокодов; укажите задание promo generate или promo apply\n",
			enErr: "promoctl: --job " + deleteJob + ": the job is promo delete, which creates no promo codes; give a promo generate or promo apply job\n"},
		{name: "a --job of another site", args: []string{"promo", "list", "--job", generateJob, "--site-id", "8"}, code: 2,
			ruErr: "promoctl: --job " + generateJob + ": задание относится к сайту 7, а не к --site-id 8\n",
			enErr: "promoctl: --job " + generateJob + ": the job is of site 7, not of --site-id 8\n"},
		{name: "a --concurrency out of range", args: []string{"promo", "disable", "1001", "--yes", "--concurrency", "0"}, code: 2,
			ruErr: "promoctl: --concurrency должен быть от 1 до 64, а указано 0\n",
			enErr: "promoctl: --concurrency must be 1 to 64, got 0\n"},
		{name: "a -f file of another shape", file: `[{"code":"A1"}]`, code: 2,
			args:  []string{"promo", "create", "--site-id", "7", "-f", "FILE"},
			ruErr: "promoctl: --file FILE: это не объект JSON или YAML: line 1: cannot unmarshal !!seq into map[string]interface {}\n",
			enErr: "promoctl: --file FILE: not a JSON or YAML object: line 1: cannot unmarshal !!seq into map[string]interface {}\n"},
		{name: "a site without codes", tty: true, args: []string{"promo", "list", "--site-id", "7"},
			api:   []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[]`}, site7},
			ruErr: "На сайте 7 нет промокодов.\n",
			enErr: "No promo codes on site 7.\n"},
		{name: "no code matches", tty: true, args: []string{"promo", "list", "--site-id", "7", "--prefix", "XMAS"},
			ruErr: "На сайте 7 нет подходящих промокодов: код начинается с «XMAS».\n",
			enErr: "No promo codes on site 7 match: starting with \"XMAS\".\n"},
		{name: "an unknown --status", args: []string{"promo", "list", "--site-id", "7", "--status", "старый"}, code: 2,
			ruErr: "promoctl: --status: неизвестный статус «старый»: укажите ",
			enErr: "promoctl: --status: unknown status \"старый\": use "},
		{name: "a code never used", tty: true, args: []string{"promo", "stats", "5"},
			api:   []cmdtest.Answer{{Route: "GET /v1/promo/5/statistics", Status: http.StatusOK, Body: `[]`}},
			ruErr: "Промокод 5 ещё ни разу не применяли.\n",
			enErr: "Promo code 5 has not been used yet.\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []struct{ env, want string }{{"ru_RU.UTF-8", c.ruErr}, {"C", c.enErr}} {
				r := newRunner(t)
				r.TTY = c.tty
				r.Env["LANG"] = lang.env
				t0 := time.Date(2026, 11, 4, 7, 0, 0, 0, time.UTC)
				writeJournal(t, r, deleteJob, "delete", t0, nil, "A1")
				writeJournal(t, r, generateJob, "generate", t0.Add(time.Hour), map[string]int64{"NEW1": 4001}, "NEW1")
				api := c.api
				if api == nil {
					api = list
				}
				for _, a := range api {
					r.API.Handle(a.Route, a.Status, a.Body)
				}
				args, want := c.args, lang.want
				if c.file != "" {
					path := cmdtest.WriteFile(t, "p.json", c.file)
					args = replaceArg(args, "FILE", path)
					want = strings.ReplaceAll(want, "FILE", path)
				}
				res := r.Run(args...)
				if res.Code != c.code || !strings.Contains(res.Stderr, want) {
					t.Errorf("LANG=%s: exit %d, stderr:\n%s\nwant exit %d, stderr holding:\n%s", lang.env, res.Code, res.Stderr, c.code, want)
				}
			}
		})
	}
}

// replaceArg is args with the argument old replaced by new.
func replaceArg(args []string, old, new string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == old {
			a = new
		}
		out[i] = a
	}
	return out
}
