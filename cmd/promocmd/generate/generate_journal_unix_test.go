//go:build unix

package generate

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// TestResumeOfADeviceOrFIFOIsRefusedAtOnce: --resume /dev/zero or a FIFO
// exits 2 with one line, without blocking or reading without end.
func TestResumeOfADeviceOrFIFOIsRefusedAtOnce(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "job.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	r := newRunner(t)
	for _, path := range []string{"/dev/zero", fifo} {
		res := r.Run("promo", "generate", "--resume", path)
		res.Expect(t, cmdutil.ExitUsage, "", "promoctl: --resume: open journal "+path+": it is not a regular file but "+
			map[bool]string{true: "a device", false: "a named pipe"}[path == "/dev/zero"]+": a journal is the file a job wrote\n")
	}
	r.ExpectNoRequests(t)
}
