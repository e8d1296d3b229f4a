package promocmd

import (
	"net/http"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// The selection of the commands that work on several promo codes: its
// forms combine with AND, and the status words are taken in either
// language, in every command that has it.

func TestSelectionFormsCombine(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"status words in Russian, ё or е", []string{"--status", "истек,выключен"}, "2001\n2002\n"},
		{"status words in Russian, as the table writes them", []string{"--status", "Истёк"}, "2002\n"},
		{"prefix and unused", []string{"--prefix", "s", "--unused"}, "2004\n"},
		{"search and used", []string{"--search", "SUMMER", "--used"}, "2002\n2006\n"},
		{"codes and a filter", []string{"OFF10", "2004", "2005", "--unused"}, "2001\n2004\n"},
		{"expiring within and used", []string{"--expiring-within", "4d", "--used"}, "2005\n2006\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
			args := append([]string{"promo", "list", "--site-id", "7", "-o", "json", "--jq", ".[].id"}, c.args...)
			r.Run(args...).Expect(t, 0, c.want, "")
		})
	}
}

// TestSelectionOfNothingIsRefusedByWriteVerbs: a filter that selects no
// code is a usage error for delete, enable and disable; nothing is sent
// but the list read.
func TestSelectionOfNothingIsRefusedByWriteVerbs(t *testing.T) {
	r := newSelectRunner(t)
	r.Run("promo", "disable", "--site-id", "7", "--prefix", "XMAS", "--unused", "--yes").
		Expect(t, 2, "", "promoctl: no promo codes on site 7 match: starting with \"XMAS\", never used; nothing was disabled\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
}

// TestDisableAnIDAlreadyOff: a code named by its id alone, without a
// site, is read first: one already disabled is counted apart, not sent,
// and its outcome carries its code.
func TestDisableAnIDAlreadyOff(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.API.Handle("GET /v1/promo/2001", http.StatusOK, `{"code":"OFF10","is_enabled":false}`)
	r.Run("promo", "disable", "2001", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2001,"code":"OFF10","outcome":"unchanged"}]`+"\n", "Nothing to disable: 1 promo code is already disabled.\n")
	r.ExpectRoutes(t, "GET /v3/public/site", "GET /v1/promo/2001")

	// found on the site: said with it, as the list has it
	r = newSelectRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[{"id":7}]`)
	r.Run("promo", "disable", "2001", "--yes").Expect(t, 0, "", "Nothing to disable: 1 promo code is already disabled.\n")

	r = newSelectRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `[]`)
	r.Run("promo", "disable", "2002", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2002,"code":"C2002","outcome":"disabled"}]`+"\n", "Disabled 1 promo code.\n")
}

// TestDigitsOnlyArgumentNotFoundHints: promo get 007 reads id 7; when
// there is none, the error says how a code of digits only is found.
func TestDigitsOnlyArgumentNotFoundHints(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/7", http.StatusNotFound, `{"title":"Not found","error":0,"code":404}`)
	r.Run("promo", "get", "007").Expect(t, 4, "",
		"promoctl: get promo 7: not found: promo code 7 does not exist or is not visible to you (API error 0: Not found); "+
			"if 007 is a code rather than an id, find it with promoctl promo list --site-id SITE_ID --search 007 (an argument of digits only is an id)\n")
	r.Env["LANG"] = "ru_RU.UTF-8"
	res := r.Run("promo", "get", "007")
	if want := "; если 007 — код, а не ID, найдите его командой promoctl promo list --site-id SITE_ID --search 007 (аргумент из одних цифр — это ID)\n"; res.Code != 4 || !strings.HasSuffix(res.Stderr, want) {
		t.Errorf("exit %d, stderr %q; want 4, ending in %q", res.Code, res.Stderr, want)
	}
}

// TestSelectionStatusWordsRefusedInTheLanguage: an unknown status word is
// a usage error naming the words of both languages, in the run's.
func TestSelectionStatusWordsRefusedInTheLanguage(t *testing.T) {
	r := newRunner(t)
	r.Run("promo", "list", "--site-id", "7", "--status", "old").
		Expect(t, 2, "", "promoctl: --status: unknown status \"old\": use disabled, expired, used-up, scheduled, active\n")
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.Run("promo", "disable", "--site-id", "7", "--status", "старый", "--yes").
		Expect(t, 2, "", "promoctl: --status: неизвестный статус \"старый\": укажите disabled, expired, used-up, scheduled, active или по-русски: выключен, истёк, исчерпан, запланирован, активен\n")
	r.ExpectNoRequests(t)
}
