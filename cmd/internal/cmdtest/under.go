package cmdtest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/rootcmd"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// Under is the nouns of a runner of some verbs of a noun, under a bare
// command named noun: the runner of a verb's own package, which its noun
// imports (promo apply's tests run "promo apply" without the rest of
// promo).
func Under(noun string, verbs ...func(*cmdutil.Factory) *cobra.Command) func(*cobra.Command, *cmdutil.Factory) {
	return func(root *cobra.Command, f *cmdutil.Factory) {
		n := &cobra.Command{Use: noun, RunE: cmdutil.GroupRun}
		for _, v := range verbs {
			n.AddCommand(v(f))
		}
		root.AddCommand(n)
	}
}

// CaptureVerb runs promoctl with args, the verb that build makes (with a
// run function that keeps its options instead of running) under a bare
// noun, and returns the exit code: what a verb's parsing tests check
// before its options.
func CaptureVerb(t *testing.T, r *Runner, noun string, build func(*cmdutil.Factory) *cobra.Command, args ...string) int {
	t.Helper()
	ios, _, _, errOut := iostreams.Test()
	env := func(k string) (string, bool) { v, ok := r.Env[k]; return v, ok }
	f := cmdutil.NewFactory(cmdutil.Options{IO: ios, Env: env, Location: r.Loc})
	root := rootcmd.New(f)
	Under(noun, build)(root, f)
	root.SetArgs(args)
	root.SetOut(ios.Out)
	root.SetErr(errOut)
	if _, err := root.ExecuteContextC(context.Background()); err != nil {
		t.Logf("promoctl %s: %v", strings.Join(args, " "), err)
		return cmdutil.ExitCode(err)
	}
	return 0
}

// SimClock is a simulated clock for a bulk run's throttle: real time plus
// what it has slept, so that a Retry-After passes at once; Mark notes the
// time of a request as the throttle sees it.
type SimClock struct {
	mu     sync.Mutex
	ahead  time.Duration
	marked []time.Time
}

func (c *SimClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.ahead)
}

func (c *SimClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ahead += d
	return nil
}

// Mark notes the clock's time now.
func (c *SimClock) Mark() {
	now := c.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.marked = append(c.marked, now)
}

// Marks are the times Mark noted.
func (c *SimClock) Marks() []time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Time(nil), c.marked...)
}
