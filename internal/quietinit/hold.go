//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package quietinit

import (
	"os"
	"syscall"
)

// held is a duplicate of the real standard output while descriptor 1
// points at /dev/null, or -1. Set while packages initialise and cleared by
// Release: the state of the one hand-over from the initialisers to main.
var held = hold()

// hold points descriptor 1 at /dev/null when it is a character device (a
// terminal, or /dev/null itself) and returns a duplicate of the original;
// -1 when it has not changed anything.
func hold() int {
	fi, err := os.Stdout.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return -1 // a file or a pipe: no library asks it anything
	}
	orig, err := syscall.Dup(1)
	if err != nil {
		return -1
	}
	syscall.CloseOnExec(orig)
	null, err := syscall.Open(os.DevNull, syscall.O_WRONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		syscall.Close(orig)
		return -1
	}
	defer syscall.Close(null)
	if err := dup2(null, 1); err != nil {
		syscall.Close(orig)
		return -1
	}
	return orig
}

// Release points standard output back at where it pointed when the
// program started. Call it once, from main, before anything is written;
// later calls do nothing.
func Release() {
	if held < 0 {
		return
	}
	for dup2(held, 1) == syscall.EINTR {
	}
	syscall.Close(held)
	held = -1
}
