package bulk

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

func newTestJournal(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "job.jsonl")
	j, err := Create(path, Header{Job: "j1", Kind: "generate", SiteID: 1, BaseURL: "https://api.example", UserID: 7}, CreateOps([]string{"AAA1", "AAA2"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOpenRefusesAJournalOthersMayWrite: a journal that group or others
// may write (a planted 0666 file) is refused, like ssh refuses such a key,
// in one line that says how to fix it; 0600 and 0644 are fine.
func TestOpenRefusesAJournalOthersMayWrite(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes")
	}
	path := newTestJournal(t)
	for _, mode := range []os.FileMode{0o666, 0o620, 0o602} {
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		j, err := Open(path)
		if err == nil {
			j.Close()
			t.Fatalf("mode %04o: Open accepted the journal", mode)
		}
		want := "open journal " + path + ": other users may change it (mode 0" + octal(mode) + "): it would run what they wrote; if it is yours and unchanged, chmod 600 " + path
		if err.Error() != want {
			t.Errorf("mode %04o: error\n%q\nwant\n%q", mode, err, want)
		}
		if _, _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
			t.Errorf("mode %04o: ReadFile = %v, want the same refusal", mode, err)
		}
	}
	for _, mode := range []os.FileMode{0o600, 0o644} {
		os.Chmod(path, mode)
		j, err := Open(path)
		if err != nil {
			t.Fatalf("mode %04o: %v", mode, err)
		}
		j.Close()
	}
}

func octal(m os.FileMode) string {
	const digits = "01234567"
	p := uint32(m.Perm())
	return string([]byte{digits[p>>6&7], digits[p>>3&7], digits[p&7]})
}

// TestOpenRefusesAnotherUsersJournal: a journal owned by another user is
// refused, whatever its mode.
func TestOpenRefusesAnotherUsersJournal(t *testing.T) {
	path := newTestJournal(t)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// The rule itself, for any uid.
	if owner, ok := fileOwner(st); ok {
		err := trusted(path, st, owner+1)
		want := "it belongs to user " + itoa(owner) + ", not to you (user " + itoa(owner+1) + "): a job another user wrote is not resumed or read; run that job's command again under your own account"
		if err == nil || err.Error() != want {
			t.Errorf("trusted(other uid) = %v, want %q", err, want)
		}
		if err := trusted(path, st, owner); err != nil {
			t.Errorf("trusted(own file) = %v", err)
		}
	}
	// The whole Open, when this test may give the file away.
	if os.Getuid() != 0 {
		t.Skip("only root can chown a file to another user")
	}
	if err := os.Chown(path, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path); err == nil || !strings.Contains(err.Error(), "belongs to user 4242") {
		t.Errorf("Open(another user's journal) = %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestReadCapsTheJournalsSize: a stream longer than MaxJournalBytes is
// refused after reading just past the cap.
func TestReadCapsTheJournalsSize(t *testing.T) {
	r := &countingZeros{}
	_, _, err := Read(r)
	if err == nil || !strings.Contains(err.Error(), "line 1 is longer than 16 MiB") {
		t.Errorf("Read(endless) = %v", err)
	}
	if r.n > maxLineBytes+64<<10 {
		t.Errorf("Read took %d bytes of an endless stream, want about %d", r.n, maxLineBytes)
	}
	// Lines of a journal, endless: refused at the journal's cap.
	lines := &endlessLines{}
	_, _, err = Read(lines)
	if err == nil || !strings.Contains(err.Error(), "larger than 256 MiB") {
		t.Errorf("Read(endless lines) = %v", err)
	}
	if lines.n > MaxJournalBytes+64<<10 {
		t.Errorf("Read took %d bytes of endless lines, want about %d", lines.n, MaxJournalBytes)
	}
}

type countingZeros struct{ n int }

// endlessLines is a journal's header, then its plan's first line forever
// (refused as out of order only if it were read: the cap comes first for
// lines that are all the header's).
type endlessLines struct {
	n    int
	rest []byte
}

func (e *endlessLines) Read(p []byte) (int, error) {
	if len(e.rest) == 0 {
		e.rest = []byte("{\"t\":\"sent\",\"i\":0}\n")
		if e.n == 0 {
			e.rest = []byte("{\"t\":\"job\",\"job\":{\"v\":1,\"kind\":\"generate\",\"ops\":1}}\n{\"t\":\"plan\",\"i\":0,\"op\":{\"action\":\"create\",\"code\":\"AB\"}}\n")
		}
	}
	n := copy(p, e.rest)
	e.rest = e.rest[n:]
	e.n += n
	return n, nil
}

func (c *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	c.n += len(p)
	return len(p), nil
}

// TestHeaderCheck: a resume whose settings point elsewhere than the job's
// is refused, naming what differs; an old journal without base URL and
// user is accepted with a warning.
func TestHeaderCheck(t *testing.T) {
	h := Header{Job: "j1", SiteID: 3, BaseURL: "https://api.example", UserID: 7}
	if w, err := h.Check(Where{BaseURL: "https://api.example/", UserID: 7}); err != nil || w.ID != "" {
		t.Errorf("same settings: %v, %v", w, err)
	}
	if w, err := h.Check(Where{BaseURL: "https://api.example", UserID: 7, SiteID: 3}); err != nil || w.ID != "" {
		t.Errorf("same settings and site: %v, %v", w, err)
	}
	cases := []struct {
		now  Where
		want string
	}{
		{Where{BaseURL: "https://evil.example", UserID: 7}, "its base URL is https://api.example, the current one https://evil.example"},
		{Where{BaseURL: "https://api.example", UserID: 8}, "its user id is 7, the current one 8"},
		{Where{BaseURL: "https://api.example", UserID: 7, SiteID: 4}, "its site is 3, the current one 4"},
	}
	for _, c := range cases {
		_, err := h.Check(c.now)
		want := "the journal is of another server, user or site: " + c.want + "; resume it with the settings it was started with (--profile, --base-url, --user-id)"
		if !errors.Is(err, ErrOtherJob) || err.Error() != want {
			t.Errorf("Check(%+v) = %v, want %q", c.now, err, want)
		}
	}
	old := Header{Job: "j0", SiteID: 3}
	w, err := old.Check(Where{BaseURL: "https://api.example", UserID: 8})
	if said := i18n.New(i18n.English).Say(w); err != nil || said != "the journal of job j0 names no base URL or user (an older promoctl wrote it): it resumes on site 3 with the current settings, unchecked" {
		t.Errorf("old journal: %q, %v", said, err)
	}
}

// TestHeaderKeepsBaseURLAndUser: the header written is the header read.
func TestHeaderKeepsBaseURLAndUser(t *testing.T) {
	path := newTestJournal(t)
	h, _, err := ReadFile(path)
	if err != nil || h.BaseURL != "https://api.example" || h.UserID != 7 || h.SiteID != 1 {
		t.Errorf("ReadFile = %+v, %v", h, err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"base_url":"https://api.example","user_id":7`) {
		t.Errorf("journal header: %s", data)
	}
}
