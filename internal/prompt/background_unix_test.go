//go:build unix

package prompt

import (
	"bytes"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// TestAskBackground asks a pseudo-terminal whose other end answers as the
// case says, and checks the answer and that a terminal that does not
// answer holds nobody up. Nothing here races the timeout: an answered query
// ends at the answer (the timeout is an hour), and an answer that must come
// before the timeout is in the terminal's input before the query is asked.
func TestAskBackground(t *testing.T) {
	for _, c := range []struct {
		name     string
		answer   string // written once the query has arrived; "" for none
		early    string // in the terminal's input before the query
		timeout  time.Duration
		dark, ok bool
		pending  bool // the answers may still come
	}{
		{"dark", "\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\\x1b[12;1R", "", time.Hour, true, true, false},
		{"light", "\x1b]11;rgb:ffff/ffff/ffff\x07\x1b[12;1R", "", time.Hour, false, true, false},
		{"cursor only", "\x1b[12;1R", "", time.Hour, false, false, false},
		{"colour only, the cursor's answer to come", "", "\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\", 50 * time.Millisecond, true, true, true},
		{"silent", "", "", 50 * time.Millisecond, false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ptmx, tty, err := pty.Open()
			if err != nil {
				if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
					t.Skipf("cannot open a pseudo-terminal: %v", err)
				}
				t.Fatal(err)
			}
			defer ptmx.Close()
			defer tty.Close()
			if c.early != "" {
				// Raw, so that the input is neither echoed nor held for
				// Enter; then wait until it can be read.
				if _, err := term.MakeRaw(int(tty.Fd())); err != nil {
					t.Fatal(err)
				}
				if _, err := ptmx.Write([]byte(c.early)); err != nil {
					t.Fatal(err)
				}
				if !readable(t, tty) {
					t.Fatal("the terminal's input never became readable")
				}
			}
			asked := make(chan []byte, 1)
			go func() {
				var got []byte
				buf := make([]byte, 256)
				for !bytes.Contains(got, []byte("\x1b[6n")) {
					n, err := ptmx.Read(buf)
					got = append(got, buf[:n]...)
					if err != nil {
						break
					}
				}
				if c.answer != "" {
					ptmx.Write([]byte(c.answer))
				}
				asked <- got
			}()
			dark, ok, pending := askBackground(tty, c.timeout)
			if dark != c.dark || ok != c.ok || pending != c.pending {
				t.Errorf("askBackground = %v, %v, %v; want %v, %v, %v", dark, ok, pending, c.dark, c.ok, c.pending)
			}
			if got := <-asked; string(got) != "\x1b]11;?\x1b\\\x1b[6n" {
				t.Errorf("the terminal was sent %q", got)
			}
		})
	}
}

// readable waits until f has input to read, without reading it.
func readable(t *testing.T, f *os.File) bool {
	t.Helper()
	for {
		fds := []unix.PollFd{{Fd: int32(f.Fd()), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, -1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			t.Fatalf("poll: %v", err)
		}
		return n > 0 && fds[0].Revents&unix.POLLIN != 0
	}
}
