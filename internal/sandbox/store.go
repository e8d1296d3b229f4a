package sandbox

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
)

// DefaultLockTimeout is how long Open waits for another process to release
// the data file when Options.Timeout is zero.
const DefaultLockTimeout = 5 * time.Second

// storeVersion is the format of the data file. A file of another version is
// refused by Open unless Options.Reset is set.
const storeVersion = "1"

// Bucket names and meta keys.
const (
	bucketMeta     = "meta"
	bucketSites    = "sites"
	bucketPages    = "pages"
	bucketProducts = "products"
	bucketPromos   = "promos"
	bucketCodes    = "promo_codes" // site id + upper-case code → promo id
	bucketPos      = "promo_pos"   // site id + pos + promo id → nothing: the site's highest pos
	bucketStats    = "stats"       // promo id + stat id → statistics record
	bucketLeads    = "leads"       // only its sequence is used: the last lead id
	keyVersion     = "version"
)

// allBuckets lists every bucket of the data file.
func allBuckets() []string {
	return []string{bucketMeta, bucketSites, bucketPages, bucketProducts, bucketPromos, bucketCodes, bucketPos, bucketStats, bucketLeads}
}

// Options configure Open.
type Options struct {
	// Timeout is how long Open waits for the file lock while another process
	// uses the file. Zero means DefaultLockTimeout.
	Timeout time.Duration
	// Waiting, when set, is called once when Open has waited WaitNotice for
	// the file lock, so that a person learns why nothing happens.
	Waiting func()
	// Now returns the current time; nil means time.Now. It decides is_valid,
	// redemptions and the time stamps of new records.
	Now func() time.Time
	// Reset discards whatever the file holds and seeds the demo data, as
	// Store.Reset does. It also makes Open accept a file of another format
	// and replace a damaged one.
	Reset bool
}

// Store is the sandbox's persistent state: one bbolt file. A Store is safe
// for concurrent use; every write is a durable (fsynced) transaction, and
// concurrent writes share commits (see committer).
type Store struct {
	db     *bolt.DB
	writes *committer
	path   string
	now    func() time.Time
}

// ErrInUse is matched by errors.Is for the error Open returns when another
// process holds the data file for longer than the lock timeout.
const ErrInUse = constError("sandbox data file is in use by another process")

type constError string

func (e constError) Error() string { return string(e) }

// InUseError is the error Open returns when another process holds the
// data file: the file and the time waited for its lock, for a message in
// the user's language.
type InUseError struct {
	Path   string
	Waited time.Duration
	err    error
}

func (e *InUseError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *InUseError) Message() i18n.Message {
	return i18n.M("sandbox.err.in_use", "Path", e.Path, "Waited", e.Waited)
}

func (e *InUseError) Is(target error) bool { return target == ErrInUse }
func (e *InUseError) Unwrap() error        { return e.err }

// Open opens the data file at path, creating it (mode 0600, in a folder
// created with mode 0700) and seeding the demo data when it is new.
//
// When another process has the file open, Open waits for its lock, calling
// opts.Waiting once after WaitNotice, until opts.Timeout has passed (an
// error matching ErrInUse) or ctx is done (its error). A damaged file is
// refused with an error matching ErrDamaged, or, with opts.Reset, replaced.
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	if path == "" {
		return nil, i18n.NewError(0, "sandbox.err.no_path")
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, i18n.NewError(0, "sandbox.err.open", "Path", path, "Err", err)
	}
	l := &locker{ctx: ctx, path: path, timeout: timeout, waiting: opts.Waiting, start: time.Now()}
	if err := l.check(opts.Reset); err != nil {
		return nil, err
	}
	s := &Store{path: path, now: now}
	init := s.initialize
	if opts.Reset {
		init = reseed
	}
	db, err := l.openData(init)
	if errors.Is(err, ErrDamaged) && opts.Reset {
		if err := removeDamaged(path); err != nil {
			return nil, err
		}
		db, err = l.openData(init)
	}
	if err != nil {
		return nil, err
	}
	s.db = db
	s.writes = &committer{db: db}
	return s, nil
}

// initialize seeds a new file and checks the format of an existing one.
func (s *Store) initialize(tx *bolt.Tx) error {
	meta := tx.Bucket([]byte(bucketMeta))
	if meta == nil {
		return reseed(tx)
	}
	if v := string(meta.Get([]byte(keyVersion))); v != storeVersion {
		return i18n.NewError(0, "sandbox.err.format", "Format", v, "Supported", storeVersion)
	}
	if tx.Bucket([]byte(bucketPos)) == nil {
		return indexPositions(tx)
	}
	return nil
}

// indexPositions builds the position index of a data file written before
// there was one.
func indexPositions(tx *bolt.Tx) error {
	b, err := tx.CreateBucket([]byte(bucketPos))
	if err != nil {
		return i18n.NewError(0, "sandbox.err.create_bucket", "Bucket", bucketPos, "Err", err)
	}
	return forEachJSON(tx, bucketPromos, nil, func(p *promoRec) error {
		if err := b.Put(posKey(p.SiteID, p.Pos, p.ID), []byte{}); err != nil {
			return i18n.NewError(0, "sandbox.err.index_position", "ID", p.ID, "Err", err)
		}
		return nil
	})
}

// Path returns the data file's path.
func (s *Store) Path() string { return s.path }

// Close releases the data file and its lock.
func (s *Store) Close() error {
	s.writes.close()
	if err := s.db.Close(); err != nil {
		return i18n.NewError(0, "sandbox.err.close", "Path", s.path, "Err", err)
	}
	return nil
}

// Reset discards every change and restores the demo data, atomically.
func (s *Store) Reset(ctx context.Context) error {
	if err := s.update(ctx, reseed); err != nil {
		return i18n.NewError(0, "sandbox.err.reset", "Path", s.path, "Err", err)
	}
	return nil
}

// reseed drops every bucket and writes the demo data.
func reseed(tx *bolt.Tx) error {
	for _, name := range allBuckets() {
		if tx.Bucket([]byte(name)) == nil {
			continue
		}
		if err := tx.DeleteBucket([]byte(name)); err != nil {
			return i18n.NewError(0, "sandbox.err.drop_bucket", "Bucket", name, "Err", err)
		}
	}
	for _, name := range allBuckets() {
		if _, err := tx.CreateBucket([]byte(name)); err != nil {
			return i18n.NewError(0, "sandbox.err.create_bucket", "Bucket", name, "Err", err)
		}
	}
	if err := seed(tx); err != nil {
		return i18n.NewError(0, "sandbox.err.seed", "Err", err)
	}
	return tx.Bucket([]byte(bucketMeta)).Put([]byte(keyVersion), []byte(storeVersion))
}

// view runs fn in a read-only transaction unless ctx is already done.
func (s *Store) view(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.View(fn)
}

// update runs fn in a read-write transaction, committed and fsynced before
// update returns, unless ctx is already done. The transaction may carry
// the writes of other callers too, and fn may run more than once: it must
// set what it reports afresh on each run (see committer.do).
func (s *Store) update(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.writes.do(fn)
}

// Keys and values.

func itob(v int64) []byte {
	b := make([]byte, 8)
	binary.BigEndian.PutUint64(b, uint64(v))
	return b
}

func btoi(b []byte) int64 {
	return int64(binary.BigEndian.Uint64(b))
}

// pairKey is a composite key of two ids, sorting by the first.
func pairKey(a, b int64) []byte {
	return append(itob(a), itob(b)...)
}

// getJSON reads the record stored under key into v; it reports false when
// there is none.
func getJSON(tx *bolt.Tx, bucket string, key []byte, v any) (bool, error) {
	raw := tx.Bucket([]byte(bucket)).Get(key)
	if raw == nil {
		return false, nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return false, i18n.NewError(0, "sandbox.err.decode", "Bucket", bucket, "Key", fmt.Sprintf("%x", key), "Err", err)
	}
	return true, nil
}

func putJSON(tx *bolt.Tx, bucket string, key []byte, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return i18n.NewError(0, "sandbox.err.encode", "Bucket", bucket, "Err", err)
	}
	if err := tx.Bucket([]byte(bucket)).Put(key, raw); err != nil {
		return i18n.NewError(0, "sandbox.err.write", "Bucket", bucket, "Err", err)
	}
	return nil
}

// forEachJSON decodes every record of a bucket (under prefix, when given)
// into a fresh T and calls fn with it, in key order.
func forEachJSON[T any](tx *bolt.Tx, bucket string, prefix []byte, fn func(*T) error) error {
	c := tx.Bucket([]byte(bucket)).Cursor()
	k, v := c.First()
	if prefix != nil {
		k, v = c.Seek(prefix)
	}
	for ; k != nil && hasPrefix(k, prefix); k, v = c.Next() {
		rec := new(T)
		if err := json.Unmarshal(v, rec); err != nil {
			return i18n.NewError(0, "sandbox.err.decode", "Bucket", bucket, "Key", fmt.Sprintf("%x", k), "Err", err)
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	return nil
}

func hasPrefix(k, prefix []byte) bool {
	return len(k) >= len(prefix) && string(k[:len(prefix)]) == string(prefix)
}
