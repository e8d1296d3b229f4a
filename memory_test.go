package main

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// TestResponseCapBoundsMemory runs the real promoctl, built as users get
// it (not this test binary, which -race makes several times larger in
// memory), against a loopback server that sends an endless body or a gzip
// bomb, and reads the child's peak memory: with PROMOCTL_MAX_RESPONSE=64MiB
// it must stay under twice that.
func TestResponseCapBoundsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds promoctl")
	}
	const capMiB = 64
	bin := buildPromoctl(t)
	member := func() []byte {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(bytes.Repeat([]byte(" "), 1<<20))
		zw.Close()
		return b.Bytes()
	}()
	const tooLarge = "the body is larger than 64 MiB; if that is expected, raise the limit with PROMOCTL_MAX_RESPONSE"
	for _, c := range []struct {
		name   string
		h      http.HandlerFunc
		reason string // after "unexpected response from the server (HTTP 200): "
	}{
		{"endless chunked body", func(w http.ResponseWriter, r *http.Request) {
			block := bytes.Repeat([]byte(" "), 64<<10)
			w.Write([]byte("["))
			for r.Context().Err() == nil {
				if _, err := w.Write(block); err != nil {
					return
				}
			}
		}, tooLarge},
		{"a list whose first string never ends", func(w http.ResponseWriter, r *http.Request) {
			block := bytes.Repeat([]byte("A"), 64<<10)
			w.Write([]byte(`["`))
			for r.Context().Err() == nil {
				if _, err := w.Write(block); err != nil {
					return
				}
			}
		}, "item 1 of the list is larger than 8 MiB: not a record of this list"},
		{"gzip bomb of 1 GiB", func(w http.ResponseWriter, r *http.Request) {
			// About 1 MiB on the wire.
			w.Header().Set("Content-Encoding", "gzip")
			w.Header().Set("Content-Type", "application/json")
			for range 1024 {
				if _, err := w.Write(member); err != nil {
					return
				}
			}
		}, tooLarge},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(c.h)
			defer srv.Close()
			home := t.TempDir()
			cmd := exec.Command(bin, "promo", "list", "--site-id", "7")
			cmd.Env = []string{
				"HOME=" + home,
				"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
				"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
				"PATH=/usr/bin:/bin",
				"PROMOCTL_BASE_URL=" + srv.URL,
				"PROMOCTL_TOKEN=tok-SECRET-123456",
				"PROMOCTL_USER_ID=42",
				"PROMOCTL_MAX_RESPONSE=64MiB",
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Errorf("promoctl exited with %v, want exit status 1", err)
			}
			want := "promoctl: list promo codes of site 7: unexpected response from the server (HTTP 200): " + c.reason + "\n"
			if stdout.String() != "" || stderr.String() != want {
				t.Errorf("stdout %q, stderr %q; want none and %q", stdout.String(), stderr.String(), want)
			}
			ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
			if !ok {
				t.Skip("no rusage on this system")
			}
			peak := ru.Maxrss << 10 // KiB on Linux
			t.Logf("peak RSS %d MiB with a cap of %d MiB", peak>>20, capMiB)
			if limit := int64(2 * capMiB << 20); peak >= limit {
				t.Errorf("peak RSS = %d MiB, want under %d MiB (twice the cap)", peak>>20, limit>>20)
			}
		})
	}
}
