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
		return fmt.Errorf("it is not a regular file but %s: a journal is the file a job wrote", fileKind(st.Mode()))
	}
	if uid < 0 {
		return nil
	}
	if owner, ok := fileOwner(st); ok && owner != uid {
		return i18n.NewError(0, "bulk.journal.other_owner", "Owner", owner, "User", uid)
	}
	if perm := st.Mode().Perm(); perm&0o022 != 0 {
		return fmt.Errorf("other users may change it (mode %04o): it would run what they wrote; if it is yours and unchanged, chmod 600 %s",
			perm, path)
	}
	return nil
}

func fileKind(m os.FileMode) string {
	switch {
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeDevice != 0, m&os.ModeCharDevice != 0:
		return "a device"
	case m.IsDir():
		return "a folder"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "mode " + m.String()
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
		return Header{}, nil, fmt.Errorf("read journal %s: %w", path, err)
	}
	defer f.Close()
	h, items, err := read(f, light)
	if err != nil {
		return Header{}, nil, fmt.Errorf("%s: %w", path, err)
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
var ErrOtherJob = errors.New("the journal is of another server, user or site")

// Check compares the job's header with where the current settings point.
// A mismatch is an error naming what differs and what the journal says.
// A journal written before the header named the base URL and user
// (promoctl before they were recorded) is accepted with a warning: it
// cannot be checked.
func (h Header) Check(now Where) (warning string, err error) {
	var diff []string
	if h.BaseURL != "" && strings.TrimRight(h.BaseURL, "/") != strings.TrimRight(now.BaseURL, "/") {
		diff = append(diff, fmt.Sprintf("its base URL is %s, the current one %s", h.BaseURL, now.BaseURL))
	}
	if h.UserID != 0 && h.UserID != now.UserID {
		diff = append(diff, fmt.Sprintf("its user id is %d, the current one %d", h.UserID, now.UserID))
	}
	if now.SiteID != 0 && h.SiteID != now.SiteID {
		diff = append(diff, fmt.Sprintf("its site is %d, the current one %d", h.SiteID, now.SiteID))
	}
	if len(diff) > 0 {
		return "", fmt.Errorf("%w: %s; resume it with the settings it was started with (--profile, --base-url, --user-id)", ErrOtherJob, strings.Join(diff, "; "))
	}
	if h.BaseURL == "" || h.UserID == 0 {
		return fmt.Sprintf("the journal of job %s names no base URL or user (an older promoctl wrote it): it resumes on site %d with the current settings, unchecked", h.Job, h.SiteID), nil
	}
	return "", nil
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
		return fmt.Errorf("jobs folder %s: %w", dir, err)
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
