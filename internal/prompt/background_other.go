//go:build !unix

package prompt

import (
	"os"
	"time"
)

// isForeground: only Unix terminals are asked.
func isForeground(*os.File) bool { return false }

// askBackground asks nothing: terminals are asked only on Unix, as termenv
// does.
func askBackground(*os.File, time.Duration) (dark, ok, pending bool) { return false, false, false }
