package sandbox

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// holdFirstCommit makes the store's first shared commit wait until
// release is closed, and closes entered when it starts waiting.
func holdFirstCommit(s *Store) (entered, release chan struct{}) {
	entered, release = make(chan struct{}), make(chan struct{})
	var once sync.Once
	s.writes.beforeCommit = func(int) {
		once.Do(func() {
			close(entered)
			<-release
		})
	}
	return entered, release
}

// queuedUp returns a channel closed once n writes wait for the next
// commit; set it before the writes start.
func queuedUp(s *Store, n int) <-chan struct{} {
	ch := make(chan struct{})
	var once sync.Once
	s.writes.onQueued = func(q int) {
		if q >= n {
			once.Do(func() { close(ch) })
		}
	}
	return ch
}

// waitQueued waits for queued, failing t after a while (a write that
// never queued).
func waitQueued(t *testing.T, queued <-chan struct{}) {
	t.Helper()
	deadline := time.NewTimer(10 * time.Second)
	defer deadline.Stop()
	select {
	case <-queued:
	case <-deadline.C:
		t.Fatal("the writes did not queue up for the next commit")
	}
}

func createInput(code string) *promoInput {
	site := int64(1)
	return &promoInput{siteID: &site, code: &code}
}

// TestGroupCommit proves that concurrent writes share commits: while one
// commit is under way, 15 creates queue up and then go to disk together,
// in one transaction and one fsync, each with its own id and position.
func TestGroupCommit(t *testing.T) {
	s := openTestStore(t)
	entered, release := holdFirstCommit(s)
	before := s.writes.commits.Load()

	const n = 16
	queued := queuedUp(s, n-1)
	ids := make([]int64, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	create := func(i int) {
		defer wg.Done()
		ids[i], _, errs[i] = s.createPromo(context.Background(), 1, createInput(fmt.Sprintf("GROUP%d", i)))
	}
	wg.Add(1)
	go create(0)
	<-entered
	for i := 1; i < n; i++ {
		wg.Add(1)
		go create(i)
	}
	waitQueued(t, queued)
	close(release)
	wg.Wait()

	seen := map[int64]bool{}
	for i, err := range errs {
		if err != nil {
			t.Fatalf("create %d: %v", i, err)
		}
		if seen[ids[i]] {
			t.Errorf("id %d given twice", ids[i])
		}
		seen[ids[i]] = true
	}
	if got := s.writes.commits.Load() - before; got != 2 {
		t.Errorf("%d concurrent creates took %d commits, want 2 (the first, then the other %d together)", n, got, n-1)
	}
	items, err := s.listPromos(context.Background(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	pos := map[int64]bool{}
	for _, it := range items {
		if pos[it.Pos] {
			t.Errorf("position %d given twice", it.Pos)
		}
		pos[it.Pos] = true
	}
	if len(items) != 12+n {
		t.Errorf("%d promo codes on site 1, want %d", len(items), 12+n)
	}
}

// TestGroupCommitSequential: a write arriving alone is committed at once,
// in its own transaction.
func TestGroupCommitSequential(t *testing.T) {
	s := openTestStore(t)
	before := s.writes.commits.Load()
	for i := 0; i < 5; i++ {
		if _, _, err := s.createPromo(context.Background(), 1, createInput(fmt.Sprintf("SEQ%d", i))); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.writes.commits.Load() - before; got != 5 {
		t.Errorf("5 sequential creates took %d commits, want 5", got)
	}
}

// TestGroupCommitFailure: a write that fails inside a shared transaction
// gets its own error, and the others of its group are still committed.
func TestGroupCommitFailure(t *testing.T) {
	s := openTestStore(t)
	entered, release := holdFirstCommit(s)
	codes := []string{"OK1", "WELCOME10", "OK2", "ok1", "OK3"} // WELCOME10 exists; ok1 clashes with OK1
	queued := queuedUp(s, len(codes))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, _, err := s.createPromo(context.Background(), 1, createInput("FIRST")); err != nil {
			t.Errorf("first create: %v", err)
		}
	}()
	<-entered
	errs := make([]error, len(codes))
	for i, code := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, errs[i] = s.createPromo(context.Background(), 1, createInput(code))
		}()
	}
	waitQueued(t, queued)
	close(release)
	wg.Wait()
	conflicts := 0
	for i, err := range errs {
		var ae *apiError
		switch {
		case err == nil:
		case errors.As(err, &ae) && ae.Status == http.StatusConflict:
			conflicts++
		default:
			t.Errorf("create %s: %v", codes[i], err)
		}
	}
	if errs[1] == nil || conflicts != 2 {
		t.Errorf("errors %v, want 409 for WELCOME10 and for one of OK1/ok1", errs)
	}
	items, err := s.listPromos(context.Background(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, it := range items {
		have[it.Code] = true
	}
	for _, code := range []string{"FIRST", "OK2", "OK3"} {
		if !have[code] {
			t.Errorf("%s was not stored beside the failing writes", code)
		}
	}
	if have["OK1"] == have["ok1"] {
		t.Errorf("exactly one of OK1 and ok1 should be stored: %v", have)
	}
}

// TestGroupCommitPanic: a write that panics panics in its caller, and the
// store goes on working.
func TestGroupCommitPanic(t *testing.T) {
	s := openTestStore(t)
	func() {
		defer func() {
			if v := recover(); v != "boom" {
				t.Errorf("recovered %v, want the write's panic", v)
			}
		}()
		_ = s.update(context.Background(), func(*bolt.Tx) error { panic("boom") })
	}()
	if _, _, err := s.createPromo(context.Background(), 1, createInput("AFTER")); err != nil {
		t.Fatalf("create after a panicking write: %v", err)
	}
}

// TestWriteAfterClose: a write on a closed store fails, it does not hang.
func TestWriteAfterClose(t *testing.T) {
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "sandbox.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.createPromo(context.Background(), 1, createInput("LATE")); !errors.Is(err, errClosed) {
		t.Errorf("create after Close: %v, want errClosed", err)
	}
}

func openTestStore(t *testing.T) *Store {
	t.Helper()
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "sandbox.db"), Options{Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
