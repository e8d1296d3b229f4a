package apply

import (
	"context"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil/warnings"
	"github.com/promoctl/promoctl/internal/format"
)

// TestPromoApplyWarnsOfPastEnds: rows of promo apply that create a code,
// or give one a new end, that has already passed are applied with one
// warning naming them; an unchanged past end is not warned of.
func TestPromoApplyWarnsOfPastEnds(t *testing.T) {
	file := `code,bonus_amount,d_off
OLD1,5,2026-01-31
OLD2,5,2026-02-28
OLD3,5,2026-03-31
OLD4,5,2026-04-30
NEW1,5,2027-01-31
`
	e, _, opts := newApplyEnv(t, format.Table, file)
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	for _, want := range []string{
		"promoctl: warning: 3 promo codes end before now, so they will be created expired: OLD2 (line 3, ends 2026-02-28 23:59:59), OLD3 (line 4, ends 2026-03-31 23:59:59), OLD4 (line 5, ends 2026-04-30 23:59:59)\n",
		"promoctl: warning: 1 promo code is given an end before now, so it stays expired: OLD1 (line 2, ends 2026-01-31 23:59:59)\n",
	} {
		if !strings.Contains(e.Stderr.String(), want) {
			t.Errorf("stderr:\n%s\nwant the line:\n%s", e.Stderr, want)
		}
	}
	if n := len(writes(e)); n != 5 {
		t.Errorf("%d writes, want the 5 creates: %q", n, writes(e))
	}
	// Applied again, nothing changes: no warning (in a new run's warnings,
	// which say each thing once).
	e.Stderr.Reset()
	e.Sess.Warnings = &warnings.Writer{Out: e.Stderr}
	if err := runPromoApply(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(e.Stderr.String(), "warning") {
		t.Errorf("second run warned:\n%s", e.Stderr)
	}
}
