package bulk

import (
	"context"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCreateAnswerWithAnotherCodesIDIsNotClaimed: a server that answers
// some creates with an id that is not the new code's (OLD1's, older than
// the job; one already given to another code of the job; or a record that
// names another code) has those codes settled from the list: each code
// of the job ends with its own id, OLD1 is claimed by none, and no code is
// sent twice.
func TestCreateAnswerWithAnotherCodesIDIsNotClaimed(t *testing.T) {
	f := newFakeAPI(t)
	old := f.store("OLD1")
	cs := codes(30)
	var firstID int64
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		i, _ := strconv.Atoi(strings.TrimPrefix(code, "CODE"))
		id := f.store(code) // created, whatever the answer says
		answerID, answerCode := id, code
		switch {
		case i == 0:
			firstID = id
		case i%5 == 1:
			answerID = old // OLD1's id
		case i%5 == 2 && firstID != 0:
			answerID = firstID // the job's first code's id
		case i%5 == 3:
			answerCode = "OLD1" // a record of another code
		}
		w.Header().Set("Location", "/v1/promo/"+strconv.FormatInt(answerID, 10))
		writeJSON(w, http.StatusCreated, map[string]any{"code": answerCode, "is_enabled": false})
		return true
	}
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	clk := &fakeClock{}
	sum, err := Execute(context.Background(), f.client(th), j, clk.on(Options{Concurrency: 1, Throttle: th, OpTimeout: time.Second,
		KnownIDs: map[int64]bool{old: true}}))
	assertOnceEach(t, f, j, sum, err)
	for _, it := range j.Items() {
		if it.ID == old {
			t.Errorf("%s claims OLD1's id %d", it.Code, old)
		}
	}
	if _, posts, _ := f.counts(); len(posts) != 30 {
		t.Errorf("POSTs %v", posts)
	}
	for c, n := range func() map[string]int { _, p, _ := f.counts(); return p }() {
		if n != 1 {
			t.Errorf("%s POSTed %d times", c, n)
		}
	}
	journal, _ := os.ReadFile(j.Path())
	if !strings.Contains(string(journal), `which is not proven to be CODE0001's: the site's list settles it`) {
		t.Errorf("the answer with OLD1's id is not journaled unknown:\n%s", journal)
	}
}

// TestCodeTakenElsewhereEnds: a code whose first create lost its answer
// and that the site's list never shows, while every create of it is
// refused as existing (another site holds it), is a final failure, "taken
// elsewhere", within the job; a resume does not send it again.
func TestCodeTakenElsewhereEnds(t *testing.T) {
	f := newFakeAPI(t)
	cs := codes(3)
	taken := cs[1]
	f.fault = func(w http.ResponseWriter, code string, n int) bool {
		switch {
		case code != taken:
			return false
		case n == 1:
			f.hangUp(w) // not stored here: the code is another site's
		default:
			apiError(w, http.StatusConflict, 10, "promo code already exists")
		}
		return true
	}
	j := newJob(t, CreateOps(cs))
	th := NewThrottle(0)
	clk := &fakeClock{}
	o := clk.on(Options{Throttle: th, OpTimeout: time.Second})
	sum, err := Execute(context.Background(), f.client(th), j, o)
	if err != nil || sum.Created != 2 || sum.Failed != 1 || sum.Unknown != 0 {
		t.Fatalf("Execute = %+v, %v; want 2 created and 1 failed", sum, err)
	}
	it := j.Items()[1]
	if !it.Taken || it.State != StateFailed || !strings.Contains(it.Reason, "the code is taken elsewhere") {
		t.Errorf("item %+v, want failed as taken elsewhere", it)
	}
	_, posts, _ := f.counts()
	if posts[taken] != 2 {
		t.Errorf("%s POSTed %d times, want 2 (the lost one, then the 409)", taken, posts[taken])
	}
	path := j.Path()
	j.Close()
	j2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	sum, err = Execute(context.Background(), f.client(th), j2, o)
	if err != nil || sum.Created != 2 || sum.Failed != 1 {
		t.Errorf("resume: %+v, %v", sum, err)
	}
	if _, posts, _ := f.counts(); posts[taken] != 2 {
		t.Errorf("the resume sent %s again (%d POSTs)", taken, posts[taken])
	}
}
