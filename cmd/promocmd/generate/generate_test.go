package generate

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// genSite is a stateful fake of the promo list and create endpoints of one
// site (1), installed on a verbEnv's apitest server: it keeps the codes in
// the order they were made, compares them ignoring case, answers 409 to a
// code that exists, gives the new id in Location as the API does, and
// records every POST and how many were in flight at once.
type genSite struct {
	t *testing.T

	mu       sync.Mutex
	nextID   int64
	promos   []genPromo
	posts    map[string]int // upper-case code → POSTs received
	postAt   []time.Time
	lists    int
	inflight int
	high     int
	// fault, when set, may answer a create itself (return true); n is the
	// number of POSTs of that code so far, this one included.
	fault func(w http.ResponseWriter, code string, n int) bool
	// onPost, when set, is called as each POST arrives, with the number
	// of POSTs so far.
	onPost func(n int)
}

// genPromo is a promo code of the list, with the API's list fields.
type genPromo struct {
	ID          int64   `json:"id"`
	Code        string  `json:"code"`
	Pos         int     `json:"pos"`
	IsEnabled   bool    `json:"is_enabled"`
	BonusType   int     `json:"bonus_type"`
	BonusAmount float64 `json:"bonus_amount"`
	Percent     bool    `json:"bonus_amount_is_in_percentages"`
	TimeLimit   bool    `json:"time_limit_is_enabled"`
	DOn         *string `json:"d_on"`
	DOff        *string `json:"d_off"`
	QuantityOn  bool    `json:"quantity_limit_is_enabled"`
	Quantity    int64   `json:"quantity_limit"`
	Used        int     `json:"promo_used_count"`
	IsValid     bool    `json:"is_valid"`
}

// newGenEnv is a verbEnv whose fake API is a genSite holding existing
// codes, and whose session builds bulk clients as the factory does: the
// transport wrapped by the engine's throttle, creates sent once.
func newGenEnv(t *testing.T, format format.Format, existing ...string) (*cmdtest.VerbEnv, *genSite, *promoGenerateOptions) {
	t.Helper()
	e := cmdtest.NewVerbEnv(t, false, format)
	g := &genSite{t: t, nextID: 1000, posts: map[string]int{}}
	for _, c := range existing {
		g.store(c, promo.CreateBody{})
	}
	e.API.HandleFunc("GET /v1/promo", g.list)
	e.API.HandleFunc("POST /v1/promo", g.create)
	state := t.TempDir()
	env := map[string]string{"HOME": t.TempDir(), "XDG_STATE_HOME": state}
	opts := &promoGenerateOptions{Session: e.Sess, SiteID: 1, Getenv: func(k string) string { return env[k] },
		Journal: filepath.Join(state, "job.jsonl"), Grace: 5 * time.Second}
	return e, g, opts
}

func (g *genSite) store(code string, b promo.CreateBody) genPromo {
	g.nextID++
	p := genPromo{ID: g.nextID, Code: code, Pos: len(g.promos) + 1, BonusType: 2, BonusAmount: 0.01, IsValid: true}
	if b.IsEnabled != nil {
		p.IsEnabled = *b.IsEnabled
	}
	if b.BonusAmount != nil {
		p.BonusAmount = *b.BonusAmount
	}
	if b.BonusAmountIsInPercentages != nil {
		p.Percent = *b.BonusAmountIsInPercentages
	}
	g.promos = append(g.promos, p)
	return p
}

func (g *genSite) list(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	g.lists++
	b, _ := json.Marshal(g.promos)
	g.mu.Unlock()
	if r.URL.Query().Get("site_id") != "1" {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func (g *genSite) create(w http.ResponseWriter, r *http.Request) {
	var body promo.CreateBody
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.SiteID != 1 {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	key := strings.ToUpper(body.Code)
	g.mu.Lock()
	g.posts[key]++
	n, total := g.posts[key], len(g.postAt)+1
	g.postAt = append(g.postAt, time.Now())
	g.inflight++
	g.high = max(g.high, g.inflight)
	fault, onPost := g.fault, g.onPost
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.inflight--
		g.mu.Unlock()
	}()
	if onPost != nil {
		onPost(total)
	}
	if fault != nil && fault(w, body.Code, n) {
		return
	}
	g.mu.Lock()
	for _, p := range g.promos {
		if strings.EqualFold(p.Code, body.Code) {
			g.mu.Unlock()
			w.WriteHeader(http.StatusConflict)
			fmt.Fprint(w, `{"title":"promo code already exists","error":10,"code":409}`)
			return
		}
	}
	p := g.store(body.Code, body)
	g.mu.Unlock()
	w.Header().Set("Location", "/v1/promo/"+strconv.FormatInt(p.ID, 10))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `{"code":%q,"is_enabled":%t,"bonus_type":2,"bonus_amount":%v}`, p.Code, p.IsEnabled, p.BonusAmount)
}

// made returns the promo codes on the site that are not among existing, in
// list order, and their JSON as the list gives them.
func (g *genSite) made(existing int) ([]genPromo, string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	ps := slices.Clone(g.promos[existing:])
	b, _ := json.Marshal(ps)
	return ps, string(b)
}

// expectOnce checks that every code of ps was POSTed exactly once and
// that nothing else was.
func (g *genSite) expectOnce(t *testing.T, ps []genPromo) {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	want := map[string]bool{}
	for _, p := range ps {
		want[strings.ToUpper(p.Code)] = true
		if n := g.posts[strings.ToUpper(p.Code)]; n != 1 {
			t.Errorf("code %s POSTed %d times, want 1", p.Code, n)
		}
	}
	for c, n := range g.posts {
		if !want[c] && n > 0 {
			t.Errorf("code %s POSTed %d times, but it is not on the site", c, n)
		}
	}
}

// normalize replaces what changes from run to run in stderr: the time
// and rate of the summary, and the fake API's port.
func normalize(s string) string {
	s = regexp.MustCompile(`in [0-9.]+[µmn]?s \([0-9]+/s\)`).ReplaceAllString(s, "in T (R/s)")
	return s
}

// expectCodes checks that codes are distinct, of format f, and none is
// among taken (ignoring case).
func expectCodes(t *testing.T, codes []string, f codegen.Format, taken ...string) {
	t.Helper()
	seen := map[string]bool{}
	for _, c := range taken {
		seen[strings.ToUpper(c)] = true
	}
	for _, c := range codes {
		if !f.Matches(c) {
			t.Errorf("code %q is not of the format %+v", c, f)
		}
		if seen[strings.ToUpper(c)] {
			t.Errorf("code %q twice, or already on the site", c)
		}
		seen[strings.ToUpper(c)] = true
	}
}

func TestRunPromoGenerateJSON(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON, "EXIST1")
	opts.Count, opts.Format = 3, codegen.Format{Prefix: "AB", Length: 6}
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(10.0), Percent: cmdtest.Ptr(true)}
	err := runPromoGenerate(context.Background(), opts)

	made, madeJSON := g.made(1)
	stderr := fmt.Sprintf("Journal: %s\nCreated 3 promo codes on site 1 in T (R/s).\n", opts.Journal)
	e.Stderr = bytes.NewBufferString(normalize(e.Stderr.String()))
	reqs := e.Expect(t, err, "", madeJSON+"\n", stderr,
		"GET /v1/promo?site_id=1", "POST /v1/promo", "POST /v1/promo", "POST /v1/promo", "GET /v1/promo?site_id=1")
	if len(made) != 3 {
		t.Fatalf("the site has %d new codes, want 3", len(made))
	}
	g.expectOnce(t, made)
	var codes []string
	for _, r := range reqs[1:4] {
		var b map[string]any
		json.Unmarshal([]byte(r.Body), &b)
		code, _ := b["code"].(string)
		codes = append(codes, code)
		cmdtest.ExpectJSONBody(t, r, fmt.Sprintf(`{"site_id":1,"user_id":42,"code":%q,"is_enabled":true,"bonus_amount":10,"bonus_amount_is_in_percentages":true}`, code))
	}
	expectCodes(t, codes, opts.Format.WithDefaults(), "EXIST1")
	// The journal on disk says each is created with the id the site gave.
	_, items := readJournal(t, opts.Journal)
	for _, it := range items {
		if it.State != bulk.StateCreated || it.ID == 0 {
			t.Errorf("journal: %s is %s with id %d, want created with an id", it.Code, it.State, it.ID)
		}
	}
}

func readJournal(t *testing.T, path string) (bulk.Header, []bulk.Item) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, items, err := bulk.Read(f)
	if err != nil {
		t.Fatalf("read journal: %v", err)
	}
	return h, items
}

func TestRunPromoGenerateCSVForMailMerge(t *testing.T) {
	e, g, opts := newGenEnv(t, format.CSV)
	opts.Count, opts.Format = 25, codegen.Format{Prefix: "XMAS", Length: 6, Charset: "digits"}
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(10.0), Percent: cmdtest.Ptr(true)}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	made, _ := g.made(0)
	rows, err := csv.NewReader(strings.NewReader(e.Stdout.String())).ReadAll()
	if err != nil {
		t.Fatalf("stdout is not CSV: %v\n%s", err, e.Stdout)
	}
	wantHeader := []string{"id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit", "promo_used_count", "is_valid"}
	if !slices.Equal(rows[0], wantHeader) {
		t.Errorf("CSV header = %q, want %q", rows[0], wantHeader)
	}
	if len(rows)-1 != 25 || len(made) != 25 {
		t.Fatalf("CSV has %d codes and the site %d new ones, want 25", len(rows)-1, len(made))
	}
	var codes []string
	for i, r := range rows[1:] {
		p := made[i]
		if r[0] != strconv.FormatInt(p.ID, 10) || r[1] != p.Code || r[3] != "true" || r[5] != "10" || r[6] != "true" {
			t.Errorf("CSV row %d = %q, want promo %+v", i+1, r, p)
		}
		codes = append(codes, r[1])
	}
	expectCodes(t, codes, opts.Format)
	g.expectOnce(t, made)
}

func TestRunPromoGenerateRefusals(t *testing.T) {
	taken := []string{"AB0", "ab1", "AB2", "AB3", "AB4", "OTHER"}
	for _, c := range []struct {
		name     string
		existing []string
		count    int
		format   codegen.Format
		site     int64
		err      string
		routes   []string
	}{
		{name: "a format too small for the count, whatever the site holds: no request", count: 11,
			format: codegen.Format{Prefix: "AB", Length: 1, Charset: "digits"}, site: 1,
			err: "the format can yield only 10 free codes (10 possible, 0 already on the site), not 11: make the random part longer or use a larger charset"},
		{name: "the site's codes leave too few: one list read, no create", existing: taken, count: 6,
			format: codegen.Format{Prefix: "AB", Length: 1, Charset: "digits"}, site: 1,
			err:    "the format can yield only 5 free codes (10 possible, 5 already on the site), not 6: make the random part longer or use a larger charset",
			routes: []string{"GET /v1/promo?site_id=1"}},
		{name: "a code too long", count: 1, format: codegen.Format{Prefix: "ABCDEFGHIJ", Length: 6}, site: 1,
			err: "prefix, 6 random characters and suffix make codes of 16 characters; a code must have 2 to 15"},
		{name: "an unknown charset", count: 1, format: codegen.Format{Charset: "hex"}, site: 1,
			err: `unknown charset "hex": use unambiguous, alnum, letters, digits`},
		{name: "a count out of range", count: 100001, site: 1, err: "--count must be 1 to 100000, got 100001"},
		{name: "no site", count: 1, err: "--site-id is required (or set a default: promoctl config set site_id N)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, _, opts := newGenEnv(t, format.JSON, c.existing...)
			opts.Count, opts.Format, opts.SiteID = c.count, c.format, c.site
			opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
			err := runPromoGenerate(context.Background(), opts)
			e.Expect(t, err, c.err, "", "", c.routes...)
			if got := cmdutil.ExitCode(err); got != cmdutil.ExitUsage {
				t.Errorf("exit code = %d, want %d", got, cmdutil.ExitUsage)
			}
			if _, err := os.Stat(opts.Journal); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a journal was written: %v", err)
			}
		})
	}
}

func TestRunPromoGenerateAvoidsTheSitesCodes(t *testing.T) {
	// Five of the ten codes are taken, one in lower case: the five others
	// are the only ones left.
	e, g, opts := newGenEnv(t, format.JSON, "AB0", "ab1", "AB2", "AB3", "AB4", "OTHER")
	opts.Count, opts.Format = 5, codegen.Format{Prefix: "AB", Length: 1, Charset: "digits"}
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(5.0)}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	made, _ := g.made(6)
	var codes []string
	for _, p := range made {
		codes = append(codes, p.Code)
	}
	sort.Strings(codes)
	if want := []string{"AB5", "AB6", "AB7", "AB8", "AB9"}; !slices.Equal(codes, want) {
		t.Errorf("created %q, want %q", codes, want)
	}
	g.expectOnce(t, made)
}

func TestRunPromoGenerateDryRun(t *testing.T) {
	e, g, opts := newGenEnv(t, format.CSV, "AB0")
	opts.Count, opts.Format, opts.DryRun = 4, codegen.Format{Prefix: "AB", Length: 1, Charset: "digits"}, true
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(10.0), Percent: cmdtest.Ptr(true)}
	err := runPromoGenerate(context.Background(), opts)
	e.Expect(t, err, "", e.Stdout.String(), "", "GET /v1/promo?site_id=1")
	rows, err := csv.NewReader(strings.NewReader(e.Stdout.String())).ReadAll()
	if err != nil || len(rows) != 5 {
		t.Fatalf("stdout is %d CSV rows (%v), want a header and 4:\n%s", len(rows), err, e.Stdout)
	}
	var codes []string
	for _, r := range rows[1:] {
		if r[0] != "" || r[3] != "true" || r[5] != "10" || r[6] != "true" {
			t.Errorf("dry-run row %q: want no id, enabled, 10%%", r)
		}
		codes = append(codes, r[1])
	}
	expectCodes(t, codes, opts.Format, "AB0")
	if made, _ := g.made(1); len(made) != 0 {
		t.Errorf("--dry-run created %d codes", len(made))
	}
	if _, err := os.Stat(opts.Journal); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("--dry-run wrote a journal: %v", err)
	}
}

func TestRunPromoGenerateSomeRefusedExit1ThenResume(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.Format = 6, codegen.Format{Prefix: "R", Length: 5}
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(3.0)}
	var refused string
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if refused == "" {
			refused = code
		}
		if code != refused {
			return false
		}
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"title":"Data is invalid","error":10,"code":400}`)
		return true
	}
	err := runPromoGenerate(context.Background(), opts)
	resume := fmt.Sprintf("promoctl promo generate --resume %s", opts.Journal)
	wantErr := "1 of 6 promo codes could not be created (1 refused, 0 of unknown outcome, 0 not sent): finish the job with: " + resume
	if err == nil || err.Error() != wantErr {
		t.Fatalf("run returned %v, want %s", err, wantErr)
	}
	if got := cmdutil.ExitCode(err); got != cmdutil.ExitFailure {
		t.Errorf("exit code = %d, want 1", got)
	}
	made, madeJSON := g.made(0)
	if len(made) != 5 || e.Stdout.String() != madeJSON+"\n" {
		t.Errorf("stdout:\n%s\nwant the 5 created:\n%s", e.Stdout, madeJSON)
	}
	wantStderr := fmt.Sprintf("Journal: %s\nCreated 5 promo codes on site 1 in T (R/s); the job has 5 of 6.\n"+
		"promoctl: not created: %s: create promo %s on site 1: invalid request (API error 10: Data is invalid)\n", opts.Journal, refused, refused)
	if got := normalize(e.Stderr.String()); got != wantStderr {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, wantStderr)
	}

	// The resume sends only the refused code, and lists the whole job.
	g.mu.Lock()
	g.fault = nil
	g.mu.Unlock()
	e.Stdout.Reset()
	e.Stderr.Reset()
	before := len(e.API.Requests())
	err = runPromoGenerate(context.Background(), &promoGenerateOptions{Session: e.Sess, Resume: opts.Journal, Getenv: opts.Getenv})
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, e.Stderr)
	}
	made, madeJSON = g.made(0)
	if len(made) != 6 || e.Stdout.String() != madeJSON+"\n" {
		t.Errorf("resumed stdout:\n%s\nwant all 6:\n%s", e.Stdout, madeJSON)
	}
	if got, want := e.API.Routes()[before:], []string{"POST /v1/promo", "GET /v1/promo?site_id=1"}; !slices.Equal(got, want) {
		t.Errorf("the resume sent %q, want %q", got, want)
	}
	g.mu.Lock()
	if n := g.posts[strings.ToUpper(refused)]; n != 2 {
		t.Errorf("the refused code was POSTed %d times, want 2", n)
	}
	g.mu.Unlock()
	wantStderr = fmt.Sprintf("Journal: %s\nCreated 1 promo code on site 1 in T (R/s); the job has 6 of 6.\n", opts.Journal)
	if got := normalize(e.Stderr.String()); got != wantStderr {
		t.Errorf("resumed stderr:\n%s\nwant:\n%s", got, wantStderr)
	}
}

func TestRunPromoGenerateRefusesAnExistingJournal(t *testing.T) {
	e, _, opts := newGenEnv(t, format.JSON)
	opts.Count = 1
	if err := os.WriteFile(opts.Journal, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := runPromoGenerate(context.Background(), opts)
	want := fmt.Sprintf("--journal %s exists: to finish its job give --resume %s; for a new job name a new file", opts.Journal, opts.Journal)
	e.Expect(t, err, want, "", "")
	if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("exit code = %d, want 2", cmdutil.ExitCode(err))
	}
}

func TestRunPromoGenerateDefaultJournalPlace(t *testing.T) {
	e, _, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.Journal = 2, ""
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	m := regexp.MustCompile(`^Journal: (.*)\n`).FindStringSubmatch(e.Stderr.String())
	if m == nil {
		t.Fatalf("stderr does not start with the journal's path:\n%s", e.Stderr)
	}
	dir := filepath.Join(opts.Getenv("XDG_STATE_HOME"), "promoctl", "jobs")
	if filepath.Dir(m[1]) != dir || !regexp.MustCompile(`^\d{8}T\d{6}Z-[0-9a-f]{8}\.jsonl$`).MatchString(filepath.Base(m[1])) {
		t.Errorf("journal at %s, want $XDG_STATE_HOME/promoctl/jobs/<job id>.jsonl", m[1])
	}
	if h, _ := readJournal(t, m[1]); h.Kind != "generate" || h.Generate == nil || h.Generate.Count != 2 {
		t.Errorf("journal header = %+v", h)
	}
}

func TestRunPromoGenerateAtMostConcurrencyInFlight(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	// The first three creates wait for each other, so three are in flight
	// at once whatever the machine's speed (and a bound below 3 fails the
	// test after 10s rather than hanging it); the others answer at once.
	three := make(chan struct{})
	g.onPost = func(n int) {
		if n == 3 {
			close(three)
		}
		if n <= 3 {
			select {
			case <-three:
			case <-time.After(10 * time.Second):
			}
		}
	}
	opts.Count, opts.Concurrency, opts.Bar = 40, 3, true
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	made, _ := g.made(0)
	if len(made) != 40 {
		t.Fatalf("the site has %d new codes, want 40", len(made))
	}
	g.expectOnce(t, made)
	if g.high != 3 {
		t.Errorf("at most %d creates were in flight, want 3 (--concurrency)", g.high)
	}
	// The bar was drawn and erased: the summary starts a clean line.
	if s := e.Stderr.String(); !strings.Contains(s, "\r\x1b[K[") || !strings.Contains(s, "\r\x1b[KCreated 40 promo codes") {
		t.Errorf("stderr has no progress bar erased before the summary:\n%q", s)
	}
}

func TestRunPromoGenerateHonoursRetryAfter(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.Concurrency = 12, 4
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	clk := &cmdtest.SimClock{} // the throttle waits in simulated time
	opts.Throttle = func() *bulk.Throttle { return bulk.NewThrottleClock(0, clk.Now, clk.Sleep) }
	g.onPost = func(int) { clk.Mark() }
	var limited string
	var at time.Time
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if limited != "" {
			return false
		}
		limited, at = code, clk.Now()
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"title":"Too many requests","error":0,"code":429}`)
		return true
	}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	made, _ := g.made(0)
	if len(made) != 12 {
		t.Fatalf("the site has %d new codes, want 12", len(made))
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, p := range made {
		want := 1
		if p.Code == limited {
			want = 2 // the 429, then the create
		}
		if n := g.posts[strings.ToUpper(p.Code)]; n != want {
			t.Errorf("code %s POSTed %d times, want %d", p.Code, n, want)
		}
	}
	// Requests already on their way may arrive just after the 429; after
	// that, nothing until Retry-After has passed (in simulated time).
	postAt := clk.Marks()
	for _, p := range postAt {
		if d := p.Sub(at); d > 100*time.Millisecond && d < 950*time.Millisecond {
			t.Errorf("a create arrived %s after the 429 with Retry-After: 1", d)
		}
	}
	if last := postAt[len(postAt)-1]; last.Sub(at) < 950*time.Millisecond {
		t.Errorf("the last create arrived %s after the 429, want after Retry-After (1s)", last.Sub(at))
	}
}

func TestRunPromoGenerateCtrlCThenResume(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.Concurrency = 40, 4
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g.onPost = func(n int) {
		if n == 10 {
			cancel() // Ctrl-C with creates in flight
		}
	}
	err := runPromoGenerate(ctx, opts)
	if !errors.Is(err, context.Canceled) || cmdutil.ExitCode(err) != cmdutil.ExitCancelled {
		t.Fatalf("run returned %v (exit %d), want cancelled, exit 130", err, cmdutil.ExitCode(err))
	}
	made, _ := g.made(0)
	if len(made) < 10 || len(made) >= 40 {
		t.Fatalf("%d codes were created before Ctrl-C took effect, want 10 to 39", len(made))
	}
	g.expectOnce(t, made)
	want := fmt.Sprintf("Journal: %s\nInterrupted: %d of 40 promo codes are created and the journal is up to date; finish the job with: promoctl promo generate --resume %s\n",
		opts.Journal, len(made), opts.Journal)
	if e.Stdout.Len() != 0 || e.Stderr.String() != want {
		t.Errorf("stdout:\n%s\nstderr:\n%s\nwant nothing and:\n%s", e.Stdout, e.Stderr, want)
	}
	// The requests in flight finished: the journal knows every outcome.
	_, items := readJournal(t, opts.Journal)
	created := 0
	for _, it := range items {
		switch it.State {
		case bulk.StateCreated:
			created++
		case bulk.StatePlanned:
		default:
			t.Errorf("after Ctrl-C, %s is %s in the journal, want created or planned", it.Code, it.State)
		}
	}
	if created != len(made) {
		t.Errorf("the journal has %d created, the site %d", created, len(made))
	}

	g.mu.Lock()
	g.onPost = nil
	g.mu.Unlock()
	e.Stdout.Reset()
	e.Stderr.Reset()
	err = runPromoGenerate(context.Background(), &promoGenerateOptions{Session: e.Sess, Resume: opts.Journal, Getenv: opts.Getenv})
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, e.Stderr)
	}
	made, madeJSON := g.made(0)
	if len(made) != 40 {
		t.Fatalf("after the resume the site has %d new codes, want 40", len(made))
	}
	g.expectOnce(t, made)
	if e.Stdout.String() != madeJSON+"\n" {
		t.Errorf("resumed stdout:\n%s\nwant all 40:\n%s", e.Stdout, madeJSON)
	}
}

// TestPromoGenerateParsesIntoOptions checks that flags become the options
// of a new job or of a resume, and that flags of a new job beside
// --resume, or a missing --count, are refused before anything is sent.
func TestPromoGenerateParsesIntoOptions(t *testing.T) {
	r := newRunner(t)
	file := cmdtest.WriteFile(t, "fields.yaml", "site_id: 9\nbonus_amount: 5\n")
	var got *promoGenerateOptions
	keep := func(_ context.Context, o *promoGenerateOptions) error { got = o; return nil }
	build := func(f *cmdutil.Factory) *cobra.Command { return NewCmd(f, keep) }
	code := cmdtest.CaptureVerb(t, r, "promo", build, "promo", "generate", "--count", "500", "--prefix", "XMAS", "--suffix", "Z", "--length", "6",
		"--charset", "digits", "-f", file, "--enabled", "--percent", "--concurrency", "8", "--journal", "j.jsonl", "--dry-run")
	if code != 0 {
		t.Fatalf("exit code = %d", code)
	}
	if got.Count != 500 || got.Format != (codegen.Format{Prefix: "XMAS", Suffix: "Z", Length: 6, Charset: "digits"}) ||
		got.SiteID != 9 || !got.FromFile || *got.Changes.Amount != 5 || !*got.Changes.Enabled || !*got.Changes.Percent ||
		got.Concurrency != 8 || got.Journal != "j.jsonl" || !got.DryRun || got.Resume != "" || got.Getenv("XDG_STATE_HOME") != r.Env["XDG_STATE_HOME"] {
		t.Errorf("options = %+v", *got)
	}

	got = nil
	if code := cmdtest.CaptureVerb(t, r, "promo", build, "promo", "generate", "--resume", "j.jsonl", "--concurrency", "2", "--timeout", "5s", "-o", "csv"); code != 0 {
		t.Fatalf("resume exit code = %d", code)
	}
	if got.Resume != "j.jsonl" || got.Concurrency != 2 || got.Count != 0 || got.Settings.Timeout != 5*time.Second || got.Out.Format != format.CSV {
		t.Errorf("resume options = %+v", *got)
	}

	for _, args := range [][]string{
		{"--resume", "j.jsonl", "--count", "3", "--amount", "1"},
		{"--resume", "j.jsonl", "--site-id", "1"},
		{"--prefix", "A"},
		{"--count", "0"},
		{"--count", "5", "--concurrency", "0"},
		{"--count", "5", "--charset", "hex"},
		{"--count", "5", "--prefix", "ABCDEFGHIJ"},
		{"--count", "5", "-f", cmdtest.WriteFile(t, "code.yaml", "code: X1\n")},
	} {
		got = nil
		if code := cmdtest.CaptureVerb(t, r, "promo", build, append([]string{"promo", "generate"}, args...)...); code != cmdutil.ExitUsage || got != nil {
			t.Errorf("promo generate %q: exit code %d, run called %v; want %d, not called", args, code, got != nil, cmdutil.ExitUsage)
		}
	}
	r.ExpectNoRequests(t)
}

// TestPromoGenerateWholeCLI runs the command as a user does: CSV on
// stdout, the journal's path and the summary on stderr, and the journal
// under XDG_STATE_HOME.
func TestPromoGenerateWholeCLI(t *testing.T) {
	r := newRunner(t)
	g := &genSite{t: t, nextID: 1000, posts: map[string]int{}}
	r.API.HandleFunc("GET /v1/promo", g.list)
	r.API.HandleFunc("POST /v1/promo", g.create)
	res := r.Run("promo", "generate", "--site-id", "1", "--count", "5", "--prefix", "MAIL", "--amount", "10", "--percent", "--enabled", "-o", "csv")
	if res.Code != 0 {
		t.Fatalf("exit code %d\n%s", res.Code, res.Stderr)
	}
	made, _ := g.made(0)
	g.expectOnce(t, made)
	if len(made) != 5 {
		t.Fatalf("the site has %d new codes, want 5", len(made))
	}
	// The codes as the site lists them now, in its order.
	wantCSV := "id,code,pos,is_enabled,bonus_type,bonus_amount,bonus_amount_is_in_percentages,time_limit_is_enabled,d_on,d_off," +
		"quantity_limit_is_enabled,quantity_limit,promo_used_count,is_valid\n"
	for _, p := range made {
		if !strings.HasPrefix(p.Code, "MAIL") || len(p.Code) != len("MAIL")+codegen.DefaultLength {
			t.Errorf("code %q, want MAIL and %d characters", p.Code, codegen.DefaultLength)
		}
		wantCSV += fmt.Sprintf("%d,%s,%d,true,2,10,true,false,,,false,0,0,true\n", p.ID, p.Code, p.Pos)
	}
	if res.Stdout != wantCSV {
		t.Errorf("stdout:\n%s\nwant:\n%s", res.Stdout, wantCSV)
	}
	m := regexp.MustCompile(`^Journal: (.*)\nCreated 5 promo codes on site 1 in T \(R/s\)\.\n$`).FindStringSubmatch(normalize(res.Stderr))
	if m == nil || !strings.HasPrefix(m[1], filepath.Join(r.Env["XDG_STATE_HOME"], "promoctl", "jobs")+string(filepath.Separator)) {
		t.Fatalf("stderr:\n%s\nwant the journal under XDG_STATE_HOME and the summary", res.Stderr)
	}
	// Resuming the finished job creates nothing and lists the same codes.
	res2 := r.Run("promo", "generate", "--resume", m[1], "-o", "csv")
	res2.Expect(t, 0, wantCSV, fmt.Sprintf("Journal: %s\nAll 5 promo codes of the job were already created on site 1.\n", m[1]))
	g.expectOnce(t, made)
}

// TestPromoGenerateRefusesAnEmptyRandomPart: --length 0 or less is a
// usage error (0 used to mean the default of 8, silently), nothing sent.
func TestPromoGenerateRefusesAnEmptyRandomPart(t *testing.T) {
	r := newRunner(t)
	for _, n := range []string{"0", "-3"} {
		res := r.Run("promo", "generate", "--site-id", "1", "--count", "5", "--length", n, "--amount", "1", "--enabled")
		res.Expect(t, cmdutil.ExitUsage, "", "promoctl: --length must be at least 1: the characters of the random part, got "+n+"\n")
	}
	r.ExpectNoRequests(t)
}
