package cmd

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

// newRunner returns a runner of the whole command tree, logged in to a
// fresh fake API as user 42.
func newRunner(t *testing.T) *cmdtest.Runner { return cmdtest.NewRunnerOf(t, addNouns) }

// newBareRunner is a runner with no credentials in its environment: what
// promoctl knows comes from the config file and the flags.
func newBareRunner(t *testing.T) *cmdtest.Runner {
	t.Helper()
	return cmdtest.WithoutCredentials(newRunner(t))
}

// newSandboxRunner returns a runner with no API settings in its
// environment, so that sandbox redeem runs in-process.
func newSandboxRunner(t *testing.T) *cmdtest.Runner {
	t.Helper()
	r := newBareRunner(t)
	r.Env["PROMOCTL_TIMEOUT"] = "5s"
	return r
}

// runBadInputs runs each case with a runner of the whole tree.
func runBadInputs(t *testing.T, cases []cmdtest.BadInput) {
	t.Helper()
	cmdtest.RunBadInputsWith(t, newRunner, cases)
}
