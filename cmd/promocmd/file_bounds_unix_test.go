//go:build unix

package promocmd

import (
	"path/filepath"
	"syscall"
	"testing"
)

// -f naming a FIFO with no writer, a device or a directory is refused at
// once, exit 2, before anything is sent: the open does not wait for a
// writer that never comes.
func TestFileThatIsNotAFileIsRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "codes.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct{ path, what string }{
		{fifo, "a named pipe (FIFO)"},
		{"/dev/null", "a device"},
		{dir, "a directory"},
	} {
		for _, verb := range []string{"apply", "create"} {
			r := newRunner(t)
			res := r.Run("promo", verb, "-f", c.path, "--site-id", "1")
			res.Expect(t, 2, "", "promoctl: --file "+c.path+" is "+c.what+", not a file: give a file, or - and send the text to stdin\n")
			r.ExpectNoRequests(t)
		}
	}
}
