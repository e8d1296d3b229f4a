package promocmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// A journal that gives one code two outcomes (two "created" lines, the
// second with an older code's id) is refused by promo jobs show and promo
// report --job, in one line (exit 2), before any request: it never shows
// SUMMER2024 as the job's.
func TestJobsShowAndReportRefuseTwoOutcomes(t *testing.T) {
	r, path := jobsRunner(t)
	forged := filepath.Join(filepath.Dir(path), "20261105T070000Z-eeeeeeee.jsonl")
	lines := []string{
		`{"t":"job","i":0,"job":{"v":1,"job":"20261105T070000Z-eeeeeeee","kind":"generate","site_id":7,"started":"2026-11-05T07:00:00Z","ops":1}}`,
		`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
		`{"t":"sent","i":0}`, `{"t":"created","i":0,"id":4002}`, `{"t":"created","i":0,"id":1005}`,
	}
	if err := os.WriteFile(forged, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	want := "line 5: operation 0 (NEW1) is already created, and the line records it created again: not a journal promoctl wrote\n"
	for _, args := range [][]string{{"promo", "jobs", "show", forged}, {"promo", "report", "--job", forged}} {
		res := r.Run(args...)
		if res.Code != cmdutil.ExitUsage || res.Stdout != "" || !strings.HasSuffix(res.Stderr, want) || strings.Count(res.Stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line ending %q", args, res.Code, res.Stdout, res.Stderr, want)
		}
		r.ExpectRoutes(t)
	}
}
