package sandbox

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"runtime/debug"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Opening the data file.
//
// bbolt trusts the file it maps: a file cut short (a full disk, a machine
// that lost power, a copy that did not finish) makes it panic or fault while
// it opens, and its wait for the file lock cannot be interrupted. So Open
// first looks at the file under a shared lock, waiting for that lock in
// short steps that watch the context; refuses a damaged file with an error
// matching ErrDamaged; and opens the file for writing with faults and
// panics turned into that same error.

// WaitNotice is how long Open waits for the file lock before it calls
// Options.Waiting.
const WaitNotice = 250 * time.Millisecond

// lockPoll is how often Open tries the lock again while another process
// holds it; it bounds how late Open notices a cancelled context.
const lockPoll = 20 * time.Millisecond

// ErrDamaged is matched by errors.Is for the error Open returns when the
// data file is damaged. Opening it with Options.Reset replaces it.
const ErrDamaged = constError("sandbox data file is damaged")

// DamagedError is the error Open returns for a damaged data file: the file
// and what is wrong with it, for a message in the user's language.
type DamagedError struct {
	Path   string
	Damage Damage
}

func (e *DamagedError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words: the file, and what is wrong with it.
func (e *DamagedError) Message() i18n.Message {
	return i18n.M("sandbox.damaged", "Path", e.Path, "Why", e.Damage.Message())
}

func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// ForeignFileError is the error Open returns for a file that is no
// sandbox data file at all: opening it with Options.Reset does not
// replace it.
type ForeignFileError struct{ Path string }

func (e *ForeignFileError) Error() string { return i18n.InEnglish(e.Message()) }

// Message is the error's words.
func (e *ForeignFileError) Message() i18n.Message {
	return i18n.M("sandbox.err.foreign", "Path", e.Path)
}

// Damage is what is wrong with a damaged data file: its Kind, and the
// numbers that kind names.
type Damage struct {
	Kind       DamageKind
	Size, Need int64  // the file's size and what it needs (CutShort, CutShortHeader)
	Page       uint64 // the page (Page*)
	Part       Part   // what the page holds (Page*)
	Detail     string // what failed (Unreadable)
}

// DamageKind names a kind of damage.
type DamageKind string

// The kinds of damage inspectFile and Open find.
const (
	ZeroBytes       DamageKind = "zero_bytes"       // the file holds only zero bytes
	CutShortHeader  DamageKind = "cut_short_header" // shorter than its two header pages
	HeadersDamaged  DamageKind = "headers_damaged"  // both copies of the header
	PageSizes       DamageKind = "page_sizes"       // the header pages disagree on the page size
	CutShort        DamageKind = "cut_short"        // shorter than its pages
	PageOutside     DamageKind = "page_outside"     // the header names a page outside the file
	PageCutShort    DamageKind = "page_cut_short"   // a page is cut short
	PageOverwritten DamageKind = "page_overwritten" // a page holds something else
	Unreadable      DamageKind = "unreadable"       // bbolt failed reading it
)

// Part is what a page of the data file holds.
type Part string

// The pages the header names.
const (
	RootPage     Part = "root page"
	FreePageList Part = "free page list"
)

// String is the damage in English.
func (d Damage) String() string { return i18n.InEnglish(d.Message()) }

// Message is what is wrong with the file, as a catalog message
// (sandbox.damage.KIND).
func (d Damage) Message() i18n.Message {
	part := map[Part]string{RootPage: "root", FreePageList: "free_list"}[d.Part]
	return i18n.M("sandbox.damage."+string(d.Kind), "Size", i18n.Number(d.Size), "Need", i18n.Number(d.Need),
		"Page", d.Page, "Part", i18n.M("sandbox.page."+part), "Detail", d.Detail)
}

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
			return nil, &InUseError{Path: l.path, Waited: l.timeout, err: err}
		}
		t := time.NewTimer(min(lockPoll, l.timeout-waited))
		select {
		case <-l.ctx.Done():
			t.Stop()
			if errors.Is(l.ctx.Err(), context.DeadlineExceeded) {
				return nil, &InUseError{Path: l.path, Waited: time.Since(l.start).Round(time.Millisecond), err: err}
			}
			return nil, i18n.NewError(0, "sandbox.err.wait", "Path", l.path, "Err", l.ctx.Err())
		case <-t.C:
		}
	}
}

// waitErr reports whether err ended a wait for the lock.
func waitErr(err error) bool {
	return errors.Is(err, ErrInUse) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// check looks at an existing data file, holding a shared lock so that no
// writer is halfway through a change. A damaged file is refused, or
// removed when reset is set; a file that is not a bbolt file at all is
// refused either way, so that a wrong --data never costs a file.
func (l *locker) check(reset bool) error {
	fi, err := os.Stat(l.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return i18n.NewError(0, "sandbox.err.open", "Path", l.path, "Err", err)
	}
	if fi.Size() == 0 {
		return nil // bbolt writes a new file's header
	}
	// Read-only, bbolt reads the two header pages only.
	db, openErr := l.open(bolt.Options{ReadOnly: true})
	if waitErr(openErr) {
		return openErr
	}
	// bbolt refuses some damage before it takes the lock; the file is
	// looked at without it then.
	problem, err := inspectFile(l.path)
	if db != nil {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	switch {
	case err != nil:
		return i18n.NewError(0, "sandbox.err.open", "Path", l.path, "Err", err)
	case problem == nil && openErr != nil:
		return i18n.NewError(0, "sandbox.err.open", "Path", l.path, "Err", openErr)
	case problem == nil:
		return nil
	case problem.foreign:
		return &ForeignFileError{Path: l.path}
	case !reset:
		return &DamagedError{Path: l.path, Damage: problem.damage}
	}
	return removeDamaged(l.path)
}

// openData opens the file for reading and writing and runs init in a first
// transaction. A panic or a memory fault while bbolt reads the file (a kind
// of damage check did not see) becomes an error matching ErrDamaged.
func (l *locker) openData(init func(*bolt.Tx) error) (db *bolt.DB, err error) {
	var file *os.File
	o := bolt.Options{OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		file = f
		return f, err
	}}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		// Release the lock; the half-open DB is abandoned.
		if db != nil {
			closeQuietly(db)
		} else if file != nil {
			_ = file.Close()
		}
		db, err = nil, &DamagedError{Path: l.path, Damage: Damage{Kind: Unreadable, Detail: fmt.Sprint(r)}}
	}()
	db, err = l.open(o)
	if waitErr(err) {
		return nil, err
	}
	if err != nil {
		return nil, i18n.NewError(0, "sandbox.err.open", "Path", l.path, "Err", err)
	}
	if err := db.Update(init); err != nil {
		_ = db.Close()
		return nil, i18n.NewError(0, "sandbox.err.open", "Path", l.path, "Err", err)
	}
	return db, nil
}

// closeQuietly closes a DB that failed in a way bbolt did not expect.
func closeQuietly(db *bolt.DB) {
	defer func() { _ = recover() }()
	_ = db.Close()
}

// removeDamaged removes a damaged data file so that it can be made again.
func removeDamaged(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return i18n.NewError(0, "sandbox.err.remove_damaged", "Err", err)
	}
	return nil
}

// The parts of bbolt's file format (version 2) that inspectFile reads.
// Every page starts with a 16-byte header: id uint64, flags uint16, count
// uint16, overflow uint32. Pages 0 and 1 hold the two copies of the file's
// header (the meta), written alternately; the one with the higher
// transaction id is current.
const (
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	pageHeaderSize   = 16
	metaSize         = 64 // magic, version, page size, flags, root bucket (16), freelist, pgid, txid, checksum
	metaSummed       = 56 // the bytes the checksum covers
	branchPageFlag   = 0x01
	leafPageFlag     = 0x02
	metaPageFlag     = 0x04
	freelistPageFlag = 0x10
	noFreelist       = math.MaxUint64
)

// boltMeta is the part of a meta page inspectFile uses.
type boltMeta struct {
	pageSize uint32
	root     uint64 // page of the root bucket
	freelist uint64 // page of the free list, or noFreelist
	pgid     uint64 // pages in use: the high water mark
	txid     uint64
}

// parseMeta reads the meta in page and reports whether it is intact.
func parseMeta(page []byte) (boltMeta, bool) {
	if len(page) < pageHeaderSize+metaSize {
		return boltMeta{}, false
	}
	b := page[pageHeaderSize : pageHeaderSize+metaSize]
	ne := binary.NativeEndian // bbolt writes its structs as they are in memory
	h := fnv.New64a()
	h.Write(b[:metaSummed])
	if ne.Uint32(b[0:]) != boltMagic || ne.Uint32(b[4:]) != boltVersion || ne.Uint64(b[56:]) != h.Sum64() {
		return boltMeta{}, false
	}
	return boltMeta{
		pageSize: ne.Uint32(b[8:]),
		root:     ne.Uint64(b[16:]),
		freelist: ne.Uint64(b[32:]),
		pgid:     ne.Uint64(b[40:]),
		txid:     ne.Uint64(b[48:]),
	}, true
}

// fileProblem is what inspectFile found wrong.
type fileProblem struct {
	damage  Damage
	foreign bool // not a bbolt file at all
}

// inspectFile checks what bbolt takes on trust when it opens a file: an
// intact header, every page it names inside the file, and the root and free
// list pages of the kinds the header says. It returns nil when it finds
// nothing wrong.
func inspectFile(path string) (*fileProblem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	readPage := func(off int64, n int) ([]byte, error) {
		buf := make([]byte, n)
		got, err := f.ReadAt(buf, off)
		if err != nil && err != io.EOF {
			return nil, err
		}
		return buf[:got], nil
	}
	page0, err := readPage(0, 4096)
	if err != nil {
		return nil, err
	}
	m0, ok0 := parseMeta(page0)
	pageSize := int64(os.Getpagesize())
	if ok0 {
		pageSize = int64(m0.pageSize)
	}
	page1, err := readPage(pageSize, pageHeaderSize+metaSize)
	if err != nil {
		return nil, err
	}
	m1, ok1 := parseMeta(page1)
	if !ok0 && !ok1 {
		switch {
		case bytes.Count(page0, []byte{0}) == len(page0):
			return &fileProblem{damage: Damage{Kind: ZeroBytes}}, nil
		case !looksBolt(page0) && !looksBolt(page1):
			return &fileProblem{foreign: true}, nil
		case size < 2*pageSize:
			return &fileProblem{damage: Damage{Kind: CutShortHeader, Size: size, Need: 2 * pageSize}}, nil
		}
		return &fileProblem{damage: Damage{Kind: HeadersDamaged}}, nil
	}
	if size < 2*pageSize {
		return &fileProblem{damage: Damage{Kind: CutShortHeader, Size: size, Need: 2 * pageSize}}, nil
	}
	m := m0
	if !ok0 || (ok1 && m1.txid > m0.txid) {
		m = m1
	}
	if m1.pageSize != m0.pageSize && ok0 && ok1 {
		return &fileProblem{damage: Damage{Kind: PageSizes}}, nil
	}
	if need := int64(m.pgid) * pageSize; m.pgid > math.MaxInt64/uint64(pageSize) || size < need {
		return &fileProblem{damage: Damage{Kind: CutShort, Size: size, Need: need}}, nil
	}
	for _, p := range []struct {
		id    uint64
		what  Part
		flags []uint16
	}{
		{m.root, RootPage, []uint16{branchPageFlag, leafPageFlag}},
		{m.freelist, FreePageList, []uint16{freelistPageFlag}},
	} {
		if p.id == noFreelist && p.what == FreePageList {
			continue
		}
		if p.id < 2 || p.id >= m.pgid {
			return &fileProblem{damage: Damage{Kind: PageOutside, Page: p.id, Part: p.what}}, nil
		}
		hdr, err := readPage(int64(p.id)*pageSize, pageHeaderSize)
		if err != nil {
			return nil, err
		}
		if len(hdr) < pageHeaderSize {
			return &fileProblem{damage: Damage{Kind: PageCutShort, Page: p.id, Part: p.what}}, nil
		}
		flags := binary.NativeEndian.Uint16(hdr[8:])
		if binary.NativeEndian.Uint64(hdr[0:]) != p.id || !hasFlag(p.flags, flags) {
			return &fileProblem{damage: Damage{Kind: PageOverwritten, Page: p.id, Part: p.what}}, nil
		}
	}
	return nil, nil
}

func hasFlag(want []uint16, got uint16) bool {
	for _, w := range want {
		if w == got {
			return true
		}
	}
	return false
}

// looksBolt reports whether page starts the way a bbolt meta page does:
// the magic number where it belongs, or, in a page cut too short to hold
// it, a meta page's header.
func looksBolt(page []byte) bool {
	ne := binary.NativeEndian
	if len(page) >= pageHeaderSize+4 {
		return ne.Uint32(page[pageHeaderSize:]) == boltMagic
	}
	return len(page) >= 10 && ne.Uint16(page[8:]) == metaPageFlag && ne.Uint64(page[0:]) <= 1
}
