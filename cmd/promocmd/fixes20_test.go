package promocmd

import (
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/legacylang"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/i18n"
)

// TestPromoUpdateIDMustBeOnTheSite: an id given with a site (--site-id or
// the configured one) names a promo code of whatever site it is on, so
// promo update, a write, checks it against the site's list as promo delete
// does: one that is not there is refused (exit 4) and nothing is sent.
func TestPromoUpdateIDMustBeOnTheSite(t *testing.T) {
	const notOn = "promoctl: promo code 1001 is not on site 7, and nothing was sent: " +
		"an id given with a site (--site-id or the configured site_id) must be on that site's list\n"
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"--site-id", []string{"promo", "update", "1001", "--amount", "15", "--site-id", "7"}, nil},
		{"--site-id, dry run", []string{"promo", "update", "1001", "--amount", "15", "--site-id", "7", "--dry-run"}, nil},
		{"site from the environment", []string{"promo", "update", "1001", "--amount", "15"}, map[string]string{"PROMOCTL_SITE_ID": "7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newSelectRunner(t)
			r.API.Handle("GET /v1/promo/1001", http.StatusOK, `{"code":"OTHER1","is_enabled":true}`)
			r.API.Handle("PUT /v1/promo/1001", http.StatusOK, `{"code":"OTHER1","is_enabled":true}`)
			for k, v := range c.env {
				r.Env[k] = v
			}
			r.Run(c.args...).Expect(t, 4, "", notOn)
			r.ExpectRoutes(t, "GET /v1/promo?site_id=7")
		})
	}
}

// TestPromoUpdateIDOnTheSite: an id given with a site that is on it is
// updated after the list read that says so.
func TestPromoUpdateIDOnTheSite(t *testing.T) {
	r := newSelectRunner(t)
	res := r.Run("promo", "update", "2001", "--enabled=false", "--site-id", "7", "-o", "json")
	if res.Code != 0 {
		t.Fatalf("exit %d\n%s", res.Code, res.Stderr)
	}
	r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo/2001", "PUT /v1/promo/2001")
}

// TestPromoJobsSaysRunning: a job whose journal a promoctl holds open (and
// locked) now is running, not "can be resumed", in English and Russian;
// once it is closed, it can be resumed again.
func TestPromoJobsSaysRunning(t *testing.T) {
	r, path := jobsRunner(t)
	running := filepath.Join(filepath.Dir(path), interruptedJob+".jsonl")
	j, err := bulk.Open(running)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	res := r.Run("promo", "jobs", "-o", "json", "--jq", ".[] | [.id, .state]")
	res.Expect(t, 0, `["20261101T070000Z-aaaaaaaa","running"]`+"\n"+
		`["20261102T070000Z-bbbbbbbb","finished"]`+"\n", res.Stderr)
	l := legacylang.NewTableLocale(i18n.New(i18n.Russian))
	if got := l.Row([]string{"STATE"}, []string{"running"}); !slices.Equal(got, []string{"выполняется"}) {
		t.Errorf("the state running in Russian = %q, want выполняется", got)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	res = r.Run("promo", "jobs", "-o", "json", "--jq", ".[0].state")
	res.Expect(t, 0, "can be resumed\n", res.Stderr)
	r.ExpectNoRequests(t)
}

// TestFailedSummaryInRussian: the summary of a job with creates that
// failed with no answer is said in Russian, as the one with refusals only.
func TestFailedSummaryInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	err := fmt.Errorf("%d of %d promo codes could not be created (%d refused, %d failed, %d of unknown outcome, %d not sent): finish the job with: %s",
		1, 3, 0, 1, 0, 0, "promoctl promo generate --resume /tmp/job.jsonl")
	want := "не удалось создать промокодов: 1 из 3 (отклонено: 0, без ответа сервера: 1, с неизвестным исходом: 0, не отправлено: 0); продолжить задание: promoctl promo generate --resume /tmp/job.jsonl"
	if got := cmdutil.ErrorText(ru, err); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
