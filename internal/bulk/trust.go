package bulk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/promoctl/promoctl/internal/i18n"
)

// MaxJournalBytes is the largest journal Open and ReadFile read: a job of
// codegen's 100,000 codes with every step journaled is some 30 MB, an
// apply of the most rows a file may hold a few times that. A larger file,
// or one that never ends (/dev/zero), is refused, not read into memory.
const MaxJournalBytes = 256 << 20

// openJournalFile opens path for a resume (write) or a read, and refuses a
// file that is not to be trusted: not a regular file (a FIFO, a device: it
// could block or never end), another user's, or one that others may write
// (like ssh with its keys: anyone who can change the journal chooses what
// the resume creates, and where).
func openJournalFile(path string, write bool) (*os.File, error) {
	// A symbolic link is refused, not followed: promo jobs would show,
	// and a resume run, the file it points to under this job's name.
	if st, err := os.Lstat(path); err == nil && st.Mode()&os.ModeSymlink != 0 {
		return nil, i18n.NewError(0, "bulk.journal.symlink")
	}
	flag := os.O_RDONLY | oNonblock | oNofollow // a FIFO does not block the open
	if write {
		flag = os.O_RDWR | os.O_APPEND | oNonblock | oNofollow
	}
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if err := trusted(path, st, currentUID()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// trusted refuses a journal file that is not regular, that uid does not
// own, or that its group or others may write. uid < 0 means the system
// has no owners to check (Windows: the folder's ACL protects it).
func trusted(path string, st os.FileInfo, uid int) error {
	if !st.Mode().IsRegular() {
		return i18n.NewError(0, "bulk.journal.not_regular", "Kind", fileKind(st.Mode()))
	}
	if uid < 0 {
		return nil
	}
	if owner, ok := fileOwner(st); ok && owner != uid {
		return i18n.NewError(0, "bulk.journal.other_owner", "Owner", owner, "User", uid)
	}
	if perm := st.Mode().Perm(); perm&0o022 != 0 {
		return i18n.NewError(0, "bulk.journal.writable", "Mode", fmt.Sprintf("%04o", perm), "Path", path)
	}
	return nil
}

// fileKind says what a file of mode m is: a named pipe, a folder.
func fileKind(m os.FileMode) i18n.Message {
	switch {
	case m&os.ModeNamedPipe != 0:
		return i18n.M("bulk.kind.pipe")
	case m&os.ModeDevice != 0, m&os.ModeCharDevice != 0:
		return i18n.M("bulk.kind.device")
	case m.IsDir():
		return i18n.M("bulk.kind.folder")
	case m&os.ModeSocket != 0:
		return i18n.M("bulk.kind.socket")
	}
	return i18n.M("bulk.kind.mode", "Mode", m.String())
}

// ReadFile replays the journal at path without opening it for writing
// (promo report --job, promo jobs): the same checks as Open (a regular
// file of the current user that others cannot write, at most
// MaxJournalBytes), no lock.
func ReadFile(path string) (Header, []Item, error) {
	return readFile(path, false)
}

// readFile is ReadFile, light or not (Journal.light).
func readFile(path string, light bool) (Header, []Item, error) {
	f, err := openJournalFile(path, false)
	if err != nil {
		return Header{}, nil, i18n.NewError(0, "bulk.journal.read", "Path", path, "Err", err)
	}
	defer f.Close()
	h, items, err := read(f, light)
	if err != nil {
		return Header{}, nil, i18n.NewError(0, "bulk.journal.path", "Path", path, "Err", err)
	}
	return h, items, nil
}

// Where is where a job writes: the API's base URL, the user whose token
// sends the requests, and the site.
type Where struct {
	BaseURL string
	UserID  int64
	SiteID  int64 // 0: not checked (a resume writes to the journal's site)
}

// ErrOtherJob is a journal whose job is not for the current settings.
var ErrOtherJob = i18n.NewError(0, "bulk.journal.other_job")

// Check compares the job's header with where the current settings point.
// A mismatch is an error naming what differs and what the journal says.
// A journal written before the header named the base URL and user
// (promoctl before they were recorded) is accepted with a warning: it
// cannot be checked.
func (h Header) Check(now Where) (warning i18n.Message, err error) {
	var diff i18n.Messages
	if h.BaseURL != "" && strings.TrimRight(h.BaseURL, "/") != strings.TrimRight(now.BaseURL, "/") {
		diff = append(diff, i18n.M("bulk.other.base_url", "Was", h.BaseURL, "Now", now.BaseURL))
	}
	if h.UserID != 0 && h.UserID != now.UserID {
		diff = append(diff, i18n.M("bulk.other.user", "Was", h.UserID, "Now", now.UserID))
	}
	if now.SiteID != 0 && h.SiteID != now.SiteID {
		diff = append(diff, i18n.M("bulk.other.site", "Was", h.SiteID, "Now", now.SiteID))
	}
	if len(diff) > 0 {
		return i18n.Message{}, i18n.NewError(0, "bulk.journal.other_job_diff", "Err", ErrOtherJob, "Diff", diff)
	}
	if h.BaseURL == "" || h.UserID == 0 {
		return i18n.M("bulk.journal.unchecked", "Job", h.Job, "Site", h.SiteID), nil
	}
	return i18n.Message{}, nil
}

// CheckJobsDir refuses a jobs folder that is not to be trusted before a
// journal or a lock is written there or read from it: a symbolic link, not
// a folder, another user's, or one its group or others may write (they
// could plant a journal, or swap one for a link). A folder that does not
// exist is no error.
func CheckJobsDir(dir string) error {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return i18n.NewError(0, "bulk.dir.err", "Dir", dir, "Err", err)
	}
	switch {
	case st.Mode()&os.ModeSymlink != 0:
		return i18n.NewError(0, "bulk.dir.symlink", "Dir", dir)
	case !st.IsDir():
		return i18n.NewError(0, "bulk.dir.not_dir", "Dir", dir)
	}
	uid := currentUID()
	if uid < 0 {
		return nil
	}
	if owner, ok := fileOwner(st); ok && owner != uid {
		return i18n.NewError(0, "bulk.dir.other_owner", "Dir", dir, "Owner", owner, "User", uid)
	}
	if perm := st.Mode().Perm(); perm&0o022 != 0 {
		return i18n.NewError(0, "bulk.dir.writable", "Dir", dir, "Mode", fmt.Sprintf("%04o", perm))
	}
	return nil
}
