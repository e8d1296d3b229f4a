package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestCreateUpdateAndReportSayTheirMessagesInTheLanguage: what promo
// create, update and report say to a person (notes, warnings, refusals,
// the wizard's summary) is the catalog's text of the run's language:
// Russian under ru_RU, English under LANG=C.
func TestCreateUpdateAndReportSayTheirMessagesInTheLanguage(t *testing.T) {
	const created = `{"id":5,"code":"SUMMER25","is_enabled":false}`
	site7 := cmdtest.Answer{Route: "GET /v3/public/site/7", Status: http.StatusOK, Body: `{"id":7}`}
	for _, c := range []struct {
		name         string
		tty          bool
		api          []cmdtest.Answer
		stdin        string
		args         []string
		code         int
		ruErr, enErr string // stderr holds it
	}{
		{name: "create: the code made, and made disabled", tty: true,
			api:  []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: created}, site7},
			args: []string{"promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5"},
			ruErr: "Промокод SUMMER25 (ID 5) создан на сайте 7.\n" +
				"promoctl: предупреждение: промокод SUMMER25 создан выключенным (так по умолчанию делает API); включить его: promoctl promo update 5 --enabled\n",
			enErr: "Created promo code SUMMER25 (id 5) on site 7.\n" +
				"promoctl: warning: promo code SUMMER25 was created disabled (the API's default); enable it with: promoctl promo update 5 --enabled\n"},
		{name: "create without the id: where to find it", tty: true,
			api:   []cmdtest.Answer{{Route: "POST /v1/promo", Status: http.StatusCreated, Body: `{"code":"SUMMER25","is_enabled":false}`}, site7},
			args:  []string{"promo", "create", "--site-id", "7", "--code", "SUMMER25", "--amount", "5", "--enabled=false"},
			ruErr: "Промокод SUMMER25 создан на сайте 7.\nПромокод выключен; включить его: promoctl promo update ID --enabled (ID покажет promoctl promo list --site-id 7)\n",
			enErr: "Created promo code SUMMER25 on site 7.\nIt is disabled: enable it with: promoctl promo update ID --enabled (promoctl promo list --site-id 7 shows the ID)\n"},
		{name: "create -i without a terminal", args: []string{"promo", "create", "-i"}, code: 2,
			ruErr: "promoctl: для --interactive нужен терминал: задайте поля флагами (см. --help)\n",
			enErr: "promoctl: --interactive needs a terminal: give the fields as flags instead (see --help)\n"},
		{name: "create: a whole number", args: []string{"promo", "create", "--site-id", "7", "--code", "A1", "--max-uses", "2,5"}, code: 2,
			ruErr: "promoctl: --max-uses: «2,5» — не целое число\n",
			enErr: "promoctl: --max-uses: \"2,5\" is not a whole number\n"},
		{name: "update: the code changed", tty: true,
			api: []cmdtest.Answer{{Route: "GET /v1/promo/5", Status: http.StatusOK, Body: currentJSON},
				{Route: "PUT /v1/promo/5", Status: http.StatusOK, Body: currentJSON}},
			args:  []string{"promo", "update", "5", "--max-uses", "10"},
			ruErr: "Промокод SUMMER25 (ID 5) изменён.\n",
			enErr: "Updated promo code SUMMER25 (id 5).\n"},
		{name: "update: nothing to change", args: []string{"promo", "update", "5"}, code: 2,
			ruErr: "promoctl: нечего менять: укажите хотя бы одно поле флагом (см. --help) или в файле -f ФАЙЛ\n",
			enErr: "promoctl: nothing to change: name at least one field flag (see --help) or -f FILE\n"},
		{name: "update: a switch off beside a value that turns it on",
			args: []string{"promo", "update", "5", "--no-time-limit", "--ends", "2026-12-31"}, code: 2,
			ruErr: "promoctl: --no-time-limit нельзя сочетать с --starts или --ends\n",
			enErr: "promoctl: --no-time-limit cannot be combined with --starts or --ends\n"},
		{name: "report: --by", args: []string{"promo", "report", "--site-id", "7", "--by", "week"}, code: 2,
			ruErr: "promoctl: --by: укажите code или day, а не «week»\n",
			enErr: "promoctl: --by: want code or day, got \"week\"\n"},
		{name: "report: a period that ends before it starts", code: 2,
			args:  []string{"promo", "report", "--site-id", "7", "--since", "2026-07-02", "--until", "2026-07-01"},
			ruErr: "promoctl: --until 01.07.2026 23:59 раньше --since 02.07.2026 00:00\n",
			enErr: "promoctl: --until 2026-07-01 23:59:59 is before --since 2026-07-02 00:00\n"},
		{name: "report: a code whose statistics cannot be read", code: 1,
			api: []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1002,"code":"IDLE"}]`},
				{Route: "GET /v1/promo/1002/statistics", Status: http.StatusNotFound, Body: `{"error":0,"title":"Not found"}`}},
			args:  []string{"promo", "report", "--site-id", "7", "-o", "csv"},
			ruErr: "promoctl: IDLE: статистика промокода 1002: промокод 1002 не найден или у вас нет к нему доступа (ошибка API 0: Not found)\npromoctl: не удалось прочитать статистику промокодов: 1 из 1\n",
			enErr: "promoctl: IDLE: statistics of promo 1002: promo code 1002 does not exist or is not visible to you (API error 0: Not found)\npromoctl: could not read the statistics of 1 of 1 promo codes\n"},
		{name: "report: no orders in the period", tty: true,
			api:   []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[{"id":1002,"code":"IDLE","promo_used_count":0}]`}, site7},
			args:  []string{"promo", "report", "--site-id", "7", "--by", "day"},
			ruErr: "За этот период заказов нет.\n",
			enErr: "No orders in the period.\n"},
		{name: "the wizard's summary: the amount as typed, the dates as the language writes them", tty: true, code: 130,
			api:   []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[]`}, {Route: "GET /v3/public/site/7", Status: http.StatusOK, Body: `{"id":7}`}},
			stdin: cmdtest.AnswerLines("SUMMER25", "", "2", "1 500,50", "", "2026-12-01", "2026-12-31", "1000", "", "n"),
			args:  []string{"promo", "create", "-i", "--site-id", "7", "--accessible"},
			ruErr: "  Промокод:                SUMMER25\n  Сайт:                    7\n  Скидка:                  1\u00a0500,50 на товары\n" +
				"  Включён:                 да\n  Действует:               с 01.12.2026 00:00 по 31.12.2026 23:59 (MSK)\n" +
				"  Лимит применений:        1\u00a0000\n  Один раз на покупателя:  нет\n",
			enErr: "  Code:               SUMMER25\n  Site:               7\n  Discount:           1500.50 off the goods\n" +
				"  Enabled:            yes\n  Valid:              from 2026-12-01 00:00 until 2026-12-31 23:59:59 (MSK)\n" +
				"  Maximum uses:       1000\n  Once per customer:  no\n"},
		{name: "the form refuses a date it cannot read, and asks again", tty: true, code: 130,
			api:   []cmdtest.Answer{{Route: "GET /v1/promo", Status: http.StatusOK, Body: `[]`}},
			stdin: cmdtest.AnswerLines("SUMMER25", "", "", "10", "", "завтра", "", "", "", "", "n"),
			args:  []string{"promo", "create", "-i", "--site-id", "7", "--accessible"},
			ruErr: "Действует с [без даты начала] не удалось прочитать дату «завтра»: укажите её в виде 31.12.2026, 31.12.2026 10:00, 2026-12-31 10:00 или RFC 3339\n",
			enErr: "Valid from [no start] cannot read date \"завтра\": use 2026-12-01, 2026-12-01 10:00 or RFC 3339\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []struct{ env, want string }{{"ru_RU.UTF-8", c.ruErr}, {"C", c.enErr}} {
				r := newRunner(t)
				r.TTY = c.tty
				r.Env["LANG"] = lang.env
				r.Stdin = c.stdin
				for _, a := range c.api {
					r.API.Handle(a.Route, a.Status, a.Body)
				}
				res := r.Run(c.args...)
				if res.Code != c.code || !strings.Contains(res.Stderr, lang.want) {
					t.Errorf("LANG=%s: exit %d, stderr:\n%s\nwant exit %d, stderr holding:\n%s", lang.env, res.Code, res.Stderr, c.code, lang.want)
				}
			}
		})
	}
}

// TestFailedSummaryInRussian: the summary of a job with creates that
// failed with no answer is said in Russian, as the one with refusals only.
func TestFailedSummaryInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	err := i18n.NewError(0, "generate.failed_unanswered", "Failed", 1, "Total", 3, "Refused", 0,
		"Unanswered", 1, "Unknown", 0, "NotSent", 0, "Command", "promoctl promo generate --resume /tmp/job.jsonl")
	want := "не удалось создать промокодов: 1 из 3 (отклонено: 0, без ответа сервера: 1, с неизвестным исходом: 0, не отправлено: 0); продолжить задание: promoctl promo generate --resume /tmp/job.jsonl"
	if got := errtext.Say(ru, err); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
