package quietinit

import "syscall"

// dup2 makes newfd a copy of oldfd (Linux on arm64 and riscv64 has no
// dup2 system call; dup3 with no flags is the same).
func dup2(oldfd, newfd int) error { return syscall.Dup3(oldfd, newfd, 0) }
