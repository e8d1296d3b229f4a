package apply

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/plan"
)

// A file of a million rows with the wrong number of values lists 200 of
// them on stderr and one line after them, whatever the problems are; and
// nothing is sent, not even the list read.
func TestPromoApplyListsAtMostMaxProblems(t *testing.T) {
	for _, c := range []struct {
		name, file string
		lines      int
		want       string
	}{
		{"rows", "code,bonus_amount\n" + strings.Repeat("x\n", 1_000_000), plan.MaxProblems,
			"codes.csv: 200 problems listed above; reading stopped after line 201; nothing was sent"},
		{"header", nearMisses(250) + "\n" + strings.Repeat("x\n", 1000), plan.MaxProblems,
			"codes.csv: 200 problems listed above, and 50 more; reading stopped after line 1; nothing was sent"},
		{"too many columns", strings.Repeat("colour,", 16_383) + "colour\nA1\n", 0,
			"codes.csv:1: the header row has more than 256 columns: a file has at most 256; nothing was sent"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, _, opts := newApplyEnv(t, format.Table, "code\n")
			opts.File = filepath.Join(t.TempDir(), "codes.csv")
			if err := os.WriteFile(opts.File, []byte(c.file), 0o600); err != nil {
				t.Fatal(err)
			}
			err := runPromoApply(context.Background(), opts)
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage || err == nil || !strings.HasSuffix(err.Error(), c.want) {
				t.Errorf("error %v (exit %d), want one ending %q (exit 2)", err, cmdutil.ExitCode(err), c.want)
			}
			if got := strings.Count(e.Stderr.String(), "\n"); got != c.lines {
				t.Errorf("%d lines on stderr, want %d", got, c.lines)
			}
			if r := e.API.Routes(); len(r) != 0 {
				t.Errorf("sent %q, want nothing", r)
			}
		})
	}
}

// nearMisses is a header of n near-misses of a field's name: each a
// problem.
func nearMisses(n int) string {
	var head []string
	for i := range n {
		head = append(head, "quantity_limit_is_enabled"+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	return strings.Join(head, ",")
}
