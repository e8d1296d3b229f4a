package sandbox

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// seededFile makes a sandbox data file with the demo data and returns its
// path, its page size and the bytes its pages need.
func seededFile(t *testing.T) (path string, pageSize, need int64) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "sandbox.db")
	s, err := Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	pageSize = int64(s.db.Info().PageSize)
	if err := s.db.View(func(tx *bolt.Tx) error { need = tx.Size(); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path, pageSize, need
}

// TestOpenWaitsForTheLock: while another process holds the file, Open
// says so once after WaitNotice, stops as soon as its context is
// cancelled, and carries on when the file is released.
func TestOpenWaitsForTheLock(t *testing.T) {
	path, _, _ := seededFile(t)
	holder, err := Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()

	var told atomic.Int32
	var toldAfter atomic.Int64
	start := time.Now()
	waiting := func() { told.Add(1); toldAfter.Store(int64(time.Since(start))) }

	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(WaitNotice+100*time.Millisecond, cancel)
	_, err = Open(ctx, path, Options{Timeout: time.Minute, Waiting: waiting})
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrInUse) {
		t.Errorf("Open with a cancelled context: %v, want context.Canceled", err)
	}
	if took > WaitNotice+100*time.Millisecond+10*time.Second {
		t.Errorf("Open returned %v after it started, long after the cancel", took)
	}
	if told.Load() != 1 || time.Duration(toldAfter.Load()) < WaitNotice {
		t.Errorf("Waiting called %d times, after %v; want once, after %v", told.Load(), time.Duration(toldAfter.Load()), WaitNotice)
	}

	// A deadline on the context is a timeout too.
	dctx, dcancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer dcancel()
	if _, err := Open(dctx, path, Options{Timeout: time.Minute}); !errors.Is(err, ErrInUse) {
		t.Errorf("Open past the context's deadline: %v, want ErrInUse", err)
	}

	told.Store(0)
	start = time.Now()
	time.AfterFunc(WaitNotice+100*time.Millisecond, func() { holder.Close() })
	s, err := Open(t.Context(), path, Options{Timeout: time.Minute, Waiting: waiting})
	if err != nil {
		t.Fatalf("Open once the file is released: %v", err)
	}
	defer s.Close()
	if told.Load() != 1 {
		t.Errorf("Waiting called %d times, want once", told.Load())
	}
	if _, err := s.listPromos(t.Context(), 1, 1); err != nil {
		t.Error(err)
	}
}
