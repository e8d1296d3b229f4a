package generate

import (
	"testing"

	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/bulk"
)

// TestJobOfOnlyTakenCodesIsFinished: a generate job whose only codes left
// are taken elsewhere is finished, not "can be resumed": no resume sends
// them again.
func TestJobOfOnlyTakenCodesIsFinished(t *testing.T) {
	for _, c := range []struct {
		sum  bulk.Summary
		want shared.JobStatus
	}{
		{bulk.Summary{Created: 2, Failed: 1, Taken: 1}, shared.JobFinished},
		{bulk.Summary{Created: 1, Failed: 2, Taken: 1}, shared.JobResumable},
		{bulk.Summary{Created: 2, Failed: 1, Taken: 1, Unknown: 1}, shared.JobResumable},
		{bulk.Summary{Created: 2, Taken: 0, NotStarted: 1}, shared.JobResumable},
		{bulk.Summary{Created: 3}, shared.JobFinished},
	} {
		j := bulk.JobInfo{Header: bulk.Header{Kind: "generate"}, Summary: c.sum}
		if got := shared.JobState(j); got != c.want {
			t.Errorf("jobState(%+v) = %q, want %q", c.sum, got, c.want)
		}
	}
}
