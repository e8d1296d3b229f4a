package promocmd

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/legacylang"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
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

// TestRunPromoGenerateSummarySaysFailedForServerErrors: a create answered
// with a 5xx in every round, that the list never shows, failed: the
// summary does not call it refused (only a 4xx is a refusal).
func TestRunPromoGenerateSummarySaysFailedForServerErrors(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	e.Sess.Settings.Timeout = 150 * time.Millisecond // the settling delay: a list read must fit, and the job waits it each round
	opts.Count, opts.Concurrency, opts.Format = 3, 1, codegen.Format{Prefix: "F", Length: 5}
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	var failing string
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if failing == "" {
			failing = code
		}
		if code != failing {
			return false
		}
		w.WriteHeader(http.StatusBadGateway) // not created, every time
		return true
	}
	err := runPromoGenerate(context.Background(), opts)
	want := "1 of 3 promo codes could not be created (0 refused, 1 failed, 0 of unknown outcome, 0 not sent): finish the job with: promoctl promo generate --resume " + opts.Journal
	if err == nil || err.Error() != want {
		t.Fatalf("run returned %v\nwant %s\n%s", err, want, e.Stderr)
	}
	if made, _ := g.made(0); len(made) != 2 || g.posts[failing] != bulk.MaxRounds {
		t.Errorf("the site has %d new codes and %s was sent %d times; want 2, and %d sends", len(made), failing, g.posts[failing], bulk.MaxRounds)
	}
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

// confirmThen answers yes after running meanwhile: what a colleague does
// while the question waits.
type confirmThen struct {
	meanwhile func()
	asked     []string
}

func (c *confirmThen) Confirm(_ context.Context, title, _ string, _ bool) (bool, error) {
	c.asked = append(c.asked, title)
	c.meanwhile()
	return true, nil
}

// TestPromoApplyPruneRecheckedAfterTheConfirmation: the site's list is read
// again after a terminal confirmation of --prune or --disable-missing; a
// code deleted or renamed meanwhile is skipped and named on stderr, the
// others are done; exit 0.
func TestPromoApplyPruneRecheckedAfterTheConfirmation(t *testing.T) {
	for _, c := range []struct {
		missing plan.Missing
		write   string
		routes  []string
	}{
		{plan.Delete, "DELETE /v1/promo/5001 ", []string{"GET /v1/promo?site_id=1", "GET /v1/promo?site_id=1", "DELETE /v1/promo/5001"}},
		{plan.Disable, `PUT /v1/promo/5001 {"code":"KEEP5","is_enabled":false,`,
			[]string{"GET /v1/promo?site_id=1", "GET /v1/promo?site_id=1", "GET /v1/promo/5001", "PUT /v1/promo/5001"}},
	} {
		t.Run(string(c.write[:3]), func(t *testing.T) {
			e, s, opts := newApplyEnv(t, format.Table, "code\nWELCOME10\n")
			s.add(applyRec{ID: 5001, Record: promo.Record{Code: "KEEP5", IsEnabled: true, BonusType: 3, BonusAmount: 100}})
			e.Sess.IO.SetTTY(true, true, true)
			ask := &confirmThen{meanwhile: func() {
				s.mu.Lock()
				defer s.mu.Unlock()
				delete(s.recs, 1003)
				s.recs[1002].Code = "SUMMER26"
			}}
			opts.Missing, opts.Prompter = c.missing, ask
			if err := runPromoApply(context.Background(), opts); err != nil {
				t.Fatalf("run: %v\n%s", err, e.Stderr)
			}
			if len(ask.asked) != 1 {
				t.Errorf("asked %q, want one question", ask.asked)
			}
			if got := writes(e); len(got) != 1 || !strings.HasPrefix(got[0], c.write) {
				t.Errorf("writes %q, want only %s…", got, c.write)
			}
			for _, want := range []string{
				"promoctl: skipped SUMMER25 (id 1002): changed since the confirmation: it is named SUMMER26 now\n",
				"promoctl: skipped OLD1 (id 1003): changed since the confirmation: it is no longer on site 1\n",
			} {
				if !strings.Contains(e.Stderr.String(), want) {
					t.Errorf("stderr:\n%s\nwant the line %q", e.Stderr, want)
				}
			}
			if got := e.API.Routes(); !slices.Equal(got, c.routes) {
				t.Errorf("routes %q, want %q (the list read again after the confirmation)", got, c.routes)
			}
		})
	}
}

// simClock is a simulated clock for a bulk run's throttle: real time plus
// what it has slept, so that a Retry-After passes at once; mark notes the
// time of a request as the throttle sees it.
type simClock struct {
	mu     sync.Mutex
	ahead  time.Duration
	marked []time.Time
}

func (c *simClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *simClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead += d
	return nil
}

func (c *simClock) mark() {
	now := c.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.marked = append(c.marked, now)
}

func (c *simClock) marks() []time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Time(nil), c.marked...)
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
