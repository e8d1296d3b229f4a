package config

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestEditKeepsEveryConcurrentChange(t *testing.T) {
	path := filepath.Join(t.TempDir(), "promoctl", "config.yaml")
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _, err := Edit(context.Background(), path, func(d *Doc) (bool, error) {
				// Give the others time to read the same file.
				time.Sleep(2 * time.Millisecond)
				return true, d.Set(fmt.Sprintf("p%d", i), KeyUserID, fmt.Sprint(i+1))
			})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("Edit: %v", err)
		}
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(f.Profiles); got != n {
		t.Errorf("%d profiles, want %d:\n%s", got, n, readString(t, path))
	}
	if got := mode(t, path); got != FileMode {
		t.Errorf("file mode = %04o, want %04o", got, FileMode)
	}
	if got := mode(t, path+".lock"); got != FileMode {
		t.Errorf("lock file mode = %04o, want %04o", got, FileMode)
	}
}

func TestEditWaitsForTheLockOnlyAsLongAsTheContext(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	unlock, err := Lock(context.Background(), path)
	if err != nil {
		t.Fatalf("Lock: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	called := false
	_, _, err = Edit(ctx, path, func(*Doc) (bool, error) { called = true; return true, nil })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Edit while locked: err = %v, want the context's deadline", err)
	}
	if want := "wait for the lock on config file " + path + ": another promoctl is changing it: context deadline exceeded"; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	if called {
		t.Error("edit ran without the lock")
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("config file written without the lock: %v", err)
	}

	// Released, the lock is free again.
	if err := unlock(); err != nil {
		t.Fatalf("unlock: %v", err)
	}
	if _, _, err := Edit(context.Background(), path, func(d *Doc) (bool, error) {
		return true, d.SetCurrent("p1")
	}); err != nil {
		t.Fatalf("Edit after unlock: %v", err)
	}
	if got := readString(t, path); got != "current_profile: p1\n" {
		t.Errorf("file = %q", got)
	}
}

func TestEditWritesNothingWhenTheEditSaysSo(t *testing.T) {
	path := writeTemp(t, "current_profile: a # keep\n")
	for _, c := range []struct {
		name string
		edit func(d *Doc) (bool, error)
	}{
		{"no change", func(d *Doc) (bool, error) { return false, d.SetCurrent("b") }},
		{"error", func(d *Doc) (bool, error) { d.SetCurrent("b"); return true, errors.New("boom") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := Edit(context.Background(), path, c.edit)
			if c.name == "error" && (err == nil || err.Error() != "boom") {
				t.Errorf("err = %v, want the edit's", err)
			}
			if got := readString(t, path); got != "current_profile: a # keep\n" {
				t.Errorf("file = %q, want it unchanged", got)
			}
		})
	}
}

func TestEditRefusesAFileThatIsNotARegularFile(t *testing.T) {
	if _, err := os.Stat(os.DevNull); err != nil {
		t.Skip("no ", os.DevNull)
	}
	_, _, err := Edit(context.Background(), os.DevNull, func(d *Doc) (bool, error) {
		return true, d.SetCurrent("x")
	})
	if want := "config file " + os.DevNull + " is not a regular file: cannot write it"; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %q", err, want)
	}
	if _, err := os.Stat(os.DevNull + ".lock"); err == nil {
		t.Errorf("a lock file was created beside %s", os.DevNull)
	}
}

// writeTemp writes a config file in a temp folder and returns its path.
func writeTemp(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(p, []byte(content), FileMode); err != nil {
		t.Fatal(err)
	}
	return p
}
