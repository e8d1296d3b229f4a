package bulk

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// TestJournalCommitsInGroups: 64 steps recorded at once are written with
// far fewer fsyncs than steps (here: the first sync is held until the
// other 63 lines are queued, so exactly two), and no record returns before
// a sync that covers its own line (the write-ahead rule).
func TestJournalCommitsInGroups(t *testing.T) {
	const n = 64
	path := filepath.Join(t.TempDir(), "job.jsonl")
	j, err := Create(path, Header{Job: "g", Kind: "generate", SiteID: 1}, CreateOps(codes(n)))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	var mu sync.Mutex
	syncs := 0
	durable := 0 // bytes of the file on disk as of the last sync
	j.sync = func(f *os.File) error {
		mu.Lock()
		first := syncs == 0
		mu.Unlock()
		if first {
			// Hold the first sync until every other writer has queued.
			for {
				j.mu.Lock()
				queued := len(j.queued)
				j.mu.Unlock()
				if queued == n-1 {
					break
				}
				runtime.Gosched()
			}
		}
		if err := f.Sync(); err != nil {
			return err
		}
		st, err := f.Stat()
		if err != nil {
			return err
		}
		mu.Lock()
		syncs++
		durable = int(st.Size())
		mu.Unlock()
		return nil
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			if err := j.record(entry{T: string(StateSent), I: i}); err != nil {
				errs <- err
				return
			}
			mu.Lock()
			upto := durable
			mu.Unlock()
			data, err := os.ReadFile(path)
			if err != nil {
				errs <- err
				return
			}
			if !bytes.Contains(data[:upto], fmt.Appendf(nil, `{"t":"sent","i":%d,`, i)) {
				errs <- fmt.Errorf("record %d returned before a sync covered its line", i)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if syncs != 2 {
		t.Errorf("%d steps took %d fsyncs, want 2 (the first alone, then the 63 queued meanwhile)", n, syncs)
	}
	for _, it := range j.Items() {
		if it.State != StateSent {
			t.Fatalf("item %d is %s after its sent line, want sent", it.Index, it.State)
		}
	}
	// The journal reads back with every step.
	j.Close()
	j2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if s := j2.Summary(); s.Unknown != n {
		t.Errorf("reopened: %+v, want %d sent (unknown)", s, n)
	}
}

// TestJournalBreaksForEveryWaiterAfterAFailedSync: when a group's sync
// fails, every record of that group and every later one fails, and none
// of their steps is applied.
func TestJournalBreaksForEveryWaiterAfterAFailedSync(t *testing.T) {
	path := filepath.Join(t.TempDir(), "job.jsonl")
	j, err := Create(path, Header{Job: "g", Kind: "generate", SiteID: 1}, CreateOps(codes(3)))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	j.sync = func(*os.File) error { return fmt.Errorf("disk full") }
	if err := j.record(entry{T: string(StateSent), I: 0}); err == nil || err.Error() != "write journal "+path+": disk full" {
		t.Errorf("record = %v, want the sync's error", err)
	}
	j.sync = nil
	if err := j.record(entry{T: string(StateSent), I: 1}); err == nil {
		t.Error("a record after a failed sync succeeded")
	}
	for _, it := range j.Items() {
		if it.State != StatePlanned {
			t.Errorf("item %d is %s, want planned: its line is not known to be on disk", it.Index, it.State)
		}
	}
}
