package selection

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestManyFailuresAreCapped: a selection's job names at most ten codes
// that were not done, each with why, then how many more, as promo apply
// and generate do; in English and in Russian.
func TestManyFailuresAreCapped(t *testing.T) {
	var list []string
	for i := range 12 {
		list = append(list, fmt.Sprintf(`{"id":%d,"code":"OLD%02d","is_enabled":true}`, 3001+i, i))
	}
	for _, c := range []struct{ lang, first, more string }{
		{"C", "promoctl: not deleted: OLD00 (id 3001): ", "promoctl: and 2 more not deleted: the journal says why for each\n"},
		{"ru_RU.UTF-8", "promoctl: не удалось удалить OLD00 (ID 3001): ", "promoctl: и ещё 2 промокода не удалось удалить: причины записаны в журнале\n"},
	} {
		r := newRunner(t)
		r.Env["LANG"] = c.lang
		r.API.Handle("GET /v1/promo", http.StatusOK, "["+strings.Join(list, ",")+"]")
		for i := range 12 {
			r.API.Handle(fmt.Sprintf("DELETE /v1/promo/%d", 3001+i), http.StatusForbidden, `{"title":"user cant edit promo","error":40,"code":403}`)
		}
		res := r.Run("promo", "delete", "--prefix", "OLD", "--site-id", "7", "--yes")
		lines := strings.SplitAfter(res.Stderr, "\n")
		named := 0
		for _, l := range lines {
			if strings.Contains(l, ": OLD") || strings.Contains(l, " OLD") {
				named++
			}
		}
		if res.Code != 1 || named != 10 || !strings.Contains(res.Stderr, c.first) || !strings.Contains(res.Stderr, c.more) {
			t.Errorf("LANG=%s: exit %d, %d codes named, stderr:\n%s\nwant exit 1, 10 named from %q, then %q", c.lang, res.Code, named, res.Stderr, c.first, c.more)
		}
	}
}
