//go:build !unix

package core

// openNonBlock is 0 where opening a file does not wait for a writer.
const openNonBlock = 0
