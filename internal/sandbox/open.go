package sandbox

import (
	"context"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Waiting for the data file's lock.
//
// bbolt's own wait for the file lock sleeps for a fixed time and cannot be
// interrupted; Open waits in short steps that watch the context instead.

// WaitNotice is how long Open waits for the file lock before it calls
// Options.Waiting.
const WaitNotice = 250 * time.Millisecond

// lockPoll is how often Open tries the lock again while another process
// holds it; it bounds how late Open notices a cancelled context.
const lockPoll = 20 * time.Millisecond

// locker opens the data file with bbolt, waiting for its lock while another
// process holds it, for as long as its context and timeout allow.
type locker struct {
	ctx     context.Context
	path    string
	timeout time.Duration
	waiting func()
	start   time.Time
	told    bool
}

// open opens the file with o. bbolt's own wait for the lock sleeps and
// cannot be interrupted, so each try is a single attempt and the waiting is
// done here.
func (l *locker) open(o bolt.Options) (*bolt.DB, error) {
	// bbolt gives up after one attempt when the timeout is shorter than
	// its 50ms poll.
	o.Timeout = time.Nanosecond
	for {
		db, err := bolt.Open(l.path, 0o600, &o)
		if !errors.Is(err, berrors.ErrTimeout) {
			return db, err
		}
		waited := time.Since(l.start)
		if !l.told && waited >= WaitNotice && l.waiting != nil {
			l.told = true
			l.waiting()
		}
		if waited >= l.timeout {
			return nil, &inUseError{path: l.path, waited: l.timeout, err: err}
		}
		t := time.NewTimer(min(lockPoll, l.timeout-waited))
		select {
		case <-l.ctx.Done():
			t.Stop()
			if errors.Is(l.ctx.Err(), context.DeadlineExceeded) {
				return nil, &inUseError{path: l.path, waited: time.Since(l.start).Round(time.Millisecond), err: err}
			}
			return nil, fmt.Errorf("wait for sandbox data file %s: %w", l.path, l.ctx.Err())
		case <-t.C:
		}
	}
}

// waitErr reports whether err ended a wait for the lock.
func waitErr(err error) bool {
	return errors.Is(err, ErrInUse) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// openData opens the file for reading and writing and runs init in a first
// transaction.
func (l *locker) openData(init func(*bolt.Tx) error) (*bolt.DB, error) {
	db, err := l.open(bolt.Options{})
	if waitErr(err) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("open sandbox %s: %w", l.path, err)
	}
	if err := db.Update(init); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open sandbox %s: %w", l.path, err)
	}
	return db, nil
}
