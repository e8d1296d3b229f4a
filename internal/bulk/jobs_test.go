package bulk

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"
)

// idsAPI creates every code with the next id from 500, without HTTP.
type idsAPI struct{ next int64 }

func (a *idsAPI) ListPromos(context.Context, int64) (json.RawMessage, error) {
	return json.RawMessage(`[]`), nil
}

func (a *idsAPI) CreatePromo(_ context.Context, b promo.CreateBody) (json.RawMessage, api.Promo, error) {
	a.next++
	id := api.Int(500 + a.next)
	return nil, api.Promo{ID: &id, Code: api.String(b.Code)}, nil
}

func (a *idsAPI) GetPromo(context.Context, int64) (json.RawMessage, api.Promo, error) {
	return nil, api.Promo{}, nil
}

func (a *idsAPI) UpdatePromo(context.Context, int64, promo.Record) (json.RawMessage, api.Promo, error) {
	return nil, api.Promo{}, nil
}

func (a *idsAPI) DeletePromo(context.Context, int64) error { return nil }

// writeJob makes a journal of a generate job of codes in dir; run says
// whether the job was carried out (else it stopped before its first
// request, as after a crash).
func writeJob(t *testing.T, dir, id string, started time.Time, codes []string, run bool) string {
	t.Helper()
	path := filepath.Join(dir, id+JobExt)
	j, err := Create(path, Header{Job: id, Kind: "generate", SiteID: 7, Started: started}, CreateOps(codes))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if run {
		if _, err := Execute(context.Background(), &idsAPI{}, j, Options{Concurrency: 1}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestListJobs: a finished job, an interrupted one and a corrupt file
// give two jobs, oldest first, and one error that names the third.
func TestListJobs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "jobs")
	t0 := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	writeJob(t, dir, "20261102T100000Z-bbbbbbbb", t0, []string{"XMAS1", "XMAS2"}, true)
	writeJob(t, dir, "20261101T100000Z-aaaaaaaa", t0.Add(-24*time.Hour), []string{"NY1"}, false)
	bad := filepath.Join(dir, "20261103T100000Z-cccccccc.jsonl")
	if err := os.WriteFile(bad, []byte("not json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a journal"), 0o600)

	jobs, errs, err := ListJobs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, j := range jobs {
		ids = append(ids, j.ID)
	}
	if want := []string{"20261101T100000Z-aaaaaaaa", "20261102T100000Z-bbbbbbbb"}; !slices.Equal(ids, want) {
		t.Fatalf("jobs %q, want %q", ids, want)
	}
	if jobs[0].Finished() || len(jobs[0].Created) != 0 || jobs[0].Header.Ops != 1 {
		t.Errorf("the interrupted job: finished %v, created %v, ops %d", jobs[0].Finished(), jobs[0].Created, jobs[0].Header.Ops)
	}
	if !jobs[1].Finished() || !slices.Equal(jobs[1].Created, []int64{501, 502}) || jobs[1].Header.SiteID != 7 {
		t.Errorf("the finished job: finished %v, created %v, site %d", jobs[1].Finished(), jobs[1].Created, jobs[1].Header.SiteID)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), bad) {
		t.Errorf("errors %v, want one naming %s", errs, bad)
	}
	if jobs, errs, err := ListJobs(filepath.Join(dir, "none")); jobs != nil || errs != nil || err != nil {
		t.Errorf("a folder that does not exist: %v %v %v, want nothing", jobs, errs, err)
	}
}

// ReadJob neither locks nor changes a journal: a job running now (its
// journal open) can be read.
func TestReadJobOfARunningJob(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.jsonl")
	j, err := Create(path, Header{Job: "j", Kind: "generate", SiteID: 7}, CreateOps([]string{"AB1"}))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	before, _ := os.ReadFile(path)
	info, err := ReadJob(path)
	if err != nil || info.ID != "j" || info.Finished() {
		t.Errorf("ReadJob = %+v, %v", info, err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("the journal changed")
	}
}

func TestFindJob(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"20261101T100000Z-aaaaaaaa.jsonl", "20261102T100000Z-bbbbbbbb.jsonl", "20261102T120000Z-cccccccc.jsonl"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o600)
	}
	for _, c := range []struct{ id, want, err string }{
		{"20261101T100000Z-aaaaaaaa", "20261101T100000Z-aaaaaaaa.jsonl", ""},
		{"20261101T100000Z-aaaaaaaa.jsonl", "20261101T100000Z-aaaaaaaa.jsonl", ""},
		{"20261101", "20261101T100000Z-aaaaaaaa.jsonl", ""},
		{"20261102", "", "job 20261102 is ambiguous in " + dir + ": 20261102T100000Z-bbbbbbbb.jsonl, 20261102T120000Z-cccccccc.jsonl"},
		{"2025", "", "no job 2025 in " + dir},
		{"../x", "", `invalid job id "../x"`},
	} {
		got, err := FindJob(dir, c.id)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("FindJob(%q) = %q, %v; want error %q", c.id, got, err, c.err)
			}
			continue
		}
		if err != nil || got != filepath.Join(dir, c.want) {
			t.Errorf("FindJob(%q) = %q, %v; want %s", c.id, got, err, c.want)
		}
	}
}

// ReadJob counts a journal's items as the open journal does.
func TestReadJobSummaryIsTheJournals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j.jsonl")
	ops := append(CreateOps([]string{"AB1", "AB2"}), Op{Action: ActionDelete, ID: 9, Code: "GONE"})
	j, err := Create(path, Header{Job: "j", Kind: "apply", SiteID: 7}, ops)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if _, err := Execute(context.Background(), &idsAPI{}, j, Options{Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	info, err := ReadJob(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := j.Summary(); info.Summary != want || want.Created != 2 || want.Deleted != 1 {
		t.Errorf("ReadJob's summary %+v, the journal's %+v (want 2 created, 1 deleted)", info.Summary, want)
	}
	if !slices.Equal(info.Created, []int64{501, 502}) {
		t.Errorf("created %v, want [501 502]: the creates' ids, not the delete's", info.Created)
	}
}

// TestReadJobTrustsWhatOpenTrusts: promo jobs and promo report --job read
// a journal only when --resume would: one that others may write is
// refused, with the reason.
func TestReadJobTrustsWhatOpenTrusts(t *testing.T) {
	dir := t.TempDir()
	path := writeJob(t, dir, "20261102T100000Z-dddddddd", time.Now(), []string{"XMAS1"}, true)
	if _, err := ReadJob(path); err != nil {
		t.Fatalf("ReadJob of the user's own journal: %v", err)
	}
	if err := os.Chmod(path, 0o666); err != nil {
		t.Fatal(err)
	}
	_, err := ReadJob(path)
	if err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("ReadJob of a journal others may write = %v, want a refusal that says chmod 600", err)
	}
}
