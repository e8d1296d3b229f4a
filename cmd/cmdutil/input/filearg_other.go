//go:build !unix

package input

// openNonBlock is 0 where opening a file does not wait for a writer.
const openNonBlock = 0
