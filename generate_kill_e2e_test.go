package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// slowShop is an API on httptest that behaves like a busy real one: a
// create is carried out even when its client has gone (a timeout, kill
// -9); the list may show a write only listLag later; and with
// checkOnArrival the code is checked when the create arrives, not when it
// is stored, so two creates of one code in flight at once are both stored.
// A create takes createTime, except that with holdAfter set the first
// holdAfter creates are instant and every later one is held: it is stored
// holdGap after the next list read has been answered (so that read does not
// show it, and whatever is sent right after it arrives while it is still in
// flight), and at the latest holdMost after it arrived. Lists are instant.
type slowShop struct {
	createTime     time.Duration
	listLag        time.Duration
	checkOnArrival bool
	holdAfter      int
	holdGap        time.Duration
	holdMost       time.Duration

	mu     sync.Mutex
	nextID int64
	promos []shopPromo
	stores map[string]int // upper-case code → times stored
	posts  int
	posted chan int      // the number of POSTs so far, as each arrives
	held   bool          // a create is held
	read   chan struct{} // closed once a list read is answered after a create was held
}

type shopPromo struct {
	ID        int64   `json:"id"`
	Code      string  `json:"code"`
	Pos       int     `json:"pos"`
	IsEnabled bool    `json:"is_enabled"`
	BonusType int     `json:"bonus_type"`
	Amount    float64 `json:"bonus_amount"`
	at        time.Time
}

func newSlowShop(t *testing.T, s *slowShop) string {
	s.nextID, s.stores = 5000, map[string]int{}
	s.posted, s.read = make(chan int, 1000), make(chan struct{})
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv.URL
}

func (s *slowShop) taken(code string) bool {
	for _, p := range s.promos {
		if strings.EqualFold(p.Code, code) {
			return true
		}
	}
	return false
}

// carryOut waits as long as a create that arrived at arrived takes.
func (s *slowShop) carryOut(arrived time.Time, n int) {
	if s.holdAfter == 0 || n <= s.holdAfter {
		time.Sleep(s.createTime)
		return
	}
	s.mu.Lock()
	s.held = true
	s.mu.Unlock()
	latest := time.NewTimer(time.Until(arrived.Add(s.holdMost)))
	defer latest.Stop()
	select {
	case <-s.read:
		select {
		case <-time.After(s.holdGap):
		case <-latest.C:
		}
	case <-latest.C:
	}
}

func (s *slowShop) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	conflict := func() {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusConflict)
		fmt.Fprint(w, `{"title":"data is invalid: promo code already exists","error":10,"code":409}`)
	}
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/v1/promo":
		s.mu.Lock()
		list := []shopPromo{}
		for _, p := range s.promos {
			if time.Since(p.at) >= s.listLag {
				list = append(list, p)
			}
		}
		held := s.held
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(list)
		if held {
			// Answered without the held creates: they may land now.
			w.(http.Flusher).Flush()
			s.mu.Lock()
			select {
			case <-s.read:
			default:
				close(s.read)
			}
			s.mu.Unlock()
		}
	case r.Method == http.MethodPost && r.URL.Path == "/v1/promo":
		var body struct {
			Code      string   `json:"code"`
			IsEnabled bool     `json:"is_enabled"`
			Amount    *float64 `json:"bonus_amount"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		arrived := time.Now()
		s.mu.Lock()
		s.posts++
		n := s.posts
		s.posted <- n
		taken := s.taken(body.Code)
		s.mu.Unlock()
		if s.checkOnArrival && taken {
			conflict()
			return
		}
		s.carryOut(arrived, n) // whether the client waits or not
		s.mu.Lock()
		if !s.checkOnArrival && s.taken(body.Code) {
			s.mu.Unlock()
			conflict()
			return
		}
		s.nextID++
		p := shopPromo{ID: s.nextID, Code: body.Code, Pos: len(s.promos) + 1, IsEnabled: body.IsEnabled, BonusType: 2, Amount: 0.01, at: time.Now()}
		if body.Amount != nil {
			p.Amount = *body.Amount
		}
		s.promos = append(s.promos, p)
		s.stores[strings.ToUpper(p.Code)]++
		s.mu.Unlock()
		w.Header().Set("Location", "/v1/promo/"+strconv.FormatInt(p.ID, 10))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(p)
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

// TestGenerateKill9ThenResumeAtOnce: promo generate is killed (SIGKILL)
// with creates in flight on a server that carries them out after the
// client has gone, and is resumed at once: the resume's first read of the
// list does not show them, and they land just after it, while the resume
// runs. Every run ends with exactly the asked number of codes, each stored
// once and listed on stdout; also when the list lags a second behind the
// writes, and when the server checks a code's uniqueness as the create
// arrives (where a code sent again too early would be stored twice). Each
// case is run ten times, the runs side by side, each on a shop and a home
// of its own.
func TestGenerateKill9ThenResumeAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs promoctl 2 times per round")
	}
	// The cases and their runs wait on the shop's clock, not on the CPU:
	// they all run side by side (not as parallel subtests, which -parallel,
	// 2 on CI, would put in a row), atOnce runs of a case at a time, the
	// slow list-lag case more at once (9 runs at once in all: more, and on
	// a loaded 2-core machine the resumes start too late to find the
	// creates in flight).
	t.Parallel()
	var cases sync.WaitGroup
	for _, tc := range []struct {
		name           string
		listLag        time.Duration
		checkOnArrival bool
		runs, atOnce   int
		// --timeout: promoctl takes a create that is on the list within
		// --timeout of its last attempt for this job's, and waits that
		// long for the list to show what it created.
		timeout string
	}{
		{"in-flight", 0, false, 10, 2, "1s"},
		{"list-lag-1s", time.Second, false, 10, 5, "2s"},
		{"unique-on-arrival", 0, true, 10, 2, "1s"},
	} {
		cases.Go(func() {
			t.Run(tc.name, func(t *testing.T) {
				var runs sync.WaitGroup
				sem := make(chan struct{}, tc.atOnce)
				for run := range tc.runs {
					runs.Go(func() {
						sem <- struct{}{}
						defer func() { <-sem }()
						t.Run(fmt.Sprint("run", run), func(t *testing.T) {
							generateKill9ThenResume(t, tc.listLag, tc.checkOnArrival, tc.timeout)
						})
					})
				}
				runs.Wait()
			})
		})
	}
	cases.Wait()
}

// generateKill9ThenResume is one run of TestGenerateKill9ThenResumeAtOnce.
func generateKill9ThenResume(t *testing.T, listLag time.Duration, checkOnArrival bool, timeout string) {
	// The first 8 creates are carried out at once; the later ones are held
	// until the resume has read the list, and land 100ms after it (or 600ms
	// after they arrived, well within --timeout, if the resume is slow to
	// start).
	shop := &slowShop{listLag: listLag, checkOnArrival: checkOnArrival,
		holdAfter: 8, holdGap: 100 * time.Millisecond, holdMost: 600 * time.Millisecond}
	url := newSlowShop(t, shop)
	home := t.TempDir()
	env := append(sandboxEnv(t, home), "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=t", "PROMOCTL_USER_ID=1")
	journal := filepath.Join(home, "job.jsonl")
	cmd, _, stderr := startPromoctl(t, env, "promo", "generate", "--site-id", "1", "--count", "20", "--amount", "5", "--enabled",
		"--concurrency", "8", "--timeout", timeout, "--journal", journal, "-o", "json")
	// Kill -9 as the 10th create arrives: it and the other creates of the
	// second batch of 8 are in flight (held).
	deadline := time.After(10 * time.Second)
wait:
	for {
		select {
		case n := <-shop.posted:
			if n >= 10 {
				break wait
			}
		case <-deadline:
			t.Fatalf("10 creates did not arrive in 10s; stderr:\n%s", stderr)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	r := runPromoctl(t, env, "promo", "generate", "--resume", journal, "--timeout", timeout, "-o", "json")
	if r.code != 0 {
		t.Fatalf("promo generate --resume: exit %d\n%s", r.code, r.stderr)
	}
	shop.mu.Lock()
	stored := len(shop.promos)
	for code, n := range shop.stores {
		if n != 1 {
			t.Errorf("code %s was stored %d times", code, n)
		}
	}
	shop.mu.Unlock()
	if stored != 20 {
		t.Errorf("the site has %d new promo codes, want exactly 20", stored)
	}
	if listed := decodeListed(t, r.stdout); len(listed) != 20 {
		t.Errorf("the resumed stdout lists %d promo codes, want all 20 of the job\n%s", len(listed), r.stderr)
	}
	if !strings.Contains(r.stderr, "the job has 20 of 20.\n") {
		t.Errorf("resumed stderr:\n%s", r.stderr)
	}
}

// TestGenerateInterruptedResumeLine: Ctrl-C (SIGINT) of a job whose stdout
// goes to a file: the resume command printed names the journal by its
// absolute path and sends its output to the same file; run from another
// folder, it finishes the job into that file.
func TestGenerateInterruptedResumeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs promoctl")
	}
	t.Parallel()
	shop := &slowShop{createTime: 300 * time.Millisecond}
	url := newSlowShop(t, shop)
	home := t.TempDir()
	env := append(sandboxEnv(t, home), "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=t", "PROMOCTL_USER_ID=1")
	work := t.TempDir()
	out := filepath.Join(work, "codes.csv")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(promoctlPath(t), "promo", "generate", "--site-id", "1", "--count", "8", "--amount", "5", "--enabled",
		"--concurrency", "2", "--journal", "job.jsonl", "-o", "csv")
	cmd.Env, cmd.Dir, cmd.Stdout = env, work, f
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-shop.posted:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		t.Fatal("no create arrived in 10s")
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit %d after Ctrl-C, want 130\n%s", code, stderr.String())
	}
	want := "finish the job with: promoctl --output csv promo generate --resume " + filepath.Join(work, "job.jsonl") + " > " + out + "\n"
	if !strings.Contains(stderr.String(), want) {
		t.Fatalf("stderr:\n%s\nwant a line ending %q", stderr.String(), want)
	}
	// The command as printed, from another folder.
	line := strings.TrimPrefix(want, "finish the job with: ")
	line = line[:len(line)-1]
	sh := exec.Command("sh", "-c", line)
	sh.Env, sh.Dir = env, t.TempDir()
	if b, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", line, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(string(b), "\n"); rows != 9 {
		t.Errorf("%s has %d lines, want a header and the 8 codes of the job:\n%s", out, rows, b)
	}
}
