//go:build unix

package input

import "syscall"

// openNonBlock opens a file without waiting: a FIFO's open returns at
// once, writer or not, to be refused.
const openNonBlock = syscall.O_NONBLOCK
