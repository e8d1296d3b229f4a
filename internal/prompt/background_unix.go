//go:build unix

package prompt

import (
	"bytes"
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// isForeground reports whether promoctl is the terminal's foreground job.
func isForeground(f *os.File) bool {
	pgrp, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}

// askBackground asks the terminal f for its background colour and waits at
// most timeout in all for the answer. The query is followed by a cursor
// position request (ESC [ 6 n), which every terminal answers, so a terminal
// that does not know OSC 11 is known as soon as that answer comes, as
// termenv does. The terminal is in raw mode meanwhile, so that the answer
// is neither echoed nor held back until Enter. pending reports that the
// answers did not all come in time: they may still come, late.
func askBackground(f *os.File, timeout time.Duration) (dark, ok, pending bool) {
	fd := int(f.Fd())
	state, err := term.MakeRaw(fd)
	if err != nil {
		return false, false, false
	}
	defer term.Restore(fd, state)
	if _, err := f.Write([]byte("\x1b]11;?\x1b\\\x1b[6n")); err != nil {
		return false, false, false
	}
	deadline := time.Now().Add(timeout)
	var got []byte
	buf := make([]byte, 256)
	for len(got) < 1024 {
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(left.Milliseconds())+1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n == 0 {
			break
		}
		r, err := unix.Read(fd, buf)
		if r > 0 {
			got = append(got, buf[:r]...)
		}
		if err != nil && !errors.Is(err, unix.EINTR) && !errors.Is(err, unix.EAGAIN) {
			break
		}
		if r == 0 && err == nil {
			break // end of input
		}
		if cursorAnswered(got) {
			break
		}
	}
	dark, ok = parseBackgroundAnswer(got)
	return dark, ok, !cursorAnswered(got)
}

// cursorAnswered reports whether b holds the answer to ESC [ 6 n
// (ESC [ row ; col R), which comes after the colour's.
func cursorAnswered(b []byte) bool {
	for {
		i := bytes.Index(b, []byte("\x1b["))
		if i < 0 {
			return false
		}
		b = b[i+2:]
		j := 0
		for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == ';') {
			j++
		}
		if j > 0 && j < len(b) && b[j] == 'R' {
			return true
		}
	}
}
