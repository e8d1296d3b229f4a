package bulk

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/promoctl/promoctl/internal/filelock"

	"github.com/promoctl/promoctl/internal/i18n"
)

// ErrSiteBusy is a site that another job of the same user writes to on
// this machine now (LockSite without waiting).
var ErrSiteBusy = i18n.NewError(0, "bulk.lock.site_busy")

// SiteLock is held by the one job that writes to a site as a user on this
// machine: two jobs at once could draw the same codes, and each would
// settle the other's code as its own. It is a lock (flock, LockFileEx) on
// a file of the jobs folder, so it ends with the process, however it ends.
type SiteLock struct {
	once sync.Once
	f    *os.File
}

// siteLockPoll is how often a job waiting for a site's lock tries again.
const siteLockPoll = 200 * time.Millisecond

// LockSite takes the lock of the site w names (base URL, user and site) in
// the jobs folder dir (made 0700 and checked with CheckJobsDir). When
// another job holds it, LockSite returns ErrSiteBusy if !wait; otherwise it
// calls waiting once and waits until the lock is free or ctx ends.
func LockSite(ctx context.Context, dir string, w Where, wait bool, waiting func()) (*SiteLock, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, i18n.NewError(0, "bulk.lock.site", "Site", w.SiteID, "Err", err)
	}
	if err := CheckJobsDir(dir); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, siteLockName(w))
	if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
		return nil, i18n.NewError(0, "bulk.lock.not_regular", "Site", w.SiteID, "Path", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|oNofollow|oNonblock, 0o600)
	if err != nil {
		return nil, i18n.NewError(0, "bulk.lock.site", "Site", w.SiteID, "Err", err)
	}
	told := false
	for {
		err := filelock.TryLock(f)
		switch {
		case err == nil:
			return &SiteLock{f: f}, nil
		case !errors.Is(err, filelock.ErrLocked):
			f.Close()
			return nil, i18n.NewError(0, "bulk.lock.site", "Site", w.SiteID, "Err", err)
		case !wait:
			f.Close()
			return nil, ErrSiteBusy
		}
		if !told && waiting != nil {
			waiting()
		}
		told = true
		t := time.NewTimer(siteLockPoll)
		select {
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// siteLockName is the lock file of a base URL, user and site: the same
// for the same API however its URL is written (a trailing slash, case).
func siteLockName(w Where) string {
	key := strings.ToLower(strings.TrimRight(w.BaseURL, "/")) + "\x00" + strconv.FormatInt(w.UserID, 10) + "\x00" + strconv.FormatInt(w.SiteID, 10)
	sum := sha256.Sum256([]byte(key))
	return "site-" + hex.EncodeToString(sum[:8]) + ".lock"
}

// Close lets the lock go; it may be called more than once, and on nil.
func (l *SiteLock) Close() error {
	if l == nil {
		return nil
	}
	var err error
	l.once.Do(func() { err = l.f.Close() })
	return err
}
