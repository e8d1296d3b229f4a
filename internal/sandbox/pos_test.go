package sandbox

import (
	"context"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestCreatePosition: a new promo code gets the position one past the
// site's highest, as read from the position index, also after the
// highest was deleted and on a site without promo codes.
func TestCreatePosition(t *testing.T) {
	s := openTestStore(t)
	ctx := context.Background()
	create := func(user, site int64, code string) (int64, int64) {
		t.Helper()
		in := createInput(code)
		in.siteID = &site
		id, _, err := s.createPromo(ctx, user, in)
		if err != nil {
			t.Fatal(err)
		}
		items, err := s.listPromos(ctx, user, site)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			if it.Code == code {
				return id, it.Pos
			}
		}
		t.Fatalf("%s not listed", code)
		return 0, 0
	}
	if _, pos := create(1, 1, "POSA"); pos != 13 {
		t.Errorf("first new code on site 1 at %d, want 13", pos)
	}
	b, pos := create(1, 1, "POSB")
	if pos != 14 {
		t.Errorf("second new code on site 1 at %d, want 14", pos)
	}
	if err := s.deletePromo(ctx, 1, b); err != nil {
		t.Fatal(err)
	}
	if _, pos := create(1, 1, "POSC"); pos != 14 {
		t.Errorf("new code after deleting the highest at %d, want 14", pos)
	}
	if _, pos := create(1, 2, "POSD"); pos != 1 {
		t.Errorf("first code of empty site 2 at %d, want 1", pos)
	}
	if _, pos := create(2, 3, "POSE"); pos != 5 {
		t.Errorf("new code on site 3 at %d, want 5", pos)
	}
}

// TestPositionIndexBuiltOnOpen: a data file written before the position
// index existed gets one when it is opened.
func TestPositionIndexBuiltOnOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	s, err := Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.createPromo(context.Background(), 1, createInput("OLDFILE")); err != nil {
		t.Fatal(err)
	}
	err = s.db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte(bucketPos)) })
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(t.Context(), path, Options{})
	if err != nil {
		t.Fatalf("open a file without the position index: %v", err)
	}
	defer s.Close()
	if _, _, err := s.createPromo(context.Background(), 1, createInput("NEWFILE")); err != nil {
		t.Fatal(err)
	}
	items, err := s.listPromos(context.Background(), 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	last := items[len(items)-1]
	if last.Code != "NEWFILE" || last.Pos != 14 {
		t.Errorf("last promo code %s at %d, want NEWFILE at 14", last.Code, last.Pos)
	}
}
