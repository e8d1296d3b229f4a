package apply

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/plan"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/view"
)

// applySite is a stateful fake of site 1's promo codes: the list (without
// personal_limit_is_enabled, as the API's list), and GET, PUT, POST and
// DELETE of one promo code (with it, as the API's record).
type applySite struct {
	t      *testing.T
	mu     sync.Mutex
	nextID int64
	order  []int64
	recs   map[int64]*applyRec
}

type applyRec struct {
	ID   int64 `json:"id"`
	Site int64 `json:"-"`
	promo.Record
}

// newApplyEnv is a verbEnv on an applySite holding WELCOME10 (1001, once
// per user), SUMMER25 (1002) and OLD1 (1003), and the options of promo
// apply with the file content as path.
func newApplyEnv(t *testing.T, format format.Format, content string) (*cmdtest.VerbEnv, *applySite, *promoApplyOptions) {
	t.Helper()
	e := cmdtest.NewVerbEnv(t, false, format)
	s := &applySite{t: t, nextID: 5000, recs: map[int64]*applyRec{}}
	on, off := "2026-06-01T00:00:00.000Z", "2026-08-31T20:59:59.000Z"
	once := true
	s.add(applyRec{ID: 1001, Record: promo.Record{Code: "WELCOME10", IsEnabled: true, BonusType: 2, BonusAmount: 10, BonusAmountIsInPercentages: true, PersonalLimitIsEnabled: &once}})
	s.add(applyRec{ID: 1002, Record: promo.Record{Code: "SUMMER25", IsEnabled: true, BonusType: 2, BonusAmount: 25, BonusAmountIsInPercentages: true,
		TimeLimitIsEnabled: true, DOn: &on, DOff: &off, QuantityLimitIsEnabled: true, QuantityLimit: 100, PersonalLimitIsEnabled: &once}})
	s.add(applyRec{ID: 1003, Record: promo.Record{Code: "OLD1", IsEnabled: true, BonusType: 3, BonusAmount: 300}})
	e.API.HandleFunc("GET /v1/promo", s.list)
	e.API.HandleFunc("POST /v1/promo", s.create)
	for id := int64(1001); id <= 1003; id++ {
		s.routes(e, id)
	}
	for id := int64(5001); id <= 5005; id++ {
		s.routes(e, id)
	}
	state := t.TempDir()
	env := map[string]string{"HOME": t.TempDir(), "XDG_STATE_HOME": state}
	path := filepath.Join(t.TempDir(), "codes"+extOf(content))
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := &promoApplyOptions{Session: e.Sess, SiteID: 1, File: path, Getenv: func(k string) string { return env[k] },
		Prompter: &stubConfirm{t: t}, Grace: 5 * time.Second}
	return e, s, opts
}

func extOf(content string) string {
	switch strings.TrimSpace(content)[0] {
	case '[':
		return ".json"
	case '-':
		return ".yaml"
	}
	return ".csv"
}

// stubConfirm answers a confirmation with yes, or fails the test when none
// is expected.
type stubConfirm struct {
	t      *testing.T
	yes    bool
	asked  []string
	expect bool
}

func (s *stubConfirm) Confirm(_ context.Context, title, _ string, _ bool) (bool, error) {
	if !s.expect {
		s.t.Errorf("unexpected confirmation %q", title)
	}
	s.asked = append(s.asked, title)
	return s.yes, nil
}

func (s *applySite) add(r applyRec) {
	if r.Site == 0 {
		r.Site = 1
	}
	if r.PersonalLimitIsEnabled == nil { // the record the server reads has it
		r.PersonalLimitIsEnabled = new(bool)
	}
	s.recs[r.ID] = &r
	s.order = append(s.order, r.ID)
}

func (s *applySite) routes(e *cmdtest.VerbEnv, id int64) {
	path := fmt.Sprintf("/v1/promo/%d", id)
	e.API.HandleFunc("GET "+path, func(w http.ResponseWriter, r *http.Request) { s.get(w, id) })
	e.API.HandleFunc("PUT "+path, func(w http.ResponseWriter, r *http.Request) { s.put(w, r, id) })
	e.API.HandleFunc("DELETE "+path, func(w http.ResponseWriter, r *http.Request) { s.delete(w, id) })
}

func (s *applySite) list(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var items []map[string]any
	for _, id := range s.order {
		rec := s.recs[id]
		if rec == nil || fmt.Sprint(rec.Site) != r.URL.Query().Get("site_id") {
			continue
		}
		b, _ := json.Marshal(rec)
		var m map[string]any
		json.Unmarshal(b, &m)
		delete(m, "personal_limit_is_enabled") // the list does not show it
		m["promo_used_count"], m["is_valid"] = 0, true
		items = append(items, m)
	}
	b, _ := json.Marshal(items)
	if items == nil {
		b = []byte("[]")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func (s *applySite) get(w http.ResponseWriter, id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.recs[id]
	if rec == nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	b, _ := json.Marshal(rec.Record)
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func (s *applySite) put(w http.ResponseWriter, r *http.Request, id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.recs[id]
	if rec == nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	var f promo.Record
	if err := json.NewDecoder(r.Body).Decode(&f); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	rec.Record = f
	b, _ := json.Marshal(rec.Record)
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func (s *applySite) delete(w http.ResponseWriter, id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.recs[id] == nil {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	delete(s.recs, id)
	w.WriteHeader(http.StatusNoContent)
}

func (s *applySite) create(w http.ResponseWriter, r *http.Request) {
	var b promo.CreateBody
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	f := (promo.Changes{}).Apply(plan.Defaults())
	raw, _ := json.Marshal(b)
	json.Unmarshal(raw, &f) // the named fields over the API's defaults
	s.add(applyRec{ID: s.nextID, Site: b.SiteID, Record: f})
	w.Header().Set("Location", fmt.Sprintf("/v1/promo/%d", s.nextID))
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	out, _ := json.Marshal(f)
	w.Write(out)
}

// writes are the requests that change something, as "METHOD /path BODY".
func writes(e *cmdtest.VerbEnv) []string {
	var out []string
	for _, r := range e.API.Requests() {
		if r.Method != http.MethodGet {
			out = append(out, r.Method+" "+r.Path+" "+r.Body)
		}
	}
	return out
}

const applyFile = `id,code,pos,is_enabled,bonus_amount,bonus_amount_is_in_percentages,d_off,promo_used_count,is_valid
1001,WELCOME10,1,true,10,true,,3,true
,summer25,,,30,,2026-09-30,,
,NEW1,,true,15,true,,,
`

// A file with new, changed and unchanged codes sends one POST per new
// code and a read-modify-write per changed one, whose PUT keeps every
// field the file does not name; applying it again sends no write.
func TestPromoApplyCreatesAndUpdates(t *testing.T) {
	e, s, opts := newApplyEnv(t, format.Table, applyFile)
	err := runPromoApply(context.Background(), opts)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	if got, want := e.Stdout.String(), "ACTION  ID    CODE      CHANGES\n"+
		"update  1002  SUMMER25  bonus_amount 25% → 30%, d_off 2026-08-31 23:59:59 → 2026-09-30 23:59:59\n"+
		"create        NEW1      is_enabled yes, bonus_amount 15%, bonus_amount_is_in_percentages yes\n"; got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
	stderr := e.Stderr.String()
	for _, want := range []string{"Plan for site 1: 1 to create, 1 to update, 1 unchanged; 1 not in the file are left alone",
		"Journal: ", "Applied to site 1 in "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	got := writes(e)
	want := []string{
		`PUT /v1/promo/1002 {"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":30,"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-09-30T20:59:59.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":true}`,
		`POST /v1/promo {"site_id":1,"user_id":42,"code":"NEW1","is_enabled":true,"bonus_amount":15,"bonus_amount_is_in_percentages":true}`,
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("writes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// one list read for the plan, a GET before the PUT, nothing else
	if n := len(e.API.Requests()); n != 4 {
		t.Errorf("%d requests, want 4: %q", n, e.API.Routes())
	}
	if s.recs[5001] == nil || s.recs[5001].Code != "NEW1" {
		t.Errorf("NEW1 was not created: %+v", s.recs)
	}

	// again: the same file is now the site's state
	before := len(e.API.Requests())
	e.Stdout.Reset()
	e.Stderr.Reset()
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("second run: %v", err)
	}
	after := e.API.Routes()[before:]
	if !slices.Equal(after, []string{"GET /v1/promo?site_id=1"}) {
		t.Errorf("second run sent %q, want only the list read", after)
	}
	if got := e.Stderr.String(); got != "Nothing to change on site 1: 3 promo codes are as the file says; 1 the file does not name are left alone.\n" {
		t.Errorf("second run stderr: %q", got)
	}
}

// --dry-run reads the list and prints the plan; -o json gives it as the
// contract's array.
func TestPromoApplyDryRunJSON(t *testing.T) {
	e, _, opts := newApplyEnv(t, format.JSON, applyFile)
	opts.DryRun, opts.Missing = true, plan.Delete
	err := runPromoApply(context.Background(), opts)
	e.Expect(t, err, "", `[{"action":"update","id":1002,"code":"SUMMER25","changes":{"bonus_amount":[25,30],"d_off":["2026-08-31T20:59:59.000Z","2026-09-30T20:59:59.000Z"]}},`+
		`{"action":"create","id":null,"code":"NEW1","changes":{"bonus_amount":[null,15],"bonus_amount_is_in_percentages":[null,true],"code":[null,"NEW1"],"is_enabled":[null,true]}},`+
		`{"action":"delete","id":1003,"code":"OLD1","changes":{}}]`+"\n",
		"Plan for site 1: 1 to create, 1 to update, 1 to delete, 1 unchanged.\n", "GET /v1/promo?site_id=1")
	var entries []struct {
		Action  string           `json:"action"`
		ID      *int64           `json:"id"`
		Code    string           `json:"code"`
		Changes map[string][]any `json:"changes"`
	}
	if err := json.Unmarshal(e.Stdout.Bytes(), &entries); err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		for f, v := range en.Changes {
			if len(v) != 2 {
				t.Errorf("%s %s: change of %s is %v, want [old, new]", en.Action, en.Code, f, v)
			}
		}
	}
}

// Several bad rows: every one is named, exit 2, and nothing is sent, not
// even the list read.
func TestPromoApplyBadRows(t *testing.T) {
	e, _, opts := newApplyEnv(t, format.Table, "code,bonus_amount,bonus_amount_is_in_percentages,d_on,d_off,bonus_typ\n"+
		"OK1,5,,,,\nBAD_1,5,,,,\nPCT,150,true,,,\nDATE,5,,2026-12-31,2026-12-01,\nok1,5,,,,\n")
	err := runPromoApply(context.Background(), opts)
	if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("exit code %d (%v), want %d", cmdutil.ExitCode(err), err, cmdutil.ExitUsage)
	}
	stderr := e.Stderr.String()
	for _, line := range []string{":1: column \"bonus_typ\" is not a field's name: did you mean bonus_type?", ":3: code: the code may contain only", ":4: bonus_amount: a percentage must be at most 100",
		":5: d_off: the end", ":6: code ok1 is also on line 2"} {
		if !strings.Contains(stderr, line) {
			t.Errorf("stderr lacks %q:\n%s", line, stderr)
		}
	}
	if err == nil || !strings.HasSuffix(err.Error(), ": 5 problems, listed above; nothing was sent") {
		t.Errorf("error %v", err)
	}
	if r := e.API.Routes(); len(r) != 0 {
		t.Errorf("sent %q, want nothing", r)
	}
}

// A change that makes a listed code invalid is found once the list is
// read, and still nothing is written.
func TestPromoApplyInvalidResult(t *testing.T) {
	e, _, opts := newApplyEnv(t, format.Table, "code,bonus_amount_is_in_percentages\nOLD1,true\n")
	err := runPromoApply(context.Background(), opts)
	if cmdutil.ExitCode(err) != cmdutil.ExitUsage || !strings.Contains(fmt.Sprint(err), ":2: promo code OLD1 would be invalid: bonus_amount: a percentage must be at most 100, got 300; nothing was sent") {
		t.Errorf("error %v", err)
	}
	if w := writes(e); len(w) != 0 {
		t.Errorf("wrote %q", w)
	}
}

func TestPromoApplyPrune(t *testing.T) {
	file := "code\nWELCOME10\nSUMMER25\n"
	t.Run("no terminal, no --yes", func(t *testing.T) {
		e, _, opts := newApplyEnv(t, format.Table, file)
		opts.Missing = plan.Delete
		err := runPromoApply(context.Background(), opts)
		if cmdutil.ExitCode(err) != cmdutil.ExitUsage || !strings.Contains(err.Error(), "refusing to delete the promo codes") {
			t.Errorf("error %v", err)
		}
		if r := e.API.Routes(); len(r) != 0 {
			t.Errorf("sent %q, want nothing", r)
		}
	})
	t.Run("--yes deletes exactly the unnamed codes", func(t *testing.T) {
		e, s, opts := newApplyEnv(t, format.Table, file)
		opts.Missing, opts.Yes = plan.Delete, true
		if err := runPromoApply(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		if got := writes(e); !slices.Equal(got, []string{"DELETE /v1/promo/1003 "}) {
			t.Errorf("writes %q", got)
		}
		if len(s.recs) != 2 {
			t.Errorf("left %d codes, want 2", len(s.recs))
		}
	})
	t.Run("--disable-missing disables them", func(t *testing.T) {
		e, s, opts := newApplyEnv(t, format.Table, file)
		opts.Missing, opts.Yes = plan.Disable, true
		if err := runPromoApply(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		got := writes(e)
		if len(got) != 1 || !strings.HasPrefix(got[0], `PUT /v1/promo/1003 {"code":"OLD1","is_enabled":false,"bonus_type":3,"bonus_amount":300,`) {
			t.Errorf("writes %q", got)
		}
		if s.recs[1003].IsEnabled {
			t.Error("OLD1 is still enabled")
		}
	})
	t.Run("a terminal asks, and no sends nothing", func(t *testing.T) {
		e, _, opts := newApplyEnv(t, format.Table, file)
		e.Sess.IO.SetTTY(true, true, true)
		ask := &stubConfirm{t: t, expect: true}
		opts.Missing, opts.Prompter = plan.Delete, ask
		err := runPromoApply(context.Background(), opts)
		if cmdutil.ExitCode(err) != cmdutil.ExitCancelled {
			t.Errorf("error %v, want cancelled", err)
		}
		if want := []string{"Delete 1 promo code of site 1 that the file does not name?"}; !slices.Equal(ask.asked, want) {
			t.Errorf("asked %q, want %q", ask.asked, want)
		}
		if w := writes(e); len(w) != 0 {
			t.Errorf("wrote %q", w)
		}
	})
}

// personal_limit_is_enabled is not on the list: a row that names it has
// its record read while planning, and only such a row.
func TestPromoApplyReadsRecordsForUnlistedFields(t *testing.T) {
	e, _, opts := newApplyEnv(t, format.Table, `[{"code":"WELCOME10","personal_limit_is_enabled":true},{"code":"OLD1","personal_limit_is_enabled":true}]`)
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	routes := e.API.Routes()
	slices.Sort(routes)
	want := []string{"GET /v1/promo/1001", "GET /v1/promo/1003", "GET /v1/promo/1003", "GET /v1/promo?site_id=1", "PUT /v1/promo/1003"}
	if !slices.Equal(routes, want) {
		t.Errorf("requests %q, want %q", routes, want)
	}
	if !strings.Contains(e.Stdout.String(), "OLD1  personal_limit_is_enabled no → yes") {
		t.Errorf("stdout:\n%s", e.Stdout)
	}
}

// A write the server refuses is named on stderr, and the run exits 1.
func TestPromoApplyReportsFailures(t *testing.T) {
	e, _, opts := newApplyEnv(t, format.Table, "code,bonus_amount\nNEW1,5\nNEW2,6\n")
	e.API.Handle("POST /v1/promo", http.StatusBadRequest, `{"title":"code is taken","error":0,"code":400}`)
	// the first POST is answered by the fake site, the next by the 400
	err := runPromoApply(context.Background(), opts)
	if err == nil || cmdutil.ExitCode(err) != cmdutil.ExitFailure || !strings.Contains(err.Error(), "1 of 2 changes failed (1 refused, 0 of unknown outcome, 0 not sent): apply ") {
		t.Errorf("error %v", err)
	}
	if !strings.Contains(e.Stderr.String(), "promoctl: create failed: NEW") || !strings.Contains(e.Stderr.String(), "code is taken") {
		t.Errorf("stderr:\n%s", e.Stderr)
	}
}

func TestPromoApplyFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "-f FILE is required"},
		{[]string{"-f", "x.csv", "--prune", "--disable-missing"}, "--prune and --disable-missing cannot be combined"},
		{[]string{"-f", "x.csv", "--concurrency", "0"}, "--concurrency must be 1 to 64, got 0"},
		{[]string{"-f", "x.csv", "--prune"}, "refusing to delete the promo codes x.csv does not name without confirmation"},
	} {
		r := newRunner(t)
		res := r.Run(append([]string{"promo", "apply", "--site-id", "1"}, c.args...)...)
		if res.Code != cmdutil.ExitUsage || !strings.Contains(res.Stderr, c.want) {
			t.Errorf("promo apply %q: exit %d, stderr %q; want 2 and %q", c.args, res.Code, res.Stderr, c.want)
		}
	}
}

// What promo list prints, in each data format, applies with no write: the
// read-only columns are ignored, and personal_limit_is_enabled, which the
// list leaves out, is not reset.
func TestPromoApplyListRoundTrip(t *testing.T) {
	for _, f := range []format.Format{format.CSV, format.JSON, format.YAML} {
		t.Run(string(f), func(t *testing.T) {
			e, _, opts := newApplyEnv(t, f, "-")
			printList(t, e)
			file := filepath.Join(t.TempDir(), "codes."+string(f))
			if err := os.WriteFile(file, e.Stdout.Bytes(), 0o600); err != nil {
				t.Fatal(err)
			}
			e.Stdout.Reset()
			opts.File, opts.Missing, opts.Yes = file, plan.Delete, true
			if err := runPromoApply(context.Background(), opts); err != nil {
				t.Fatalf("apply: %v\n%s", err, e.Stderr)
			}
			if got := e.API.Routes(); !slices.Equal(got, []string{"GET /v1/promo?site_id=1", "GET /v1/promo?site_id=1"}) {
				t.Errorf("requests %q, want the two list reads", got)
			}
		})
	}
}

// printList prints site 1's list as promo list does (its view, in e's
// format): what the round trips through promo apply start from.
func printList(t *testing.T, e *cmdtest.VerbEnv) {
	t.Helper()
	client, err := e.Sess.Client()
	if err != nil {
		t.Fatal(err)
	}
	stream, err := client.StreamPromos(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	if err := e.Sess.PrintStream(view.PromoListStream(stream, e.Sess.Loc, e.Sess.Now()), ""); err != nil {
		t.Fatal(err)
	}
}
