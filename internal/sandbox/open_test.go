package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// metaOf reads the current meta of a healthy file.
func metaOf(t *testing.T, path string) boltMeta {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m0, ok0 := parseMeta(b)
	m1, ok1 := parseMeta(b[m0.pageSize:])
	if !ok0 || !ok1 {
		t.Fatalf("a healthy file has a damaged meta: %v %v", ok0, ok1)
	}
	if m1.txid > m0.txid {
		return m1
	}
	return m0
}

// overwrite writes b at off in the file at path.
func overwrite(t *testing.T, path string, off int64, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(b, off); err != nil {
		t.Fatal(err)
	}
}

// TestOpenDamagedFile: damage bbolt would panic or fault on is refused
// with an error matching ErrDamaged that names the file and the damage,
// and leaves the file as it was; Open with Reset replaces the file with the
// demo data.
func TestOpenDamagedFile(t *testing.T) {
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, path string, pageSize, need int64)
		// %[1]d: file size, %[2]d: bytes its pages need, %[3]d: page size,
		// %[4]d: free list page, %[5]d: two pages, %[6]d: root page
		reason string
	}{
		{"cut in half", func(t *testing.T, path string, _, need int64) {
			os.Truncate(path, need/2)
		}, "it is cut short to %[1]d of its %[2]d bytes"},
		{"cut by one byte", func(t *testing.T, path string, _, need int64) {
			os.Truncate(path, need-1)
		}, "it is cut short to %[1]d of its %[2]d bytes"},
		{"cut inside the header", func(t *testing.T, path string, _, _ int64) {
			os.Truncate(path, 200)
		}, "it is cut short to 200 bytes, less than its two header pages (%[5]d bytes)"},
		{"free list overwritten", func(t *testing.T, path string, pageSize, _ int64) {
			m := metaOf(t, path)
			overwrite(t, path, int64(m.freelist)*pageSize, make([]byte, pageHeaderSize))
		}, "its free page list (page %[4]d) is overwritten"},
		{"root overwritten", func(t *testing.T, path string, pageSize, _ int64) {
			m := metaOf(t, path)
			overwrite(t, path, int64(m.root)*pageSize+8, []byte{0x10, 0})
		}, "its root page (page %[6]d) is overwritten"},
		{"both headers overwritten", func(t *testing.T, path string, pageSize, _ int64) {
			overwrite(t, path, pageHeaderSize+20, []byte("garbage!"))
			overwrite(t, path, pageSize+pageHeaderSize+20, []byte("garbage!"))
		}, "both copies of its header are damaged"},
		{"zeroed", func(t *testing.T, path string, _, need int64) {
			os.WriteFile(path, make([]byte, need), 0o600)
		}, "it holds only zero bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, pageSize, need := seededFile(t)
			m := metaOf(t, path)
			c.damage(t, path, pageSize, need)
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			reason := c.reason
			if strings.Contains(reason, "%") {
				reason = fmt.Sprintf(reason, len(before), need, pageSize, m.freelist, 2*pageSize, m.root)
			}
			want := fmt.Sprintf("sandbox data file %s is damaged: %s", path, reason)
			s, err := Open(t.Context(), path, Options{Timeout: time.Second})
			if err == nil {
				s.Close()
				t.Fatal("Open of a damaged file succeeded")
			}
			if !errors.Is(err, ErrDamaged) || err.Error() != want {
				t.Errorf("Open: %v\nwant: %s (matching ErrDamaged)", err, want)
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Error("Open changed the damaged file")
			}

			s, err = Open(t.Context(), path, Options{Reset: true, Timeout: time.Second})
			if err != nil {
				t.Fatalf("Open with Reset: %v", err)
			}
			defer s.Close()
			if items, err := s.listPromos(t.Context(), 1, 1); err != nil || len(items) != 12 {
				t.Errorf("after Reset: %d promo codes on site 1 (%v), want 12", len(items), err)
			}
		})
	}
}

// TestOpenKeepsForeignFile: a file that is not a bbolt file at all (a
// wrong --data) is refused, and Reset does not remove it.
func TestOpenKeepsForeignFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "notes.txt")
	content := strings.Repeat("my notes\n", 1000)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, reset := range []bool{false, true} {
		_, err := Open(t.Context(), path, Options{Reset: reset})
		want := fmt.Sprintf("open sandbox %s: it is not a sandbox data file", path)
		if err == nil || err.Error() != want || errors.Is(err, ErrDamaged) {
			t.Errorf("Open(Reset: %v) of a text file: %v, want %s", reset, err, want)
		}
	}
	if got, _ := os.ReadFile(path); string(got) != content {
		t.Error("the text file was changed")
	}
}

// TestOpenRecoversFromPanics: a panic while bbolt reads the file (damage
// the check does not see) is an error matching ErrDamaged, and the file's
// lock is released.
func TestOpenRecoversFromPanics(t *testing.T) {
	path, _, _ := seededFile(t)
	l := &locker{ctx: t.Context(), path: path, timeout: time.Second, start: time.Now()}
	db, err := l.openData(func(*bolt.Tx) error { panic("invalid freelist page: 42, page type is unknown<00>") })
	want := fmt.Sprintf("sandbox data file %s is damaged: it cannot be read (invalid freelist page: 42, page type is unknown<00>)", path)
	if db != nil || !errors.Is(err, ErrDamaged) || err.Error() != want {
		t.Fatalf("openData with a panic: %v, %v\nwant: %s", db, err, want)
	}
	s, err := Open(t.Context(), path, Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open after a recovered panic: %v", err)
	}
	s.Close()
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

// TestParseMetaByteOrder pins the layout parseMeta reads against a meta
// bbolt wrote.
func TestParseMetaByteOrder(t *testing.T) {
	path, pageSize, need := seededFile(t)
	m := metaOf(t, path)
	if int64(m.pageSize) != pageSize || int64(m.pgid)*pageSize != need || m.root < 2 || m.freelist < 2 {
		t.Errorf("meta %+v, want page size %d and %d bytes of pages", m, pageSize, need)
	}
}
