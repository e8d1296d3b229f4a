package bulk

import (
	"errors"
	"os"

	"github.com/promoctl/promoctl/internal/filelock"
)

// running reports whether a promoctl is running the job of the journal at
// path now: a running job holds an exclusive lock on its journal (Open,
// Create), so the probe takes the lock without waiting and lets it go at
// once. A journal that cannot be opened or locked for another reason is
// not called running.
func running(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := filelock.TryLock(f); err != nil {
		return errors.Is(err, filelock.ErrLocked)
	}
	filelock.Unlock(f)
	return false
}
