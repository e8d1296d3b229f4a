package bulk

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/promoctl/promoctl/internal/filelock"
)

// TestJournalIsUsedByOneProcessAtATime: while a job's journal is open (a
// promoctl runs the job), a second Open of it is refused with ErrInUse, so
// two processes never run the same job and create a code twice; once the
// first closes it, the job can be resumed.
func TestJournalIsUsedByOneProcessAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "job.jsonl")
	j, err := Create(path, Header{Job: "j1", Kind: "generate", SiteID: 1}, CreateOps([]string{"AAA1", "AAA2"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); !errors.Is(err, ErrInUse) {
		t.Fatalf("Open while the job runs = %v, want ErrInUse", err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	j2, err := Open(path)
	if err != nil {
		t.Fatalf("Open after the job stopped = %v", err)
	}
	defer j2.Close()
	if got := len(j2.Items()); got != 2 {
		t.Errorf("resumed journal has %d items, want 2", got)
	}
	if _, err := Open(path); !errors.Is(err, ErrInUse) || err.Error() != "journal "+path+": another promoctl is running this job now" {
		t.Errorf("second resume = %v, want ErrInUse naming the journal", err)
	}
}

// TestDamagedJournalHeaderIsRefused: a journal whose header plans an
// impossible number of operations is refused in one line, not a panic.
func TestDamagedJournalHeaderIsRefused(t *testing.T) {
	for _, ops := range []string{"-1", "99999999999", "1"} {
		path := filepath.Join(t.TempDir(), "job.jsonl")
		content := `{"t":"job","job":{"v":1,"job":"j1","kind":"generate","site_id":1,"ops":` + ops + `}}` + "\n" +
			`{"t":"plan","i":0,"op":{"action":"create","code":"AAAA1"}}` + "\n" +
			`{"t":"plan","i":1,"op":{"action":"create","code":"AAAA2"}}` + "\n"
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		j, err := Open(path)
		if err == nil {
			j.Close()
			t.Errorf("ops %s: Open accepted the journal", ops)
			continue
		}
		if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "operations") {
			t.Errorf("ops %s: error %q, want one line about the planned operations", ops, err)
		}
	}
}

// TestResumeWaitsOutAProbe: promo jobs' probe of whether a job runs
// takes its journal's lock for an instant; a resume that starts in that
// instant waits for it rather than calling the job running.
// (In a synctest bubble: the probe's instant and the lock's polls are on
// the bubble's clock, so the order is the one their times give.)
func TestResumeWaitsOutAProbe(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "job.jsonl")
		j, err := Create(path, Header{Job: "j1", Kind: "generate", SiteID: 1}, CreateOps([]string{"AAA1"}))
		if err != nil {
			t.Fatal(err)
		}
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
		probe, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer probe.Close()
		if err := filelock.TryLock(probe); err != nil {
			t.Fatal(err)
		}
		released := make(chan struct{})
		go func() {
			time.Sleep(lockWait / 5)
			filelock.Unlock(probe)
			close(released)
		}()
		j2, err := Open(path)
		if err != nil {
			t.Fatalf("Open during a probe = %v, want the journal once the probe let go", err)
		}
		defer j2.Close()
		select {
		case <-released:
		default:
			t.Error("Open took the lock while the probe held it")
		}
	})
}
