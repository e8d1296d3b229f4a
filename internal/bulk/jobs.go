package bulk

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// JobInfo is what a journal says of its job, read without opening it for
// writing: for promo jobs and promo report --job.
type JobInfo struct {
	// ID is the job's id as its header says (the file's name without
	// .jsonl only for a header without one): a link or copy of a journal
	// under another name is the same job.
	ID     string
	Path   string
	Header Header
	// Summary counts the items by state; the job is finished when it is OK.
	Summary Summary
	// Created are the ids of the promo codes the job created, in the order
	// of its plan.
	Created []int64
	// CreatedCodes is the code text of each of Created: a code is the
	// job's only when both its id and its code text match.
	CreatedCodes []string
	// Running says a promoctl holds the journal's lock: it is running
	// the job now.
	Running bool
}

// Finished reports whether every operation of the job is done.
func (j JobInfo) Finished() bool { return j.Summary.OK() }

// JobExt is the extension of a journal's file.
const JobExt = ".jsonl"

// JobsDir is the folder where jobs keep their journals by default (see
// DefaultPath).
func JobsDir(env func(string) string) string {
	return filepath.Dir(DefaultPath(env, "job"))
}

// ReadJob reads the journal at path with ReadFile: it neither locks nor
// changes the file, so a job running now can be read too, and it trusts
// only what Open would (a regular file of the user's that others cannot
// write, of a bounded size).
func ReadJob(path string) (JobInfo, error) {
	h, items, err := readFile(path, true)
	if err != nil {
		return JobInfo{}, err
	}
	info := JobInfo{ID: h.Job, Path: path, Header: h}
	if info.ID == "" {
		info.ID = strings.TrimSuffix(filepath.Base(path), JobExt)
	}
	info.Summary = summarize(items)
	info.Running = running(path)
	for _, it := range items {
		if it.Action == ActionCreate && it.State == StateCreated && it.ID != 0 {
			info.Created = append(info.Created, it.ID)
			info.CreatedCodes = append(info.CreatedCodes, it.Code)
		}
	}
	return info, nil
}

// ListJobs reads every journal (*.jsonl) in dir, oldest first (by start,
// then id). A file that cannot be read is not listed: its error, which
// names it, is in bad. A folder that does not exist has no jobs.
//
// The folder is checked first (CheckJobsDir), and each journal as ReadJob
// does. A job is listed once, by the id of its header: a second file of the
// same job (a hard link, a copy) is named in bad.
func ListJobs(dir string) (jobs []JobInfo, bad []error, err error) {
	if err := CheckJobsDir(dir); err != nil {
		return nil, nil, err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, i18n.NewError(0, "bulk.jobs.list", "Dir", dir, "Err", err)
	}
	seen := map[string]int{} // job id → index in jobs
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), JobExt) {
			continue
		}
		info, err := ReadJob(filepath.Join(dir, e.Name()))
		if err != nil {
			bad = append(bad, err)
			continue
		}
		if first, ok := seen[info.ID]; ok {
			bad = append(bad, i18n.NewError(0, "bulk.jobs.same_job", "Path", info.Path, "Job", info.ID, "First", jobs[first].Path))
			continue
		}
		seen[info.ID] = len(jobs)
		jobs = append(jobs, info)
	}
	slices.SortStableFunc(jobs, func(a, b JobInfo) int {
		if c := a.Header.Started.Compare(b.Header.Started); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	return jobs, bad, nil
}

// FindJob finds the journal of job id in dir: its file <id>.jsonl, or the
// one file whose id starts with id (the start of a job id is its date).
func FindJob(dir, id string) (string, error) {
	if id == "" || strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
		return "", i18n.NewError(2, "bulk.jobs.invalid_id", "ID", promo.Quoted(id))
	}
	id = strings.TrimSuffix(id, JobExt)
	if err := CheckJobsDir(dir); err != nil {
		return "", err
	}
	path := filepath.Join(dir, id+JobExt)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", i18n.NewError(0, "bulk.jobs.find", "ID", id, "Dir", dir, "Err", err)
	}
	var found []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), JobExt) && strings.HasPrefix(e.Name(), id) {
			found = append(found, e.Name())
		}
	}
	switch len(found) {
	case 0:
		return "", i18n.NewError(0, "bulk.jobs.none", "ID", id, "Dir", dir)
	case 1:
		return filepath.Join(dir, found[0]), nil
	}
	return "", i18n.NewError(0, "bulk.jobs.ambiguous", "ID", id, "Dir", dir, "Found", strings.Join(found, ", "))
}

// summarize counts items by state: a journal's (Journal.Summary) or what
// Read returns of one (promo jobs).
func summarize(items []Item) Summary {
	var s Summary
	for _, it := range items {
		switch it.State {
		case StateCreated:
			s.Created++
		case StateUpdated:
			s.Updated++
		case StateDeleted:
			s.Deleted++
		case StateFailed:
			s.Failed++
			if it.Unanswered {
				s.Unanswered++
			}
			if it.Taken {
				s.Taken++
			}
		case StateSent, StateUnknown:
			s.Unknown++
		default:
			s.NotStarted++
		}
	}
	return s
}
