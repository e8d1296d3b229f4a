package generate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// signal is a writer that closes ch the first time what is written to it
// contains text; it keeps everything in buf.
type signal struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	text string
	ch   chan struct{}
	once sync.Once
}

func (s *signal) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf.Write(p)
	if strings.Contains(s.buf.String(), s.text) {
		s.once.Do(func() { close(s.ch) })
	}
	return len(p), nil
}

func (s *signal) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// createdCodes are the codes a journal says were created.
func createdCodes(t *testing.T, path string) map[string]bool {
	t.Helper()
	_, items, err := bulk.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, it := range items {
		if it.State == bulk.StateCreated {
			out[strings.ToUpper(it.Code)] = true
		}
	}
	return out
}

// TestTwoGeneratesClaimDisjointCodes: two promo generate --prefix X
// --length 2 --charset digits --count 30 at once on one site, against a
// server that loses 30% of creates (stores them, then drops the
// connection) and every refusal of a code that exists, claim disjoint
// codes: the second waits for the first (one line on stderr), then reads
// the site with the first's codes on it. Each warns that the format is
// small enough for a job on another machine to collide.
//
// The server holds every create until the second job has read the list
// or said that it waits: without the lock, both draw from the same list.
func TestTwoGeneratesClaimDisjointCodes(t *testing.T) {
	e1, g, opts1 := newGenEnv(t, format.CSV)
	e2 := cmdtest.NewVerbEnv(t, false, format.CSV)
	e2.Sess.Settings.BaseURL = e1.API.URL // the same API, user and site
	for _, e := range []*cmdtest.VerbEnv{e1, e2} {
		e.Sess.Settings.Timeout = 200 * time.Millisecond
	}
	opts2 := *opts1
	opts2.Session = e2.Sess
	opts2.Journal = filepath.Join(filepath.Dir(opts1.Journal), "job2.jsonl")
	release := make(chan struct{})
	var releaseOnce sync.Once
	open := func() { releaseOnce.Do(func() { close(release) }) }
	waits := &signal{text: "waiting for it to end", ch: make(chan struct{})}
	e2.Sess.IO.ErrOut = waits
	e2.Sess.Warnings.Out = waits
	go func() { <-waits.ch; open() }()
	lists := 0
	e1.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		lists++
		n := lists
		g.mu.Unlock()
		if n == 2 {
			open() // the second job read the site
		}
		g.list(w, r)
	})
	g.onPost = func(int) { <-release }
	rng := rand.New(rand.NewPCG(1, 2))
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		exists := false
		for _, p := range g.promos {
			exists = exists || strings.EqualFold(p.Code, code)
		}
		lose := exists || rng.Float64() < 0.3
		if lose && !exists {
			g.store(code, promo.CreateBody{})
		}
		g.mu.Unlock()
		if lose {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
		}
		return lose
	}
	for _, o := range []*promoGenerateOptions{opts1, &opts2} {
		o.Count, o.Concurrency = 30, 4
		o.Format = codegen.Format{Prefix: "X", Length: 2, Charset: "digits"}
		o.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	}
	errs := make(chan error, 2)
	go func() { errs <- runPromoGenerate(context.Background(), opts1) }()
	go func() { errs <- runPromoGenerate(context.Background(), &opts2) }()
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("a job: %v\n%s\n%s", err, e1.Stderr, waits)
		}
	}
	a, b := createdCodes(t, opts1.Journal), createdCodes(t, opts2.Journal)
	for c := range a {
		if b[c] {
			t.Errorf("code %s is claimed by both jobs", c)
		}
	}
	if len(a) != 30 || len(b) != 30 {
		t.Errorf("the jobs created %d and %d codes, want 30 each", len(a), len(b))
	}
	warn := "promoctl: warning: the format makes only 100 possible codes: another job creating codes of this format on site 1 at the same time from another machine"
	if !strings.Contains(e1.Stderr.String(), warn) || !strings.Contains(waits.String(), warn) {
		t.Errorf("no warning of the small format:\n%s\n%s", e1.Stderr, waits)
	}
	wait := "promoctl: another promoctl job is writing to site 1 as user 42 on this machine now: waiting for it to end (--no-wait fails instead)\n"
	if strings.Count(e1.Stderr.String()+waits.String(), wait) != 1 {
		t.Errorf("want one of the jobs to say once that it waits:\n%s\n%s", e1.Stderr, waits)
	}
}

// --no-wait: a job that finds the site's lock taken fails at once (exit
// 1), sending nothing, with one line.
func TestGenerateNoWaitRefusesABusySite(t *testing.T) {
	e, _, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.NoWait = 3, true
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	held, err := bulk.LockSite(context.Background(), bulk.JobsDir(opts.Getenv),
		bulk.Where{BaseURL: e.Sess.Settings.BaseURL + "/", UserID: 42, SiteID: 1}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	err = runPromoGenerate(context.Background(), opts)
	e.Expect(t, err, "another promoctl job is writing to site 1 as user 42 on this machine now: nothing was sent; run this one when it has ended, or without --no-wait to wait for it", "", "")
	if got := cmdutil.ExitCode(err); got != cmdutil.ExitFailure {
		t.Errorf("exit %d, want 1", got)
	}
	if _, err := os.Stat(opts.Journal); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a journal was written: %v", err)
	}
}

// A create answered with another code's id (OLD1's, older than the job)
// is not claimed: the mailing CSV lists every code of the job with its
// own id, and not OLD1.
func TestGenerateDoesNotClaimAnotherCodesID(t *testing.T) {
	e, g, opts := newGenEnv(t, format.CSV, "OLD1")
	e.Sess.Settings.Timeout = 100 * time.Millisecond
	opts.Count, opts.Concurrency = 10, 1
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	oldID := g.promos[0].ID
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		p := g.store(code, promo.CreateBody{IsEnabled: cmdtest.Ptr(true), BonusAmount: cmdtest.Ptr(1.0)})
		every := len(g.promos)%5 == 0
		g.mu.Unlock()
		id := p.ID
		if every {
			id = oldID // one answer in five carries OLD1's id
		}
		w.Header().Set("Location", "/v1/promo/"+strconv.FormatInt(id, 10))
		w.WriteHeader(http.StatusCreated)
		fmt.Fprintf(w, `{"code":%q,"is_enabled":true,"bonus_type":2,"bonus_amount":1}`, code)
		return true
	}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	out := e.Stdout.String()
	if strings.Contains(out, "OLD1") || strings.Count(out, "\n") != 11 {
		t.Errorf("the CSV must list the 10 new codes and not OLD1:\n%s", out)
	}
	made, _ := g.made(1)
	for _, p := range made {
		if !strings.Contains(out, fmt.Sprintf("%d,%s,", p.ID, p.Code)) {
			t.Errorf("the CSV lacks %s with its id %d:\n%s", p.Code, p.ID, out)
		}
	}
	g.expectOnce(t, made)
}

// A list that lags behind the creates does not empty the output: the
// job's codes are printed as their creates were answered, and stderr says
// they are not on the list yet, not that they are gone.
func TestGenerateListsCodesALaggingListMisses(t *testing.T) {
	e, g, opts := newGenEnv(t, format.CSV)
	e.Sess.Settings.Timeout = 50 * time.Millisecond
	opts.Count, opts.Concurrency = 2, 1
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(5.0)}
	e.API.HandleFunc("GET /v1/promo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte("[]")) // the new codes never show within --timeout
	})
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	made, _ := g.made(0)
	if len(made) != 2 {
		t.Fatalf("made %v", made)
	}
	out := e.Stdout.String()
	for _, p := range made {
		if !strings.Contains(out, fmt.Sprintf("%d,%s,", p.ID, p.Code)) {
			t.Errorf("the CSV lacks %s (%d):\n%s", p.Code, p.ID, out)
		}
	}
	want := "promoctl: warning: 2 of the 2 promo codes the job created are not on the list of site 1 (yet: a list may lag behind the creates): they are shown as the server answered their creates\n"
	if !strings.Contains(e.Stderr.String(), want) || strings.Contains(e.Stderr.String(), "no longer") {
		t.Errorf("stderr:\n%s\nwant:\n%s", e.Stderr, want)
	}
}

// A forged journal of kind generate whose plan deletes and renames is
// refused before anything is sent (exit 2).
func TestResumeRefusesAForgedJournal(t *testing.T) {
	e, _, opts := newGenEnv(t, format.JSON)
	lines := []string{
		`{"t":"job","i":0,"job":{"v":1,"job":"j1","kind":"generate","site_id":1,"started":"2026-12-01T10:00:00Z","base_url":"` + e.Sess.Settings.BaseURL + `","user_id":42,"generate":{"format":{"prefix":"X","length":4,"charset":"digits"},"count":3},"ops":3}}`,
		`{"t":"plan","i":0,"op":{"action":"create","code":"X1234"}}`,
		`{"t":"plan","i":1,"op":{"action":"delete","code":"WELCOME10","id":1001}}`,
		`{"t":"plan","i":2,"op":{"action":"update","code":"FREESHIP","id":1002,"body":{"code":"HIJACKED"}}}`,
	}
	path := filepath.Join(t.TempDir(), "forged.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts.Resume = path
	err := runPromoGenerate(context.Background(), opts)
	e.Expect(t, err, "--resume: journal "+path+`: line 3: a job of promo generate does not plan "delete id 1001": not a journal promoctl wrote, and nothing of it is carried out`, "", "")
	if got := cmdutil.ExitCode(err); got != cmdutil.ExitUsage {
		t.Errorf("exit %d, want 2", got)
	}
}

// A server that answers every create 429 with Retry-After: -5 ends the
// job (exit 1, resumable, the resume command printed) after the circuit
// breaker's answers in a row, well within a minute of simulated time.
func TestGenerateEndsAgainstAlways429(t *testing.T) {
	_, g, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.Concurrency = 10, 1
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	clk := &cmdtest.SimClock{}
	opts.Throttle = func() *bulk.Throttle { return bulk.NewThrottleClock(0, clk.Now, clk.Sleep) }
	start := clk.Now()
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		w.Header().Set("Retry-After", "-5")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"title":"Too many requests","error":0,"code":429}`)
		return true
	}
	err := runPromoGenerate(context.Background(), opts)
	want := "stopped: the server answered the last 20 requests in a row with 429 (too many requests) or a server error, and none got through: it refuses every write now; finish the job with: promoctl promo generate --resume " + opts.Journal
	if err == nil || err.Error() != want {
		t.Errorf("run = %v\nwant  %s", err, want)
	}
	if got := cmdutil.ExitCode(err); got != cmdutil.ExitFailure {
		t.Errorf("exit %d, want 1", got)
	}
	g.mu.Lock()
	posts := len(g.postAt)
	g.mu.Unlock()
	if posts != bulk.DefaultMaxRefused {
		t.Errorf("%d POSTs, want %d", posts, bulk.DefaultMaxRefused)
	}
	if took := clk.Now().Sub(start); took > time.Minute {
		t.Errorf("the job took %s of simulated time", took)
	}
}

// A jobs folder that others may write is refused before the site is read
// or a journal written: nothing is sent.
func TestGenerateRefusesAJobsFolderOthersMayWrite(t *testing.T) {
	e, _, opts := newGenEnv(t, format.JSON)
	opts.Count = 3
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	dir := bulk.JobsDir(opts.Getenv)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	err := runPromoGenerate(context.Background(), opts)
	e.Expect(t, err, "other users may change the jobs folder "+dir+" (mode 0777): they could plant or swap journals; if it is yours, chmod 700 "+dir, "", "")
	if _, err := os.Stat(opts.Journal); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a journal was written: %v", err)
	}
}

// A code another site holds (its first create lost, every later one
// refused as existing, never on this site's list) ends the job as taken
// elsewhere, named on stderr in those words; a resume does not send it.
func TestGenerateSaysACodeIsTakenElsewhere(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	e.Sess.Settings.Timeout = 50 * time.Millisecond
	opts.Count, opts.Concurrency = 3, 1
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	var taken string
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		if taken == "" {
			taken = code
		}
		mine := code == taken
		g.mu.Unlock()
		switch {
		case !mine:
			return false
		case n == 1:
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
		default:
			w.WriteHeader(http.StatusConflict)
			fmt.Fprint(w, `{"title":"promo code already exists","error":10,"code":409}`)
		}
		return true
	}
	err := runPromoGenerate(context.Background(), opts)
	if cmdutil.ExitCode(err) != cmdutil.ExitFailure || err.Error() != "1 of 3 promo codes could not be created: it is taken elsewhere (named above), and no resume sends it again; create one more with a new promo generate --count 1" {
		t.Fatalf("run = %v, want exit 1 saying no resume makes it", err)
	}
	line := "promoctl: not created: " + taken + ": the code is taken elsewhere: the server refused it as existing, and the site's list, read after every attempt of this job, does not show it (another site or someone else holds it); it is not sent again\n"
	if !strings.Contains(e.Stderr.String(), line) {
		t.Errorf("stderr:\n%s\nwant the line:\n%s", e.Stderr, line)
	}
	g.mu.Lock()
	posts := g.posts[strings.ToUpper(taken)]
	g.mu.Unlock()
	if posts != 2 {
		t.Errorf("%s POSTed %d times, want 2", taken, posts)
	}
	opts.Resume = opts.Journal
	if err := runPromoGenerate(context.Background(), opts); cmdutil.ExitCode(err) != cmdutil.ExitFailure {
		t.Errorf("resume = %v, want exit 1", err)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.posts[strings.ToUpper(taken)] != 2 {
		t.Errorf("the resume sent %s again", taken)
	}
}
