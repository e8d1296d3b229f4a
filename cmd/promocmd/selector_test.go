package promocmd

import (
	"net/http"
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
	r.API.Handle("GET /v1/promo/2001", http.StatusOK, `{"code":"OFF10","is_enabled":false}`)
	r.Run("promo", "disable", "2001", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2001,"code":"OFF10","outcome":"unchanged"}]`+"\n", "Nothing to disable: 1 promo code is already disabled.\n")
	r.ExpectRoutes(t, "GET /v1/promo/2001")

	r = newSelectRunner(t)
	r.Run("promo", "disable", "2002", "--yes", "-o", "json").
		Expect(t, 0, `[{"id":2002,"code":"C2002","outcome":"disabled"}]`+"\n", "Disabled 1 promo code.\n")
}
