package generate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// After Ctrl-C the summary counts the creates of unknown outcome and says
// the resume settles them; the resume command names the journal by its
// absolute path, so that it works after a cd.
func TestRunPromoGenerateCtrlCCountsUnknown(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	dir := t.TempDir()
	t.Chdir(dir)
	opts.Journal = "job.jsonl" // relative to the working folder
	opts.Count, opts.Concurrency = 6, 1
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if len(g.postAt) != 1 {
			return false
		}
		g.store(code, promo.CreateBody{}) // stored, then a server error
		w.WriteHeader(http.StatusBadGateway)
		return true
	}
	g.onPost = func(n int) {
		if n == 3 {
			cancel() // Ctrl-C with the third create in flight
		}
	}
	err := runPromoGenerate(ctx, opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("run returned %v, want cancelled", err)
	}
	abs := filepath.Join(dir, "job.jsonl")
	if _, err := os.Stat(abs); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Journal: job.jsonl\n1 more promo code may be created: its outcome is unknown, and the resume settles it from the site's list first.\n"+
		"Interrupted: 2 of 6 promo codes are created and the journal is up to date; finish the job with: promoctl promo generate --resume %s\n", abs)
	if e.Stdout.Len() != 0 || e.Stderr.String() != want {
		t.Errorf("stdout:\n%s\nstderr:\n%s\nwant nothing and:\n%s", e.Stdout, e.Stderr, want)
	}
}

// stdoutRedirect names the regular file stdout goes to, and nothing else.
func TestStdoutRedirect(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("names the file through /proc/self/fd")
	}
	path := filepath.Join(t.TempDir(), "codes it made.csv")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, want := stdoutRedirect(f), " > '"+path+"'"; got != want {
		t.Errorf("stdoutRedirect(file) = %q, want %q", got, want)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if got := stdoutRedirect(w); got != "" {
		t.Errorf("stdoutRedirect(pipe) = %q, want nothing", got)
	}
	if got := stdoutRedirect(&bytes.Buffer{}); got != "" {
		t.Errorf("stdoutRedirect(buffer) = %q, want nothing", got)
	}
}

// A create of unknown outcome that the list does not show is sent again
// only --timeout after its attempt; on a terminal, stderr says why the job
// waits.
func TestRunPromoGenerateSaysWhyItWaits(t *testing.T) {
	e, g, opts := newGenEnv(t, format.JSON)
	e.Sess.IO.SetTTY(false, false, true)
	e.Sess.Settings.Timeout = 300 * time.Millisecond
	opts.Count, opts.Concurrency = 3, 1
	opts.Changes = promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(1.0)}
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if len(g.postAt) != 1 {
			return false
		}
		w.WriteHeader(http.StatusBadGateway) // not created
		return true
	}
	start := time.Now()
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatalf("run: %v\n%s", err, e.Stderr)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("the job took %s: the code was sent again before --timeout had passed", d)
	}
	if made, _ := g.made(0); len(made) != 3 || len(g.postAt) != 4 {
		t.Errorf("the site has %d new codes after %d POSTs, want 3 after 4 (one sent again)", len(made), len(g.postAt))
	}
	if !regexp.MustCompile(`\n1 promo code of unknown outcome is not on the site's list yet: waiting \d+ms for the server to finish it before sending it again\.\n`).
		MatchString(e.Stderr.String()) {
		t.Errorf("stderr:\n%s\nwant the wait explained", e.Stderr)
	}
}

// The resume command of an unfinished job, as the whole CLI prints it:
// the journal's absolute path (--journal was relative) and the run's -o.
func TestPromoGenerateResumeLineWholeCLI(t *testing.T) {
	r := newRunner(t)
	g := &genSite{t: t, nextID: 1000, posts: map[string]int{}}
	g.fault = func(w http.ResponseWriter, code string, n int) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		if len(g.postAt) != 1 {
			return false
		}
		w.WriteHeader(http.StatusConflict) // refused: taken meanwhile
		fmt.Fprint(w, `{"title":"promo code already exists","error":10,"code":409}`)
		return true
	}
	r.API.HandleFunc("GET /v1/promo", g.list)
	r.API.HandleFunc("POST /v1/promo", g.create)
	dir := t.TempDir()
	t.Chdir(dir)
	res := r.Run("promo", "generate", "--site-id", "1", "--count", "3", "--amount", "10", "--enabled", "--concurrency", "1",
		"--journal", "spring.jsonl", "-o", "csv")
	want := "finish the job with: promoctl --output csv promo generate --resume " + filepath.Join(dir, "spring.jsonl") + "\n"
	if res.Code != 1 || !strings.HasSuffix(res.Stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and the last line ending %q", res.Code, res.Stderr, want)
	}
}
