package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// End-to-end tests of promo generate: the real promoctl against a real
// `promoctl sandbox serve` with faults on, over loopback. What they prove
// is the contract's promise for bulk work: exactly --count new codes on
// the site, none sent twice, whatever the server or the user does.

// startSandboxServer starts `promoctl sandbox serve` on a free loopback
// port with args (faults), and returns its base URL and its request log.
func startSandboxServer(t *testing.T, env []string, args ...string) (string, *lineBuffer) {
	t.Helper()
	cmd, _, log := startPromoctl(t, env, append([]string{"sandbox", "serve", "--addr", "127.0.0.1:0"}, args...)...)
	if !log.waitFor("press Ctrl-C", 10*time.Second) {
		t.Fatalf("sandbox serve did not start:\n%s", log)
	}
	m := regexp.MustCompile(`promoctl sandbox listening on (http://127\.0\.0\.1:\d+)`).FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("sandbox serve printed no address:\n%s", log)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	return m[1], log
}

// logUpTo returns the sandbox's request log holding the lines of every
// request answered so far. The sandbox writes a request's line before its
// answer, but the line travels through a pipe to log: a fence request sent
// now is logged after all of them, and once its line is in log they are.
func logUpTo(t *testing.T, url string, log *lineBuffer) string {
	t.Helper()
	fence := fmt.Sprintf("/test-fence/%d", time.Now().UnixNano())
	resp, err := http.Get(url + fence)
	if err != nil {
		t.Fatalf("fence request: %v", err)
	}
	resp.Body.Close()
	if !log.waitFor("GET "+fence+" ", 10*time.Second) {
		t.Fatalf("the sandbox did not log the fence request %s:\n%s", fence, log)
	}
	return log.String()
}

// listedPromo is what these tests read of a listed promo code.
type listedPromo struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
}

// siteCodes lists the promo codes of site 1 by id.
func siteCodes(t *testing.T, env []string) map[int64]string {
	t.Helper()
	r := runPromoctl(t, env, "promo", "list", "--site-id", "1", "-o", "json")
	if r.code != 0 {
		t.Fatalf("promo list: exit %d: %s", r.code, r.stderr)
	}
	return decodeListed(t, r.stdout)
}

func decodeListed(t *testing.T, s string) map[int64]string {
	t.Helper()
	var ps []listedPromo
	if err := json.Unmarshal([]byte(s), &ps); err != nil {
		t.Fatalf("not a JSON list of promo codes: %v\n%.500s", err, s)
	}
	out := make(map[int64]string, len(ps))
	for _, p := range ps {
		if _, dup := out[p.ID]; dup {
			t.Errorf("id %d listed twice", p.ID)
		}
		out[p.ID] = p.Code
	}
	return out
}

// newCodes is after less before, checked to hold distinct codes, and want
// of them unless want is -1.
func newCodes(t *testing.T, before, after map[int64]string, want int) map[int64]string {
	t.Helper()
	made := map[int64]string{}
	seen := map[string]bool{}
	for id, c := range after {
		if _, old := before[id]; old {
			continue
		}
		made[id] = c
		if seen[strings.ToUpper(c)] {
			t.Errorf("code %s is on the site twice", c)
		}
		seen[strings.ToUpper(c)] = true
	}
	if want >= 0 && len(made) != want {
		t.Errorf("the site has %d new promo codes, want exactly %d", len(made), want)
	}
	return made
}

// journalLine is what these tests read of a journal line.
type journalLine struct {
	T       string `json:"t"`
	I       int    `json:"i"`
	ID      int64  `json:"id"`
	Settled bool   `json:"settled"`
	Op      *struct {
		Code string `json:"code"`
	} `json:"op"`
}

func readJournalLines(t *testing.T, path string) []journalLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []journalLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l journalLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			continue // a line torn by kill -9
		}
		out = append(out, l)
	}
	return out
}

// countLog counts the request log's lines that contain s.
func countLog(log string, s string) int { return strings.Count(log, s) }

// TestGenerateUnderSandboxFaults: 500 codes against a sandbox that limits
// the rate to 50/s (429 with Retry-After) and drops the answer of 5% of
// the creates after storing them. The job must end with exactly 500 new
// codes, none sent twice, stdout listing exactly those with their ids,
// and every unknown outcome settled by one read of the list.
func TestGenerateUnderSandboxFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("a 500-code job at 50/s takes about ten seconds")
	}
	t.Parallel() // it waits on the rate limit, not on the CPU
	home := t.TempDir()
	env := sandboxEnv(t, home)
	url, log := startSandboxServer(t, env, "--rate-limit", "50/s", "--drop-after-create", "0.05")
	env = append(env, "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=sandbox", "PROMOCTL_USER_ID=1")
	before := siteCodes(t, env)

	journal := filepath.Join(home, "spring.jsonl")
	mark := len(logUpTo(t, url, log))
	r := runPromoctl(t, env, "promo", "generate", "--site-id", "1", "--count", "500", "--prefix", "SPRING",
		"--amount", "10", "--percent", "--enabled", "--journal", journal, "-o", "json")
	during := logUpTo(t, url, log)[mark:]
	if r.code != 0 {
		t.Fatalf("promo generate: exit %d\n%s", r.code, r.stderr)
	}
	if !regexp.MustCompile(`^Journal: ` + regexp.QuoteMeta(journal) + `\nCreated 500 promo codes on site 1 in \S+ \(\d+/s\)\.\n$`).MatchString(r.stderr) {
		t.Errorf("stderr:\n%s\nwant the journal's path and the summary", r.stderr)
	}
	made := newCodes(t, before, siteCodes(t, env), 500)
	listed := decodeListed(t, r.stdout)
	if len(listed) != len(made) {
		t.Errorf("stdout lists %d promo codes, the site has %d new ones", len(listed), len(made))
	}
	for id, c := range made {
		if listed[id] != c {
			t.Errorf("new promo code %d %s is listed on stdout as %q", id, c, listed[id])
		}
	}

	// The faults were on, and each dropped answer was settled, not resent.
	dropped := countLog(during, "answer dropped")
	var unknown, settled, failed, passes int
	unsure := map[int]bool{}
	lines := readJournalLines(t, journal)
	for k, l := range lines {
		switch {
		case l.T == "unknown":
			unknown++
			unsure[l.I] = true
		case l.T == "unsent" && l.Settled:
			delete(unsure, l.I) // the list showed it absent: it may be sent again
		case l.T == "sent" && unsure[l.I]:
			t.Errorf("journal line %d: promo code #%d sent again after an unknown outcome, no list read between", k+1, l.I)
		case l.T == "created" && l.Settled:
			settled++
		case l.T == "failed":
			failed++
		}
		// A settling pass writes its decisions one after another.
		if l.Settled && (k == 0 || !lines[k-1].Settled) {
			passes++
		}
	}
	if dropped == 0 || countLog(during, " 429 ") == 0 {
		t.Errorf("the sandbox dropped %d answers and answered 429 %d times; the faults were not on", dropped, countLog(during, " 429 "))
	}
	if unknown != dropped || settled != dropped || failed != 0 {
		t.Errorf("journal: %d unknown, %d settled as created, %d failed; the sandbox dropped %d answers", unknown, settled, failed, dropped)
	}
	if n := countLog(during, "POST /v1/promo 409"); n != 0 {
		t.Errorf("%d creates of a code that exists: a code was sent twice", n)
	}
	if n := countLog(during, "POST /v1/promo 201"); n != 500 {
		t.Errorf("%d creates stored, want 500: one per code", n)
	}
	// One list read before, one per settling pass, one for stdout (429s
	// answered to a read are not counted: it did nothing). The unknown
	// outcomes may come in more than one pass (one settled while another
	// job round still ran), each pass reading the list once.
	if n := countLog(during, "GET /v1/promo?site_id=1 200 "); passes == 0 || n < 3 || n > 2+passes {
		t.Errorf("the job read the list %d times in %d settling passes, want the site's codes, one read per pass, stdout", n, passes)
	}
}

// TestGenerateResumesAfterKill9 kills promoctl with SIGKILL in the middle
// of a job, then resumes it: exactly --count codes end up on the site,
// none created twice, and the resumed stdout lists all of them. Both runs
// have --timeout 2s (the sandbox answers in 20ms): the resume waits
// --timeout after the last attempt of a create the list does not show
// before it sends it again, 30 s with the default.
func TestGenerateResumesAfterKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a sandbox server")
	}
	t.Parallel()
	const count = 300
	home := t.TempDir()
	env := sandboxEnv(t, home)
	url, log := startSandboxServer(t, env, "--latency", "20ms")
	env = append(env, "PROMOCTL_BASE_URL="+url, "PROMOCTL_TOKEN=sandbox", "PROMOCTL_USER_ID=1")
	before := siteCodes(t, env)

	journal := filepath.Join(home, "job.jsonl")
	mark := len(logUpTo(t, url, log))
	cmd, _, stderr := startPromoctl(t, env, "promo", "generate", "--site-id", "1", "--count", fmt.Sprint(count),
		"--amount", "5", "--enabled", "--timeout", "2s", "--journal", journal, "-o", "json")
	deadline := time.Now().Add(20 * time.Second)
	for {
		created := 0
		if _, err := os.Stat(journal); err == nil {
			for _, l := range readJournalLines(t, journal) {
				if l.T == "created" {
					created++
				}
			}
		}
		if created >= count/5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d codes created after 20s; stderr:\n%s", created, stderr)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if made := newCodes(t, before, siteCodes(t, env), -1); len(made) == 0 || len(made) >= count {
		t.Fatalf("kill -9 came after %d of %d codes; want it mid-run", len(made), count)
	}

	r := runPromoctl(t, env, "promo", "generate", "--resume", journal, "--timeout", "2s", "-o", "json")
	if r.code != 0 {
		t.Fatalf("promo generate --resume: exit %d\n%s", r.code, r.stderr)
	}
	if !regexp.MustCompile(`\nCreated \d+ promo codes? on site 1 in \S+ \(\d+/s\); the job has 300 of 300\.\n$`).MatchString(r.stderr) {
		t.Errorf("resumed stderr:\n%s", r.stderr)
	}
	made := newCodes(t, before, siteCodes(t, env), count)
	listed := decodeListed(t, r.stdout)
	if len(listed) != count {
		t.Errorf("the resumed stdout lists %d promo codes, want all %d of the job", len(listed), count)
	}
	for id, c := range made {
		if listed[id] != c {
			t.Errorf("new promo code %d %s is listed on stdout as %q", id, c, listed[id])
		}
	}
	// Every code the site got is one the journal planned.
	planned := map[string]bool{}
	for _, l := range readJournalLines(t, journal) {
		if l.T == "plan" {
			planned[l.Op.Code] = true
		}
	}
	for _, c := range made {
		if !planned[c] {
			t.Errorf("code %s on the site is not of the job", c)
		}
	}
	if n := countLog(logUpTo(t, url, log)[mark:], "POST /v1/promo 409"); n != 0 {
		t.Errorf("%d creates of a code that exists: a code was sent twice", n)
	}
}
