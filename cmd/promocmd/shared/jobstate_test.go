package shared

import (
	"testing"

	"github.com/promoctl/promoctl/internal/bulk"
)

// TestJobOfOnlyTakenCodesIsFinished: a generate job whose only codes left
// are taken elsewhere is finished, not "can be resumed": no resume sends
// them again.
func TestJobOfOnlyTakenCodesIsFinished(t *testing.T) {
	for _, c := range []struct {
		sum  bulk.Summary
		want JobStatus
	}{
		{bulk.Summary{Created: 2, Failed: 1, Taken: 1}, jobFinished},
		{bulk.Summary{Created: 1, Failed: 2, Taken: 1}, jobResumable},
		{bulk.Summary{Created: 2, Failed: 1, Taken: 1, Unknown: 1}, jobResumable},
		{bulk.Summary{Created: 2, Taken: 0, NotStarted: 1}, jobResumable},
		{bulk.Summary{Created: 3}, jobFinished},
	} {
		j := bulk.JobInfo{Header: bulk.Header{Kind: "generate"}, Summary: c.sum}
		if got := JobState(j); got != c.want {
			t.Errorf("jobState(%+v) = %q, want %q", c.sum, got, c.want)
		}
	}
}
