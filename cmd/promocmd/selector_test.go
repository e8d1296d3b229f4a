package promocmd

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/bulk"
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

// TestDigitsOnlyArgumentNotFoundHints: promo get 007 reads id 7; when
// there is none, the error says how a code of digits only is found.
func TestDigitsOnlyArgumentNotFoundHints(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo/7", http.StatusNotFound, `{"title":"Not found","error":0,"code":404}`)
	r.Run("promo", "get", "007").Expect(t, 4, "",
		"promoctl: promo code 7 does not exist or is not visible to you (API error 0: Not found); "+
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
		Expect(t, 2, "", "promoctl: --status: unknown status \"old\": use disabled, expired, used-up, scheduled, active (or the words the tables write: выключен, истёк, исчерпан, запланирован, активен)\n")
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.Run("promo", "disable", "--site-id", "7", "--status", "старый", "--yes").
		Expect(t, 2, "", "promoctl: --status: неизвестный статус «старый»: укажите disabled, expired, used-up, scheduled, active или слова из таблиц: выключен, истёк, исчерпан, запланирован, активен\n")
	r.ExpectNoRequests(t)
}

// TestJobIsReadInItsWorld: a job's codes are read at the API and as the
// user its journal records, unless flags name others; a journal of
// another account than the flags name is refused before any request.
func TestJobIsReadInItsWorld(t *testing.T) {
	r := newRunner(t)
	path := filepath.Join(t.TempDir(), "xmas.jsonl")
	j, err := bulk.Create(path, bulk.Header{Job: "xmas", Kind: "generate", SiteID: 7, BaseURL: r.API.URL, UserID: 7}, bulk.CreateOps([]string{"OFF10", "XMAS9"}))
	if err != nil {
		t.Fatal(err)
	}
	// OFF10 was created as 2001, XMAS9 as 2004; the site's 2004 is SOON
	// now (the id reused): not the job's.
	if _, err := bulk.Execute(t.Context(), jobAPI{map[string]int64{"OFF10": 2001, "XMAS9": 2004}}, j, bulk.Options{Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	r.API.Handle("GET /v1/promo", http.StatusOK, cmdtest.SelectListJSON)
	r.Run("promo", "jobs", "show", path, "-o", "json", "--jq", ".[].code").Expect(t, 0, "OFF10\n", "promoctl: warning: 1 of the 2 promo codes job xmas created are no longer on site 7\n")
	reqs := r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
	if got := reqs[0].Header.Get("X-Api-User-Id"); got != "7" {
		t.Errorf("read as user %q, want the journal's 7", got)
	}
	r.Run("promo", "jobs", "show", path, "--user-id", "42").Expect(t, 2, "",
		"promoctl: job xmas ran at "+r.API.URL+" as user 7, and this run is at "+r.API.URL+" as user 42: give the flags of the job's account, or none\n")
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7") // the first run's alone
}
