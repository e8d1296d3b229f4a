//go:build !unix

package cmdutil

// openNonBlock is 0 where opening a file does not wait for a writer.
const openNonBlock = 0
