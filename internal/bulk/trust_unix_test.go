//go:build unix

package bulk

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenRefusesAFIFOAndDevices: a FIFO or /dev/zero given as a journal
// is refused at once: the open does not block on a FIFO without a writer,
// and nothing is read from a device that never ends.
func TestOpenRefusesAFIFOAndDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/zero", t.TempDir()} {
		done := make(chan error, 2)
		go func() {
			_, err := Open(path)
			done <- err
			_, _, err = ReadFile(path)
			done <- err
		}()
		for range 2 {
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), "is not a regular file") && !strings.Contains(err.Error(), "is a directory") {
					t.Errorf("%s: %v, want a refusal that it is not a regular file", path, err)
				}
			case <-time.After(5 * time.Second): // a guard, not a wait: the refusal is immediate
				t.Fatalf("%s: Open blocked", path)
			}
		}
	}
}
