//go:build !unix

package bulk

import "os"

// oNonblock: a named pipe is refused after the open by its mode.
const oNonblock = 0

// currentUID is -1: there are no Unix owners and modes to check (on
// Windows the journal's folder in the user's profile protects it).
func currentUID() int { return -1 }

func fileOwner(os.FileInfo) (int, bool) { return 0, false }

// oNofollow: a link is refused before the open (Lstat).
const oNofollow = 0
