package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

func TestConcurrentCreates(t *testing.T) {
	e := newEnv(t)
	const n = 50
	ids := make([]int64, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			// A fresh request per goroutine; t.Fatal is not allowed here.
			r := e.srvDo(user1, "POST", "/v1/promo", fmt.Sprintf(`{"site_id":1,"code":"CONC%02d"}`, i))
			if r.status != http.StatusCreated {
				t.Errorf("create %d: %d %s", i, r.status, r.body)
				return
			}
			fmt.Sscanf(r.header.Get("Location"), "/v1/promo/%d", &ids[i])
		}(i)
	}
	wg.Wait()
	seen := map[int64]bool{}
	for i, id := range ids {
		if id == 0 || seen[id] {
			t.Errorf("create %d got id %d (duplicate or missing)", i, id)
		}
		seen[id] = true
	}
	items := e.list(user1, 1)
	if len(items) != 12+n {
		t.Errorf("site 1 has %d promo codes, want %d", len(items), 12+n)
	}
	positions := map[int64]bool{}
	for _, id := range ids {
		it, ok := items[id]
		if !ok {
			t.Errorf("promo %d missing from the list", id)
		}
		if positions[it.Pos] {
			t.Errorf("pos %d given twice", it.Pos)
		}
		positions[it.Pos] = true
	}
}

// srvDo is a goroutine-safe request without the test helpers' t.Fatal.
func (e *testEnv) srvDo(a auth, method, path, body string) response {
	req, _ := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Api-User-Id", a.userID)
	res, err := e.srv.Client().Do(req)
	if err != nil {
		return response{status: -1, body: []byte(err.Error())}
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

func TestPersistenceAcrossReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "sandbox.db")
	ctx := context.Background()
	s, err := Open(t.Context(), path, Options{Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	id, _, err := s.createPromo(ctx, 1, &promoInput{siteID: ptr(int64(1)), code: ptr("KEEPME")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 100}); err != nil {
		t.Fatal(err)
	}
	if err := s.deletePromo(ctx, 1, 1002); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(t.Context(), path, Options{Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	items, err := s.listPromos(ctx, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]promoItemOut{}
	for _, it := range items {
		byID[it.ID] = it
	}
	if byID[id].Code != "KEEPME" || byID[1001].UsedCount != 4 {
		t.Errorf("after reopen: new promo %+v, WELCOME10 used %d (want 4)", byID[id], byID[1001].UsedCount)
	}
	if _, ok := byID[1002]; ok {
		t.Error("deleted promo 1002 is back after reopen")
	}
	// Ids continue after the reopen.
	id2, _, err := s.createPromo(ctx, 1, &promoInput{siteID: ptr(int64(1)), code: ptr("NEXT")})
	if err != nil || id2 != id+1 {
		t.Errorf("next id after reopen = %d (%v), want %d", id2, err, id+1)
	}

	// Reset restores the demo data.
	if err := s.Reset(ctx); err != nil {
		t.Fatal(err)
	}
	items, _ = s.listPromos(ctx, 1, 1)
	if len(items) != 12 || items[0].ID != 1001 || items[0].UsedCount != 3 || items[1].ID != 1002 {
		t.Errorf("after reset: %d promo codes, first %+v", len(items), items[0])
	}
	id3, _, err := s.createPromo(ctx, 1, &promoInput{siteID: ptr(int64(1)), code: ptr("KEEPME")})
	if err != nil || id3 != firstNewPromoID {
		t.Errorf("first id after reset = %d (%v), want %d", id3, err, firstNewPromoID)
	}
}

func ptr[T any](v T) *T { return &v }

func TestOpenCreatesPrivateFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "sandbox.db")
	s, err := Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got&^want != 0 {
			t.Errorf("%s has mode %v, want at most %v", p, got, want)
		}
	}
	if s.Path() != path {
		t.Errorf("Path() = %q", s.Path())
	}
}

func TestSecondOpenWaitsThenFails(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	s, err := Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s2, err := Open(t.Context(), path, Options{Timeout: 150 * time.Millisecond})
	waited := time.Since(start)
	if err == nil {
		s2.Close()
		t.Fatal("second Open succeeded while the file is in use")
	}
	if !errors.Is(err, ErrInUse) || !errors.Is(err, berrors.ErrTimeout) {
		t.Errorf("error %v does not match ErrInUse and bbolt errors.ErrTimeout", err)
	}
	want := fmt.Sprintf("sandbox data file %s is in use by another process", path)
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not contain %q", err, want)
	}
	if waited < 150*time.Millisecond {
		t.Errorf("gave up after %v, before the 150ms timeout", waited)
	}
	// Once released, the file opens.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err = Open(t.Context(), path, Options{Timeout: 150 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	s2.Close()
}

func TestOpenRefusesOtherFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte(bucketMeta))
		if err != nil {
			return err
		}
		return b.Put([]byte(keyVersion), []byte("0"))
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(t.Context(), path, Options{}); err == nil || !strings.Contains(err.Error(), "--reset") {
		t.Fatalf("Open of a format 0 file: %v, want an error suggesting --reset", err)
	}
	s, err := Open(t.Context(), path, Options{Reset: true})
	if err != nil {
		t.Fatalf("Open with Reset: %v", err)
	}
	defer s.Close()
	if items, err := s.listPromos(context.Background(), 2, 3); err != nil || len(items) != 4 {
		t.Errorf("after Reset: %d promo codes on site 3 (%v), want 4", len(items), err)
	}
	// Not a bbolt file at all.
	bad := filepath.Join(t.TempDir(), "bad.db")
	os.WriteFile(bad, []byte(strings.Repeat("not a database ", 1000)), 0o600)
	if _, err := Open(t.Context(), bad, Options{}); err == nil || !strings.Contains(err.Error(), "open sandbox "+bad) {
		t.Errorf("Open of a non-database: %v", err)
	}
}

func TestCancelledContext(t *testing.T) {
	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "sandbox.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Redeem(ctx, 1, RedeemRequest{SiteID: 1, Code: "WELCOME10", OrderPrice: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("Redeem with a cancelled context: %v", err)
	}
	if err := s.Reset(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Reset with a cancelled context: %v", err)
	}
}

func TestDefaultDataPath(t *testing.T) {
	env := func(m map[string]string) func(string) string {
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_STATE_HOME": "/state", "HOME": "/home/u"}, "/state/promoctl/sandbox.db"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.local/state/promoctl/sandbox.db"},
		{map[string]string{"XDG_STATE_HOME": "relative", "HOME": "/home/u"}, "/home/u/.local/state/promoctl/sandbox.db"},
	} {
		if got := DefaultDataPath(env(c.env)); got != filepath.FromSlash(c.want) {
			t.Errorf("DefaultDataPath(%v) = %q, want %q", c.env, got, c.want)
		}
	}
}
