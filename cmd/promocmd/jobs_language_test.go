package promocmd

import (
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"
)

// TestGenerateAndJobsSpeakTheLanguage: what promo generate and promo jobs
// say to a person (refusals of their flags, the notes of a dry run, the
// warnings of a job, an empty list) is the catalog's text in the run's
// language, English under LANG=C and Russian under LANG=ru_RU.UTF-8, with
// the same exit code.
func TestGenerateAndJobsSpeakTheLanguage(t *testing.T) {
	gen := func(more ...string) []string {
		return append([]string{"promo", "generate", "--site-id", "7"}, more...)
	}
	for _, c := range []struct {
		name   string
		args   []string
		tty    bool
		code   int
		en, ru string // stderr
	}{
		{name: "no count", args: gen(), code: 2,
			en: "promoctl: --count is required: how many promo codes to create (1 to 100000); or --resume FILE to finish a job\n",
			ru: "promoctl: нужен --count: сколько промокодов создать (от 1 до 100\u00a0000); или --resume ФАЙЛ, чтобы продолжить задание\n"},
		{name: "a count out of range", args: gen("--count", "100001"), code: 2,
			en: "promoctl: --count must be 1 to 100000, got 100001\n",
			ru: "promoctl: --count должен быть от 1 до 100\u00a0000, а указано 100\u00a0001\n"},
		{name: "no random part", args: gen("--count", "5", "--length", "0"), code: 2,
			en: "promoctl: --length must be at least 1: the characters of the random part, got 0\n",
			ru: "promoctl: --length должен быть не меньше 1 (это число символов случайной части), а указано 0\n"},
		{name: "too many at once", args: gen("--count", "5", "--concurrency", "0"), code: 2,
			en: "promoctl: --concurrency must be 1 to 64, got 0\n",
			ru: "promoctl: --concurrency должен быть от 1 до 64, а указано 0\n"},
		{name: "far too many at once", args: gen("--count", "5", "--concurrency", "5000"), code: 2,
			en: "promoctl: --concurrency must be 1 to 64, got 5000\n",
			ru: "promoctl: --concurrency должен быть от 1 до 64, а указано 5\u00a0000\n"},
		{name: "a resume without a journal", args: []string{"promo", "generate", "--resume", ""}, code: 2,
			en: "promoctl: --resume needs the journal of a job: the file named when it started\n",
			ru: "promoctl: --resume нужен журнал задания: файл, указанный при его запуске\n"},
		{name: "a resume with a new job's flags", args: []string{"promo", "generate", "--resume", "j.jsonl", "--count", "5", "--prefix", "A"}, code: 2,
			en: "promoctl: --count and --prefix cannot be given with --resume, which finishes a job with the parameters of its journal (only --concurrency, --no-wait, --timeout and --output can change)\n",
			ru: "promoctl: --count и --prefix нельзя задавать вместе с --resume: задание продолжается с параметрами из журнала (менять можно только --concurrency, --no-wait, --timeout и --output)\n"},
		{name: "a dry run without --enabled", tty: true, args: gen("--count", "2", "--amount", "5", "--dry-run", "-o", "json"), code: 0,
			en: "promoctl: warning: no --enabled given, so the promo codes will be created disabled (the API's default)\n" +
				"Would create 2 promo codes on site 7; nothing was sent.\n",
			ru: "promoctl: предупреждение: --enabled не задан, поэтому промокоды будут созданы выключенными (так по умолчанию делает API)\n" +
				"На сайте 7 было бы создано 2 промокода; ничего не отправлено.\n"},
		{name: "jobs show without a job", args: []string{"promo", "jobs", "show", " "}, code: 2,
			en: "promoctl: promo jobs show needs a job id or a journal's path (promo jobs lists them)\n",
			ru: "promoctl: для promo jobs show нужен ID задания или путь к журналу (список заданий — promo jobs)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []string{"C", "ru_RU.UTF-8"} {
				r := newRunner(t)
				r.Env["LANG"] = lang
				r.TTY = c.tty
				r.API.Handle("GET /v1/promo", http.StatusOK, `[]`)
				res := r.Run(c.args...)
				want := c.en
				if lang != "C" {
					want = c.ru
				}
				if res.Code != c.code || res.Stderr != want {
					t.Errorf("LANG=%s: exit %d, stderr:\n%s\nwant exit %d, stderr:\n%s", lang, res.Code, res.Stderr, c.code, want)
				}
			}
		})
	}
}

// TestJobsSayTheirStateInTheLanguage: promo jobs' table, its empty list
// and the completion of a job id say a job's state in the run's language;
// -o json keeps the state's value.
func TestJobsSayTheirStateInTheLanguage(t *testing.T) {
	for _, c := range []struct {
		lang                   string
		table, empty, complete string
	}{
		{"C", "ID                         SITE  COMMAND   CODES  CREATED  STARTED           STATE\n" +
			interruptedJob + "  7     generate  2      0        2026-11-01 10:00  can be resumed\n", "No jobs in %s.\n", interruptedJob + "\tgenerate on site 7, 0 codes created, can be resumed"},
		{"ru_RU.UTF-8", "ID                         САЙТ  КОМАНДА   ПРОМОКОДОВ  СОЗДАНО  НАЧАТО            СОСТОЯНИЕ\n" +
			interruptedJob + "  7     generate  2           0        01.11.2026 10:00  можно продолжить\n", "В %s нет заданий.\n", interruptedJob + "\tgenerate на сайте 7, создано 0 промокодов, можно продолжить"},
	} {
		r := newRunner(t)
		r.Env["LANG"] = c.lang
		writeJournal(t, r, interruptedJob, "generate", time.Date(2026, 11, 1, 7, 0, 0, 0, time.UTC), nil, "NY1", "NY2")
		res := r.Run("promo", "jobs")
		res.Expect(t, 0, c.table, "")
		res = r.Run("promo", "jobs", "-o", "json", "--jq", ".[].state")
		res.Expect(t, 0, "can be resumed\n", "")
		if got := r.Complete(t, "promo", "jobs", "show", "2026"); got != c.complete+"\n:4\n" {
			t.Errorf("LANG=%s: completion %q, want %q", c.lang, got, c.complete)
		}

		empty := newRunner(t)
		empty.Env["LANG"] = c.lang
		empty.TTY = true
		dir := filepath.Join(empty.Env["XDG_STATE_HOME"], "promoctl", "jobs")
		empty.Run("promo", "jobs").Expect(t, 0, "", fmt.Sprintf(c.empty, dir))
	}
}
