package cmd

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// newRunner returns a runner of the whole command tree, logged in to a
// fresh fake API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner { return cmdtest.NewRunnerOf(t, addNouns) }
