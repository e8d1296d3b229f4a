package cmdtest

import (
	"testing"

	"github.com/spf13/cobra"
)

const noFileDirective = "Completion ended with directive: ShellCompDirectiveNoFileComp\n"

// Complete runs `promoctl __complete args…` and checks that it succeeded
// and wrote nothing on stderr but cobra's directive line.
func (r *Runner) Complete(t *testing.T, args ...string) string {
	t.Helper()
	res := r.Run(append([]string{cobra.ShellCompRequestCmd}, args...)...)
	if res.Code != 0 {
		t.Errorf("__complete %q: exit %d, want 0\nstderr: %s", args, res.Code, res.Stderr)
	}
	if res.Stderr != noFileDirective {
		t.Errorf("__complete %q: stderr = %q, want only %q", args, res.Stderr, noFileDirective)
	}
	return res.Stdout
}
