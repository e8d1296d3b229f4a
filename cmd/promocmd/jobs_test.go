package promocmd

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/promo"
)

// jobAPI creates each code with the id ids gives it, without HTTP: what a
// job needs to leave a journal behind.
type jobAPI struct{ ids map[string]int64 }

func (a jobAPI) ListPromos(context.Context, int64) (json.RawMessage, error) {
	return json.RawMessage(`[]`), nil
}

func (a jobAPI) CreatePromo(_ context.Context, b promo.CreateBody) (json.RawMessage, api.Promo, error) {
	id := api.Int(a.ids[b.Code])
	return nil, api.Promo{ID: &id, Code: api.String(b.Code)}, nil
}

func (a jobAPI) GetPromo(context.Context, int64) (json.RawMessage, api.Promo, error) {
	return nil, api.Promo{}, nil
}

func (a jobAPI) UpdatePromo(context.Context, int64, promo.Record) (json.RawMessage, api.Promo, error) {
	return nil, api.Promo{}, nil
}

func (a jobAPI) DeletePromo(context.Context, int64) error { return nil }

// writeJournal leaves the journal of a job of kind on site 7 in the
// runner's jobs folder: carried out with ids when ids is not nil, else
// stopped before its first request.
func writeJournal(t *testing.T, r *cmdtest.Runner, id, kind string, started time.Time, ids map[string]int64, codes ...string) string {
	t.Helper()
	path := bulk.DefaultPath(func(k string) string { return r.Env[k] }, id)
	ops := bulk.CreateOps(codes)
	if kind == "delete" { // a delete job plans deletes
		for i := range ops {
			ops[i].Action, ops[i].ID = bulk.ActionDelete, int64(4001+i)
		}
	}
	j, err := bulk.Create(path, bulk.Header{Job: id, Kind: bulk.JobKind(kind), SiteID: 7, Started: started}, ops)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if ids != nil {
		if _, err := bulk.Execute(context.Background(), jobAPI{ids}, j, bulk.Options{Concurrency: 1}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

const (
	mailingJob     = "20261102T070000Z-bbbbbbbb"
	interruptedJob = "20261101T070000Z-aaaaaaaa"
)

// jobsRunner is a runner whose jobs folder has a finished generate job
// (XMAS1 4002, xmas3 4004, and 4099, since deleted from the site), an
// interrupted one, and a corrupt journal; its site 7 is selectSite.
func jobsRunner(t *testing.T) (*cmdtest.Runner, string) {
	r := newRunner(t)
	t0 := time.Date(2026, 11, 2, 7, 0, 0, 0, time.UTC)
	path := writeJournal(t, r, mailingJob, "generate", t0, map[string]int64{"XMAS1": 4002, "XMAS3": 4004, "XMAS9": 4099}, "XMAS1", "XMAS3", "XMAS9")
	writeJournal(t, r, interruptedJob, "generate", t0.Add(-24*time.Hour), nil, "NY1", "NY2")
	bad := filepath.Join(filepath.Dir(path), "20261103T070000Z-cccccccc.jsonl")
	if err := os.WriteFile(bad, []byte(`{"t":"job"`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, a := range selectAnswers() {
		r.API.Handle(a.Route, a.Status, a.Body)
	}
	return r, path
}

// skippedCorrupt is the line promo jobs writes on stderr for the corrupt
// journal of jobsRunner, whose finished job's journal is at path: the
// file and why the journal reader refused it.
func skippedCorrupt(path string) string {
	return "promoctl: skipped: " + filepath.Join(filepath.Dir(path), "20261103T070000Z-cccccccc.jsonl") +
		": journal: line 1 is not a journal line: unexpected end of JSON input\n"
}

// TestPromoJobs: two rows and one line about the corrupt file, in a
// table and as JSON; no request.
func TestPromoJobs(t *testing.T) {
	r, path := jobsRunner(t)
	r.Run("promo", "jobs").Expect(t, 0, apitest.Lines(
		"ID                         SITE  COMMAND   CODES  CREATED  STARTED           STATE",
		"20261101T070000Z-aaaaaaaa  7     generate  2      0        2026-11-01 10:00  can be resumed",
		"20261102T070000Z-bbbbbbbb  7     generate  3      3        2026-11-02 10:00  finished"), skippedCorrupt(path))
	r.Run("promo", "jobs", "-o", "json", "--jq", ".[] | [.id, .state, .created, .started]").Expect(t, 0,
		`["20261101T070000Z-aaaaaaaa","can be resumed",0,"2026-11-01T07:00:00Z"]`+"\n"+
			`["20261102T070000Z-bbbbbbbb","finished",3,"2026-11-02T07:00:00Z"]`+"\n", skippedCorrupt(path))
	r.ExpectNoRequests(t)

	empty := newRunner(t)
	empty.TTY = true
	empty.Run("promo", "jobs").Expect(t, 0, "", "No jobs in "+filepath.Join(empty.Env["XDG_STATE_HOME"], "promoctl", "jobs")+".\n")
}

// TestPromoJobsShow: the codes a job created, as the site's list has them
// now, in the formats of promo list; by id, by the start of one, by path.
func TestPromoJobsShow(t *testing.T) {
	r, path := jobsRunner(t)
	want := `[{"id":4002,"code":"XMAS1","is_enabled":true,"promo_used_count":1},{"id":4004,"code":"xmas3","is_enabled":false,"promo_used_count":1}]` + "\n"
	gone := "promoctl: warning: 1 of the 3 promo codes job " + mailingJob + " created are no longer on site 7\n"
	for _, job := range []string{mailingJob, "20261102", path} {
		r.Run("promo", "jobs", "show", job, "-o", "json").Expect(t, 0, want, gone)
	}
	r.Run("promo", "jobs", "show", mailingJob, "-o", "csv", "--no-headers").Expect(t, 0,
		"4002,XMAS1,,true,0,0,false,false,,,false,0,1,\n4004,xmas3,,false,0,0,false,false,,,false,0,1,\n", gone)
	r.TTY = true
	r.Run("promo", "jobs", "show", interruptedJob).Expect(t, 0, "", "Job "+interruptedJob+" created no promo codes.\n")
	r.TTY = false
	r.Run("promo", "jobs", "show", "2025").Expect(t, cmdutil.ExitUsage, "",
		"promoctl: no job 2025 in "+filepath.Dir(path)+" (promo jobs lists the jobs)\n")
}

// TestPromoReportJob: --job reports on the codes the job created, on its
// site, and says which are gone; a job of another site or kind is refused.
func TestPromoReportJob(t *testing.T) {
	const want = "id,code,currency,orders,order_total,discount_total,first_order,last_order\n" +
		"4002,XMAS1,RUB,1,200,1,2026-06-01T09:00:00.000Z,2026-06-01T09:00:00.000Z\n" +
		"4004,xmas3,RUB,1,400,1,2026-06-01T09:00:00.000Z,2026-06-01T09:00:00.000Z\n"
	gone := "promoctl: warning: 1 of the 3 promo codes job " + mailingJob + " created are no longer on site 7: not in the report\n"
	for _, byPath := range []bool{true, false} {
		r, path := jobsRunner(t)
		job := mailingJob
		if byPath {
			job = path
		}
		r.Run("promo", "report", "--job", job, "--concurrency", "1", "-o", "csv").Expect(t, 0, want, gone)
		r.ExpectRoutes(t, "GET /v1/promo?site_id=7", "GET /v1/promo/4002/statistics", "GET /v1/promo/4004/statistics")
	}
	// With a filter, the job's codes that pass it.
	r, _ := jobsRunner(t)
	r.Run("promo", "report", "--job", mailingJob, "--status", "active", "-o", "csv").Expect(t, 0,
		"id,code,currency,orders,order_total,discount_total,first_order,last_order\n"+
			"4002,XMAS1,RUB,1,200,1,2026-06-01T09:00:00.000Z,2026-06-01T09:00:00.000Z\n", "")

	r, _ = jobsRunner(t)
	r.Run("promo", "report", "--job", mailingJob, "--site-id", "8").Expect(t, cmdutil.ExitUsage, "",
		"promoctl: --job "+mailingJob+": the job is of site 7, not of --site-id 8\n")
	del := writeJournal(t, r, "20261104T070000Z-dddddddd", "delete", time.Date(2026, 11, 4, 7, 0, 0, 0, time.UTC), nil, "XMAS1")
	r.Run("promo", "report", "--job", del).Expect(t, cmdutil.ExitUsage, "",
		"promoctl: --job "+del+": the job is promo delete, which creates no promo codes; give a promo generate or promo apply job\n")
	r.ExpectNoRequests(t)
}

// Job ids complete, newest first, for promo jobs show and report --job;
// promo report completes its codes as promo delete does.
func TestCompleteJobIDs(t *testing.T) {
	r, _ := jobsRunner(t)
	want := apitest.Lines(
		mailingJob+"\tgenerate on site 7, 3 codes created, finished",
		interruptedJob+"\tgenerate on site 7, 0 codes created, can be resumed",
		":4")
	if got := r.Complete(t, "promo", "jobs", "show", "2026"); got != want {
		t.Errorf("promo jobs show: stdout:\n%s\nwant:\n%s", got, want)
	}
	if got := r.Complete(t, "promo", "report", "--job", "2026"); got != want {
		t.Errorf("promo report --job: stdout:\n%s\nwant:\n%s", got, want)
	}
	if got, want := r.Complete(t, "promo", "jobs", "show", "20261101"), apitest.Lines(interruptedJob+"\tgenerate on site 7, 0 codes created, can be resumed", ":4"); got != want {
		t.Errorf("promo jobs show 20261101: stdout:\n%s\nwant:\n%s", got, want)
	}
	r.Env["PROMOCTL_SITE_ID"] = "7"
	if got, want := r.Complete(t, "promo", "report", "FULL1", "xm"), apitest.Lines("XMAS1\tid 4002", "xmas3\tid 4004", ":4"); got != want {
		t.Errorf("promo report CODE: stdout:\n%s\nwant:\n%s", got, want)
	}
}

const selectSite = `[
 {"id":4001,"code":"FULL1","is_enabled":true,"promo_used_count":1},
 {"id":4002,"code":"XMAS1","is_enabled":true,"promo_used_count":1},
 {"id":4003,"code":"NYXMAS2","is_enabled":true,"promo_used_count":1},
 {"id":4004,"code":"xmas3","is_enabled":false,"promo_used_count":1}
]`

func selectAnswers() []cmdtest.Answer {
	stat := func(price int) string {
		return fmt.Sprintf(`[{"order_price":%d,"discount_amount":1,"d_lead_created":"2026-06-01T09:00:00.000Z","currency":"RUB"}]`, price)
	}
	return []cmdtest.Answer{
		{Route: "GET /v1/promo", Status: http.StatusOK, Body: selectSite},
		{Route: "GET /v1/promo/4001/statistics", Status: http.StatusOK, Body: stat(100)},
		{Route: "GET /v1/promo/4002/statistics", Status: http.StatusOK, Body: stat(200)},
		{Route: "GET /v1/promo/4003/statistics", Status: http.StatusOK, Body: stat(300)},
		{Route: "GET /v1/promo/4004/statistics", Status: http.StatusOK, Body: stat(400)},
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
	r.Run("promo", "jobs", "-o", "json", "--jq", ".[] | [.id, .state]").Expect(t, 0,
		`["20261101T070000Z-aaaaaaaa","running"]`+"\n"+
			`["20261102T070000Z-bbbbbbbb","finished"]`+"\n", skippedCorrupt(path))
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.Run("promo", "jobs", "-o", "table").Expect(t, 0, "ID                         САЙТ  КОМАНДА   ПРОМОКОДОВ  СОЗДАНО  НАЧАТО            СОСТОЯНИЕ\n"+
		"20261101T070000Z-aaaaaaaa  7     generate  2           0        01.11.2026 10:00  выполняется\n"+
		"20261102T070000Z-bbbbbbbb  7     generate  3           3        02.11.2026 10:00  завершено\n",
		"promoctl: пропущен: "+filepath.Join(filepath.Dir(path), "20261103T070000Z-cccccccc.jsonl")+": журнал: строка 1 — не строка журнала: unexpected end of JSON input\n")
	r.Env["LANG"] = "C"
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	r.Run("promo", "jobs", "-o", "json", "--jq", ".[0].state").Expect(t, 0, "can be resumed\n", skippedCorrupt(path))
	r.ExpectNoRequests(t)
}
