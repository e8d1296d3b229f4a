//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd)

package quietinit

// Release does nothing: on Windows termenv asks the terminal nothing, and
// on the rarer Unix systems (Solaris, AIX) standard output is not held.
func Release() {}
