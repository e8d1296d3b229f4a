package sandbox

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
)

// Group commit.
//
// Every write of the sandbox is committed and fsynced before it is
// answered, so an answered create survives a kill -9 or a lost machine. One
// fsync per write would serialize concurrent clients on the disk: 16
// clients creating promo codes would wait for 16 fsyncs in turn. So writes
// share commits: a write joins a queue, and one committer at a time takes
// everything queued, runs it in one read-write transaction and commits it
// with one fsync. A write arriving while a commit is under way waits for
// the next one. Nothing waits for company: a write arriving alone is
// committed at once, as before.
//
// bbolt's DB.Batch does the same but waits up to a fixed delay for more
// writes to arrive, which would slow a single client down.

// maxGroup caps the writes of one commit, so that one transaction stays
// small.
const maxGroup = 256

// write is one caller's transaction function and its outcome.
type write struct {
	fn       func(*bolt.Tx) error
	err      error
	panicked any
	done     chan struct{}
}

// committer runs the writes of a Store in shared transactions.
type committer struct {
	db *bolt.DB

	mu      sync.Mutex
	queue   []*write
	running bool           // a goroutine is committing the queue
	idle    sync.WaitGroup // the committing goroutine, for close
	closed  bool

	// commits and writes count the transactions committed (or rolled back
	// for an error) and the writes they carried; tests read them.
	commits, writes atomic.Int64
	// beforeCommit, when set (tests), is called before each shared
	// transaction with the number of writes it carries.
	beforeCommit func(n int)
	// onQueued, when set (tests), is told the length of the queue each
	// time a write joins it, with the queue's lock held.
	onQueued func(n int)
}

// errClosed is the error of a write submitted after Close.
const errClosed = constError("sandbox data file is closed")

// do runs fn in a read-write transaction that is committed and fsynced
// before do returns, possibly together with the writes of other callers.
// fn must be safe to run more than once (each run on a fresh view of the
// data): when another write of its group fails, the group is rolled back
// and run again without it. Its error, and only its, is returned.
func (c *committer) do(fn func(*bolt.Tx) error) error {
	w := &write{fn: fn, done: make(chan struct{})}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return errClosed
	}
	c.queue = append(c.queue, w)
	if c.onQueued != nil {
		c.onQueued(len(c.queue))
	}
	if !c.running {
		c.running = true
		c.idle.Add(1)
		go c.run()
	}
	c.mu.Unlock()
	<-w.done
	if w.panicked != nil {
		panic(w.panicked)
	}
	return w.err
}

// run commits the queue, group after group, until it is empty.
func (c *committer) run() {
	defer c.idle.Done()
	for {
		c.mu.Lock()
		n := min(len(c.queue), maxGroup)
		if n == 0 {
			c.running = false
			c.mu.Unlock()
			return
		}
		group := c.queue[:n:n]
		c.queue = append([]*write(nil), c.queue[n:]...)
		c.mu.Unlock()
		c.commitGroup(group)
	}
}

// commitGroup runs a group of writes in one transaction. When one fails,
// the transaction is rolled back and the writes are run again in their
// order: those before it as a group, it alone (its error is its answer),
// and those after it.
func (c *committer) commitGroup(group []*write) {
	if len(group) == 0 {
		return
	}
	if c.beforeCommit != nil {
		c.beforeCommit(len(group))
	}
	failed := -1
	var failure error
	var panicked any
	err := c.db.Update(func(tx *bolt.Tx) error {
		for i, w := range group {
			if p, err := runWrite(w.fn, tx); err != nil || p != nil {
				failed, failure, panicked = i, err, p
				if err == nil {
					err = i18n.NewError(0, "sandbox.err.panic", "Value", fmt.Sprint(p))
				}
				return err
			}
		}
		return nil
	})
	c.commits.Add(1)
	c.writes.Add(int64(len(group)))
	if failed < 0 || len(group) == 1 {
		for _, w := range group {
			w.err = err
			if failed >= 0 {
				w.err, w.panicked = failure, panicked
			}
			close(w.done)
		}
		return
	}
	c.commitGroup(group[:failed])
	c.commitGroup(group[failed : failed+1])
	c.commitGroup(group[failed+1:])
}

// runWrite calls fn, turning a panic into a value to hand to its caller.
func runWrite(fn func(*bolt.Tx) error, tx *bolt.Tx) (panicked any, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return nil, fn(tx)
}

// close refuses further writes and waits for those queued.
func (c *committer) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.idle.Wait()
}
