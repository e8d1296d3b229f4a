package bulk

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/promoctl/promoctl/internal/bulk/codegen"
	"github.com/promoctl/promoctl/internal/filelock"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// JournalVersion is the version of the journal format this package writes
// and reads.
const JournalVersion = 1

// Action is what a planned operation does to one promo code.
type Action string

// The actions of a plan.
const (
	ActionCreate  Action = "create"
	ActionUpdate  Action = "update"
	ActionDelete  Action = "delete"
	ActionDisable Action = "disable"
)

// Op is one planned write.
type Op struct {
	Action Action `json:"action"`
	// Code is the code text: what a create makes, and what settling looks
	// for on the site's list.
	Code string `json:"code"`
	// ID is the promo code an update, delete or disable acts on.
	ID int64 `json:"id,omitempty"`
	// Body is, for a create, a promo.CreateBody that replaces the job's
	// Template (its code and site are set from the Op and the job); for an
	// update, a JSON object of API field names and their new values,
	// merged into the record read just before (read-modify-write).
	Body json.RawMessage `json:"body,omitempty"`
}

// Header is the first line of a journal: what the job is, enough to resume
// it without the command line that started it.
type Header struct {
	Version int       `json:"v"`
	Job     string    `json:"job"`
	Kind    JobKind   `json:"kind"` // the command that started the job
	SiteID  int64     `json:"site_id"`
	Started time.Time `json:"started"`
	// BaseURL and UserID are where the job's requests went: a resume with
	// other settings is refused (Header.Check). Journals of an older
	// promoctl have neither.
	BaseURL string `json:"base_url,omitempty"`
	UserID  int64  `json:"user_id,omitempty"`
	// Template is the create request of every create without a Body: the
	// fields of promo generate.
	Template *promo.CreateBody `json:"template,omitempty"`
	// Generate holds the parameters of promo generate.
	Generate *GenerateParams `json:"generate,omitempty"`
	// Ops is the number of planned operations that follow.
	Ops int `json:"ops"`
}

// GenerateParams are the parameters of promo generate kept in its journal.
type GenerateParams struct {
	Format      codegen.Format `json:"format"`
	Count       int            `json:"count"`
	Concurrency int            `json:"concurrency,omitempty"`
}

// State is where one planned operation stands, as the journal says.
type State string

// States of an item. Created, updated and deleted are final; failed items
// are tried again by a resumed job; sent and unknown ones are settled
// first.
const (
	StatePlanned State = "planned" // not sent, or certainly not acted on
	StateSent    State = "sent"    // the request may have gone out; no outcome recorded
	StateCreated State = "created"
	StateUpdated State = "updated"
	StateDeleted State = "deleted"
	StateFailed  State = "failed"  // refused or not sent; safe to send again
	StateUnknown State = "unknown" // may have been acted on; settle before anything else
)

// Item is one planned operation and where it stands.
type Item struct {
	Index int
	Op
	State State
	// ID is the promo code's id: the one acted on, or the one created.
	// A create whose answer carried no id has 0 until it is settled.
	ID     int64
	Reason string // why it failed or is unknown, as the journal records it
	// Said is why it failed or is unknown as the journal keeps it for a
	// later run to say in its language: the catalog message and its
	// values; nil in journals of older promoctl, whose Reason is all.
	Said *i18n.Saved
	// Err is why it failed or is unknown as this run met it, to be said
	// in the run's language; nil for what was read from a journal file,
	// whose Reason is its text.
	Err error
	// Unsure says an attempt of this operation had an unknown outcome (it
	// may have been acted on): a later create refused as existing may be
	// that attempt landing, and a later delete answered 404 is done.
	Unsure bool
	// Absent says the site's list, read the settling delay after this
	// create's last attempt, did not show it, and no attempt since had an
	// unknown outcome: a create refused as existing now is taken
	// elsewhere, not this job's attempt landing late.
	Absent bool
	// Exists says its last attempt was refused as existing after the list
	// did not show it (entry.Exists).
	Exists bool
	// Taken says the code is taken elsewhere: a final failure, not sent
	// again.
	Taken bool
	// Unanswered says it failed because no attempt was answered (a 5xx or
	// a timeout every round) and the site's list did not show it: failed,
	// not refused.
	Unanswered bool
	// LastAt is when its last attempt was sent, or came back unknown or
	// created: settling lets the server finish an attempt before calling
	// it absent, and a list may lag behind a create.
	LastAt time.Time
}

// Why is why it failed or is unknown: the error this run met (said in the
// run's language where it is shown), else the message the journal file
// keeps (said in the language of the run that reads it), else the reason
// an older journal records (its text as written); nil when there is none.
func (it Item) Why() error {
	switch {
	case it.Err != nil:
		return it.Err
	case it.Said != nil:
		return &i18n.Error{Msg: it.Said.Message()}
	case it.Reason != "":
		return errors.New(it.Reason)
	}
	return nil
}

// Journal is an append-only record of a job, one JSON object a line: the
// header, one "plan" line per operation, then for each operation "sent"
// before its request and its outcome after ("created", "updated",
// "deleted", "failed", "unknown", or "unsent" when the server certainly did
// not act). Every line is on disk (fsynced) before the step after it. It is
// safe for concurrent use.
type Journal struct {
	path string

	mu     sync.Mutex
	f      *os.File
	broken error // set after a failed write: later lines could follow a torn one
	header Header
	items  []Item
	// held are closed with the journal (Hold).
	held []io.Closer
	// light keeps of each item only what promo jobs needs (no request
	// bodies, no reasons), so that listing many journals stays small.
	light bool
	// answers are the records the server answered this run's creates
	// with, by item: what the output shows of a code the list does not
	// show yet. Not journaled.
	answers map[int]json.RawMessage
	// createdIDs are the ids the journal's creates were given, each
	// with its item: one id is never two codes.
	createdIDs map[int64]int

	// Group commit (record): lines wait in queue until the one writer at
	// a time (flushing) writes them all and syncs them once; each waiter
	// returns when the sync that covers its line (synced) is done.
	cond     *sync.Cond // on mu: a batch was synced, or the journal broke
	queue    []byte     // lines not yet written
	queued   []entry    // their entries, applied once they are on disk
	spare    []byte     // the last batch's buffer, for the next queue
	seq      uint64     // lines queued so far
	synced   uint64     // lines on disk so far
	flushing bool
	// sync makes the file's writes durable; nil means (*os.File).Sync.
	sync func(*os.File) error
}

// entry is one line of a journal.
type entry struct {
	T      string    `json:"t"`
	I      int       `json:"i"`
	At     time.Time `json:"at,omitzero"`
	Job    *Header   `json:"job,omitempty"`
	Op     *Op       `json:"op,omitempty"`
	ID     int64     `json:"id,omitempty"`
	Reason string    `json:"reason,omitempty"` // English, for people and older promoctl
	// Why is the reason as a catalog message and its values, said in the
	// language of the run that reads the journal.
	Why     *i18n.Saved `json:"why,omitempty"`
	Settled bool        `json:"settled,omitempty"` // the outcome was read from the site's list
	// Taken marks a failed create that is final: the code exists, but
	// not on the site's list (another site's, or someone else's).
	Taken bool `json:"taken,omitempty"`
	// Exists marks an unknown create refused as existing after the list
	// did not show it: the next settling read decides between this job's
	// attempt landing late and a code taken elsewhere.
	Exists bool `json:"exists,omitempty"`
	// err is the error Reason is the English text of, when this run met
	// it: not written, kept in the Item to be said in the run's language.
	err error
}

// NewJobID returns a job id that sorts by start time and is unique:
// 20260102T150405Z-1a2b3c4d.
func NewJobID(now time.Time) string {
	var b [4]byte
	rand.Read(b[:])
	return now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// DefaultPath is where a job's journal is kept by default:
// $XDG_STATE_HOME/promoctl/jobs/<job id>.jsonl, or under
// $HOME/.local/state when XDG_STATE_HOME is unset or not absolute. env
// looks up environment variables (os.Getenv in production).
func DefaultPath(env func(string) string, jobID string) string {
	dir := env("XDG_STATE_HOME")
	if dir == "" || !filepath.IsAbs(dir) {
		home := env("HOME")
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "promoctl", "jobs", jobID+".jsonl")
}

// Create starts the journal of a new job at path (its folder is made 0700,
// the file 0600; an existing file is refused): the header and every planned
// operation, on disk before Create returns. h.Version, h.Started and h.Ops
// are filled in.
func Create(path string, h Header, ops []Op) (*Journal, error) {
	h.Version, h.Ops = JournalVersion, len(ops)
	if h.Started.IsZero() {
		h.Started = time.Now().UTC()
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, i18n.NewError(0, "bulk.journal.create", "Path", path, "Err", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		return nil, i18n.NewError(0, "bulk.journal.create", "Path", path, "Err", err)
	}
	if err := lockJournal(f, path); err != nil {
		f.Close()
		return nil, err
	}
	j := &Journal{path: path, f: f}
	if err := j.plan(h, ops); err != nil {
		// Nothing was sent: a journal without its whole plan is no use.
		f.Close()
		os.Remove(path)
		return nil, i18n.NewError(0, "bulk.journal.create", "Path", path, "Err", err)
	}
	syncDir(dir)
	return j, nil
}

// plan writes the header and the plan lines, then syncs them once.
func (j *Journal) plan(h Header, ops []Op) error {
	w := bufio.NewWriter(j.f)
	lines := make([]entry, 0, len(ops)+1)
	lines = append(lines, entry{T: "job", Job: &h})
	for i := range ops {
		lines = append(lines, entry{T: "plan", I: i, Op: &ops[i]})
	}
	for _, e := range lines {
		if err := writeLine(w, e); err != nil {
			return err
		}
		j.apply(e)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return j.f.Sync()
}

// Open reopens the journal of an interrupted job to resume it: it replays
// the lines into the state of each item and appends after them. A last
// line cut off by a crash (kill -9, power loss) is dropped, since the step
// it records was not yet certain.
//
// The journal stays locked until Close, so that a second promoctl cannot
// run the same job at once (ErrInUse). A file that is not regular, not the
// current user's or writable by others is refused, and so is one larger
// than MaxJournalBytes; the caller checks the header (Header.Check).
func Open(path string) (*Journal, error) {
	f, err := openJournalFile(path, true)
	if err != nil {
		return nil, i18n.NewError(0, "bulk.journal.open", "Path", path, "Err", err)
	}
	if err := lockJournal(f, path); err != nil {
		f.Close()
		return nil, err
	}
	j := &Journal{path: path}
	good, size, err := j.replay(f)
	if err != nil {
		f.Close()
		return nil, i18n.NewError(0, "bulk.journal.at", "Path", path, "Err", err)
	}
	if good < size {
		if err := f.Truncate(good); err != nil {
			f.Close()
			return nil, i18n.NewError(0, "bulk.journal.torn", "Path", path, "Err", err)
		}
	}
	j.f = f
	return j, nil
}

// ErrInUse is a journal that another promoctl has open: it is running that
// job now.
var ErrInUse = i18n.NewError(0, "bulk.journal.in_use")

// lockWait is how long lockJournal waits for a lock that is taken: a
// promoctl that runs the job holds it for as long as it runs, while
// promo jobs' probe (running) holds it for an instant, which a --resume
// started in that instant must not take for a running job.
const lockWait = 100 * time.Millisecond

// lockJournal takes the journal's lock for as long as f is open.
func lockJournal(f *os.File, path string) error {
	deadline := time.Now().Add(lockWait)
	for {
		err := filelock.TryLock(f)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, filelock.ErrLocked):
			return i18n.NewError(0, "bulk.journal.lock", "Path", path, "Err", err)
		case time.Now().After(deadline):
			return i18n.NewError(0, "bulk.journal.at", "Path", path, "Err", ErrInUse)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Read replays a journal without opening it for writing: its header and
// the state of every item. It reads at most MaxJournalBytes.
func Read(r io.Reader) (Header, []Item, error) {
	return read(r, false)
}

// read is Read, light or not (Journal.light).
func read(r io.Reader, light bool) (Header, []Item, error) {
	j := Journal{light: light}
	if _, _, err := j.replay(r); err != nil {
		return Header{}, nil, i18n.NewError(0, "bulk.journal.err", "Err", err)
	}
	return j.header, j.items, nil
}

// replay reads r line by line, at most MaxJournalBytes, and applies every
// complete line; it returns the length of them and of all r. Text after
// the last newline is a torn line and is ignored. Nothing is allocated
// from what a header says: memory follows the lines that are there.
func (j *Journal) replay(r io.Reader) (good, size int64, err error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte // a line longer than br's buffer
	n := 0
	for {
		chunk, rerr := br.ReadSlice('\n')
		size += int64(len(chunk))
		if size > MaxJournalBytes {
			return 0, 0, i18n.NewError(0, "bulk.journal.too_large", "MiB", MaxJournalBytes>>20)
		}
		if errors.Is(rerr, bufio.ErrBufferFull) {
			if len(long)+len(chunk) > maxLineBytes {
				return 0, 0, i18n.NewError(0, "bulk.journal.long_line", "Line", n+1, "MiB", maxLineBytes>>20)
			}
			long = append(long, chunk...)
			continue
		}
		if rerr != nil && rerr != io.EOF {
			return 0, 0, rerr
		}
		line := chunk
		if len(long) > 0 {
			long = append(long, chunk...)
			line = long
		}
		if rerr == io.EOF {
			break // a torn last line, or none
		}
		n++
		var e entry
		if err := json.Unmarshal(line, &e); err != nil {
			return 0, 0, i18n.NewError(0, "bulk.journal.bad_line", "Line", n, "Err", err)
		}
		if err := j.check(e, n); err != nil {
			return 0, 0, err
		}
		j.apply(e)
		good = size
		long = long[:0]
	}
	switch {
	case n == 0:
		return 0, 0, i18n.NewError(0, "bulk.journal.empty")
	case len(j.items) < j.header.Ops:
		return 0, 0, i18n.NewError(0, "bulk.journal.cut_off", "Done", len(j.items), "Ops", j.header.Ops)
	}
	return good, size, nil
}

// maxLineBytes bounds one line of a journal: a plan line with its request
// body, or a step with the server's reason, is a few KiB.
const maxLineBytes = 16 << 20

// maxJournalOps bounds the operations a journal's header may plan: far
// more than any site holds, so that a damaged header cannot ask for an
// impossible amount of memory.
const maxJournalOps = 10_000_000

// check refuses a line that does not fit the journal so far.
func (j *Journal) check(e entry, line int) error {
	switch {
	case line == 1 && (e.T != "job" || e.Job == nil):
		return i18n.NewError(0, "bulk.journal.no_header")
	case line == 1 && e.Job.Version != JournalVersion:
		return i18n.NewError(0, "bulk.journal.version", "Version", e.Job.Version, "Reads", JournalVersion)
	case line == 1 && (e.Job.Ops < 0 || e.Job.Ops > maxJournalOps):
		return i18n.NewError(0, "bulk.journal.header_ops", "Ops", e.Job.Ops)
	case line == 1:
		if e.Job.Kind.actions() == nil {
			return i18n.NewError(0, "bulk.journal.unknown_kind", "Kind", e.Job.Kind)
		}
		return nil
	case e.T == "job":
		return i18n.NewError(0, "bulk.journal.second_header", "Line", line)
	case e.T == "plan" && e.I >= j.header.Ops:
		return i18n.NewError(0, "bulk.journal.more_ops", "Line", line, "Ops", j.header.Ops)
	case e.T == "plan" && (e.Op == nil || e.I != len(j.items)):
		return i18n.NewError(0, "bulk.journal.plan_order", "Line", line)
	case e.T == "plan":
		return j.checkOp(*e.Op, line)
	case e.I < 0 || e.I >= len(j.items) || len(j.items) < j.header.Ops:
		return i18n.NewError(0, "bulk.journal.step_unplanned", "Line", line, "Op", e.I)
	}
	switch e.T {
	case "sent", "created", "updated", "deleted", "failed", "unknown", "unsent":
	default:
		return i18n.NewError(0, "bulk.journal.unknown_step", "Line", line, "Step", promo.Quoted(e.T))
	}
	it := j.items[e.I]
	// A done operation is never sent or settled again; a create done
	// without its id only has it settled from the list.
	done := it.State == StateUpdated || it.State == StateDeleted || it.State == StateCreated && it.ID != 0 || it.Taken
	if done || it.State == StateCreated && !(e.T == "created" && e.Settled) {
		return i18n.NewError(0, "bulk.journal.second_outcome", "Line", line, "Op", e.I, "Code", it.Code, "State", string(it.State), "Step", e.T)
	}
	var want Action
	switch e.T {
	case "created":
		want = ActionCreate
	case "updated":
		want = ActionUpdate
		if it.Action == ActionDisable {
			want = ActionDisable
		}
	case "deleted":
		want = ActionDelete
	}
	if want != "" && it.Action != want {
		return i18n.NewError(0, "bulk.journal.wrong_outcome", "Line", line, "Op", e.I, "Action", string(it.Action), "Step", e.T)
	}
	if e.T == "created" && e.ID != 0 {
		if other, ok := j.createdIDs[e.ID]; ok && other != e.I {
			return i18n.NewError(0, "bulk.journal.id_twice", "Line", line, "ID", e.ID, "Code", it.Code, "Other", j.items[other].Code)
		}
	}
	return nil
}

// JobKind is the command that started a job, as its journal's header
// names it.
type JobKind string

// The kinds of jobs.
const (
	JobGenerate JobKind = "generate"
	JobApply    JobKind = "apply"
	JobDelete   JobKind = "delete"
	JobEnable   JobKind = "enable"
	JobDisable  JobKind = "disable"
)

// actions are the operations a kind of job plans, none for a kind
// promoctl does not know: a journal whose plan holds any other is refused,
// since a resume would carry it out.
func (k JobKind) actions() []Action {
	switch k {
	case JobGenerate:
		return []Action{ActionCreate}
	case JobApply:
		return []Action{ActionCreate, ActionUpdate, ActionDelete, ActionDisable}
	case JobDelete:
		return []Action{ActionDelete}
	case JobEnable:
		return []Action{ActionUpdate}
	case JobDisable:
		return []Action{ActionDisable}
	}
	return nil
}

// checkOp refuses a planned operation that is not one of the job's kind
// plans: another action, a create that names an id, an update, delete or
// disable without one, a generate's create with its own fields, an enable
// that changes more than is_enabled.
func (j *Journal) checkOp(op Op, line int) error {
	kind := j.header.Kind
	ok := slices.Contains(kind.actions(), op.Action)
	switch {
	case !ok:
	case op.Action == ActionCreate:
		ok = op.ID == 0 && (kind != "generate" || len(op.Body) == 0)
	default:
		ok = op.ID > 0
	}
	if ok && kind == "enable" {
		var body map[string]any
		ok = json.Unmarshal(op.Body, &body) == nil && len(body) == 1 && body["is_enabled"] == true
	}
	if !ok {
		what := string(op.Action)
		if op.ID != 0 {
			what += " id " + strconv.FormatInt(op.ID, 10)
		}
		return i18n.NewError(0, "bulk.journal.foreign_op", "Line", line, "Kind", kind, "Op", what)
	}
	return nil
}

// apply moves the state of the journal by one line.
func (j *Journal) apply(e entry) {
	switch e.T {
	case "job":
		j.header = *e.Job
		// Not preallocated from e.Job.Ops: a header may claim anything.
		j.items = nil
	case "plan":
		op := *e.Op
		if j.light {
			op.Body = nil
		}
		j.items = append(j.items, Item{Index: e.I, Op: op, State: StatePlanned, ID: e.Op.ID})
	case "unsent":
		it := &j.items[e.I]
		it.State, it.Reason, it.Said, it.Err = StatePlanned, "", nil, nil
		it.Unsure = it.Unsure || e.Settled
		it.Absent = it.Absent || e.Settled
	default:
		it := &j.items[e.I]
		switch e.T {
		case "sent":
			it.Unsure = it.Unsure || it.State == StateSent || it.State == StateUnknown
			it.LastAt = e.At
		case "unknown":
			it.Unsure, it.LastAt, it.Absent, it.Exists = true, e.At, false, e.Exists
		case "created":
			it.LastAt = e.At
		}
		it.State, it.Reason, it.Said, it.Err = State(e.T), e.Reason, e.Why, e.err
		if j.light {
			it.Reason, it.Said, it.Err = "", nil, nil
		}
		it.Unanswered = e.T == "failed" && e.Settled
		it.Absent = it.Absent || e.T == "failed" && e.Settled
		it.Taken = e.T == "failed" && e.Taken
		if e.ID != 0 {
			it.ID = e.ID
			if e.T == "created" {
				if j.createdIDs == nil {
					j.createdIDs = map[int64]int{}
				}
				j.createdIDs[e.ID] = e.I
			}
		}
	}
}

// record appends one line, on disk before it returns, and applies it. After
// a failed write every later record fails too, so that no line follows a
// torn one.
//
// Lines of concurrent records are committed in groups: the first to find
// no write under way writes every line queued so far and syncs them once,
// while the others wait; so one fsync covers many steps when many requests
// are in flight, and still no record returns before its own line is on
// disk (the write-ahead rule).
func (j *Journal) record(e entry) error {
	e.At = time.Now().UTC()
	b, err := json.Marshal(e)
	if err != nil {
		return i18n.NewError(0, "bulk.journal.write", "Path", j.path, "Err", err)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.cond == nil {
		j.cond = sync.NewCond(&j.mu)
	}
	if j.broken != nil {
		return j.broken
	}
	j.queue = append(append(j.queue, b...), '\n')
	j.queued = append(j.queued, e)
	j.seq++
	mine := j.seq
	for j.synced < mine {
		if j.broken != nil {
			return j.broken
		}
		if j.flushing {
			j.cond.Wait()
			continue
		}
		j.flush()
	}
	return nil
}

// flush writes and syncs the queued lines, with j.mu held on entry and on
// return but not during the I/O, then applies them and wakes the waiters.
func (j *Journal) flush() {
	j.flushing = true
	batch, entries, upto := j.queue, j.queued, j.seq
	j.queue, j.queued = j.spare[:0], nil
	j.mu.Unlock()
	_, err := j.f.Write(batch)
	if err == nil {
		if j.sync != nil {
			err = j.sync(j.f)
		} else {
			err = j.f.Sync()
		}
	}
	j.mu.Lock()
	j.flushing = false
	j.spare = batch
	if err != nil {
		j.broken = i18n.NewError(0, "bulk.journal.write", "Path", j.path, "Err", err)
	} else {
		for _, e := range entries {
			j.apply(e)
		}
		j.synced = upto
	}
	j.cond.Broadcast()
}

func writeLine(w io.Writer, e entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// Header is the job's header.
func (j *Journal) Header() Header {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.header
}

// Items returns the state of every planned operation, in plan order.
func (j *Journal) Items() []Item {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]Item(nil), j.items...)
}

// keepAnswer keeps the record a create of item i was answered with.
func (j *Journal) keepAnswer(i int, raw json.RawMessage) {
	if len(raw) == 0 {
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.answers == nil {
		j.answers = map[int]json.RawMessage{}
	}
	j.answers[i] = raw
}

// Answer is the record the server answered item i's create with in this
// run, or nil: what to show of a created code the list does not show yet.
func (j *Journal) Answer(i int) json.RawMessage {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.answers[i]
}

func (j *Journal) item(i int) Item {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.items[i]
}

// Hold ties c to the journal: Close closes it too (a job's SiteLock).
func (j *Journal) Hold(c io.Closer) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.held = append(j.held, c)
}

// Close closes the journal's file, and what it holds.
func (j *Journal) Close() error {
	j.mu.Lock()
	held := j.held
	j.held = nil
	j.mu.Unlock()
	for _, c := range held {
		c.Close()
	}
	if j.f == nil {
		return nil
	}
	if err := j.f.Close(); err != nil {
		return i18n.NewError(0, "bulk.journal.close", "Path", j.path, "Err", err)
	}
	return nil
}

// syncDir flushes a folder's entries, so that a new file survives a crash.
// Some systems cannot sync a folder; the file is there all the same.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// upper is the key codes are compared by: the API treats codes that differ
// only in case as the same code (the sandbox indexes them upper-cased).
func upper(code string) string { return strings.ToUpper(code) }

// CreateOps plans a create of each code, as promo generate does.
func CreateOps(codes []string) []Op {
	ops := make([]Op, len(codes))
	for i, c := range codes {
		ops[i] = Op{Action: ActionCreate, Code: c}
	}
	return ops
}
