//go:build unix

package bulk

import (
	"os"
	"syscall"
)

const oNonblock = syscall.O_NONBLOCK

func currentUID() int { return os.Getuid() }

func fileOwner(st os.FileInfo) (int, bool) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return int(s.Uid), true
	}
	return 0, false
}

const oNofollow = syscall.O_NOFOLLOW
