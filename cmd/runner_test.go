package cmd

import "testing"

// newRunner returns a runner of the whole command tree, logged in to a
// fresh fake API as user 42.
func newRunner(t *testing.T) *runner { return newRunnerOf(t, addNouns) }
